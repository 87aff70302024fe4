/**
 * Shows an ISO instant of the record in the admin's own time zone and language, with the zone's
 * short name (luxon), or a dash when it is empty.
 */
import { useFieldValue, useLocaleState, type FieldProps } from 'react-admin';
import { formatInstant } from './localDateTime';

/** Read-only field for a UTC ISO date-time; `emptyText` (already translated) when null. */
export function InstantField({ emptyText = '—', ...props }: FieldProps & { emptyText?: string }) {
  const value = useFieldValue(props);
  const [locale] = useLocaleState();
  const text = formatInstant(value, locale);
  return <span>{text || emptyText}</span>;
}
