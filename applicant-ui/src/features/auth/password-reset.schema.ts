/** zod schema of the /password/reset/:token form (set a new password); messages are i18n keys. */
import { z } from 'zod';
import { emailField, newPasswordField, withConfirmation } from './account-fields';

/** The account's e-mail (prefilled from the link), the new password (8–1024) and its confirmation. */
export const passwordResetSchema = withConfirmation(
  z.object({
    email: emailField(),
    password: newPasswordField(),
    password_confirmation: z.string().min(1, 'validation.password_confirmation_required'),
  }),
);

/** Values of the set-new-password form. */
export type PasswordResetValues = z.infer<typeof passwordResetSchema>;
