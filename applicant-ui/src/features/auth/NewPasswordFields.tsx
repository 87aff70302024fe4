/**
 * The "new password" pair of the register and set-new-password forms: the password (8–1024
 * characters, with the length hint) and its confirmation, both `autocomplete="new-password"`.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../shared/ui/form-fields';

/** Props of {@link NewPasswordFields}: react-hook-form registrations, translated labels and errors. */
export interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  labels: { password: string; confirmation: string };
  /** Already translated error texts (see `fieldErrorText`). */
  errors: { password?: string; confirmation?: string };
}

/** Two labelled password inputs: the new password and its confirmation. */
export function NewPasswordFields({ password, confirmation, labels, errors }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={labels.password}
        type="password"
        autoComplete="new-password"
        required
        hint={t('register.password_hint')}
        error={errors.password}
        {...password}
      />
      <TextField
        label={labels.confirmation}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmation}
        {...confirmation}
      />
    </>
  );
}
