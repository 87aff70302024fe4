import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { centsColumn } from '../../common/money/money.js';
import type { ChargeOutcome } from './gateway/payment-gateway.js';
import type { PaymentPurpose } from './payment-purpose.js';

/**
 * Status of one attempt: `pending` while the gateway is being asked; `waived` without a gateway call;
 * `refunded` / `voided` after an admin reversed an approved charge through the gateway (issue 29 item 2).
 */
export type PaymentRowStatus = 'pending' | ChargeOutcome | 'waived' | 'refunded' | 'voided';

/** One payment attempt (table `payments`; `request_id` unique: the same request never charges twice). */
@Entity('payments')
export class Payment {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'application_id' }) applicationId: string;
  /** What it pays for (migration 1764200000000): the application fee or the enrollment deposit. */
  @Column('text', { default: 'application_fee' }) purpose: PaymentPurpose;
  /** The client's idempotency key of the attempt. */
  @Column('text', { name: 'request_id' }) requestId: string;
  /** Amounts in integer cents of `currency` (migration 1764151000000). */
  @Column('bigint', { name: 'amount_cents', transformer: centsColumn }) amountCents: number;
  @Column('bigint', { name: 'late_fee_cents', transformer: centsColumn }) lateFeeCents: number;
  @Column('bigint', { name: 'discount_cents', transformer: centsColumn }) discountCents: number;
  @Column('bigint', { name: 'total_cents', transformer: centsColumn }) totalCents: number;
  @Column('text') currency: string;
  @Column('uuid', { name: 'discount_code_id', nullable: true }) discountCodeId: string | null;
  @Column('text') status: PaymentRowStatus;
  @Column('text') gateway: string;
  @Column('text', { name: 'invoice_number' }) invoiceNumber: string;
  @Column('text', { name: 'transaction_id', nullable: true }) transactionId: string | null;
  @Column('text', { name: 'auth_code', nullable: true }) authCode: string | null;
  /** Masked card number, e.g. XXXX1111. */
  @Column('text', { name: 'account_number', nullable: true }) accountNumber: string | null;
  @Column('text', { name: 'error_code', nullable: true }) errorCode: string | null;
  @Column('text', { name: 'error_text', nullable: true }) errorText: string | null;
  @Column('jsonb', { name: 'raw_response', nullable: true }) rawResponse: unknown;
  /** How many times the settlement job asked the gateway about this attempt. */
  @Column('integer', { name: 'settle_checks', default: 0 }) settleChecks: number;
  /** When the settlement job last claimed this attempt (null: never). */
  @Column('timestamptz', { name: 'settle_checked_at', nullable: true }) settleCheckedAt: Date | null;
  /** How an admin reversed the charge through the gateway (null: not reversed). */
  @Column('text', { name: 'reversal_kind', nullable: true }) reversalKind: 'refund' | 'void' | null;
  /** When a reversal was claimed (a second admin, or a double click, is refused while it runs). */
  @Column('timestamptz', { name: 'reversal_claimed_at', nullable: true }) reversalClaimedAt: Date | null;
  @Column('timestamptz', { name: 'reversed_at', nullable: true }) reversedAt: Date | null;
  /** The gateway's transaction id of the refund (a void has none of its own: the original's). */
  @Column('text', { name: 'reversal_transaction_id', nullable: true }) reversalTransactionId: string | null;
  @Column('uuid', { name: 'reversed_by', nullable: true }) reversedBy: string | null;
  /** The admin's note (required when a non-refundable deposit is refunded anyway). */
  @Column('text', { name: 'reversal_note', nullable: true }) reversalNote: string | null;
  /** The gateway's answer to the last refused or unknown reversal. */
  @Column('text', { name: 'reversal_error', nullable: true }) reversalError: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
