import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** How a discount code lowers the fee: a fixed amount, a percentage, or the whole fee (waiver). */
export type DiscountKind = 'fixed' | 'percent' | 'waiver';

const numeric = { to: (v: number) => v, from: (v: string | null) => (v === null ? null : Number(v)) };

/** A discount code managed by admins (table `discount_codes`, DESIGN §7; BRIEF contract 6). */
@Entity('discount_codes')
export class DiscountCode {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** Matched case-insensitively (unique on `upper(code)`). */
  @Column('text') code: string;
  @Column('text') kind: DiscountKind;
  /** Currency major units for `fixed`, 0–100 for `percent`, ignored for `waiver`. */
  @Column('numeric', { precision: 10, scale: 2, transformer: numeric }) value: number;
  @Column('text', { nullable: true }) description: string | null;
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt: Date | null;
  @Column('integer', { name: 'max_uses', nullable: true }) maxUses: number | null;
  /** Payments approved or waived with this code. */
  @Column('integer', { name: 'usage_count' }) usageCount: number;
  @Column('boolean') active: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
