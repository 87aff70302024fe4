/** zod schema of the login form; messages are i18n keys. */
import { z } from 'zod';
import { emailField } from './account-fields';

/** Login form: e-mail, password, remember me (token cookie for 365 days, else a session cookie). */
export const loginSchema = z.object({
  email: emailField(),
  password: z.string().min(1, 'validation.password_required').max(1024, 'validation.too_long'),
  remember: z.boolean(),
});

/** Values of the login form. */
export type LoginValues = z.infer<typeof loginSchema>;
