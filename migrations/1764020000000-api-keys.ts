import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 14 item 5 (integrators): API keys for service accounts. A key is shown once; only its sha256 is
 * kept (`key_hash`, unique), with a display prefix, a name, its scopes (`applications:read`,
 * `applications:write`, `payments:read`, `webhooks:manage`), an optional expiry, the last use (written at
 * most once a minute) and the revocation time. Revoked keys stay for the audit log.
 */
export class ApiKeys1764020000000 implements MigrationInterface {
  name = 'ApiKeys1764020000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        scopes text[] NOT NULL CHECK (cardinality(scopes) > 0
          AND scopes <@ ARRAY['applications:read', 'applications:write', 'payments:read', 'webhooks:manage']::text[]),
        expires_at timestamptz,
        last_used_at timestamptz,
        revoked_at timestamptz,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_keys`);
  }
}
