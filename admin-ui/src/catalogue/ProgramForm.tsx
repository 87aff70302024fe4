/**
 * The program form shared by create and edit (issue 25): who it is for (gender), its stored name (the
 * applications' `fieldOfInterest`) and group; its name and popup title in English, Spanish and Simplified
 * Chinese; the popup's semesters and college; the form sections it asks for (checkboxes); its order; and,
 * on edit, whether it is archived. Validated on the client as on the server; server errors land on the
 * fields too.
 */
import type { ReactElement } from 'react';
import { BooleanInput, CheckboxGroupInput, NumberInput, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { FormHeading, LocalizedTextInputs } from './FormParts';
import { COLLEGE_MAX, flagsToList, listToFlags, NAME_MAX, validateProgram } from './program';
import { FLAG_CHOICES, GENDER_CHOICES, GROUP_CHOICES } from './useCatalogueText';

const inputSx = { width: { xs: '100%', sm: 320 } };

/** Props of {@link ProgramForm}. */
export interface ProgramFormProps {
  toolbar?: ReactElement | false;
  /** Show the archive switch (edit only: a new program is not archived). */
  archive?: boolean;
}

/** The form. */
export function ProgramForm({ toolbar, archive = false }: ProgramFormProps) {
  return (
    <SimpleForm
      validate={validateProgram as (values: Record<string, unknown>) => Record<string, unknown>}
      toolbar={toolbar}
      warnWhenUnsavedChanges
      defaultValues={{ sortOrder: 0, archived: false, flags: listToFlags([]) }}
    >
      <FormHeading label="app.programs.section.program" />
      <SelectInput source="gender" choices={GENDER_CHOICES} helperText="app.programs.gender_help" sx={inputSx} />
      <TextInput
        source="name"
        helperText="app.programs.name_help"
        sx={inputSx}
        slotProps={{ htmlInput: { maxLength: NAME_MAX, spellCheck: false } }}
      />
      <SelectInput source="program" choices={GROUP_CHOICES} sx={inputSx} />

      <FormHeading label="app.programs.section.names" />
      <LocalizedTextInputs source="labels" label="resources.programs.fields.label" helperText="app.programs.labels_help" />

      <FormHeading label="app.programs.section.popup" />
      <LocalizedTextInputs source="titles" label="app.programs.popup_title" helperText="app.programs.titles_help" />
      <NumberInput source="semesters" step="any" helperText="app.programs.semesters_help" sx={inputSx} />
      <TextInput
        source="college"
        helperText="app.programs.college_help"
        fullWidth
        sx={{ maxWidth: 640 }}
        slotProps={{ htmlInput: { maxLength: COLLEGE_MAX } }}
      />

      <FormHeading label="app.programs.section.form" />
      <CheckboxGroupInput
        source="flags"
        choices={FLAG_CHOICES}
        format={flagsToList}
        parse={listToFlags}
        helperText="app.programs.flags_help"
      />

      <FormHeading label="app.programs.section.listing" />
      <NumberInput source="sortOrder" step="any" helperText="app.programs.sort_order_help" sx={inputSx} />
      {archive && <BooleanInput source="archived" helperText="app.programs.archived_help" />}
    </SimpleForm>
  );
}
