import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * An OAuth sign-in in flight (table `oauth_states`): sha256 of the `state`, the PKCE verifier and the
 * OpenID Connect `nonce`, 10 minutes, used once.
 */
@Entity('oauth_states')
export class OAuthState {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('text', { name: 'state_hash' }) stateHash: string;
  @Column('text') provider: string;
  @Column('text', { name: 'code_verifier' }) codeVerifier: string;
  @Column('text') nonce: string;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
