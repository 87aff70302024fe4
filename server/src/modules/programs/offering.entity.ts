import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { LocalizedText } from './term.entity.js';

/** One admission round of an offering (e.g. priority, regular, late): applications until `deadlineAt`. */
export interface AdmissionRound {
  /** Stable key, `[a-z0-9-]{1,30}` (e.g. `priority`). */
  key: string;
  labels: LocalizedText;
  /** ISO 8601 instant (UTC). */
  deadlineAt: string;
}

/**
 * A program offered in a term (table `offerings`, migration 1764160000000; issue 25): where it runs, when
 * applications are taken (`opensAt` ≤ now < `closesAt`, while `open` and not archived), its rounds and
 * its fees in integer cents — the late fee applies after `lateFeeStartsAt` (never when null). Drafts may
 * still be submitted `graceDays` days after the close. `seats`: null = no limit.
 */
@Entity('offerings')
export class Offering {
  @PrimaryGeneratedColumn() id: number;
  @Column('integer', { name: 'program_id' }) programId: number;
  @Column('integer', { name: 'term_id' }) termId: number;
  @Column('jsonb') locations: string[];
  @Column('timestamptz', { name: 'opens_at' }) opensAt: Date;
  @Column('timestamptz', { name: 'closes_at' }) closesAt: Date;
  @Column('integer', { name: 'grace_days' }) graceDays: number;
  /** Ordered by deadline. */
  @Column('jsonb') rounds: AdmissionRound[];
  @Column('integer', { name: 'application_fee_cents' }) applicationFeeCents: number;
  @Column('integer', { name: 'late_fee_cents' }) lateFeeCents: number;
  @Column('timestamptz', { name: 'late_fee_starts_at', nullable: true }) lateFeeStartsAt: Date | null;
  @Column('integer', { nullable: true }) seats: number | null;
  @Column('boolean') open: boolean;
  /** The reply deadline given to applicants whose decision is released (issue 29; UTC); null: none. */
  @Column('timestamptz', { name: 'reply_deadline_at', nullable: true }) replyDeadlineAt: Date | null;
  /** Whether admitted applicants of this program may ask to start in this offering instead (a deferral). */
  @Column('boolean', { name: 'accepts_deferrals' }) acceptsDeferrals: boolean;
  /** The enrollment deposit an admitted applicant pays after accepting, integer cents (issue 29 item 2); null or 0: none. */
  @Column('integer', { name: 'deposit_cents', nullable: true }) depositCents: number | null;
  /** Whether an admin may refund (or void) a paid deposit without overriding the office's policy. */
  @Column('boolean', { name: 'deposit_refundable' }) depositRefundable: boolean;
  /** Days after the acceptance the deposit is due (null: no deadline). */
  @Column('integer', { name: 'deposit_due_days', nullable: true }) depositDueDays: number | null;
  /** The office's setting: an accepted offer whose deposit is unpaid at its deadline lapses (reply `lapsed`). */
  @Column('boolean', { name: 'lapse_unpaid_deposits' }) lapseUnpaidDeposits: boolean;
  @Column('boolean') archived: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
