/** zod schema of the /register form (docs/api.md "Accounts"); messages are i18n keys. */
import { z } from 'zod';
import { emailField, nameField, newPasswordField, withConfirmation } from './account-fields';

/** Register: first and last name, e-mail, password (8–1024) and its confirmation. */
export const registerSchema = withConfirmation(
  z.object({
    first_name: nameField(),
    last_name: nameField(),
    email: emailField(),
    password: newPasswordField(),
    password_confirmation: z.string().min(1, 'validation.password_confirmation_required'),
  }),
);

/** Values of the register form (the API's field names). */
export type RegisterValues = z.infer<typeof registerSchema>;
