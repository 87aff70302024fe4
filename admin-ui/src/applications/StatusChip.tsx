/**
 * An application's status as a coloured chip with the translated status name.
 */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Chip colour of each status. */
export const STATUS_COLOR = {
  draft: 'default',
  submitted: 'info',
  complete: 'success',
  withdrawn: 'warning',
  under_review: 'secondary',
  decided: 'primary',
} as const;

/** The status as a coloured, translated chip. */
export function StatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status as keyof typeof STATUS_COLOR] ?? 'default'}
      label={translate(`app.dashboard.status.${status}`, { _: status })}
      data-testid="status-chip"
    />
  );
}
