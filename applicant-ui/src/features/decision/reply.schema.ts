/** zod schema of the reply form (issue 29 item 1); messages are i18n keys. Mirrors the server's ReplyDto. */
import { z } from 'zod';

/** Longest "where will you attend instead" (characters). */
export const ATTENDING_INSTEAD_MAX = 200;
/** Longest reason for a deferral (characters). */
export const DEFERRAL_NOTE_MAX = 1000;

/** The form's values: the choice and the fields the choice asks for. */
export const replySchema = z
  .object({
    choice: z.enum(['accept', 'decline', 'defer', 'stay', 'withdraw'], { message: 'reply.errors.choice' }),
    reason: z.string(),
    attendingInstead: z.string().max(ATTENDING_INSTEAD_MAX, { message: 'reply.errors.attending_instead' }),
    deferTo: z.string(),
    deferralNote: z.string().max(DEFERRAL_NOTE_MAX, { message: 'reply.errors.deferral_note' }),
  })
  .superRefine((values, ctx) => {
    if (values.choice === 'decline' && !values.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'reply.errors.reason' });
    if (values.choice === 'defer' && !values.deferTo) ctx.addIssue({ code: 'custom', path: ['deferTo'], message: 'reply.errors.defer_to' });
    if (values.choice === 'defer' && !values.deferralNote.trim())
      ctx.addIssue({ code: 'custom', path: ['deferralNote'], message: 'reply.errors.deferral_note' });
  });

/** Values of the reply form. */
export type ReplyValues = z.infer<typeof replySchema>;
