/** zod schema of the "Start application" form on the welcome page; messages are i18n keys. */
import { z } from 'zod';

/** Applicant's name and e-mail to start an application. */
export const startApplicationSchema = z.object({
  firstName: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
  lastName: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
  email: z.string().trim().min(1, 'validation.required').max(254, 'validation.too_long').email('validation.email'),
});

/** Values of the start form. */
export type StartApplicationValues = z.infer<typeof startApplicationSchema>;
