/**
 * The fields of the webhook endpoint form, shared by create and edit: URL, description, events
 * (checkboxes, each with its event name) and the enabled switch.
 */
import { BooleanInput, CheckboxGroupInput, TextInput } from 'react-admin';
import { DESCRIPTION_MAX, URL_MAX } from './webhook';
import { WEBHOOK_EVENTS } from './types';

const EVENT_CHOICES = WEBHOOK_EVENTS.map((event) => ({ id: event, name: `app.webhooks.event.${event.replace('.', '_')}` }));

/** URL, description, events, enabled. */
export function WebhookFormFields() {
  return (
    <>
      <TextInput
        source="url"
        type="url"
        helperText="app.webhooks.url_help"
        sx={{ width: { xs: '100%', sm: 480 } }}
        slotProps={{ htmlInput: { maxLength: URL_MAX, inputMode: 'url', spellCheck: false } }}
      />
      <TextInput
        source="description"
        helperText="app.webhooks.description_help"
        sx={{ width: { xs: '100%', sm: 480 } }}
        slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
      />
      <CheckboxGroupInput source="events" choices={EVENT_CHOICES} row={false} helperText="app.webhooks.events_help" />
      <BooleanInput source="enabled" helperText="app.webhooks.enabled_help" />
    </>
  );
}

/** The event's readable name key. */
export const eventLabel = (event: string) => `app.webhooks.event.${event.replace('.', '_')}`;
