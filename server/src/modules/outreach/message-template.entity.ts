import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { Locale } from '../../common/i18n/i18n.service.js';

/** Kinds of message (issue 30 item 2): transactional messages are always sent, marketing ones respect preferences. */
export const MESSAGE_KINDS = ['transactional', 'marketing'] as const;
/** One of {@link MESSAGE_KINDS}. */
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A message's subject and body in one language (sandboxed Handlebars, see `message-variables.ts`). */
export interface LocalizedMessage {
  subject: string;
  body: string;
}

/**
 * A message template (table `outreach_templates`, migration 1764220000000; issue 30 item 2): a stable
 * `key`, a `kind`, and the subject and plain-text body in each of the portal's languages.
 */
@Entity('outreach_templates')
export class MessageTemplate {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** Stable key, `[a-z0-9][a-z0-9-]{0,59}` (e.g. `idle-draft-reminder`), unique. */
  @Column('text') key: string;
  /** What the office calls it in the console. */
  @Column('text') name: string;
  @Column('text') kind: MessageKind;
  /** en, es and zh-CN, each with subject and body. */
  @Column('jsonb') content: Record<Locale, LocalizedMessage>;
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy: string | null;
  @Column('uuid', { name: 'updated_by', nullable: true }) updatedBy: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
