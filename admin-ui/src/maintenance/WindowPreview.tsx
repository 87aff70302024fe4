/**
 * Shows a maintenance window (entered in Eastern time) converted to the admin's own time zone.
 */
import { Alert, AlertTitle } from '@mui/material';
import { FormDataConsumer, useLocaleState, useTranslate } from 'react-admin';
import { localZone, previewWindow, type WindowFields } from './time';

/** Preview box for the given wall-clock fields. */
export function WindowPreview({ values }: { values: WindowFields }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const zone = localZone();
  const preview = previewWindow(values, zone, locale);
  return (
    <Alert severity="info" role="status" aria-live="polite" sx={{ my: 1, width: '100%', maxWidth: 640 }}>
      <AlertTitle>{translate('app.maintenance.preview_title', { zone })}</AlertTitle>
      <span data-testid="window-preview">
        {preview
          ? translate('app.maintenance.preview_range', { start: preview.start, end: preview.end })
          : translate('app.maintenance.preview_incomplete')}
      </span>
    </Alert>
  );
}

/** {@link WindowPreview} fed by the surrounding react-admin form. */
export function FormWindowPreview() {
  return <FormDataConsumer<WindowFields>>{({ formData }) => <WindowPreview values={formData} />}</FormDataConsumer>;
}
