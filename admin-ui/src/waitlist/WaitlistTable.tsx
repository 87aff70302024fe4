/**
 * The ranked waitlist as a table (issue 29 item 4): a checkbox to choose applicants for an admit, the rank as a
 * number field (type a rank, Enter or leave the field to move there), up and down buttons — every control
 * reachable and named for the keyboard and screen readers — then name, reference number, reply and dates. Those
 * who withdrew follow in a short list of their own. The table scrolls sideways inside its box on a phone.
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Box,
  Checkbox,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useEffect, useRef, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatInstant } from '../common/localDateTime';
import { parseRank, rankedEntries, withdrawnEntries, type WaitlistEntry, type WaitlistView } from './waitlist';

/** Props of {@link WaitlistTable}. */
export interface WaitlistTableProps {
  view: WaitlistView;
  /** The chosen application ids. */
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Choose every ranked applicant (true) or none. */
  onToggleAll: (all: boolean) => void;
  /** Move an applicant to a rank (1 = first). */
  onMove: (entry: WaitlistEntry, rank: number) => void;
  /** A change is on its way: the controls wait. */
  busy?: boolean;
}

/** The rank field of one row: shows the rank, takes a new one on Enter or when left. */
function RankField({ entry, max, busy, onMove }: { entry: WaitlistEntry; max: number; busy: boolean; onMove: (rank: number) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState(String(entry.rank));
  // the rank asked for and not shown yet (Enter, then leaving the field, asks once)
  const asked = useRef<number | null>(null);
  useEffect(() => {
    setText(String(entry.rank));
    asked.current = null;
  }, [entry]);
  const rank = parseRank(text, max);
  /** Moves to the rank typed; a rank out of range stays shown as an error (Enter) or is put back (leaving the field). */
  const commit = (leaving: boolean) => {
    if (rank === null) {
      if (leaving) setText(String(entry.rank));
    } else if (rank !== entry.rank && rank !== asked.current) {
      asked.current = rank;
      onMove(rank);
    }
  };
  return (
    <TextField
      size="small"
      value={text}
      disabled={busy}
      error={rank === null}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => commit(true)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit(false);
        }
      }}
      sx={{ width: 72 }}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          'aria-label': translate('app.waitlist.rank_of', { name: entry.name }),
          title: translate('app.waitlist.rank_help', { max }),
          'data-testid': `waitlist-rank-${entry.id}`,
        },
      }}
    />
  );
}

/** The table of the ranked applicants and the list of those who withdrew. */
export function WaitlistTable({ view, selected, onToggle, onToggleAll, onMove, busy = false }: WaitlistTableProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const ranked = rankedEntries(view);
  const withdrawn = withdrawnEntries(view);
  const all = ranked.length > 0 && ranked.every((e) => selected.has(e.id));
  const some = ranked.some((e) => selected.has(e.id));
  const when = (iso: string | null) => (iso ? formatInstant(iso, locale) : '');
  const reply = (e: WaitlistEntry) =>
    translate(
      e.reply === 'staying_on_waitlist'
        ? 'app.waitlist.reply_staying'
        : e.reply === 'withdrawn_from_waitlist'
          ? 'app.waitlist.reply_withdrawn'
          : 'app.waitlist.reply_none',
    );

  return (
    <Stack spacing={2}>
      {ranked.length === 0 ? (
        <Typography role="status" color="text.secondary" data-testid="waitlist-empty">
          {translate('app.waitlist.empty')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Table size="small" aria-label={translate('app.waitlist.title')} data-testid="waitlist-table">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={all}
                    indeterminate={some && !all}
                    disabled={busy}
                    onChange={(e) => onToggleAll(e.target.checked)}
                    slotProps={{ input: { 'aria-label': translate('app.waitlist.select_all') } }}
                  />
                </TableCell>
                <TableCell>{translate('app.waitlist.rank')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('app.waitlist.move')}
                  </Box>
                </TableCell>
                <TableCell>{translate('app.waitlist.name')}</TableCell>
                <TableCell>{translate('app.waitlist.reference')}</TableCell>
                <TableCell>{translate('app.waitlist.reply')}</TableCell>
                <TableCell>{translate('app.waitlist.decided')}</TableCell>
                <TableCell>{translate('app.waitlist.released')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {ranked.map((entry, i) => (
                <TableRow key={entry.id} selected={selected.has(entry.id)} data-testid={`waitlist-row-${entry.id}`}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(entry.id)}
                      disabled={busy}
                      onChange={() => onToggle(entry.id)}
                      slotProps={{ input: { 'aria-label': translate('app.waitlist.select', { name: entry.name }) } }}
                    />
                  </TableCell>
                  <TableCell>
                    <RankField entry={entry} max={ranked.length} busy={busy} onMove={(rank) => onMove(entry, rank)} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <IconButton
                      size="small"
                      disabled={busy || i === 0}
                      onClick={() => onMove(entry, entry.rank! - 1)}
                      aria-label={translate('app.waitlist.move_up', { name: entry.name })}
                    >
                      <ArrowUpwardIcon fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      disabled={busy || i === ranked.length - 1}
                      onClick={() => onMove(entry, entry.rank! + 1)}
                      aria-label={translate('app.waitlist.move_down', { name: entry.name })}
                    >
                      <ArrowDownwardIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                  <TableCell sx={{ minWidth: 140 }}>{entry.name}</TableCell>
                  <TableCell>#{entry.referenceNumber}</TableCell>
                  <TableCell>{reply(entry)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(entry.decidedAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {entry.releasedAt ? when(entry.releasedAt) : translate('app.waitlist.not_released')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {withdrawn.length > 0 && (
        <Box component="section" aria-labelledby="waitlist-withdrawn-title">
          <Typography id="waitlist-withdrawn-title" variant="subtitle1" component="h2">
            {translate('app.waitlist.withdrawn_title')}
          </Typography>
          <List dense data-testid="waitlist-withdrawn">
            {withdrawn.map((entry) => (
              <ListItem key={entry.id} disableGutters>
                <ListItemText
                  primary={`${entry.name} · #${entry.referenceNumber}`}
                  secondary={`${translate('app.waitlist.reply_withdrawn')} ${when(entry.repliedAt)}`.trim()}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Stack>
  );
}
