/**
 * Create an API key (POST /api/admin/api-keys; audited by the server): name, scopes and an optional
 * expiry in the admin's time zone. The server answers the key once: it is shown in a dialog with a
 * copy button and a warning that it cannot be shown again; closing the dialog opens the list.
 */
import { useState } from 'react';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Dialog, DialogActions, DialogContent, DialogTitle, TextField as MuiTextField } from '@mui/material';
import { Button, CheckboxGroupInput, Create, SimpleForm, TextInput, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { LocalDateTimeInput } from '../common/LocalDateTimeInput';
import { NAME_MAX, toApiKeyPayload, validateApiKey, type ApiKeyFormValues } from './apiKey';
import { API_KEY_SCOPES, type CreatedApiKeyRecord } from './types';

const SCOPE_CHOICES = API_KEY_SCOPES.map((scope) => ({ id: scope, name: `app.api_keys.scope.${scope.replace(':', '_')}` }));

/** The dialog that shows a new key once. */
function NewKeyDialog({ created, onClose }: { created: CreatedApiKeyRecord; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = () => {
    void navigator.clipboard
      ?.writeText(created.key)
      .then(() => notify('app.api_keys.copied', { type: 'info' }))
      .catch(() => notify('app.api_keys.copy_failed', { type: 'warning' }));
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="new-api-key-title" maxWidth="sm" fullWidth>
      <DialogTitle id="new-api-key-title">{translate('app.api_keys.created_title', { name: created.name })}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('app.api_keys.shown_once')}
        </Alert>
        <MuiTextField
          value={created.key}
          label={translate('app.api_keys.key')}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, 'data-testid': 'new-api-key' } }}
          onFocus={(event) => event.target.select()}
        />
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('app.api_keys.usage_help')}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button label="app.api_keys.copy" onClick={copy}>
          <ContentCopyIcon />
        </Button>
        <Button label="app.api_keys.done" variant="contained" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
}

/** Create view (pessimistic: a refused field comes back as a field error). */
export default function ApiKeyCreate() {
  const onError = useNotifyServerError();
  const redirect = useRedirect();
  const [created, setCreated] = useState<CreatedApiKeyRecord | null>(null);
  return (
    <>
      <Create transform={toApiKeyPayload} mutationOptions={{ onError, onSuccess: (data: CreatedApiKeyRecord) => setCreated(data) }}>
        <SimpleForm
          validate={validateApiKey as (values: Record<string, unknown>) => Record<string, string>}
          defaultValues={{ scopes: ['applications:read'] } satisfies ApiKeyFormValues}
        >
          <TextInput
            source="name"
            helperText="app.api_keys.name_help"
            sx={{ width: { xs: '100%', sm: 320 } }}
            slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
          />
          <CheckboxGroupInput source="scopes" choices={SCOPE_CHOICES} row={false} helperText="app.api_keys.scopes_help" />
          <LocalDateTimeInput source="expiresAt" helperText="app.api_keys.expires_help" />
        </SimpleForm>
      </Create>
      {created && (
        <NewKeyDialog
          created={created}
          onClose={() => {
            setCreated(null);
            redirect('list', 'api-keys');
          }}
        />
      )}
    </>
  );
}
