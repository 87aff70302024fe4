import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * The automatic reminders (issue 30 item 3), an allow-list; each rule's N `days`:
 * - `draft_idle` — a draft unchanged for N days (once per idle period: a change starts a new one);
 * - `fee_unpaid` — certified N days ago and the application fee still not paid or waived;
 * - `document_missing` — a required document still awaited N days (or fewer) before the round's deadline;
 * - `recommender_unanswered` — a recommendation request unanswered for N days;
 * - `reply_deadline` — a released decision that asks for a reply, not replied, N days (or fewer) before its deadline.
 */
export const RULE_KINDS = ['draft_idle', 'fee_unpaid', 'document_missing', 'recommender_unanswered', 'reply_deadline'] as const;
/** One of {@link RULE_KINDS}. */
export type RuleKind = (typeof RULE_KINDS)[number];

/**
 * One automatic reminder rule (table `outreach_rules`, migration 1764230000000; issue 30 item 3): one row per
 * kind, seeded off with a default template.
 */
@Entity('outreach_rules')
export class OutreachRule {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') kind: RuleKind;
  @Column('boolean') enabled: boolean;
  /** N (1–365): days idle, after certification, before the deadline, or since the request (see {@link RULE_KINDS}). */
  @Column('integer') days: number;
  @Column('uuid', { name: 'template_id' }) templateId: string;
  /** K (1–20): sent only while the applicant received fewer than K reminders (any rule) in the last 7 days. */
  @Column('integer', { name: 'weekly_cap' }) weeklyCap: number;
  @Column('uuid', { name: 'updated_by', nullable: true }) updatedBy: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
