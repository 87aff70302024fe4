/** zod schema of the /continue form (an e-mail address); messages are i18n keys. */
import { z } from 'zod';

/** The address to send fresh continue links to. */
export const continueSchema = z.object({
  email: z.string().trim().min(1, 'validation.email_required').max(254, 'validation.too_long').email('validation.email'),
});

/** Values of the continue form. */
export type ContinueValues = z.infer<typeof continueSchema>;
