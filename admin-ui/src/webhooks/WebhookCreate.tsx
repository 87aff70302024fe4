/**
 * Register a webhook endpoint (POST /api/admin/webhooks; audited by the server). The server answers the
 * signing secret once: it is shown in a dialog with a copy button and a warning that it cannot be shown
 * again; closing the dialog opens the list.
 */
import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { Button, Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { toWebhookPayload, validateWebhook, type WebhookFormValues } from './webhook';
import { WebhookFormFields } from './WebhookFormFields';
import type { CreatedWebhookRecord } from './types';

/** The dialog that shows a new endpoint's secret once. */
function NewSecretDialog({ created, onClose }: { created: CreatedWebhookRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () => {
    void navigator.clipboard
      ?.writeText(created.secret)
      .then(() => notify('app.webhooks.copied', { type: 'info' }))
      .catch(() => notify('app.webhooks.copy_failed', { type: 'warning' }));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="new-webhook-title" maxWidth="sm" fullWidth>
      <DialogTitle id="new-webhook-title">{translate('app.webhooks.created_title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.webhooks.shown_once')}
        </Alert>
        <MuiTextField
          value={created.secret}
          label={translate('app.webhooks.secret')}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'new-webhook-secret' } }}
          onFocus={(event) => event.target.select()}
        />
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('app.webhooks.secret_help')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button label="app.webhooks.copy" onClick={copy}>
          <ContentCopyIcon />
        </Button>
        <Button label="app.webhooks.done" variant="contained" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}

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
        <NewSecretDialog
          created={created}
          onClose={() => {
            setCreated(null);
            redirect('list', 'webhooks');
          }}
        />
      )}
    </>
  );
}
