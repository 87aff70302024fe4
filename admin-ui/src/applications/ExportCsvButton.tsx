/**
 * "Export CSV" for a console list (applications; also the Class page, issue 29 item 5): downloads
 * GET /api/admin/<resource>/export.csv with the list's current filter and sort (every matching row, not just
 * the page) with the admin's token, shows progress in the button and in a live region, and the outcome as a
 * notification.
 */
import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, CircularProgress } from '@mui/material';
import { useListContext, useNotify, useTranslate } from 'react-admin';
import { ADMIN_API_URL } from '../config';
import { visuallyHidden } from '@mui/utils';
import { useTokenDownload } from './useTokenDownload';
import { csvExportUrl } from './files';

/** The export button (inside a react-admin List); `resource` names the export's path and file (default `applications`). */
export function ExportCsvButton({ resource = 'applications' }: { resource?: string }) {
  const { filterValues, sort, total } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const { busy, download } = useTokenDownload();
  const [status, setStatus] = useState('');

  const run = async () => {
    setStatus(translate('app.applications.export.busy'));
    const day = new Date().toISOString().slice(0, 10);
    const saved = await download(csvExportUrl(ADMIN_API_URL, filterValues ?? {}, sort, resource), `${resource}-${day}.csv`);
    if (!saved) {
      setStatus(translate('app.applications.export.failed'));
      return;
    }
    const done = translate('app.applications.export.done', { name: saved.name });
    setStatus(done);
    notify(done, { type: 'success' });
  };

  return (
    <>
      <Button
        size="small"
        onClick={run}
        disabled={busy || total === 0}
        aria-busy={busy}
        startIcon={busy ? <CircularProgress size={16} aria-hidden="true" /> : <DownloadIcon />}
      >
        {translate('app.applications.export.button')}
      </Button>
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="export-status">
        {status}
      </Box>
    </>
  );
}
