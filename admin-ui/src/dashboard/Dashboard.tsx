/**
 * Dashboard Home (issue 5 item 4; DESIGN §10): from GET /api/admin/stats, the number of applications
 * in total and by status (cards), sessions active now and the payments summary (cards), and charts of
 * applications by status, program group, program and semester, the funnel by `stepReached` and the
 * median / 90th-percentile time per step. Every chart has a visually hidden table with its numbers. Once
 * decisions are released, the class taking shape in four cards (issue 29 item 5) with a link to the Class page.
 * Empty state when there are no applications; error with retry; a refresh button. Below, the background
 * jobs' counts per queue (JobsCard, GET /api/admin/jobs; issue 15 item 5).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import InboxIcon from '@mui/icons-material/Inbox';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { DateTime } from 'luxon';
import { Loading, Title, useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { AdminDataProvider, AdminStats } from '../api/dataProvider';
import { ChartCard } from './ChartCard';
import { JobsCard } from './JobsCard';
import { formatMoney } from '../common/money';
import { useRemoteChoices } from '../applications/choices';
import { choiceLabel } from '../applications/options';
import { countSeries, formatCount, formatShare, funnelSeries, semesterSeries, timeSeries, type Datum } from './stats';
import { formatDuration } from './duration';
import { STEP_KEYS } from '../common/form-steps';
import { Link } from 'react-router';
import { hasDecisions } from '../class-shape/classShape';

type State = { stats: AdminStats | null; loading: boolean; error: boolean };

/** One labelled number. */
function StatCard({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={label} sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="overline" component="h3" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p" data-testid={testId}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Height of a horizontal bar chart with `n` bars (px). */
const barHeight = (n: number) => Math.max(160, 36 * n + 60);

/** A donut of counts with its table. */
function CountPie({ title, data, testId }: { title: string; data: Datum[]; testId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const sum = data.reduce((s, d) => s + d.value, 0);
  return (
    <ChartCard
      title={title}
      testId={testId}
      columns={[
        translate('app.dashboard.column.category'),
        translate('app.dashboard.column.count'),
        translate('app.dashboard.column.share'),
      ]}
      rows={data.map((d) => [d.label, formatCount(d.value, locale), formatShare(sum ? d.value / sum : 0, locale)])}
      emptyText={translate('app.dashboard.no_data')}
    >
      <PieChart
        height={240}
        series={[
          {
            data: data.map((d, i) => ({ id: i, value: d.value, label: d.label })),
            innerRadius: 50,
            paddingAngle: 1,
            valueFormatter: (item) => formatCount(item.value, locale),
          },
        ]}
      />
    </ChartCard>
  );
}

/** Horizontal bars of counts with their table. */
function CountBars({ title, data, testId }: { title: string; data: Datum[]; testId: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <ChartCard
      title={title}
      testId={testId}
      columns={[translate('app.dashboard.column.category'), translate('app.dashboard.column.count')]}
      rows={data.map((d) => [d.label, formatCount(d.value, locale)])}
      emptyText={translate('app.dashboard.no_data')}
    >
      <BarChart
        layout="horizontal"
        height={barHeight(data.length)}
        hideLegend
        yAxis={[{ scaleType: 'band', data: data.map((d) => d.label), width: 180 }]}
        xAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => formatCount(v, locale) }]}
        series={[
          {
            data: data.map((d) => d.value),
            label: translate('app.dashboard.column.count'),
            valueFormatter: (v) => formatCount(v ?? 0, locale),
          },
        ]}
      />
    </ChartCard>
  );
}

/** The charts and cards for loaded stats. */
function StatsView({ stats }: { stats: AdminStats }) {
  const choices = useRemoteChoices(); // program and semester labels in the admin's language (issue 11)
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const statusLabel = (s: string) => translate(`app.dashboard.status.${s}`, { _: s });
  const groupLabel = (g: string) => translate(`app.dashboard.group.${g}`, { _: g });
  const stepLabel = (s: string) => translate(`app.dashboard.step.${s}`, { _: s });
  const funnel = funnelSeries(stats.funnel, stats.total);
  const times = timeSeries(stats.timePerStep);
  const minutes = (s: number) => Math.round((s / 60) * 100) / 100;
  const funnelLabel = (step: number) =>
    translate('app.dashboard.funnel_step', { step, name: stepLabel(STEP_KEYS[step - 1] ?? String(step)) });

  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatCard label={translate('app.dashboard.total')} value={formatCount(stats.total, locale)} testId="stat-total" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatCard
            label={translate('app.dashboard.active_sessions')}
            value={formatCount(stats.activeSessions, locale)}
            testId="stat-active-sessions"
          />
        </Grid>
      </Grid>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('app.dashboard.by_status')}
      </Typography>
      <Grid container spacing={2}>
        {Object.entries(stats.byStatus).map(([status, count]) => (
          <Grid key={status} size={{ xs: 6, sm: 4, md: 3 }}>
            <StatCard label={statusLabel(status)} value={formatCount(count, locale)} testId={`stat-${status}`} />
          </Grid>
        ))}
      </Grid>
      <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
        {translate('app.dashboard.payments')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatCard
            label={translate('app.dashboard.collected', { currency: stats.payments.currency })}
            value={formatMoney(stats.payments.collected, stats.payments.currency, locale)}
            testId="stat-collected"
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 6, md: 3 }}>
          <StatCard
            label={translate('app.dashboard.approved')}
            value={formatCount(stats.payments.approved, locale)}
            testId="stat-approved"
          />
        </Grid>
        <Grid size={{ xs: 6, sm: 6, md: 3 }}>
          <StatCard label={translate('app.dashboard.waived')} value={formatCount(stats.payments.waived, locale)} testId="stat-waived" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <StatCard
            label={translate('app.dashboard.attempts')}
            value={formatCount(stats.payments.attempts, locale)}
            testId="stat-attempts"
          />
        </Grid>
      </Grid>

      {hasDecisions(stats.classShape.total) && (
        <>
          <Stack direction="row" spacing={1} sx={{ mt: 3, mb: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2">
              {translate('app.class_shape.dashboard.title')}
            </Typography>
            <Button component={Link} to="/class-shape" size="small">
              {translate('app.class_shape.dashboard.open')}
            </Button>
          </Stack>
          <Grid container spacing={2}>
            {(['admitted', 'accepted', 'declined', 'noReply'] as const).map((key) => (
              <Grid key={key} size={{ xs: 6, md: 3 }}>
                <StatCard
                  label={translate(`app.class_shape.${key === 'noReply' ? 'no_reply' : key}`)}
                  value={formatCount(stats.classShape.total[key], locale)}
                  testId={`stat-class-${key}`}
                />
              </Grid>
            ))}
          </Grid>
        </>
      )}

      <Grid container spacing={2} sx={{ mt: 1 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <CountPie title={translate('app.dashboard.chart.status')} data={countSeries(stats.byStatus, statusLabel)} testId="chart-status" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <CountPie
            title={translate('app.dashboard.chart.payment_status')}
            data={countSeries(stats.byPaymentStatus, (s) => translate(`app.applications.payment_status.${s}`, { _: s }))}
            testId="chart-payment-status"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <CountPie
            title={translate('app.dashboard.chart.group')}
            data={countSeries(stats.byProgramGroup, groupLabel)}
            testId="chart-group"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <CountBars
            title={translate('app.dashboard.chart.semester')}
            data={semesterSeries(stats.bySemester, (s) => choiceLabel(choices.semesters, s), stats.termOrder)}
            testId="chart-semester"
          />
        </Grid>
        <Grid size={12}>
          <CountBars
            title={translate('app.dashboard.chart.program')}
            data={countSeries(stats.byProgram, (p) => choiceLabel(choices.programs, p))}
            testId="chart-program"
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            title={translate('app.dashboard.chart.funnel')}
            testId="chart-funnel"
            columns={[
              translate('app.dashboard.column.step'),
              translate('app.dashboard.column.reached'),
              translate('app.dashboard.column.share'),
            ]}
            rows={
              stats.total > 0 ? funnel.map((f) => [funnelLabel(f.step), formatCount(f.reached, locale), formatShare(f.share, locale)]) : []
            }
            emptyText={translate('app.dashboard.no_data')}
          >
            <BarChart
              layout="horizontal"
              height={barHeight(funnel.length)}
              hideLegend
              yAxis={[{ scaleType: 'band', data: funnel.map((f) => funnelLabel(f.step)), width: 160 }]}
              xAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => formatCount(v, locale) }]}
              series={[
                {
                  data: funnel.map((f) => f.reached),
                  label: translate('app.dashboard.column.reached'),
                  valueFormatter: (v, { dataIndex }) =>
                    `${formatCount(v ?? 0, locale)} (${formatShare(funnel[dataIndex]?.share ?? 0, locale)})`,
                },
              ]}
            />
          </ChartCard>
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ChartCard
            title={translate('app.dashboard.chart.time')}
            testId="chart-time"
            columns={[
              translate('app.dashboard.column.step'),
              translate('app.dashboard.column.median'),
              translate('app.dashboard.column.p90'),
              translate('app.dashboard.column.visits'),
            ]}
            rows={times.map((t) => [
              stepLabel(t.step),
              formatDuration(t.medianSeconds, locale),
              formatDuration(t.p90Seconds, locale),
              formatCount(t.count, locale),
            ])}
            emptyText={translate('app.dashboard.no_time')}
          >
            <BarChart
              height={300}
              xAxis={[{ scaleType: 'band', data: times.map((t) => stepLabel(t.step)) }]}
              yAxis={[{ label: translate('app.dashboard.minutes'), valueFormatter: (v: number) => formatCount(v, locale) }]}
              series={[
                {
                  data: times.map((t) => minutes(t.medianSeconds)),
                  label: translate('app.dashboard.column.median'),
                  valueFormatter: (_v, { dataIndex }) => formatDuration(times[dataIndex]?.medianSeconds ?? 0, locale),
                },
                {
                  data: times.map((t) => minutes(t.p90Seconds)),
                  label: translate('app.dashboard.column.p90'),
                  valueFormatter: (_v, { dataIndex }) => formatDuration(times[dataIndex]?.p90Seconds ?? 0, locale),
                },
              ]}
            />
          </ChartCard>
        </Grid>
      </Grid>
    </>
  );
}

/** The dashboard page (react-admin's `dashboard`). */
export default function Dashboard() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [state, setState] = useState<State>({ stats: null, loading: true, error: false });
  const request = useRef(0);
  const [reloads, setReloads] = useState(0);

  const load = useCallback(() => {
    const id = ++request.current;
    setReloads((n) => n + 1);
    setState((s) => ({ ...s, loading: true, error: false }));
    dataProvider
      .getStats()
      .then((stats) => id === request.current && setState({ stats, loading: false, error: false }))
      .catch(() => id === request.current && setState((s) => ({ ...s, loading: false, error: true })));
  }, [dataProvider]);

  useEffect(() => {
    load();
    return () => {
      request.current += 1; // ignore answers that arrive after unmount
    };
  }, [load]);

  const { stats, loading, error } = state;
  const updated = stats?.generatedAt
    ? DateTime.fromISO(stats.generatedAt).setLocale(locale).toLocaleString(DateTime.DATETIME_MED_WITH_SECONDS)
    : null;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="app.dashboard.title" />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
      >
        <Typography variant="h5" component="h2">
          {translate('app.dashboard.title')}
        </Typography>
        {stats && (
          <Button startIcon={<RefreshIcon />} onClick={load} disabled={loading} variant="outlined" size="small">
            {translate('app.dashboard.refresh')}
          </Button>
        )}
      </Stack>
      <Box role="status" aria-live="polite" sx={{ minHeight: '1.5em', mb: 1 }}>
        {stats && loading && (
          <>
            <LinearProgress aria-hidden="true" />
            <Typography variant="body2">{translate('app.dashboard.refreshing')}</Typography>
          </>
        )}
        {stats && !loading && updated && (
          <Typography variant="body2" color="text.secondary" data-testid="stats-updated">
            {translate('app.dashboard.updated', { time: updated })}
          </Typography>
        )}
      </Box>
      {!stats && loading && <Loading loadingPrimary="ra.page.loading" loadingSecondary="ra.message.loading" />}
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={load}>
              {translate('app.dashboard.retry')}
            </Button>
          }
        >
          {translate('app.dashboard.error')}
        </Alert>
      )}
      {stats && stats.total === 0 && (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="dashboard-empty">
          <InboxIcon sx={{ fontSize: 64 }} aria-hidden />
          <Typography variant="h6" component="p">
            {translate('app.dashboard.empty')}
          </Typography>
        </Box>
      )}
      {stats && stats.total > 0 && (
        <>
          <Typography variant="body1" sx={{ mb: 2 }}>
            {translate('app.dashboard.welcome')}
          </Typography>
          <StatsView stats={stats} />
        </>
      )}
      <JobsCard reloadKey={reloads} />
    </Box>
  );
}
