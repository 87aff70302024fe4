/**
 * The deadline form shared by create and edit (issue 15): semester and field of interest from the
 * catalogue (labels in the admin's language; an empty field means the whole semester), and the deadline
 * entered as a local date and time in the admin's own time zone (named beside the field), sent as UTC.
 * Server errors (422 on a field, 409 DDL-409) come back through the notifier.
 */
import type { ReactElement } from 'react';
import { required, SelectInput, SimpleForm } from 'react-admin';
import { useRemoteChoices } from '../applications/choices';
import { LocalDateTimeInput } from '../common/LocalDateTimeInput';

const inputSx = { width: { xs: '100%', sm: 320 } };

/** The form; `toolbar` is passed through to SimpleForm. */
export function DeadlineForm({ toolbar }: { toolbar?: ReactElement | false }) {
  const choices = useRemoteChoices();
  return (
    <SimpleForm toolbar={toolbar} warnWhenUnsavedChanges>
      <SelectInput source="semester" choices={choices.semesters} validate={required()} sx={inputSx} />
      <SelectInput
        source="fieldOfInterest"
        choices={choices.programs}
        emptyText="app.deadlines.whole_semester"
        helperText="app.deadlines.field_help"
        parse={(v: string) => v || null}
        sx={inputSx}
      />
      <LocalDateTimeInput source="deadlineAt" validate={required()} />
    </SimpleForm>
  );
}
