/**
 * "Redeliver" for a webhook delivery: POST /api/admin/webhooks/deliveries/:id/redeliver sends it again now
 * (same webhook-id) and answers the receiver's status, which is notified; then the view refreshes.
 */
import { useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { httpClient } from '../api/httpClient';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { ADMIN_API_URL } from '../config';
import type { DeliveryAttempt, DeliveryRecord } from './types';

/** The button; disabled while its request is in flight. */
export function RedeliverButton() {
  const record = useRecordContext<DeliveryRecord>();
  const notify = useNotify();
  const onError = useNotifyServerError();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const redeliver = async () => {
    setBusy(true);
    try {
      const { json } = await httpClient(`${ADMIN_API_URL}/webhooks/deliveries/${record.id}/redeliver`, { method: 'POST' });
      const attempt = json as DeliveryAttempt;
      const ok = attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300;
      notify(ok ? 'app.webhooks.redelivered' : 'app.webhooks.redeliver_failed', {
        type: ok ? 'info' : 'warning',
        messageArgs: { status: attempt.statusCode ?? attempt.error ?? '—' },
      });
      refresh();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      label="app.webhooks.redeliver"
      disabled={busy}
      onClick={(event) => {
        event.stopPropagation();
        void redeliver();
      }}
    >
      <ReplayIcon />
    </Button>
  );
}
