import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ApiKeyScope } from './api-key-scopes.js';

/** An integrator's API key (table `api_keys`, issue 14 item 5): only the sha256 of the key is stored. */
@Entity('api_keys')
export class ApiKey {
  @PrimaryGeneratedColumn('uuid') id: string;
  /** What the key is for, e.g. `CRM sync`. */
  @Column('text') name: string;
  /** The key's first characters (`pak_` and 8 more), shown in the console to tell keys apart. */
  @Column('text') prefix: string;
  @Column('text', { name: 'key_hash' }) keyHash: string;
  @Column('text', { array: true }) scopes: ApiKeyScope[];
  /** null: never expires. */
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt: Date | null;
  @Column('timestamptz', { name: 'last_used_at', nullable: true }) lastUsedAt: Date | null;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt: Date | null;
  /** The admin who created it (null once that account is deleted). */
  @Column('uuid', { name: 'created_by', nullable: true }) createdBy: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
