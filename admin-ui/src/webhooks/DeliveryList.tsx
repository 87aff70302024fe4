/**
 * The webhook delivery log (issue 14 item 5): one row per event × endpoint with its state, tries and the
 * receiver's last HTTP status; filters endpoint, state and event; a row opens the delivery with every
 * try; Redeliver on each row.
 */
import SendIcon from '@mui/icons-material/Send';
import { Datagrid, FunctionField, List, NumberField, ReferenceInput, SelectInput, SimpleList, TextField, useTranslate } from 'react-admin';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { DeliveryStatusChip } from './DeliveryStatusChip';
import { RedeliverButton } from './RedeliverButton';
import { eventLabel } from './WebhookFormFields';
import { WEBHOOK_EVENTS, type DeliveryRecord } from './types';

const STATUS_CHOICES = (['pending', 'succeeded', 'failed'] as const).map((s) => ({ id: s, name: `app.webhooks.status.${s}` }));
const EVENT_CHOICES = WEBHOOK_EVENTS.map((e) => ({ id: e, name: eventLabel(e) }));

const filters = [
  <ReferenceInput key="endpointId" source="endpointId" reference="webhooks" sort={{ field: 'url', order: 'ASC' }} alwaysOn>
    <SelectInput optionText="url" />
  </ReferenceInput>,
  <SelectInput key="status" source="status" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput key="eventType" source="eventType" choices={EVENT_CHOICES} />,
];

/** The last answer: the HTTP status, or the error when none came. */
export function LastAnswer({ record }: { record: DeliveryRecord }) {
  if (record.lastStatusCode !== null) return <code>{record.lastStatusCode}</code>;
  return <span>{record.lastError ?? '—'}</span>;
}

/** List of deliveries, newest first. */
export default function DeliveryList() {
  const translate = useTranslate();
  return (
    <List
      title="app.menu.webhook_deliveries"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
      empty={<ListEmpty message="app.webhooks.no_deliveries" icon={<SendIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<DeliveryRecord>
            linkType="show"
            primaryText={(r) => translate(eventLabel(r.eventType))}
            secondaryText={(r) => r.endpointUrl}
            tertiaryText={(r) => `${translate(`app.webhooks.status.${r.status}`)} · ${r.lastStatusCode ?? '—'}`}
          />
        }
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <FunctionField<DeliveryRecord> source="eventType" render={(r) => translate(eventLabel(r.eventType))} />
          <TextField source="endpointUrl" sortable={false} />
          <FunctionField<DeliveryRecord> source="status" render={(r) => <DeliveryStatusChip record={r} />} />
          <NumberField source="attempts" />
          <FunctionField<DeliveryRecord> source="lastStatusCode" render={(r) => <LastAnswer record={r} />} />
          <InstantField source="createdAt" />
          <InstantField source="nextAttemptAt" sortable={false} />
          <RedeliverButton />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
