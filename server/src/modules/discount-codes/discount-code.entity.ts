import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Kinds of discount (DESIGN §7): a fixed amount off, a percentage off, or a full fee waiver. */
export type DiscountKind = 'fixed' | 'percent' | 'waiver';

/** A discount code (table `discount_codes`, BRIEF contract 6). Codes are unique case-insensitively. */
@Entity('discount_codes')
export class DiscountCode {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') code: string;
  @Column('text') kind: DiscountKind;
  /** USD for `fixed`, 0–100 for `percent`, ignored for `waiver`. numeric(10,2) arrives as a string. */
  @Column('numeric', { precision: 10, scale: 2 }) value: string;
  @Column('text', { nullable: true }) description: string | null;
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt: Date | null;
  @Column('integer', { name: 'max_uses', nullable: true }) maxUses: number | null;
  @Column('integer', { name: 'usage_count' }) usageCount: number;
  @Column('boolean') active: boolean;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
