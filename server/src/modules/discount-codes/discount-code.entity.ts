import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PaymentPurpose } from '../payments/payment-purpose.js';

/** How a discount code lowers the fee: a fixed amount, a percentage, or the whole fee (waiver). */
export type DiscountKind = 'fixed' | 'percent' | 'waiver';

/** A discount code managed by admins (table `discount_codes`, DESIGN §7; BRIEF contract 6). */
@Entity('discount_codes')
export class DiscountCode {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** Matched case-insensitively (unique on `upper(code)`). */
  @Column('text') code: string;
  @Column('text') kind: DiscountKind;
  /**
   * The value × 100, an integer (migration 1764151000000): cents for `fixed`, hundredths of a percent
   * (0–10000) for `percent`, 0 for `waiver`.
   */
  @Column('integer', { name: 'value_hundredths' }) valueHundredths: number;
  /** The payment purpose the code discounts (issue 29 item 2): the application fee (default) or the enrollment deposit. */
  @Column('text', { name: 'applies_to', default: 'application_fee' }) appliesTo: PaymentPurpose;
  @Column('text', { nullable: true }) description: string | null;
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt: Date | null;
  @Column('integer', { name: 'max_uses', nullable: true }) maxUses: number | null;
  /** Payments approved or waived with this code. */
  @Column('integer', { name: 'usage_count' }) usageCount: number;
  @Column('boolean') active: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
