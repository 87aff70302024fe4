import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { MessageKind } from './message-template.entity.js';

/** Where a message comes from: an automatic reminder rule, a campaign, or an admin's test send. */
export const SOURCE_KINDS = ['rule', 'campaign', 'test'] as const;
/** One of {@link SOURCE_KINDS}. */
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * Where a message stands (issue 30 item 6): `queued` claimed, not sent yet; `sent` accepted by the mail
 * server; `failed` not accepted (SMTP 4xx or no answer: retryable; another 5xx: not); `bounced` the
 * recipient's address was refused (SMTP 5xx: the address is suppressed); `suppressed` not sent by rule
 * (see {@link MessageSuppressedReason}).
 */
export const MESSAGE_STATUSES = ['queued', 'sent', 'failed', 'bounced', 'suppressed'] as const;
/** One of {@link MESSAGE_STATUSES}. */
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * Why a message was not sent: the recipient turned marketing off (`marketing-opt-out`, marketing only),
 * the address is suppressed after a hard bounce (`hard-bounce`, every kind), or the application was
 * withdrawn before the send (`withdrawn`, rules and campaigns).
 */
export const MESSAGE_SUPPRESSED_REASONS = ['marketing-opt-out', 'hard-bounce', 'withdrawn'] as const;
/** One of {@link MESSAGE_SUPPRESSED_REASONS}. */
export type MessageSuppressedReason = (typeof MESSAGE_SUPPRESSED_REASONS)[number];

/**
 * One message of the delivery log (table `outreach_messages`, migration 1764220000000; issue 30 item 6).
 * Claimed (inserted `queued`) before it is sent: a campaign's row is unique per (source_id,
 * application_id), a rule's per (source_id, application_id, stage_key).
 */
@Entity('outreach_messages')
export class OutreachMessage {
  /** bigint identity (a string in JS). */
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column('uuid', { name: 'application_id', nullable: true }) applicationId: string | null;
  /** The address it went (or was to go) to, as the application or the admin had it. */
  @Column('text') email: string;
  @Column('uuid', { name: 'template_id' }) templateId: string;
  /** The template's kind when the message was claimed. */
  @Column('text') kind: MessageKind;
  @Column('text', { name: 'source_kind' }) sourceKind: SourceKind;
  /** The rule's or campaign's id; for a test send the admin's user id. */
  @Column('uuid', { name: 'source_id', nullable: true }) sourceId: string | null;
  /** A rule's stage (e.g. `day-7`); null for campaigns and tests. */
  @Column('text', { name: 'stage_key', nullable: true }) stageKey: string | null;
  /** The language it was rendered in (set when rendered). */
  @Column('text', { nullable: true }) locale: string | null;
  /** The rendered subject (set when rendered). */
  @Column('text', { nullable: true }) subject: string | null;
  @Column('text') status: MessageStatus;
  @Column('text', { name: 'suppressed_reason', nullable: true }) suppressedReason: MessageSuppressedReason | null;
  /** The SMTP reply code of a refusal (e.g. 550, 451); null: none (sent, or no answer). */
  @Column('integer', { name: 'smtp_code', nullable: true }) smtpCode: number | null;
  /** The error or the server's answer, at most 500 characters. */
  @Column('text', { nullable: true }) error: string | null;
  /** Delivery attempts started. */
  @Column('integer') attempts: number;
  /** When the running attempt started (its lease); null: none running. */
  @Column('timestamptz', { name: 'attempted_at', nullable: true }) attemptedAt: Date | null;
  /** The Message-ID the mail server accepted. */
  @Column('text', { name: 'message_id', nullable: true }) messageId: string | null;
  /** sha256 of the marketing message's unsubscribe token; null for transactional messages. */
  @Column('text', { name: 'unsubscribe_token_hash', nullable: true }) unsubscribeTokenHash: string | null;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt: Date;
  @Column('timestamptz', { name: 'sent_at', nullable: true }) sentAt: Date | null;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt: Date;
}
