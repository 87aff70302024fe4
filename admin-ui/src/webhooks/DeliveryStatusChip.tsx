/**
 * The state of a webhook delivery as a chip: pending, succeeded or failed.
 */
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DeliveryRecord, DeliveryStatus } from './types';

const COLOR: Record<DeliveryStatus, 'success' | 'warning' | 'error'> = { succeeded: 'success', pending: 'warning', failed: 'error' };

/** Chip naming the delivery's state. */
export function DeliveryStatusChip({ record }: { record: DeliveryRecord }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLOR[record.status]} label={translate(`app.webhooks.status.${record.status}`)} />;
}
