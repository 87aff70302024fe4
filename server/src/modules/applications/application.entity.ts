import type { Reply } from '../replies/reply-rules.js';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Values of `firstReferenceStatus` / `secondReferenceStatus` (spec §3; issue 11 item 8). */
export const REFERENCE_STATUSES = ['Not requested', 'Requested', 'Received', 'Waived'] as const;
/** One of {@link REFERENCE_STATUSES}. */
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

/**
 * Lifecycle of DESIGN §5: draft → submitted (paid or waived) → complete (details done); withdrawn.
 * Issue 15: → under_review (readers) → decided (an admin recorded a decision).
 */
export type ApplicationStatus = 'draft' | 'submitted' | 'complete' | 'withdrawn' | 'under_review' | 'decided';
/** Decisions of issue 15 item 2. */
export const DECISIONS = ['admitted', 'waitlisted', 'denied'] as const;
/** One of {@link DECISIONS}. */
export type Decision = (typeof DECISIONS)[number];
/** Where an enrollment deposit stands (issue 29 item 2; the column's CHECK names the same list). */
export const DEPOSIT_STATUSES = ['pending', 'paid', 'waived', 'declined', 'refunded', 'voided'] as const;
/** One of {@link DEPOSIT_STATUSES}. */
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** Payment_Status values of DESIGN §5. */
export type PaymentStatus = 'Unpaid' | 'Pending' | 'Paid' | 'Declined' | 'Waived' | 'Refunded';

/**
 * An application (table `applications`). Columns hold what admins search and filter on; the answers
 * of the form's sections live in `answers` (JSONB) under the spec §3 field names.
 */
@Entity('applications')
export class Application {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'user_id', nullable: true }) userId: string | null;
  @Column('text') email: string;
  @Column('text', { name: 'first_name' }) firstName: string;
  @Column('text', { name: 'last_name' }) lastName: string;
  @Column('text') gender: 'Female' | 'Male';
  /** Program group of the field of interest: underGraduate, graduate, postGraduate, preRequisite. */
  @Column('text') program: string;
  @Column('text', { name: 'field_of_interest' }) fieldOfInterest: string;
  @Column('text') semester: string;
  @Column('text', { nullable: true }) location: string | null;
  /** The offering (program × term) applied to (issue 25); null only for rows older than the catalogue's offerings. */
  @Column('integer', { name: 'offering_id', nullable: true }) offeringId: number | null;
  @Column('text') locale: string;
  /** The applicant's IANA time zone (e.g. `Asia/Shanghai`), sent by the applicant-ui; e-mails show times in it (issue 11). */
  @Column('text', { name: 'time_zone', nullable: true }) timeZone: string | null;
  @Column('text') status: ApplicationStatus;
  @Column('integer', { name: 'step_reached' }) stepReached: number;
  @Column('text', { name: 'payment_status' }) paymentStatus: PaymentStatus;
  @Column('integer') version: number;
  @Column('jsonb') answers: Record<string, unknown>;
  /** Human reference shown on the thank-you pages and in e-mails (from 100001). bigint arrives as a string. */
  @Column({ type: 'bigint', name: 'reference_number', insert: false, update: false }) referenceNumber: string;
  @Column('timestamptz', { name: 'submitted_at', nullable: true }) submittedAt: Date | null;
  /** Set when the review step's certification and signature were accepted (submit). */
  @Column('timestamptz', { name: 'certified_at', nullable: true }) certifiedAt: Date | null;
  /** Set when the details form was finished (status complete). */
  @Column('timestamptz', { name: 'completed_at', nullable: true }) completedAt: Date | null;
  @Column('timestamptz', { name: 'withdrawn_at', nullable: true }) withdrawnAt: Date | null;
  /** Where the first reference stands (issue 11 item 8; admins write it). */
  @Column('text', { name: 'first_reference_status' }) firstReferenceStatus: ReferenceStatus;
  /** Where the second reference stands. */
  @Column('text', { name: 'second_reference_status' }) secondReferenceStatus: ReferenceStatus;
  /** The office's decision (issue 15); null until decided. */
  @Column('text', { nullable: true }) decision: Decision | null;
  @Column('timestamptz', { name: 'decided_at', nullable: true }) decidedAt: Date | null;
  /** The admin who recorded the decision. */
  @Column('uuid', { name: 'decided_by', nullable: true }) decidedBy: string | null;
  /** When the decision is to be released to the applicant (UTC); null: not scheduled. */
  @Column('timestamptz', { name: 'decision_release_at', nullable: true }) decisionReleaseAt: Date | null;
  /** When the release job released it (the letter is visible to the applicant from then on). */
  @Column('timestamptz', { name: 'decision_released_at', nullable: true }) decisionReleasedAt: Date | null;
  /** The applicant's reply to the released decision (issue 29; `replies/reply-rules.ts`); null: none yet. */
  @Column('text', { nullable: true }) reply: Reply | null;
  @Column('timestamptz', { name: 'replied_at', nullable: true }) repliedAt: Date | null;
  /** Until when the applicant may reply or change the reply (UTC; set at release from the offering); null: no deadline. */
  @Column('timestamptz', { name: 'reply_deadline_at', nullable: true }) replyDeadlineAt: Date | null;
  /** A value of the office's `declineReasons` list, when declining. */
  @Column('text', { name: 'reply_reason', nullable: true }) replyReason: string | null;
  /** Where the applicant will attend instead (declining; optional, ≤ 200 characters). */
  @Column('text', { name: 'reply_attending_instead', nullable: true }) replyAttendingInstead: string | null;
  /** The term key asked for in a deferral request. */
  @Column('text', { name: 'deferral_term', nullable: true }) deferralTerm: string | null;
  /** Why the applicant asks to defer (≤ 1,000 characters). */
  @Column('text', { name: 'deferral_note', nullable: true }) deferralNote: string | null;
  /** When the applicant was reminded that the reply deadline is near (claimed by one replica; null: not yet). */
  @Column('timestamptz', { name: 'reply_reminded_at', nullable: true }) replyRemindedAt: Date | null;
  /** The office's answer to the deferral request (issue 29 item 3); null: none asked or still pending. */
  @Column('text', { name: 'deferral_decision', nullable: true }) deferralDecision: 'approved' | 'denied' | null;
  @Column('timestamptz', { name: 'deferral_decided_at', nullable: true }) deferralDecidedAt: Date | null;
  /** The admin who answered the deferral request. */
  @Column('uuid', { name: 'deferral_decided_by', nullable: true }) deferralDecidedBy: string | null;
  /** The office's note on its answer, shown to the applicant. */
  @Column('text', { name: 'deferral_decision_note', nullable: true }) deferralDecisionNote: string | null;
  /** The offering an approved deferral moved the application from (history; null: never moved). */
  @Column('integer', { name: 'deferred_from_offering_id', nullable: true }) deferredFromOfferingId: number | null;
  /**
   * Where the enrollment deposit stands (issue 29 item 2; `deposits/deposit-rules.ts`): pending (an attempt in
   * flight), paid, waived, declined (the last attempt), refunded, voided; null: nothing yet.
   */
  @Column('text', { name: 'deposit_status', nullable: true }) depositStatus: DepositStatus | null;
  /** When the deposit is due (set at acceptance from the offering's `deposit_due_days`; null: no deadline). */
  @Column('timestamptz', { name: 'deposit_due_at', nullable: true }) depositDueAt: Date | null;
  /** When the deposit was paid or waived (kept after a refund, for the class view's melt). */
  @Column('timestamptz', { name: 'deposit_paid_at', nullable: true }) depositPaidAt: Date | null;
  /** When an admin refunded or voided the deposit. */
  @Column('timestamptz', { name: 'deposit_refunded_at', nullable: true }) depositRefundedAt: Date | null;
  /** When the lapse job lapsed the accepted offer (reply `lapsed`) for want of the deposit. */
  @Column('timestamptz', { name: 'deposit_lapsed_at', nullable: true }) depositLapsedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
