/**
 * "Assign to readers" (issue 15 item 2, issue 24): a dialog to choose one or more readers (accounts with
 * the reader or admin role) for the chosen applications — every application the list's current filter
 * matches (in bulk), the rows ticked in the list (the bulk bar), or the application on its page.
 * POST /api/admin/assignments, audited per pair like every assignment.
 */
import { useState } from 'react';
import { Alert, Autocomplete, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { Button as MuiButton } from '@mui/material';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import { Button, useGetList, useListContext, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { api, unwrap } from '../api/client';
import { assignmentPayload, type AssignTarget } from './review';
import type { UserRecord } from '../users/types';
import { REVIEWS_CHANGED_EVENT } from './useReviewSummary';
import { formatPersonName } from '../../../contract/format/person-name';

/** A reader (or admin) to assign: an account of `/api/admin/users`. */
type ReaderOption = UserRecord;

/** The dialog, for a given target. */
function AssignDialog({ target, open, onClose }: { target: AssignTarget; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [chosen, setChosen] = useState<ReaderOption[]>([]);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const readers = useGetList<ReaderOption>(
    'users',
    { filter: { role: 'reader' }, pagination: { page: 1, perPage: 200 }, sort: { field: 'email', order: 'ASC' } },
    { enabled: open },
  );
  const admins = useGetList<ReaderOption>(
    'users',
    { filter: { role: 'admin' }, pagination: { page: 1, perPage: 200 }, sort: { field: 'email', order: 'ASC' } },
    { enabled: open },
  );
  const options = [...(readers.data ?? []), ...(admins.data ?? [])];

  const assign = async () => {
    if (!chosen.length) {
      setFailure(translate('app.assign.choose_reader'));
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      const body = assignmentPayload(
        target,
        chosen.map((r) => r.id),
      );
      const result = await unwrap(api.POST('/api/admin/assignments', { body }));
      notify('app.assign.done', { type: 'success', messageArgs: { applications: result.applications, changed: result.changed } });
      setChosen([]);
      onClose();
      refresh();
      window.dispatchEvent(new Event(REVIEWS_CHANGED_EVENT));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : translate('ra.notification.http_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="assign-title" fullWidth maxWidth="sm">
      <DialogTitle id="assign-title">{translate('app.assign.title')}</DialogTitle>
      <DialogContent>
        <Autocomplete
          multiple
          options={options}
          value={chosen}
          onChange={(_, v) => setChosen(v)}
          getOptionLabel={(r) =>
            `${formatPersonName({ firstName: r.first_name, lastName: r.last_name })} <${r.email}> · ${translate(`app.users.role.${r.role}`)}`
          }
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={translate('app.assign.no_readers')}
          renderInput={(params) => <TextField {...params} label={translate('app.assign.readers')} margin="normal" autoFocus />}
        />
        {failure ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton onClick={() => void assign()} variant="contained" disabled={busy}>
          {translate('app.assign.confirm')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** List toolbar button: assigns every application the current filter matches. */
export function AssignFilteredButton() {
  const { filterValues, total } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.assign.filtered" onClick={() => setOpen(true)} disabled={!total}>
        <AssignmentIndIcon />
      </Button>
      <AssignDialog target={{ filter: filterValues as Record<string, unknown> }} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** Bulk bar button of the Applications list: assigns the ticked rows (then clears the selection). */
export function AssignSelectedButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.assign.selected" onClick={() => setOpen(true)} disabled={!selectedIds.length}>
        <AssignmentIndIcon />
      </Button>
      <AssignDialog
        target={{ applicationIds: selectedIds.map(String) }}
        open={open}
        onClose={() => {
          setOpen(false);
          onUnselectItems();
        }}
      />
    </>
  );
}

/** Show page button: assigns the application on the page. */
export function AssignRecordButton() {
  const record = useRecordContext<{ id: string }>();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  return (
    <>
      <Button label="app.assign.button" onClick={() => setOpen(true)}>
        <AssignmentIndIcon />
      </Button>
      <AssignDialog target={{ applicationIds: [String(record.id)] }} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
