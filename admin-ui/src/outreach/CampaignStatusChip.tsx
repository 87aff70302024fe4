/** A campaign's status as a chip, in words (draft, scheduled, sending, paused, done, cancelled). */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CampaignStatus } from './campaigns';

const COLOR: Record<CampaignStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  draft: 'default',
  scheduled: 'info',
  running: 'success',
  paused: 'warning',
  done: 'success',
  cancelled: 'error',
};

/** The chip (its text is the status's name, never colour alone). */
export function CampaignStatusChip({ status }: { status: CampaignStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      variant={status === 'done' ? 'outlined' : 'filled'}
      label={translate(`app.outreach.campaigns.status.${status}`)}
    />
  );
}
