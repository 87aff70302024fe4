import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One admin change (table `audit_log`): who, when, what, and the record before and after. */
@Entity('audit_log')
export class AuditEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column('uuid', { name: 'actor_id', nullable: true }) actorId: string | null;
  /** The actor's e-mail at the time (kept when the account is deleted). */
  @Column('text', { name: 'actor_email', nullable: true }) actorEmail: string | null;
  /** `create`, `update`, `delete`, `withdraw`, `reopen`, `export`, … */
  @Column('text') action: string;
  /** The admin resource name, e.g. `dropdowns`, `applications`. */
  @Column('text') resource: string;
  @Column('text', { name: 'record_id', nullable: true }) recordId: string | null;
  @Column('jsonb', { nullable: true }) before: unknown;
  @Column('jsonb', { nullable: true }) after: unknown;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
