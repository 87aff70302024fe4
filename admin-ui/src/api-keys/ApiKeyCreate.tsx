/**
 * Create an API key (POST /api/admin/api-keys; audited by the server): name, scopes and an optional
 * expiry in the admin's time zone. The server answers the key once: it is shown in a dialog with a
 * copy button and a warning that it cannot be shown again; closing the dialog opens the list.
 */
import { useState } from 'react';
import { CheckboxGroupInput, Create, SimpleForm, TextInput, useRedirect } from 'react-admin';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { LocalDateTimeInput } from '../common/LocalDateTimeInput';
import { ShownOnceDialog } from '../common/ShownOnceDialog';
import { NAME_MAX, toApiKeyPayload, validateApiKey, type ApiKeyFormValues } from './apiKey';
import { API_KEY_SCOPES, type CreatedApiKeyRecord } from './types';

const SCOPE_CHOICES = API_KEY_SCOPES.map((scope) => ({ id: scope, name: `app.api_keys.scope.${scope.replace(':', '_')}` }));

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
        <ShownOnceDialog
          value={created.key}
          messages="api_keys"
          title="app.api_keys.created_title"
          titleArgs={{ name: created.name }}
          label="app.api_keys.key"
          help="app.api_keys.usage_help"
          testId="new-api-key"
          onClose={() => {
            setCreated(null);
            redirect('list', 'api-keys');
          }}
        />
      )}
    </>
  );
}
