/**
 * One webhook delivery: event, endpoint, state, the signed payload, and every try (time, HTTP status,
 * duration, error, whether it was a manual redelivery), oldest first; Redeliver at the top.
 */
import { Box, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import {
  FunctionField,
  Labeled,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useLocaleState,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { InstantField } from '../common/InstantField';
import { formatInstant } from '../common/localDateTime';
import { DeliveryStatusChip } from './DeliveryStatusChip';
import { RedeliverButton } from './RedeliverButton';
import { eventLabel } from './WebhookFormFields';
import type { DeliveryRecord } from './types';

function Actions() {
  return (
    <TopToolbar>
      <RedeliverButton />
    </TopToolbar>
  );
}

/** The delivery log as a table. */
function AttemptLog() {
  const record = useRecordContext<DeliveryRecord>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const log = record?.log ?? [];
  if (!log.length) return <Typography>{translate('app.webhooks.no_attempts')}</Typography>;
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" aria-label={translate('app.webhooks.log')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.webhooks.attempted_at')}</TableCell>
            <TableCell>{translate('app.webhooks.status_code')}</TableCell>
            <TableCell>{translate('app.webhooks.duration')}</TableCell>
            <TableCell>{translate('app.webhooks.error')}</TableCell>
            <TableCell>{translate('app.webhooks.manual')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {log.map((attempt, i) => (
            <TableRow key={i}>
              <TableCell>{formatInstant(attempt.attemptedAt, locale)}</TableCell>
              <TableCell>
                <code>{attempt.statusCode ?? '—'}</code>
              </TableCell>
              <TableCell>{translate('app.webhooks.milliseconds', { ms: attempt.durationMs })}</TableCell>
              <TableCell>{attempt.error ?? '—'}</TableCell>
              <TableCell>{translate(attempt.manual ? 'app.webhooks.yes' : 'app.webhooks.no')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Show view of a delivery. */
export default function DeliveryShow() {
  const translate = useTranslate();
  return (
    <Show actions={<Actions />}>
      <SimpleShowLayout>
        <FunctionField<DeliveryRecord> source="eventType" render={(r) => translate(eventLabel(r.eventType))} />
        <TextField source="eventId" />
        <TextField source="endpointUrl" />
        <FunctionField<DeliveryRecord> source="status" render={(r) => <DeliveryStatusChip record={r} />} />
        <TextField source="lastError" emptyText="—" />
        <InstantField source="createdAt" />
        <InstantField source="deliveredAt" />
        <InstantField source="nextAttemptAt" />
        <Labeled label="app.webhooks.log" fullWidth>
          <AttemptLog />
        </Labeled>
        <Labeled label="app.webhooks.payload" fullWidth>
          <FunctionField<DeliveryRecord>
            render={(r) => (
              <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 13, m: 0 }}>
                {JSON.stringify(r.payload, null, 2)}
              </Box>
            )}
          />
        </Labeled>
      </SimpleShowLayout>
    </Show>
  );
}
