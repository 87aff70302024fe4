import { Column, CreateDateColumn, PrimaryGeneratedColumn, type EntityManager, type EntityTarget, type Repository } from 'typeorm';
import { generateToken, hashToken } from '../../common/security/token-hash.js';

/**
 * The columns of an e-mailed one-time link to an account (tables `password_resets` and
 * `email_verifications`): only the token's sha256 is stored; the link expires and works once.
 */
export abstract class OneTimeLink {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column('uuid', { name: 'user_id' }) userId: string;
  @Column('text', { name: 'token_hash' }) tokenHash: string;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt: Date;
  @Column('timestamptz', { name: 'used_at', nullable: true }) usedAt: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}

/**
 * Issues a new one-time link for `userId`: deletes that account's older unused links of the same
 * table (a new request replaces them), stores the sha256 of a fresh 256-bit random token.
 * @param ttlMs lifetime in milliseconds
 * @returns the raw token (never stored; it goes into the e-mailed link)
 */
export async function issueOneTimeLink<T extends OneTimeLink>(repository: Repository<T>, userId: string, ttlMs: number): Promise<string> {
  const token = generateToken();
  const table = repository.metadata.tableName;
  await repository.query(`DELETE FROM ${table} WHERE user_id = $1 AND used_at IS NULL`, [userId]);
  await repository.query(`INSERT INTO ${table} (user_id, token_hash, expires_at) VALUES ($1, $2, $3)`, [
    userId,
    hashToken(token),
    new Date(Date.now() + ttlMs),
  ]);
  return token;
}

/**
 * Uses a one-time link up, atomically (one conditional UPDATE, so two concurrent uses cannot both win).
 * @param userId when given, the link must also belong to this account
 * @returns the account the link belongs to, or null when the token is unknown, used, expired or
 *          (with `userId`) another account's
 */
export async function consumeOneTimeLink(
  manager: EntityManager,
  entity: EntityTarget<OneTimeLink>,
  token: string,
  userId?: string,
): Promise<string | null> {
  const table = manager.getRepository(entity).metadata.tableName;
  const [rows] = (await manager.query(
    `UPDATE ${table} SET used_at = now()
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND ($2::uuid IS NULL OR user_id = $2::uuid)
      RETURNING user_id`,
    [hashToken(token), userId ?? null],
  )) as [{ user_id: string }[], number];
  return rows[0]?.user_id ?? null;
}
