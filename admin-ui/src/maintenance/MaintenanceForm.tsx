/**
 * The form shared by create and edit: start and end dates and times in Eastern US time, a live
 * preview in the admin's zone, and client-side validation (end after start; the server checks too).
 */
import { Alert, Stack, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { SimpleForm, TextInput, useTranslate } from 'react-admin';
import { validateWindow, type WindowFields } from './time';
import { FormWindowPreview } from './WindowPreview';

// Wide enough for the Eastern-time labels on a desktop, full width on a phone.
const inputSx = { width: { xs: '100%', sm: 320 } };
const dateProps = { type: 'date', sx: inputSx, slotProps: { inputLabel: { shrink: true }, htmlInput: { placeholder: 'YYYY-MM-DD' } } };
const timeProps = { type: 'time', sx: inputSx, slotProps: { inputLabel: { shrink: true }, htmlInput: { placeholder: 'HH:mm', step: 60 } } };

/** Drops a `:ss` suffix so native time inputs and the API's `HH:mm` agree. */
const toHHmm = (value: unknown) => (typeof value === 'string' ? value.slice(0, 5) : value);

/** The maintenance window form; `toolbar` is passed through to SimpleForm. */
export function MaintenanceForm({ toolbar }: { toolbar?: ReactElement | false }) {
  const translate = useTranslate();
  return (
    <SimpleForm
      validate={validateWindow as (values: Record<string, unknown>) => Record<string, unknown>}
      toolbar={toolbar}
      warnWhenUnsavedChanges
    >
      <Alert severity="warning" sx={{ mb: 2, maxWidth: 640 }}>
        {translate('app.maintenance.eastern_note')}
      </Alert>
      <Typography variant="subtitle1" component="h2">
        {translate('app.maintenance.start')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0, sm: 2 } }}>
        <TextInput source="startDate" {...dateProps} />
        <TextInput source="startTime" format={toHHmm} {...timeProps} />
      </Stack>
      <Typography variant="subtitle1" component="h2">
        {translate('app.maintenance.end')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { xs: 0, sm: 2 } }}>
        <TextInput source="endDate" {...dateProps} />
        <TextInput source="endTime" format={toHHmm} {...timeProps} />
      </Stack>
      <FormWindowPreview />
    </SimpleForm>
  );
}

/** Only the fields the API accepts on create and update. */
export function toWindowPayload(data: WindowFields) {
  return {
    startDate: data.startDate ?? '',
    startTime: (data.startTime ?? '').slice(0, 5),
    endDate: data.endDate ?? '',
    endTime: (data.endTime ?? '').slice(0, 5),
  };
}
