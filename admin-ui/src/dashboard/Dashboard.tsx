/**
 * Dashboard Home: the number of applications in total and by status (GET /api/admin/stats),
 * with an empty state when there are none.
 */
import { useCallback, useEffect, useState } from 'react';
import InboxIcon from '@mui/icons-material/Inbox';
import { Alert, Box, Button, Card, CardContent, Grid, Typography } from '@mui/material';
import { Loading, Title, useDataProvider, useTranslate } from 'react-admin';
import type { AdminDataProvider, AdminStats } from '../api/dataProvider';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ok'; stats: AdminStats };

/** One labelled number. */
function StatCard({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Card variant="outlined" component="section" aria-label={label}>
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

/** The dashboard page (react-admin's `dashboard`). */
export default function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(() => {
    let live = true;
    setState({ status: 'loading' });
    dataProvider
      .getStats()
      .then((stats) => live && setState({ status: 'ok', stats }))
      .catch(() => live && setState({ status: 'error' }));
    return () => {
      live = false;
    };
  }, [dataProvider]);

  useEffect(() => load(), [load]);

  const statusLabel = (s: string) => translate(`app.dashboard.status.${s}`, { _: s });

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="app.dashboard.title" />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('app.dashboard.title')}
      </Typography>
      {state.status === 'loading' && <Loading loadingPrimary="ra.page.loading" loadingSecondary="ra.message.loading" />}
      {state.status === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => load()}>
              {translate('app.dashboard.retry')}
            </Button>
          }
        >
          {translate('app.dashboard.error')}
        </Alert>
      )}
      {state.status === 'ok' && state.stats.total === 0 && (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }} data-testid="dashboard-empty">
          <InboxIcon sx={{ fontSize: 64 }} aria-hidden />
          <Typography variant="h6" component="p">
            {translate('app.dashboard.empty')}
          </Typography>
        </Box>
      )}
      {state.status === 'ok' && state.stats.total > 0 && (
        <>
          <Typography variant="body1" sx={{ mb: 2 }}>
            {translate('app.dashboard.welcome')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <StatCard label={translate('app.dashboard.total')} value={state.stats.total} testId="stat-total" />
            </Grid>
          </Grid>
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {translate('app.dashboard.by_status')}
          </Typography>
          <Grid container spacing={2}>
            {Object.entries(state.stats.byStatus).map(([status, count]) => (
              <Grid key={status} size={{ xs: 6, sm: 4, md: 3 }}>
                <StatCard label={statusLabel(status)} value={count} testId={`stat-${status}`} />
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </Box>
  );
}
