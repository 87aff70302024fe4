/**
 * The review criterion form (issue 15 item 2): its label in English, Spanish and Simplified Chinese, its
 * place in the order, and whether readers rate it (archiving keeps the ratings already given).
 */
import {
  BooleanInput,
  NumberInput,
  SimpleForm,
  TextInput,
  maxLength,
  minValue,
  maxValue,
  number,
  required,
  type SimpleFormProps,
} from 'react-admin';

const labelValidation = [required(), maxLength(100)];
const positionValidation = [number(), minValue(0), maxValue(1000)];

/** The form (used by create and edit). */
export function ReviewCriterionForm(props: Omit<SimpleFormProps, 'children'>) {
  return (
    <SimpleForm {...props} warnWhenUnsavedChanges>
      <TextInput source="labelEn" validate={labelValidation} sx={{ width: { xs: '100%', sm: 420 } }} />
      <TextInput source="labelEs" validate={labelValidation} sx={{ width: { xs: '100%', sm: 420 } }} />
      <TextInput source="labelZhCn" validate={labelValidation} sx={{ width: { xs: '100%', sm: 420 } }} />
      <NumberInput source="position" validate={positionValidation} />
      <BooleanInput source="active" helperText="app.reviews.active_help" />
    </SimpleForm>
  );
}
