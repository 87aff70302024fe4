/**
 * Edit one decision letter template: subject and body (plain text; blank lines make paragraphs) with the
 * merge fields listed. Pessimistic, so the server's refusal of an unknown merge field (422) shows under
 * the field and in a notification. Templates are never deleted (one per decision and language).
 */
import { Edit, required, SaveButton, SimpleForm, TextInput, Toolbar, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { useNotifyServerError } from '../api/useNotifyServerError';
import { MERGE_FIELDS, toTemplatePayload } from './types';

/** Save only: there is nothing to delete. */
function TemplateToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}

/** Edit page. */
export default function DecisionTemplateEdit() {
  const translate = useTranslate();
  const onError = useNotifyServerError();
  return (
    <Edit mutationMode="pessimistic" redirect="list" transform={toTemplatePayload} mutationOptions={{ onError }}>
      <SimpleForm toolbar={<TemplateToolbar />}>
        <Typography variant="body2" gutterBottom>
          {translate('app.decisions.templates.help', { fields: MERGE_FIELDS.map((f) => `{{${f}}}`).join(' ') })}
        </Typography>
        <TextInput source="subject" validate={required()} fullWidth />
        <TextInput source="body" validate={required()} multiline minRows={10} fullWidth />
      </SimpleForm>
    </Edit>
  );
}
