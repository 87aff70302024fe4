import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** What a tokenised link opens: the application form or the further-details form. */
export type ApplicationTokenPurpose = 'application' | 'details';

/** A tokenised link to an application (table `application_tokens`); only the sha256 is stored. */
@Entity('application_tokens')
export class ApplicationToken {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'application_id' }) applicationId: string;
  @Column('text', { name: 'token_hash' }) tokenHash: string;
  @Column('text') purpose: ApplicationTokenPurpose;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt: Date | null;
  @Column('timestamptz', { name: 'last_used_at', nullable: true }) lastUsedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
