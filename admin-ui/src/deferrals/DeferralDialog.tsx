/**
 * Approve or deny one deferral request (issue 29 item 3): says what will happen, takes a note for the
 * applicant (required to deny), confirms, and notifies the outcome.
 */
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { answerDeferral, DEFERRAL_NOTE_MAX, noteAccepted, type DeferralAnswer, type DeferralRecord } from './deferrals';

/** The dialog for `record`; `onDone` runs after a successful answer (e.g. refresh). */
export function DeferralDialog({
  record,
  answer,
  onClose,
  onDone,
}: {
  record: DeferralRecord;
  answer: DeferralAnswer;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyServerError();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const args = { name: record.name, from: record.fromTermLabel, to: record.toTermLabel };

  const submit = async () => {
    setBusy(true);
    try {
      await answerDeferral(record.id, answer, note);
      notify(`app.deferrals.${answer}.done`, { type: 'success', messageArgs: args });
      onDone();
      onClose();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const titleId = `deferral-${answer}-title`;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate(`app.deferrals.${answer}.title`, args)}</DialogTitle>
      <DialogContent>
        <Typography gutterBottom>{translate(`app.deferrals.${answer}.content`, args)}</Typography>
        {record.note && (
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {translate('app.deferrals.applicant_note', { note: record.note })}
          </Typography>
        )}
        <TextField
          label={translate(answer === 'deny' ? 'app.deferrals.note_required' : 'app.deferrals.note_optional')}
          helperText={translate('app.deferrals.note_help')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          required={answer === 'deny'}
          multiline
          minRows={3}
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: DEFERRAL_NOTE_MAX, 'data-testid': 'deferral-note' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          color={answer === 'deny' ? 'error' : 'primary'}
          onClick={() => void submit()}
          disabled={busy || !noteAccepted(answer, note)}
        >
          {translate(`app.deferrals.${answer}.confirm`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
