/** A message's status as a chip (queued, sent, failed, bounced, suppressed), with why it was suppressed. */
import { Chip, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { outcomeDetail, type MessageStatus, type OutreachMessageRecord } from './outreach';

const COLOR: Record<MessageStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  queued: 'info',
  sent: 'success',
  failed: 'warning',
  bounced: 'error',
  suppressed: 'default',
};

/** The status, and the reason or the server's answer as text beside it (not only in a tooltip). */
export function MessageStatusChip({ record }: { record: OutreachMessageRecord }) {
  const translate = useTranslate();
  const detail = outcomeDetail(record);
  const reason = record.status === 'suppressed' && detail ? translate(`app.outreach.reason.${detail}`) : detail;
  const chip = <Chip size="small" color={COLOR[record.status]} label={translate(`app.outreach.status.${record.status}`)} />;
  return reason ? (
    <Tooltip title={reason}>
      <span>
        {chip} <span style={{ fontSize: '0.8em' }}>{reason}</span>
      </span>
    </Tooltip>
  ) : (
    chip
  );
}
