import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14 "OAuth through openid-client": a sign-in in flight keeps the OpenID Connect `nonce` it sent, so
 * the callback can check the ID token's `nonce` claim. Sign-ins started before this migration (at most
 * 10 minutes old) have no nonce and are dropped: the applicant starts again (OAU-001).
 */
export class OAuthNonce1764150000000 implements MigrationInterface {
  name = 'OAuthNonce1764150000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM oauth_states`);
    await q.query(`ALTER TABLE oauth_states ADD COLUMN nonce text NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE oauth_states DROP COLUMN nonce`);
  }
}
