/**
 * The "Background jobs" table of Dashboard Home (issue 15 item 5): per pg-boss queue, how many jobs are
 * queued, running, failed and completed (GET /api/admin/jobs). Loads on its own, so a failure here does
 * not hide the statistics; reloads with the dashboard's refresh (`reloadKey`).
 */
import { useEffect, useState } from 'react';
import { Alert, Card, CardContent, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../api/dataProvider';
import type { JobQueueCounts } from './jobs';
import { formatCount } from './stats';

const COLUMNS = ['queued', 'active', 'failed', 'completed'] as const;

/** @param reloadKey changes when the dashboard refreshes */
export function JobsCard({ reloadKey }: { reloadKey: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [state, setState] = useState<{ queues: JobQueueCounts[] | null; error: boolean }>({ queues: null, error: false });

  useEffect(() => {
    let current = true;
    dataProvider
      .getJobs()
      .then((queues) => current && setState({ queues, error: false }))
      .catch(() => current && setState({ queues: null, error: true }));
    return () => {
      current = false;
    };
  }, [dataProvider, reloadKey]);

  const title = translate('app.jobs.title');
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ mt: 3 }} data-testid="jobs-card">
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {state.error && <Alert severity="error">{translate('app.jobs.error')}</Alert>}
        {state.queues && state.queues.length === 0 && <Typography>{translate('app.jobs.empty')}</Typography>}
        {state.queues && state.queues.length > 0 && (
          <Table size="small">
            <caption>{translate('app.jobs.caption')}</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {translate('app.jobs.queue')}
                </TableCell>
                {COLUMNS.map((c) => (
                  <TableCell key={c} component="th" scope="col" align="right">
                    {translate(`app.jobs.${c}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {state.queues.map((q) => (
                <TableRow key={q.queue} data-testid={`jobs-${q.queue}`}>
                  <TableCell component="th" scope="row">
                    {translate(`app.jobs.queue_name.${q.queue}`, { _: q.queue })}
                  </TableCell>
                  {COLUMNS.map((c) => (
                    <TableCell
                      key={c}
                      align="right"
                      data-testid={`jobs-${q.queue}-${c}`}
                      sx={c === 'failed' && q.failed > 0 ? { color: 'error.main', fontWeight: 600 } : undefined}
                    >
                      {formatCount(q[c], locale)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
