/**
 * Edit one decision letter template: subject and body (plain text; blank lines make paragraphs) with the
 * merge fields listed. The server refuses an unknown merge field (422), shown under the field.
 */
import { Edit, required, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';
import { MERGE_FIELDS } from './types';

/** Edit page. */
export default function DecisionTemplateEdit() {
  const translate = useTranslate();
  return (
    <Edit mutationMode="pessimistic">
      <SimpleForm>
        <Typography variant="body2" gutterBottom>
          {translate('app.decisions.templates.help', { fields: MERGE_FIELDS.map((f) => `{{${f}}}`).join(' ') })}
        </Typography>
        <TextInput source="subject" validate={required()} fullWidth />
        <TextInput source="body" validate={required()} multiline minRows={10} fullWidth />
      </SimpleForm>
    </Edit>
  );
}
