/**
 * Register a webhook endpoint (POST /api/admin/webhooks; audited by the server). The server answers the
 * signing secret once: it is shown in a dialog with a copy button and a warning that it cannot be shown
 * again; closing the dialog opens the list.
 */
import { useState } from 'react';
import { Create, SimpleForm, useRedirect } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { ShownOnceDialog } from '../common/ShownOnceDialog';
import { toWebhookPayload, validateWebhook, type WebhookFormValues } from './webhook';
import { WebhookFormFields } from './WebhookFormFields';
import type { CreatedWebhookRecord } from './types';

/** Create view (pessimistic: a refused field comes back as a field error). */
export default function WebhookCreate() {
  const onError = useNotifyServerError();
  const redirect = useRedirect();
  const [created, setCreated] = useState<CreatedWebhookRecord | null>(null);
  return (
    <>
      <Create transform={toWebhookPayload} mutationOptions={{ onError, onSuccess: (data: CreatedWebhookRecord) => setCreated(data) }}>
        <SimpleForm
          validate={validateWebhook as (values: Record<string, unknown>) => Record<string, string>}
          defaultValues={{ events: ['application.submitted'], enabled: true } satisfies WebhookFormValues}
        >
          <WebhookFormFields />
        </SimpleForm>
      </Create>
      {created && (
        <ShownOnceDialog
          value={created.secret}
          messages="webhooks"
          title="app.webhooks.created_title"
          label="app.webhooks.secret"
          help="app.webhooks.secret_help"
          testId="new-webhook-secret"
          onClose={() => {
            setCreated(null);
            redirect('list', 'webhooks');
          }}
        />
      )}
    </>
  );
}
