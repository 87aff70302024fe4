/**
 * Withdraw and Reopen of one application (POST /api/admin/applications/:id/withdraw | reopen), each
 * behind a confirmation dialog. Withdraw shows while the application is not withdrawn, Reopen while
 * it is. The server's error (e.g. 409 STS-409 when someone else changed the status first) is
 * notified, and the record is reloaded either way so the page shows the current status.
 */
import { useState } from 'react';
import BlockIcon from '@mui/icons-material/Block';
import ReplayIcon from '@mui/icons-material/Replay';
import { Button, Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { api, unwrap } from '../api/client';
import { useNotifyServerError } from '../api/useNotifyServerError';
import type { ApplicationRecord } from './types';
import { formatPersonName } from '../../../contract/format/person-name';

/** Which status change. */
type Action = 'withdraw' | 'reopen';

/** The Withdraw or Reopen button (whichever applies) with its confirmation dialog. */
export function StatusActions() {
  const record = useRecordContext<ApplicationRecord>();
  const notify = useNotify();
  const notifyError = useNotifyServerError();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const action: Action = record.status === 'withdrawn' ? 'reopen' : 'withdraw';

  const confirm = async () => {
    setBusy(true);
    try {
      await unwrap(api.POST(`/api/admin/applications/{id}/${action}`, { params: { path: { id: record.id } } }));
      notify(`app.applications.${action}.done`, { type: 'success', messageArgs: { reference: record.referenceNumber } });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setOpen(false);
      refresh();
    }
  };

  return (
    <>
      <Button
        label={`app.applications.${action}.button`}
        onClick={() => setOpen(true)}
        disabled={busy}
        color={action === 'withdraw' ? 'warning' : 'primary'}
      >
        {action === 'withdraw' ? <BlockIcon /> : <ReplayIcon />}
      </Button>
      {/* one dialog per action: a status change mounts a fresh dialog rather than reusing one still closing */}
      <Confirm
        key={action}
        isOpen={open}
        loading={busy}
        title={`app.applications.${action}.title`}
        content={`app.applications.${action}.content`}
        translateOptions={{ reference: record.referenceNumber, name: formatPersonName(record) }}
        confirm={`app.applications.${action}.confirm`}
        confirmColor={action === 'withdraw' ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
