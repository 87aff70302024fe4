/**
 * Where one of the two references stands (issue 11 item 8): a select on the application page that saves
 * at once (PUT /api/admin/applications/:id/reference-statuses, audited by the server), notifies, and
 * reloads the record. The server's error is notified. Readers (issue 15) see the status as text.
 */
import { useEffect, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useNotify, usePermissions, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { api, unwrap } from '../api/client';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { REFERENCE_STATUSES, type ApplicationRecord, type ReferenceStatus } from './types';

/** The i18n key of a status value (`Not requested` → `not_requested`). */
export const referenceStatusKey = (status: string) => `app.applications.reference_status.${status.toLowerCase().replace(/\s+/g, '_')}`;

/** Props of {@link ReferenceStatusSelect}. */
export interface ReferenceStatusSelectProps {
  which: 'firstReferenceStatus' | 'secondReferenceStatus';
  /** Accessible name (the row's label). */
  label: string;
}

/** A small select bound to one reference status of the current record. */
export function ReferenceStatusSelect({ which, label }: ReferenceStatusSelectProps) {
  const record = useRecordContext<ApplicationRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyServerError();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  // the status just chosen, shown until the reloaded record has it (no snap back to the old value meanwhile)
  const [chosen, setChosen] = useState<ReferenceStatus | null>(null);
  const { permissions } = usePermissions<string>();
  const stored = record?.[which];
  useEffect(() => {
    if (chosen !== null && stored === chosen) setChosen(null);
  }, [stored, chosen]);
  if (!record) return null;
  const value: ReferenceStatus = chosen ?? stored ?? 'Not requested';
  // readers (issue 15) read the status; only admins may set it
  if (permissions !== 'admin') return <>{translate(referenceStatusKey(value))}</>;

  const change = async (next: string) => {
    setBusy(true);
    setChosen(next as ReferenceStatus);
    try {
      await unwrap(
        api.PUT('/api/admin/applications/{id}/reference-statuses', {
          params: { path: { id: record.id } },
          body: { [which]: next as ReferenceStatus },
        }),
      );
      notify('app.applications.reference_status.saved', { type: 'success' });
    } catch (error) {
      setChosen(null);
      notifyError(error);
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={value}
      disabled={busy}
      onChange={(event) => void change(event.target.value)}
      slotProps={{ htmlInput: { 'aria-label': label, 'data-testid': `reference-status-${which}` } }}
    >
      {REFERENCE_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {translate(referenceStatusKey(status))}
        </MenuItem>
      ))}
    </TextField>
  );
}
