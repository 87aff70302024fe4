/** zod schema of the /password/reset form (ask for a reset link); messages are i18n keys. */
import { z } from 'zod';
import { emailField } from './account-fields';

/** The address to send the reset link to. */
export const passwordRequestSchema = z.object({ email: emailField() });

/** Values of the password reset request form. */
export type PasswordRequestValues = z.infer<typeof passwordRequestSchema>;
