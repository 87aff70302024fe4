/**
 * Webhook endpoints (issue 14 item 5): URL, description, events, enabled, creation; filter q; a row opens
 * the edit page; each row links to its delivery log. On phones, one compact row an endpoint; with none
 * yet, an invitation to register one.
 */
import WebhookIcon from '@mui/icons-material/Webhook';
import { Chip, Stack } from '@mui/material';
import { Datagrid, FunctionField, List, SimpleList, TextField, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { InstantField } from '../common/InstantField';
import { ListEmpty } from '../common/ListEmpty';
import { ResponsiveList } from '../common/ResponsiveList';
import { SearchFilter } from '../common/SearchFilter';
import { eventLabel } from './WebhookFormFields';
import type { WebhookRecord } from './types';
import { CreateListActions } from '../common/CreateListActions';

const filters = [<SearchFilter key="q" source="q" alwaysOn />];

/** The endpoint's events as small chips. */
function EventChips({ record }: { record: WebhookRecord }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {record.events.map((event) => (
        <Chip key={event} size="small" variant="outlined" label={translate(eventLabel(event))} title={event} />
      ))}
    </Stack>
  );
}

/** Enabled or disabled, as a chip. */
function EnabledChip({ record }: { record: WebhookRecord }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={record.enabled ? 'success' : 'default'}
      label={translate(record.enabled ? 'app.webhooks.enabled' : 'app.webhooks.disabled')}
    />
  );
}

/** Link to the endpoint's deliveries. */
function DeliveriesLink({ record }: { record: WebhookRecord }) {
  const translate = useTranslate();
  const filter = encodeURIComponent(JSON.stringify({ endpointId: record.id }));
  return (
    <Link to={`/webhook-deliveries?filter=${filter}`} onClick={(event) => event.stopPropagation()}>
      {translate('app.webhooks.see_deliveries')}
    </Link>
  );
}

/** List of webhook endpoints, newest first (secrets are never shown again after creation). */
export default function WebhookList() {
  const translate = useTranslate();
  return (
    <List
      title="app.menu.webhooks"
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={filters}
      exporter={false}
      actions={<CreateListActions />}
      empty={<ListEmpty message="app.webhooks.empty" icon={<WebhookIcon />} />}
    >
      <ResponsiveList
        compact={
          <SimpleList<WebhookRecord>
            linkType="edit"
            primaryText={(r) => r.url}
            secondaryText={(r) => r.events.map((e) => translate(eventLabel(e))).join(', ')}
            tertiaryText={(r) => translate(r.enabled ? 'app.webhooks.enabled' : 'app.webhooks.disabled')}
          />
        }
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="url" />
          <TextField source="description" sortable={false} />
          <FunctionField<WebhookRecord> source="events" sortable={false} render={(r) => <EventChips record={r} />} />
          <FunctionField<WebhookRecord> source="enabled" render={(r) => <EnabledChip record={r} />} />
          <InstantField source="createdAt" />
          <FunctionField<WebhookRecord> label="app.webhooks.deliveries" render={(r) => <DeliveriesLink record={r} />} />
        </Datagrid>
      </ResponsiveList>
    </List>
  );
}
