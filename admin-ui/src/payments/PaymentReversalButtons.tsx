/**
 * Refund and Void of one payment (issue 29 item 2), on the application view's payments: each opens a
 * confirmation dialog that names the amount and what will happen, with a note (and, for a deposit of an offering
 * that is not refundable, the box that confirms the exception — the note is then required). The server's answer
 * is shown as it says it (e.g. "not settled yet: void it instead"); on success the view is read again.
 * Keyboard and screen readers: real buttons, a labelled dialog, errors announced.
 */
import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import {
  canReverse,
  needsOverride,
  reversalBody,
  reversePayment,
  REVERSAL_KINDS,
  type ReversalKind,
  type ReversiblePayment,
} from './paymentReversal';

/** Props of {@link PaymentReversalButtons}. */
export interface PaymentReversalButtonsProps {
  payment: ReversiblePayment;
  /** The amount as the table shows it (e.g. `$500.00`). */
  amount: string;
  /** Called after a reversal (default: react-admin's refresh). */
  onDone?: () => void;
}

/** The two buttons and their dialog; nothing for a payment that cannot be reversed. */
export function PaymentReversalButtons({ payment, amount, onDone }: PaymentReversalButtonsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [kind, setKind] = useState<ReversalKind | null>(null);
  const [note, setNote] = useState('');
  const [override, setOverride] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!canReverse(payment)) return null;
  const exception = needsOverride(payment);
  const purpose = translate(`app.payments.purpose.${payment.purpose}`);
  const titleId = `reversal-title-${payment.id}`;

  const open = (k: ReversalKind) => {
    setKind(k);
    setNote('');
    setOverride(false);
    setError(null);
  };
  const close = () => {
    if (!busy) setKind(null);
  };
  const confirm = async () => {
    if (!kind) return;
    const request = reversalBody(payment, { override, note });
    if ('error' in request) {
      setError(translate(request.error));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await reversePayment(payment.id, kind, request.body);
      notify(`app.payments.reversal.done_${kind}`, { type: 'success', messageArgs: { amount } });
      setKind(null);
      (onDone ?? refresh)();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : translate('app.payments.reversal.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {REVERSAL_KINDS.map((k) => (
          <Button key={k} size="small" variant="outlined" color={k === 'refund' ? 'warning' : 'inherit'} onClick={() => open(k)}>
            {translate(`app.payments.reversal.${k}`)}
          </Button>
        ))}
      </Stack>
      <Dialog open={kind !== null} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{kind && translate(`app.payments.reversal.title_${kind}`, { amount, purpose })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{kind && translate(`app.payments.reversal.explain_${kind}`)}</DialogContentText>
          {exception && (
            <>
              {/* a standing warning, not an error: not announced as an alert */}
              <Alert severity="warning" role="note" sx={{ mb: 1 }}>
                {translate('app.payments.reversal.not_refundable')}
              </Alert>
              <FormControlLabel
                control={<Checkbox checked={override} onChange={(e) => setOverride(e.target.checked)} />}
                label={translate('app.payments.reversal.override')}
              />
            </>
          )}
          <TextField
            label={translate(exception ? 'app.payments.reversal.note_needed' : 'app.payments.reversal.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            required={exception}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            sx={{ mt: 1 }}
          />
          {error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button onClick={() => void confirm()} disabled={busy} variant="contained" color="warning">
            {kind && translate(`app.payments.reversal.confirm_${kind}`, { amount })}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
