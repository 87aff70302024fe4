/**
 * Shows an ISO instant of the record in the admin's own time zone and language, with the zone's
 * short name (luxon), or a dash when it is empty.
 */
import { Typography } from '@mui/material';
import { useFieldValue, useLocaleState, type FieldProps } from 'react-admin';
import { formatInstant } from './localDateTime';

/** Read-only field for a UTC ISO date-time; `emptyText` (already translated) when null. Set in body2, as react-admin's TextField. */
export function InstantField({ emptyText = '—', ...props }: FieldProps & { emptyText?: string }) {
  const value = useFieldValue(props);
  const [locale] = useLocaleState();
  const text = formatInstant(value, locale);
  return (
    <Typography component="span" variant="body2">
      {text || emptyText}
    </Typography>
  );
}
