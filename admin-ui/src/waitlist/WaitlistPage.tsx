/**
 * The Waitlist page of an offering (issue 29 item 4; route `/offerings/:id/waitlist`, opened from the offering's
 * page and from the Class view): the seats against the offers, the ranked waitlist with its reordering (arrows
 * or a typed rank, each a conditional change: when someone else changed the list meanwhile it is reloaded), and
 * "Admit from waitlist" for the applicants chosen (one or many), with its confirmation dialog. Changes are
 * announced in a live region for screen readers.
 */
import HowToRegIcon from '@mui/icons-material/HowToReg';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useCallback, useEffect, useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { formatCount } from '../dashboard/stats';
import { AdmitDialog } from './AdmitDialog';
import { WaitlistTable } from './WaitlistTable';
import { getWaitlist, isStale, moveTo, rankedEntries, type WaitlistEntry, type WaitlistView } from './waitlist';

/** The seats summary above the list. */
function SeatsSummary({ view }: { view: WaitlistView }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const count = (n: number | null) => (n === null ? translate('app.catalogue.no_limit') : formatCount(n, locale));
  const figures: [string, string][] = [
    ['app.waitlist.seats', count(view.seats.seats)],
    ['app.waitlist.taken', count(view.seats.taken)],
    ['app.waitlist.offers_out', count(view.seats.offersOut)],
    ['app.waitlist.seats_left', count(view.seats.seatsLeft)],
    ['app.waitlist.ranked', count(view.ranked)],
  ];
  return (
    <Card variant="outlined" component="section" aria-label={translate('app.waitlist.seats')}>
      <CardContent>
        <Stack component="dl" direction="row" useFlexGap spacing={3} sx={{ flexWrap: 'wrap', m: 0 }} data-testid="waitlist-seats">
          {figures.map(([label, value]) => (
            <Box key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {translate(label)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The page. */
export default function WaitlistPage() {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyServerError();
  const [view, setView] = useState<WaitlistView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [admitting, setAdmitting] = useState(false);
  const [announcement, setAnnouncement] = useState('');

  /** Shows `next`, keeping only the chosen applicants still ranked on it. */
  const show = useCallback((next: WaitlistView) => {
    setView(next);
    const ranked = new Set(rankedEntries(next).map((e) => e.id));
    setSelected((chosen) => new Set([...chosen].filter((x) => ranked.has(x))));
  }, []);

  const load = useCallback(async () => {
    setBusy(true);
    try {
      show(await getWaitlist(id));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e ?? ''));
    } finally {
      setBusy(false);
    }
  }, [id, show]);

  useEffect(() => {
    void load();
  }, [load]);

  const move = async (entry: WaitlistEntry, rank: number) => {
    if (!view) return;
    setBusy(true);
    try {
      show(await moveTo(id, entry.id, rank, view.version));
      setAnnouncement(translate('app.waitlist.moved', { name: entry.name, rank }));
    } catch (e) {
      if (isStale(e)) {
        notify('app.waitlist.stale', { type: 'warning' });
        await load();
      } else notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  const toggle = (entryId: string) =>
    setSelected((chosen) => {
      const next = new Set(chosen);
      if (next.has(entryId)) next.delete(entryId);
      else next.add(entryId);
      return next;
    });

  const chosen = view ? rankedEntries(view).filter((e) => selected.has(e.id)) : [];
  const title = view
    ? translate('app.waitlist.page_title', { program: view.programLabel, term: view.termLabel })
    : translate('app.waitlist.title');

  return (
    <Stack spacing={2} sx={{ width: '100%', minWidth: 0, p: { xs: 1, sm: 2 } }}>
      <Title title={title} />
      <Typography variant="body2" color="text.secondary">
        {translate('app.waitlist.help')}
      </Typography>
      {busy && <LinearProgress aria-label={translate('app.loading')} />}
      {error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={() => void load()}>
              {translate('ra.action.refresh')}
            </Button>
          }
        >
          {error}
        </Alert>
      )}
      {view && (
        <>
          <SeatsSummary view={view} />
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Button
              variant="contained"
              startIcon={<HowToRegIcon />}
              disabled={busy || chosen.length === 0}
              onClick={() => setAdmitting(true)}
              data-testid="waitlist-admit"
            >
              {translate('app.waitlist.admit', { smart_count: chosen.length })}
            </Button>
            <Button startIcon={<RefreshIcon />} onClick={() => void load()} disabled={busy}>
              {translate('ra.action.refresh')}
            </Button>
          </Stack>
          <WaitlistTable
            view={view}
            selected={selected}
            busy={busy}
            onToggle={toggle}
            onToggleAll={(all) => setSelected(new Set(all ? rankedEntries(view).map((e) => e.id) : []))}
            onMove={(entry, rank) => void move(entry, rank)}
          />
          {admitting && (
            <AdmitDialog
              view={view}
              chosen={chosen}
              onClose={() => setAdmitting(false)}
              onAdmitted={(result) => {
                setAdmitting(false);
                show(result.waitlist);
                setAnnouncement(translate('app.waitlist.admit_dialog.done', { smart_count: result.admitted }));
              }}
            />
          )}
        </>
      )}
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="waitlist-announcement">
        {announcement}
      </Box>
    </Stack>
  );
}
