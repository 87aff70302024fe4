import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { normalizeEmail, OutreachRecipient } from './outreach-recipient.entity.js';

/** What an address accepts now. */
export interface RecipientState {
  /** The normalized address. */
  email: string;
  /** Marketing messages turned off (since when); null: on. */
  marketingOptOutAt: Date | null;
  /** Suppressed after a hard bounce (since when); null: not suppressed. */
  suppressedAt: Date | null;
  /** The receiving server's answer that suppressed it. */
  suppressedDetail: string | null;
}

/**
 * Recipients' preferences and suppression (issue 30 item 5), keyed by normalized address (table
 * `outreach_recipients`): the marketing opt-out (one-click unsubscribe, the preferences page) and the
 * suppression after a hard bounce, which lasts until the address is verified again
 * (`EmailVerificationService.verify` calls {@link clearSuppression}). Kept in a module of its own
 * (`OutreachRecipientsModule`, no other dependency) so that the accounts module can use it.
 */
@Injectable()
export class RecipientsService {
  constructor(@InjectRepository(OutreachRecipient) private readonly recipients: Repository<OutreachRecipient>) {}

  /** The state of `email` (an address without a row accepts everything). */
  async state(email: string, manager?: EntityManager): Promise<RecipientState> {
    const key = normalizeEmail(email);
    const row = await (manager?.getRepository(OutreachRecipient) ?? this.recipients).findOneBy({ email: key });
    return {
      email: key,
      marketingOptOutAt: row?.marketingOptOutAt ?? null,
      suppressedAt: row?.suppressedAt ?? null,
      suppressedDetail: row?.suppressedDetail ?? null,
    };
  }

  /** True when nothing may be sent to `email` (hard bounce, not verified again since). */
  async isSuppressed(email: string): Promise<boolean> {
    return (await this.state(email)).suppressedAt !== null;
  }

  /**
   * Suppresses `email` after a hard bounce: every later message to it is recorded `suppressed` and not sent.
   * Also the entry point for bounces reported later (a DSN, a mail provider's webhook).
   * @param detail the server's answer (at most 500 characters kept)
   */
  async suppress(email: string, detail: string): Promise<void> {
    await this.recipients.query(
      `INSERT INTO outreach_recipients (email, suppressed_at, suppressed_reason, suppressed_detail, updated_at)
       VALUES ($1, now(), 'hard-bounce', $2, now())
       ON CONFLICT (email) DO UPDATE SET suppressed_at = coalesce(outreach_recipients.suppressed_at, now()),
         suppressed_reason = 'hard-bounce', suppressed_detail = EXCLUDED.suppressed_detail, updated_at = now()`,
      [normalizeEmail(email), detail.slice(0, 500)],
    );
  }

  /**
   * Lifts the suppression of `email` (the address was verified again, or an admin vouched for it).
   * @returns whether it was suppressed
   */
  async clearSuppression(email: string): Promise<boolean> {
    const [, affected] = (await this.recipients.query(
      `UPDATE outreach_recipients SET suppressed_at = NULL, suppressed_reason = NULL, suppressed_detail = NULL, updated_at = now()
        WHERE email = $1 AND suppressed_at IS NOT NULL`,
      [normalizeEmail(email)],
    )) as [unknown, number];
    return affected > 0;
  }

  /**
   * Turns marketing messages off or on for `email`. Idempotent: turning off an address already off keeps
   * the first time and message.
   * @param messageId the message whose link was used (bigint as a string), when turning off
   */
  async setMarketing(email: string, receive: boolean, messageId: string | null = null): Promise<RecipientState> {
    if (receive)
      await this.recipients.query(
        `UPDATE outreach_recipients SET marketing_opt_out_at = NULL, opt_out_message_id = NULL, updated_at = now() WHERE email = $1`,
        [normalizeEmail(email)],
      );
    else
      await this.recipients.query(
        `INSERT INTO outreach_recipients (email, marketing_opt_out_at, opt_out_message_id, updated_at) VALUES ($1, now(), $2, now())
         ON CONFLICT (email) DO UPDATE SET
           opt_out_message_id = CASE WHEN outreach_recipients.marketing_opt_out_at IS NULL THEN EXCLUDED.opt_out_message_id
                                     ELSE outreach_recipients.opt_out_message_id END,
           marketing_opt_out_at = coalesce(outreach_recipients.marketing_opt_out_at, now()), updated_at = now()`,
        [normalizeEmail(email), messageId],
      );
    return this.state(email);
  }
}
