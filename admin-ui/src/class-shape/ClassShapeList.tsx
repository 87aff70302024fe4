/**
 * The Class page (issue 29 item 5): the class taking shape per offering, for a term (the term filter) or for
 * every term — released decisions and the applicants' replies (admitted, accepted against the seats, declined,
 * deferral requested, deferred, no reply; the enrollment deposit's deposited, lapsed and melt (issue 29 item 2);
 * waitlisted, staying, left the waitlist), the totals of the offerings
 * shown with a warning when an offering has more accepted offers than seats, why admitted applicants declined
 * (reason labels in the admin's language), and Export CSV (the same rows). A table on wide screens, one card
 * an offering on phones.
 */
import GroupsIcon from '@mui/icons-material/Groups';
import { visuallyHidden } from '@mui/utils';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Alert, Box, Card, CardContent, Grid, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  ReferenceInput,
  SimpleList,
  TopToolbar,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { ExportCsvButton } from '../applications/ExportCsvButton';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import type { TermRecord } from '../catalogue/types';
import { useCatalogueText } from '../catalogue/useCatalogueText';
import { formatCount, formatShare } from '../dashboard/stats';
import { classTotals, hasDecisions, reasonBreakdown, seatState, type ClassShapeRecord, type ReasonCount } from './classShape';
import { WaitlistButton } from '../waitlist/WaitlistButton';

/** The counts shown as columns (and in the totals), with their message keys. */
const COLUMNS = [
  ['admitted', 'app.class_shape.admitted'],
  ['accepted', 'app.class_shape.accepted'],
  ['deposited', 'app.class_shape.deposited'],
  ['declined', 'app.class_shape.declined'],
  ['deferralRequested', 'app.class_shape.deferral_requested'],
  ['deferred', 'app.class_shape.deferred'],
  ['noReply', 'app.class_shape.no_reply'],
  ['lapsed', 'app.class_shape.lapsed'],
  ['melt', 'app.class_shape.melt'],
  ['waitlisted', 'app.class_shape.waitlisted'],
  ['waitlistStaying', 'app.class_shape.waitlist_staying'],
  ['waitlistWithdrawn', 'app.class_shape.waitlist_withdrawn'],
] as const;

/** The counts the server sorts on. */
const SORTABLE = new Set<string>([
  'admitted',
  'accepted',
  'declined',
  'deferralRequested',
  'deferred',
  'noReply',
  'waitlisted',
  'deposited',
  'lapsed',
  'melt',
]);

/** A row's accepted offers against its seats ("3 of 2" with a warning when over). */
function AcceptedCell({ row }: { row: Pick<ClassShapeRecord, 'accepted' | 'seats'> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const state = seatState(row);
  const accepted = formatCount(row.accepted, locale);
  if (state === 'unlimited') return <span>{accepted}</span>;
  const text = translate('app.class_shape.accepted_of_seats', { accepted, seats: formatCount(row.seats ?? 0, locale) });
  if (state !== 'over') return <span>{text}</span>;
  const over = translate('app.class_shape.over_capacity', { count: formatCount(row.accepted - (row.seats ?? 0), locale) });
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'error.main', fontWeight: 600 }} title={over}>
      <WarningAmberIcon fontSize="small" aria-hidden />
      <span>{text}</span>
      <Box component="span" sx={visuallyHidden}>
        {over}
      </Box>
    </Stack>
  );
}

/** Why admitted applicants declined: reason, count and share of all declines. */
function ReasonsCard({ reasons, declined }: { reasons: ReasonCount[]; declined: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Card variant="outlined" component="section" aria-labelledby="class-reasons-title" data-testid="class-reasons">
      <CardContent>
        <Typography id="class-reasons-title" variant="h6" component="h2" gutterBottom>
          {translate('app.class_shape.reasons.title')}
        </Typography>
        {reasons.length === 0 ? (
          <Typography color="text.secondary">{translate('app.class_shape.reasons.empty')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.class_shape.reasons.reason')}</TableCell>
                <TableCell align="right">{translate('app.class_shape.declined')}</TableCell>
                <TableCell align="right">{translate('app.class_shape.reasons.share')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {reasons.map((r) => (
                <TableRow key={r.reason ?? ''}>
                  <TableCell>{r.reason === null ? translate('app.class_shape.reasons.none') : (r.label ?? r.reason)}</TableCell>
                  <TableCell align="right">{formatCount(r.count, locale)}</TableCell>
                  <TableCell align="right">{formatShare(declined ? r.count / declined : 0, locale)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** The totals of the offerings shown, one small figure per count, seats included. */
function TotalsCard({ rows }: { rows: ClassShapeRecord[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const totals = classTotals(rows);
  return (
    <Card variant="outlined" component="section" aria-labelledby="class-totals-title" data-testid="class-totals">
      <CardContent>
        <Typography id="class-totals-title" variant="h6" component="h2" gutterBottom>
          {translate('app.class_shape.totals', { smart_count: totals.offerings })}
        </Typography>
        <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
          <Grid size={{ xs: 6, sm: 4, md: 2 }}>
            <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
              {translate('app.class_shape.seats')}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid="class-total-seats">
              {totals.seats === null ? translate('app.catalogue.no_limit') : formatCount(totals.seats, locale)}
            </Typography>
          </Grid>
          {COLUMNS.map(([key, label]) => (
            <Grid key={key} size={{ xs: 6, sm: 4, md: 2 }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', lineHeight: 1.3 }}>
                {translate(label)}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0 }} data-testid={`class-total-${key}`}>
                {formatCount(totals[key], locale)}
              </Typography>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}

/** Everything inside the List: the warning, the rows, the totals and the reasons. */
function ClassShapeView() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const text = useCatalogueText();
  const { data, isPending } = useListContext<ClassShapeRecord>();
  const rows = data ?? [];
  const totals = classTotals(rows);
  const count = (n: number) => formatCount(n, locale);
  const seats = (r: ClassShapeRecord) => (r.seats === null ? translate('app.catalogue.no_limit') : count(r.seats));
  const program = (r: ClassShapeRecord) => `${r.programLabel} · ${text.gender(r.gender)}`;
  const empty = <ListEmpty message="app.class_shape.empty" hint="app.class_shape.empty_hint" icon={<GroupsIcon />} />;
  return (
    <Stack spacing={2} sx={{ width: '100%', minWidth: 0, p: { xs: 1, sm: 2 } }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.class_shape.help')}
      </Typography>
      {totals.overCapacity > 0 && (
        <Alert severity="warning" data-testid="class-over-capacity">
          {translate('app.class_shape.over_capacity_alert', { smart_count: totals.overCapacity })}
        </Alert>
      )}
      {!isPending && rows.length > 0 && !hasDecisions(totals) && (
        <Alert severity="info" data-testid="class-no-decisions">
          {translate('app.class_shape.no_decisions')}
        </Alert>
      )}
      {/* the table scrolls sideways inside the page rather than widening it */}
      <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <ResponsiveList
          breakpoint="md"
          compact={
            <SimpleList<ClassShapeRecord>
              linkType={false}
              empty={empty}
              primaryText={(r) => program(r)}
              secondaryText={(r) => (
                <>
                  {r.termLabel} · {translate('app.class_shape.seats')}: {seats(r)}
                  <br />
                  {translate('app.class_shape.admitted')}: {count(r.admitted)} · {translate('app.class_shape.declined')}:{' '}
                  {count(r.declined)} · {translate('app.class_shape.no_reply')}: {count(r.noReply)}
                  <br />
                  {translate('app.class_shape.deposited')}: {count(r.deposited)} · {translate('app.class_shape.lapsed')}: {count(r.lapsed)}{' '}
                  · {translate('app.class_shape.melt')}: {count(r.melt)}
                  <br />
                  {translate('app.class_shape.waitlisted')}: {count(r.waitlisted)} · {translate('app.class_shape.waitlist_withdrawn')}:{' '}
                  {count(r.waitlistWithdrawn)}
                </>
              )}
              tertiaryText={(r) => (
                <Stack direction="row" spacing={0.5} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <span>{translate('app.class_shape.accepted')}:</span>
                  <AcceptedCell row={r} />
                  <WaitlistButton offeringId={r.id} label={translate('app.waitlist.open_for', { name: program(r) })} />
                </Stack>
              )}
            />
          }
        >
          <Datagrid bulkActionButtons={false} rowClick={false} empty={empty} size="small">
            <FunctionField<ClassShapeRecord>
              source="programName"
              label="app.class_shape.program"
              render={(r) => <Box sx={{ minWidth: 180 }}>{program(r)}</Box>}
            />
            <FunctionField<ClassShapeRecord> source="termStartsOn" label="app.class_shape.term" render={(r) => r.termLabel} />
            <FunctionField<ClassShapeRecord> source="seats" label="app.class_shape.seats" textAlign="right" render={seats} />
            {COLUMNS.map(([key, label]) => (
              <FunctionField<ClassShapeRecord>
                key={key}
                source={key}
                label={label}
                textAlign="right"
                sortable={SORTABLE.has(key)}
                render={(r) => (key === 'accepted' ? <AcceptedCell row={r} /> : count(r[key]))}
              />
            ))}
            <FunctionField<ClassShapeRecord>
              label="app.waitlist.title"
              sortable={false}
              render={(r) => (
                <WaitlistButton offeringId={r.id} label={translate('app.waitlist.open_for', { name: `${program(r)} · ${r.termLabel}` })} />
              )}
            />
          </Datagrid>
        </ResponsiveList>
      </Box>
      {rows.length > 0 && (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, lg: 7 }}>
            <TotalsCard rows={rows} />
          </Grid>
          <Grid size={{ xs: 12, lg: 5 }}>
            <ReasonsCard reasons={reasonBreakdown(rows)} declined={totals.declined} />
          </Grid>
        </Grid>
      )}
    </Stack>
  );
}

/** The page: every offering (up to 500) on one page, the latest term first; by default only those with decisions. */
export default function ClassShapeList() {
  const text = useCatalogueText();
  const filters = [
    <ReferenceInput key="termId" source="termId" reference="terms" sort={{ field: 'startsOn', order: 'DESC' }} alwaysOn>
      <AutocompleteInput
        label="app.class_shape.term"
        optionText={(r: TermRecord) => text.term(r)}
        filterToQuery={(q: string) => ({ q })}
        sx={{ minWidth: 260 }}
      />
    </ReferenceInput>,
    <BooleanInput key="withDecisions" source="withDecisions" label="app.class_shape.with_decisions" alwaysOn />,
  ];
  return (
    <List
      title="app.class_shape.title"
      resource="class-shape"
      filters={filters}
      sort={{ field: 'termStartsOn', order: 'DESC' }}
      filterDefaultValues={{ withDecisions: true }}
      // the list may be narrower than the table, which then scrolls sideways in its own box
      sx={{ '& .RaList-main': { minWidth: 0 } }}
      perPage={500}
      pagination={false}
      exporter={false}
      empty={false}
      actions={
        <TopToolbar>
          <ExportCsvButton resource="class-shape" />
        </TopToolbar>
      }
    >
      <ClassShapeView />
    </List>
  );
}
