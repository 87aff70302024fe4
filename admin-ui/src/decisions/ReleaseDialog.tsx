/**
 * Release one or many decisions: now, or at a date and time entered in the admin's own time zone (sent as
 * a UTC instant). Used by the decision panel and the list's bulk action.
 */
import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { localInputToIso, viewerZone } from '../common/localDateTime';
import { releaseDecisions } from './decisions';

/** The dialog; `onDone` runs after a successful release (e.g. refresh). */
export function ReleaseDialog({ ids, open, onClose, onDone }: { ids: string[]; open: boolean; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyServerError();
  const [when, setWhen] = useState<'now' | 'at'>('now');
  const [local, setLocal] = useState('');
  const [busy, setBusy] = useState(false);
  const at = when === 'at' ? localInputToIso(local) : null;
  const invalid = when === 'at' && !at;

  const submit = async () => {
    setBusy(true);
    try {
      const answer = await releaseDecisions(ids, at);
      notify(when === 'now' ? 'app.decisions.release.done_now' : 'app.decisions.release.done_at', {
        type: 'success',
        messageArgs: { smart_count: answer.scheduled, at: new Date(answer.at).toLocaleString() },
      });
      onDone();
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="release-title" fullWidth maxWidth="sm">
      <DialogTitle id="release-title">{translate('app.decisions.release.title', { smart_count: ids.length })}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>{translate('app.decisions.release.content')}</Typography>
        <RadioGroup
          value={when}
          onChange={(e) => setWhen(e.target.value as 'now' | 'at')}
          aria-label={translate('app.decisions.release.when')}
        >
          <FormControlLabel value="now" control={<Radio />} label={translate('app.decisions.release.now')} />
          <FormControlLabel value="at" control={<Radio />} label={translate('app.decisions.release.at')} />
        </RadioGroup>
        {when === 'at' && (
          <TextField
            type="datetime-local"
            label={translate('app.decisions.release.at_label')}
            value={local}
            onChange={(e) => setLocal(e.target.value)}
            helperText={translate('app.common.time_zone_help', { zone: viewerZone() })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'release-at' } }}
            fullWidth
            margin="normal"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void submit()} disabled={busy || invalid}>
          {translate('app.decisions.release.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
