import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { centsColumn } from '../../common/money/money.js';
import type { ChargeOutcome } from './gateway/payment-gateway.js';

/** Status of one attempt: `pending` while the gateway is being asked; `waived` without a gateway call. */
export type PaymentRowStatus = 'pending' | ChargeOutcome | 'waived';

/** One payment attempt (table `payments`; `request_id` unique: the same request never charges twice). */
@Entity('payments')
export class Payment {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'application_id' }) applicationId: string;
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
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
