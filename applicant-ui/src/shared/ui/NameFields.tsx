/** The given-name and family-name inputs of a form, in the order the current locale writes names (issue 11 item 4). */
import { useTranslation } from 'react-i18next';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { familyNameFirst } from '../lib/person-name';
import { TextField } from './form-fields';

/** Props of {@link PersonNameFields}. */
export interface PersonNameFieldsProps {
  /** Already translated labels. */
  labels: { given: string; family: string };
  /** Already translated error texts, if any. */
  errors: { given?: string; family?: string };
  /** react-hook-form registrations of the two inputs (wire names stay given = first, family = last). */
  given: UseFormRegisterReturn;
  family: UseFormRegisterReturn;
}

/**
 * Two required text fields, given name and family name: family name first in zh-CN (姓 before 名), else
 * given name first. DOM order = reading and tab order (no visual-only reordering).
 */
export function PersonNameFields({ labels, errors, given, family }: PersonNameFieldsProps) {
  const { i18n } = useTranslation();
  const givenField = <TextField label={labels.given} autoComplete="given-name" required error={errors.given} {...given} />;
  const familyField = <TextField label={labels.family} autoComplete="family-name" required error={errors.family} {...family} />;
  return familyNameFirst(i18n.language) ? (
    <>
      {familyField}
      {givenField}
    </>
  ) : (
    <>
      {givenField}
      {familyField}
    </>
  );
}
