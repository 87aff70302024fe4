/**
 * The message-template form shared by create and edit (issue 30 item 2): key, name and kind on the first
 * tab, then one tab per language (English, Spanish, Chinese) with its subject and plain-text body; the
 * allowed variables listed. Every language is required (the server refuses a template without one), and a
 * variable outside the list comes back from the server as an error on its field.
 */
import { Alert, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { SelectInput, TabbedForm, TextInput, regex, required, useTranslate } from 'react-admin';
import { MESSAGE_KINDS, MESSAGE_VARIABLES, TEMPLATE_LOCALES } from './outreach';

const KIND_CHOICES = MESSAGE_KINDS.map((kind) => ({ id: kind, name: `app.outreach.templates.kind.${kind}` }));
const wide = { width: { xs: '100%', md: 720 } };

/** The form; `toolbar` is passed through to TabbedForm. */
export function MessageTemplateForm({ toolbar }: { toolbar?: ReactElement | false }) {
  const translate = useTranslate();
  const variables = MESSAGE_VARIABLES.map((v) => `{{${v}}}`).join(' ');
  return (
    <TabbedForm toolbar={toolbar} warnWhenUnsavedChanges defaultValues={{ kind: 'transactional' }}>
      <TabbedForm.Tab label="app.outreach.templates.tab_general">
        <TextInput
          source="key"
          validate={[required(), regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'app.outreach.templates.key_format')]}
          helperText="app.outreach.templates.key_help"
          sx={{ width: { xs: '100%', sm: 360 } }}
          slotProps={{ htmlInput: { spellCheck: false, maxLength: 60 } }}
        />
        <TextInput
          source="name"
          validate={required()}
          sx={{ width: { xs: '100%', sm: 480 } }}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <SelectInput source="kind" choices={KIND_CHOICES} validate={required()} sx={{ width: { xs: '100%', sm: 360 } }} />
        <Alert severity="info" sx={{ maxWidth: 720 }}>
          {translate('app.outreach.templates.kind_help')}
        </Alert>
      </TabbedForm.Tab>
      {TEMPLATE_LOCALES.map((locale) => (
        <TabbedForm.Tab key={locale} label={translate(`app.decisions.locales.${locale}`)} path={locale}>
          <Typography variant="body2" gutterBottom sx={{ maxWidth: 720 }}>
            {translate('app.outreach.templates.variables_help', { variables })}
          </Typography>
          <TextInput
            source={`content.${locale}.subject`}
            label="resources.message-templates.fields.subject"
            validate={required()}
            sx={wide}
            slotProps={{ htmlInput: { maxLength: 200, lang: locale } }}
          />
          <TextInput
            source={`content.${locale}.body`}
            label="resources.message-templates.fields.body"
            validate={required()}
            multiline
            minRows={10}
            sx={wide}
            slotProps={{ htmlInput: { maxLength: 20000, lang: locale } }}
          />
        </TabbedForm.Tab>
      ))}
    </TabbedForm>
  );
}
