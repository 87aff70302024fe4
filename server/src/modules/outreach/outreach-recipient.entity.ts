import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Why an address is suppressed: a hard bounce (the receiving server refused it with an SMTP 5xx). */
export type SuppressionReason = 'hard-bounce';

/**
 * What one e-mail address accepts (table `outreach_recipients`, migration 1764220000000; issue 30 item 5),
 * keyed by the normalized address ({@link normalizeEmail}): the marketing opt-out and the hard-bounce
 * suppression. No row: the address takes every message.
 */
@Entity('outreach_recipients')
export class OutreachRecipient {
  /** Trimmed, lower-case address. */
  @PrimaryColumn('text') email: string;
  /** When the recipient turned marketing messages off (one-click or the preferences page); null: on. */
  @Column('timestamptz', { name: 'marketing_opt_out_at', nullable: true }) marketingOptOutAt: Date | null;
  /** The message whose link turned them off (bigint as a string). */
  @Column('bigint', { name: 'opt_out_message_id', nullable: true }) optOutMessageId: string | null;
  /** Since when nothing is sent to the address (hard bounce); null: not suppressed. Cleared when it is verified again. */
  @Column('timestamptz', { name: 'suppressed_at', nullable: true }) suppressedAt: Date | null;
  @Column('text', { name: 'suppressed_reason', nullable: true }) suppressedReason: SuppressionReason | null;
  /** The receiving server's answer (e.g. `550 5.1.1 user unknown`), at most 500 characters. */
  @Column('text', { name: 'suppressed_detail', nullable: true }) suppressedDetail: string | null;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}

/** The form in which addresses are keyed: trimmed and lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * {@link normalizeEmail} in SQL, for a text `expression` (a join on `outreach_recipients.email`): the same rule,
 * trimmed of whitespace and lower-cased (the database's `lower`, which agrees with JavaScript's on every ASCII
 * address; the portal's addresses pass class-validator's `IsEmail`).
 */
export function normalizedEmailSql(expression: string): string {
  return `lower(btrim(${expression}, E' \\t\\n\\r\\f\\v'))`;
}
