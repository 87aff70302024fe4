/**
 * "Admit from waitlist" (issue 29 item 4): confirms the admit of the chosen applicants — what happens (the
 * decision becomes an admit, the letter is released and e-mailed, they reply by the deadline), the seats against
 * it (seats, accepted, offers awaiting a reply, what is left), an optional reply deadline (empty: the offering's),
 * and, when the admit passes the seats, a warning with a checkbox the office must tick before confirming. When
 * the server refuses over capacity anyway (others admitted meanwhile), its figures replace the page's.
 */
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { SeatCheck } from '../../../contract/format/seats';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { formatInstant, localInputToIso } from '../common/localDateTime';
import { formatCount } from '../dashboard/stats';
import { admitCheck, admitFromWaitlist, overCapacityOf, type AdmitResult, type WaitlistEntry, type WaitlistView } from './waitlist';

/** Props of {@link AdmitDialog}. */
export interface AdmitDialogProps {
  view: WaitlistView;
  /** The applicants chosen, in rank order. */
  chosen: WaitlistEntry[];
  onClose: () => void;
  /** After a successful admit (the page shows the waitlist the server answered). */
  onAdmitted: (result: AdmitResult) => void;
}

/** The seat figures of an admit, as a definition list. */
function SeatFigures({ check }: { check: SeatCheck }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const count = (n: number | null) => (n === null ? translate('app.catalogue.no_limit') : formatCount(n, locale));
  const rows: [string, string][] = [
    ['app.waitlist.seats', count(check.seats)],
    ['app.waitlist.taken', count(check.taken)],
    ['app.waitlist.offers_out', count(check.offersOut)],
    ['app.waitlist.seats_left', count(check.seatsLeft)],
    ['app.waitlist.admitting', count(check.requested)],
    ['app.waitlist.free_after', count(check.freeAfter)],
  ];
  return (
    <Stack component="dl" spacing={0.5} sx={{ m: 0 }} data-testid="admit-figures">
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {translate(label)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
            {value}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** The confirmation dialog (open while mounted). */
export function AdmitDialog({ view, chosen, onClose, onAdmitted }: AdmitDialogProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyServerError();
  const [replyBy, setReplyBy] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [serverCheck, setServerCheck] = useState<SeatCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const check = serverCheck ?? admitCheck(view, chosen.length);
  const deadline = replyBy ? localInputToIso(replyBy) : null;
  const badDeadline = replyBy !== '' && (deadline === null || Date.parse(deadline) <= Date.now());
  const count = chosen.length;

  const submit = async () => {
    setBusy(true);
    try {
      const result = await admitFromWaitlist(
        view.offeringId,
        chosen.map((e) => e.id),
        {
          replyBy: deadline,
          acknowledgeOverCapacity: check.overCapacity && acknowledged,
        },
      );
      notify('app.waitlist.admit_dialog.done', { type: 'success', messageArgs: { smart_count: result.admitted } });
      onAdmitted(result);
    } catch (error) {
      const over = overCapacityOf(error);
      if (over) {
        setServerCheck(over);
        setAcknowledged(false);
      } else notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  const titleId = 'admit-from-waitlist-title';
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('app.waitlist.admit_dialog.title', { smart_count: count })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography>{translate('app.waitlist.admit_dialog.content')}</Typography>
          <Typography variant="body2" data-testid="admit-names">
            {chosen.map((e) => `${e.rank}. ${e.name}`).join(' · ')}
          </Typography>
          <SeatFigures check={check} />
          {check.overCapacity && (
            <Alert severity="warning" data-testid="admit-over-capacity">
              <Stack spacing={1}>
                <span>
                  {translate('app.waitlist.admit_dialog.over_capacity', {
                    seats: formatCount(check.seats ?? 0, locale),
                    taken: formatCount(check.taken, locale),
                    out: formatCount(check.offersOut, locale),
                    count: formatCount(check.requested, locale),
                  })}
                </span>
                <FormControlLabel
                  control={<Checkbox checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} />}
                  label={translate('app.waitlist.admit_dialog.acknowledge')}
                />
              </Stack>
            </Alert>
          )}
          <TextField
            type="datetime-local"
            label={translate('app.waitlist.admit_dialog.reply_by')}
            value={replyBy}
            onChange={(e) => setReplyBy(e.target.value)}
            error={badDeadline}
            helperText={
              badDeadline
                ? translate('app.waitlist.admit_dialog.reply_by_future')
                : view.replyDeadlineAt
                  ? translate('app.waitlist.admit_dialog.reply_by_offering', { deadline: formatInstant(view.replyDeadlineAt, locale) })
                  : translate('app.waitlist.admit_dialog.reply_by_none')
            }
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'admit-reply-by' } }}
            fullWidth
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={busy || count === 0 || badDeadline || (check.overCapacity && !acknowledged)}
        >
          {translate('app.waitlist.admit_dialog.confirm', { smart_count: count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
