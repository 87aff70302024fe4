/**
 * "Redeliver" for a webhook delivery: POST /api/admin/webhooks/deliveries/:id/redeliver sends it again now
 * (same webhook-id) and answers the receiver's status, which is notified; then the view refreshes.
 */
import { useState } from 'react';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api, unwrap } from '../api/client';
import { useNotifyServerError } from '../api/useNotifyServerError';
import type { DeliveryRecord } from './types';

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
      const attempt = await unwrap(api.POST('/api/admin/webhooks/deliveries/{id}/redeliver', { params: { path: { id: record.id } } }));
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
