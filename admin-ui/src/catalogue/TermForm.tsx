/**
 * The term form shared by create and edit (issue 25): its key (the applications' `semesterApplied`), its
 * name in English, Spanish and Simplified Chinese, its first day of classes and, on edit, whether it is
 * archived. Validated on the client as on the server; server errors land on the fields too.
 */
import type { ReactElement } from 'react';
import { BooleanInput, DateInput, SimpleForm, TextInput } from 'react-admin';
import { FormHeading, LocalizedTextInputs } from './FormParts';
import { KEY_MAX, validateTerm } from './term';

const inputSx = { width: { xs: '100%', sm: 320 } };

/** Props of {@link TermForm}. */
export interface TermFormProps {
  toolbar?: ReactElement | false;
  /** Show the archive switch (edit only). */
  archive?: boolean;
}

/** The form. */
export function TermForm({ toolbar, archive = false }: TermFormProps) {
  return (
    <SimpleForm
      validate={validateTerm as (values: Record<string, unknown>) => Record<string, unknown>}
      toolbar={toolbar}
      warnWhenUnsavedChanges
      defaultValues={{ archived: false }}
    >
      <TextInput
        source="key"
        helperText="app.terms.key_help"
        sx={inputSx}
        slotProps={{ htmlInput: { maxLength: KEY_MAX, spellCheck: false } }}
      />
      <DateInput source="startsOn" helperText="app.terms.starts_on_help" sx={inputSx} />
      <FormHeading label="app.terms.section.names" />
      <LocalizedTextInputs source="labels" label="resources.terms.fields.label" helperText="app.terms.labels_help" />
      {archive && <BooleanInput source="archived" helperText="app.terms.archived_help" />}
    </SimpleForm>
  );
}
