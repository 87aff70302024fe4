/**
 * Edit a webhook endpoint (PUT /api/admin/webhooks/:id): URL, description, events, enabled. Disabling
 * stops its pending deliveries. Delete asks for confirmation first (DELETE removes the endpoint with its
 * delivery log). The secret is never shown again; its first characters tell it apart.
 */
import { Alert, Stack } from '@mui/material';
import { DeleteButton, Edit, SaveButton, SimpleForm, Toolbar, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toWebhookPayload, validateWebhook } from './webhook';
import { WebhookFormFields } from './WebhookFormFields';
import type { WebhookRecord } from './types';

/** Save, and delete behind a confirmation dialog. */
function EditToolbar() {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" confirmTitle="app.webhooks.delete_title" confirmContent="app.webhooks.delete_content" />
    </Toolbar>
  );
}

/** The secret's prefix and a link to this endpoint's deliveries. */
function EndpointFacts() {
  const record = useRecordContext<WebhookRecord>();
  const translate = useTranslate();
  if (!record) return null;
  const filter = encodeURIComponent(JSON.stringify({ endpointId: record.id }));
  return (
    <Stack spacing={1} sx={{ mb: 2, width: '100%' }}>
      <Alert severity="info">{translate('app.webhooks.secret_prefix', { prefix: record.secretPrefix })}</Alert>
      <Link to={`/webhook-deliveries?filter=${filter}`}>{translate('app.webhooks.see_deliveries')}</Link>
    </Stack>
  );
}

/** Edit view (pessimistic, so a refused URL shows on the field). */
export default function WebhookEdit() {
  const onError = useNotifyServerError();
  return (
    <Edit mutationMode="pessimistic" transform={toWebhookPayload} mutationOptions={{ onError }}>
      <SimpleForm validate={validateWebhook as (values: Record<string, unknown>) => Record<string, string>} toolbar={<EditToolbar />}>
        <EndpointFacts />
        <WebhookFormFields />
      </SimpleForm>
    </Edit>
  );
}
