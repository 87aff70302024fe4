import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11 item 1 (ownership by proof):
 * - `users.email_verified_at`: when the account proved it receives mail at its address (the e-mailed
 *   link, or an OAuth provider that says `email_verified`); null until then. Accounts that existed before
 *   this migration are marked verified (at their creation time): they were trusted before, and taking
 *   that away would hide their applications from them.
 * - `email_verifications`: one row per e-mailed verification link, the token's sha256 only, valid 24 h,
 *   single use (the same columns as `password_resets`).
 */
export class EmailVerification1764011000000 implements MigrationInterface {
  name = 'EmailVerification1764011000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN email_verified_at timestamptz`);
    await q.query(`UPDATE users SET email_verified_at = created_at`);
    await q.query(`
      CREATE TABLE email_verifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX email_verifications_user_idx ON email_verifications (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS email_verifications`);
    await q.query(`ALTER TABLE users DROP COLUMN email_verified_at`);
  }
}
