/**
 * The live count and sample of the segment form (issue 30 item 1): half a second after the filter last
 * changed, `POST /api/admin/segments/preview` with the filter as it would be saved; the count is announced
 * politely to screen readers, the first 20 applications (longest idle first) open their page.
 */
import { Alert, Box, Link, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useCreatePath, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { previewSegmentFilter, toSegmentFilter, type SegmentPreview } from './outreach';

/** How long the filter must rest before it is counted (ms). */
const SETTLE_MS = 500;

/** The count and sample panel (inside the segment form). */
export function SegmentLivePreview() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const values = useWatch({ name: 'filter' }) as Record<string, unknown> | undefined;
  const filter = useMemo(() => toSegmentFilter(values ?? {}), [values]);
  const key = JSON.stringify(filter);
  const [preview, setPreview] = useState<SegmentPreview | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      previewSegmentFilter(JSON.parse(key), controller.signal).then(
        (answer) => {
          setPreview(answer);
          setFailed(null);
          setLoading(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setFailed(error instanceof Error && error.message ? error.message : translate('app.outreach.segments.preview_failed'));
          setLoading(false);
        },
      );
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, translate]);

  return (
    <Box component="section" aria-labelledby="segment-preview-title" sx={{ width: '100%', mt: 1 }} data-testid="segment-preview">
      <Typography id="segment-preview-title" variant="h6" component="h2">
        {translate('app.outreach.segments.preview_title')}
      </Typography>
      <Typography role="status" aria-live="polite" aria-busy={loading} sx={{ my: 1 }} data-testid="segment-count">
        {preview === null
          ? translate('app.outreach.segments.counting')
          : translate('app.outreach.segments.count', { smart_count: preview.count })}
      </Typography>
      {failed && <Alert severity="warning">{failed}</Alert>}
      {preview && preview.sample.length > 0 && (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="segment-preview-title">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.outreach.segments.sample.name')}</TableCell>
                <TableCell>{translate('app.outreach.segments.sample.email')}</TableCell>
                <TableCell>{translate('app.outreach.segments.sample.program')}</TableCell>
                <TableCell align="right">{translate('app.outreach.segments.sample.step')}</TableCell>
                <TableCell align="right">{translate('app.outreach.segments.sample.idle_days')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.sample.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>
                    <Link component={RouterLink} to={createPath({ resource: 'applications', id: row.id, type: 'show' })}>
                      #{row.referenceNumber} {row.name}
                    </Link>
                  </TableCell>
                  <TableCell>{row.email}</TableCell>
                  <TableCell>
                    {row.program} · {row.semester}
                  </TableCell>
                  <TableCell align="right">{row.step}</TableCell>
                  <TableCell align="right">{row.idleDays}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
