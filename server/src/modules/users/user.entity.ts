import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** Every role an account can have. */
export const USER_ROLES = ['admin', 'applicant', 'reader'] as const;

/**
 * Roles of spec §6 and issue 15: `admin` may do everything, `reader` reads and rates the applications
 * assigned to them (routes marked `@AllowReaders()`), everyone else is an applicant.
 */
export type UserRole = (typeof USER_ROLES)[number];

/** An account (table `users`). `passwordHash` is argon2id; null for OAuth-only accounts. */
@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text') email: string;
  @Column('text', { name: 'first_name' }) firstName: string;
  @Column('text', { name: 'last_name' }) lastName: string;
  @Column('text', { name: 'password_hash', nullable: true, select: false }) passwordHash: string | null;
  @Column('text') role: UserRole;
  /** When the account proved its address (e-mailed link or a provider's `email_verified`); null until then (issue 11). */
  @Column('timestamptz', { name: 'email_verified_at', nullable: true }) emailVerifiedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
