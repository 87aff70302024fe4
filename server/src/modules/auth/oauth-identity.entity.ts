import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A provider account linked to a user (table `oauth_identities`), unique by (provider, subject). */
@Entity('oauth_identities')
export class OAuthIdentity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'user_id' }) userId: string;
  @Column('text') provider: string;
  /** The provider's stable user id (OIDC `sub`). */
  @Column('text') subject: string;
  @Column('text', { nullable: true }) email: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
