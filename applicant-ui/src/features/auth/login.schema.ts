/** zod schema of the login form; messages are i18n keys. */
import { z } from 'zod';

/** Login form: e-mail, password, remember me. */
export const loginSchema = z.object({
  email: z.string().trim().min(1, 'validation.required').email('validation.email'),
  password: z.string().min(1, 'validation.required'),
  remember: z.boolean(),
});

/** Values of the login form. */
export type LoginValues = z.infer<typeof loginSchema>;
