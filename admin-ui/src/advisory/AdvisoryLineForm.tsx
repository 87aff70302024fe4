/**
 * The advisory-line form shared by create and edit: the line in English, Spanish and Simplified
 * Chinese (each required, up to 500 characters), its order, whether it is active and until when it
 * shows (the admin's own time zone).
 */
import type { ReactElement } from 'react';
import { BooleanInput, NumberInput, SimpleForm, TextInput } from 'react-admin';
import { LocalDateTimeInput } from '../common/LocalDateTimeInput';
import { TEXT_FIELDS, TEXT_MAX, validateAdvisoryLine } from './advisoryLine';

const LANG: Record<(typeof TEXT_FIELDS)[number], string> = { textEn: 'en', textEs: 'es', textZhCn: 'zh-CN' };

/** The form; `toolbar` is passed through to SimpleForm. */
export function AdvisoryLineForm({ toolbar }: { toolbar?: ReactElement | false }) {
  return (
    <SimpleForm
      validate={validateAdvisoryLine as (values: Record<string, unknown>) => Record<string, unknown>}
      toolbar={toolbar}
      warnWhenUnsavedChanges
      defaultValues={{ sortOrder: 0, active: true }}
    >
      {TEXT_FIELDS.map((field) => (
        <TextInput
          key={field}
          source={field}
          multiline
          minRows={2}
          fullWidth
          sx={{ maxWidth: 720 }}
          slotProps={{ htmlInput: { maxLength: TEXT_MAX, lang: LANG[field] } }}
        />
      ))}
      <NumberInput source="sortOrder" step="any" helperText="app.advisory.sort_order_help" sx={{ width: { xs: '100%', sm: 200 } }} />
      <BooleanInput source="active" />
      <LocalDateTimeInput source="showUntil" helperText="app.advisory.show_until_help" />
    </SimpleForm>
  );
}
