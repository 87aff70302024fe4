/**
 * The decision of one application (issue 15 items 2–3), on the application page: the recorded decision,
 * who decided when, the scheduled or actual release; record or change it (before release), preview the
 * letter in the applicant's language, release now or at a time, rescind (with confirmation); once released,
 * the applicant's reply (issue 29): the answer, when, the reason or the semester asked for, the deadline; and the
 * enrollment deposit once accepted (item 2: due, paid, refunded, lapsed; refunds and voids are on the payments).
 * An admit past the offering's seats (item 4: 409 SEAT-409-over-capacity) shows the server's figures in a dialog and
 * is recorded only once the office ticks that it goes ahead, as the waitlist's admit dialog asks.
 */
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  InputLabel,
  MenuItem,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { Confirm, useLocaleState, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { formatInstant } from '../common/localDateTime';
import type { ApplicationRecord } from '../applications/types';
import {
  DECISIONS,
  decisionPhase,
  fetchDecision,
  fetchDeposit,
  fetchReply,
  previewLetter,
  recordDecision,
  rescindDecision,
  type Decision,
  type DecisionLetter,
  type DecisionReply,
  type DecisionState,
  type DepositState,
} from './decisions';
import { formatMoney } from '../common/money';
import type { SeatCheck } from '../../../contract/format/seats';
import { formatCount } from '../dashboard/stats';
import { overCapacityOf } from '../waitlist/waitlist';
import { ReleaseDialog } from './ReleaseDialog';

/** The panel (inside the application's Show). */
export function DecisionPanel() {
  const record = useRecordContext<ApplicationRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const notifyError = useNotifyServerError();
  const refresh = useRefresh();
  const [state, setState] = useState<DecisionState | null>(null);
  const [reply, setReply] = useState<DecisionReply | null>(null);
  const [deposit, setDeposit] = useState<DepositState | null>(null);
  const [choice, setChoice] = useState<Decision | ''>('');
  const [letter, setLetter] = useState<DecisionLetter | null>(null);
  const [releasing, setReleasing] = useState(false);
  const [rescinding, setRescinding] = useState(false);
  const [busy, setBusy] = useState(false);
  // an admit the server refused past the seats, awaiting the office's acknowledgement
  const [overCapacity, setOverCapacity] = useState<SeatCheck | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const id = record ? String(record.id) : null;

  // bumped to load the state again (after a change); the fetch depends on nothing else
  const [loads, setLoads] = useState(0);
  const load = () => setLoads((n) => n + 1);
  const notifyErrorRef = useRef(notifyError);
  notifyErrorRef.current = notifyError;
  useEffect(() => {
    if (!id) return;
    let alive = true;
    fetchDecision(id)
      .then((s) => {
        if (!alive) return;
        setState(s);
        setChoice(s.decision ?? '');
        if (s.decisionReleasedAt) {
          fetchReply(id).then(
            (r) => alive && setReply(r),
            () => alive && setReply(null),
          );
          // the enrollment deposit of an admit (issue 29 item 2): shown once the offer is accepted
          if (s.decision === 'admitted')
            fetchDeposit(id).then(
              (d) => alive && setDeposit(d),
              () => alive && setDeposit(null),
            );
          else setDeposit(null);
        } else {
          setReply(null);
          setDeposit(null);
        }
      })
      .catch((error: unknown) => notifyErrorRef.current(error));
    return () => {
      alive = false;
    };
  }, [id, loads]);
  // a scheduled release is done by the server's job: look again shortly after it is due, until it is released
  const releaseAt = state && !state.decisionReleasedAt ? state.decisionReleaseAt : null;
  useEffect(() => {
    if (!releaseAt) return;
    const due = Date.parse(releaseAt) - Date.now();
    const timer = setTimeout(load, due <= 0 ? 1500 : Math.min(due + 1000, 60_000));
    return () => clearTimeout(timer);
  }, [releaseAt, loads]);

  if (!record || !state) return null;
  const phase = decisionPhase(state);
  const decidable = ['submitted', 'complete', 'under_review', 'decided'].includes(state.status);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      notify(done, { type: 'success' });
      load();
      refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  /** Records the decision chosen; a refusal past the seats opens the acknowledgement instead of an error. */
  const decide = async (acknowledge: boolean) => {
    setBusy(true);
    try {
      await recordDecision(String(record.id), choice as Decision, acknowledge);
      setOverCapacity(null);
      notify('app.decisions.recorded', { type: 'success' });
      load();
      refresh();
    } catch (error) {
      const over = overCapacityOf(error);
      if (over) {
        setOverCapacity(over);
        setAcknowledged(false);
      } else notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const count = (n: number) => formatCount(n, locale);

  const recordHint = !choice ? 'app.decisions.hint_choose' : choice === state.decision ? 'app.decisions.hint_same' : '';
  return (
    <Box data-testid="decision-panel">
      <Typography>
        {translate('app.decisions.current')}{' '}
        <strong>{state.decision ? translate(`app.decisions.values.${state.decision}`) : translate('app.decisions.none')}</strong>
        {state.decidedAt && ` · ${translate('app.decisions.decided_at', { at: formatInstant(state.decidedAt, locale) })}`}
      </Typography>
      <Typography data-testid="decision-release-state" sx={{ mb: 2 }}>
        {phase === 'released' && translate('app.decisions.released_at', { at: formatInstant(state.decisionReleasedAt, locale) })}
        {phase === 'scheduled' && translate('app.decisions.scheduled_at', { at: formatInstant(state.decisionReleaseAt, locale) })}
        {phase === 'decided' && translate('app.decisions.not_released')}
      </Typography>
      {phase === 'released' && reply && (
        <Typography data-testid="decision-reply-state" sx={{ mb: 2 }}>
          {translate('app.decisions.reply.label')}{' '}
          <strong>{reply.reply ? translate(`app.decisions.reply.values.${reply.reply}`) : translate('app.decisions.reply.none')}</strong>
          {reply.repliedAt && ` · ${formatInstant(reply.repliedAt, locale)}`}
          {reply.reasonLabel && ` · ${reply.reasonLabel}`}
          {reply.attendingInstead && ` · ${translate('app.decisions.reply.attending_instead', { school: reply.attendingInstead })}`}
          {reply.deferToLabel && ` · ${translate('app.decisions.reply.defer_to', { semester: reply.deferToLabel })}`}
          {reply.deferralNote && ` · “${reply.deferralNote}”`}
          {reply.deadlineAt && ` · ${translate('app.decisions.reply.deadline', { at: formatInstant(reply.deadlineAt, locale) })}`}
        </Typography>
      )}
      {phase === 'released' && deposit?.required && deposit.phase !== 'not_accepted' && (
        <Typography data-testid="decision-deposit-state" sx={{ mb: 2 }}>
          {translate('app.decisions.deposit.label')} <strong>{translate(`app.decisions.deposit.phase.${deposit.phase}`)}</strong>
          {` · ${formatMoney(deposit.totalCents / 100, deposit.currency, locale)}`}
          {deposit.dueAt && ` · ${translate('app.decisions.deposit.due', { at: formatInstant(deposit.dueAt, locale) })}`}
          {deposit.paidAt && ` · ${translate('app.decisions.deposit.paid_at', { at: formatInstant(deposit.paidAt, locale) })}`}
          {deposit.lapsedAt && ` · ${translate('app.decisions.deposit.lapsed_at', { at: formatInstant(deposit.lapsedAt, locale) })}`}
        </Typography>
      )}
      {!decidable && phase === 'undecided' && <Alert severity="info">{translate('app.decisions.not_decidable')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }} useFlexGap>
        {decidable && phase !== 'released' && (
          <>
            <FormControl size="small" sx={{ minWidth: 200 }}>
              {/* the label stays above the field, which says "Choose…" until a value is picked (issue 24) */}
              <InputLabel id="decision-choice-label" shrink>
                {translate('app.decisions.choose')}
              </InputLabel>
              <Select
                labelId="decision-choice-label"
                label={translate('app.decisions.choose')}
                notched
                displayEmpty
                renderValue={(value) =>
                  value ? translate(`app.decisions.values.${String(value)}`) : <em>{translate('app.decisions.choose_placeholder')}</em>
                }
                value={choice}
                onChange={(e) => setChoice(e.target.value as Decision)}
                data-testid="decision-choice"
              >
                {DECISIONS.map((d) => (
                  <MenuItem key={d} value={d}>
                    {translate(`app.decisions.values.${d}`)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            <Button
              variant="contained"
              disabled={busy || !choice || choice === state.decision}
              aria-describedby={recordHint ? 'decision-record-hint' : undefined}
              onClick={() => void decide(false)}
            >
              {translate('app.decisions.record')}
            </Button>
            {recordHint && (
              // why "Record decision" is greyed out
              <Typography variant="body2" color="text.secondary" id="decision-record-hint" data-testid="decision-record-hint">
                {translate(recordHint)}
              </Typography>
            )}
          </>
        )}
        {(choice || state.decision) && (
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() =>
              void previewLetter(String(record.id), (choice || state.decision) as Decision)
                .then(setLetter)
                .catch(notifyError)
            }
          >
            {translate('app.decisions.preview')}
          </Button>
        )}
        {(phase === 'decided' || phase === 'scheduled') && (
          <Button variant="outlined" disabled={busy} onClick={() => setReleasing(true)}>
            {translate('app.decisions.release.button')}
          </Button>
        )}
        {phase !== 'undecided' && (
          <Button color="warning" disabled={busy} onClick={() => setRescinding(true)}>
            {translate('app.decisions.rescind.button')}
          </Button>
        )}
      </Stack>
      <Dialog open={letter !== null} onClose={() => setLetter(null)} aria-labelledby="letter-preview-title" fullWidth maxWidth="md">
        <DialogTitle id="letter-preview-title">{translate('app.decisions.preview_title')}</DialogTitle>
        {letter && (
          <DialogContent data-testid="letter-preview">
            <Typography variant="overline">
              {translate(`app.decisions.values.${letter.decision}`)} · {letter.locale}
            </Typography>
            <Typography variant="h6" component="p" gutterBottom>
              {letter.subject}
            </Typography>
            <Box lang={letter.locale} dangerouslySetInnerHTML={{ __html: letter.html }} />
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setLetter(null)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
      <Dialog
        open={overCapacity !== null}
        onClose={busy ? undefined : () => setOverCapacity(null)}
        aria-labelledby="decision-over-capacity-title"
        fullWidth
        maxWidth="sm"
      >
        <DialogTitle id="decision-over-capacity-title">{translate('app.decisions.over_capacity_title')}</DialogTitle>
        {overCapacity && (
          <DialogContent>
            <Alert severity="warning" data-testid="decision-over-capacity">
              <Stack spacing={1}>
                <span>
                  {translate('app.waitlist.admit_dialog.over_capacity', {
                    seats: count(overCapacity.seats ?? 0),
                    taken: count(overCapacity.taken),
                    out: count(overCapacity.offersOut),
                    count: count(overCapacity.requested),
                  })}
                </span>
                <FormControlLabel
                  control={<Checkbox checked={acknowledged} onChange={(e) => setAcknowledged(e.target.checked)} />}
                  label={translate('app.waitlist.admit_dialog.acknowledge')}
                />
              </Stack>
            </Alert>
          </DialogContent>
        )}
        <DialogActions>
          <Button onClick={() => setOverCapacity(null)} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button variant="contained" disabled={busy || !acknowledged} onClick={() => void decide(true)}>
            {translate('app.decisions.record')}
          </Button>
        </DialogActions>
      </Dialog>
      <ReleaseDialog
        ids={[String(record.id)]}
        open={releasing}
        onClose={() => setReleasing(false)}
        onDone={() => {
          load();
          refresh();
        }}
      />
      <Confirm
        isOpen={rescinding}
        loading={busy}
        title="app.decisions.rescind.title"
        content="app.decisions.rescind.content"
        confirm="app.decisions.rescind.confirm"
        confirmColor="warning"
        onConfirm={() => {
          setRescinding(false);
          void run(() => rescindDecision(String(record.id)), 'app.decisions.rescind.done');
        }}
        onClose={() => setRescinding(false)}
      />
    </Box>
  );
}
