import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tables of the feature issues (DESIGN §5), created together so that the application, documents,
 * payments and accounts work share one schema:
 * - `applications`: a human reference number, certification and completion times;
 * - `password_resets` (hashed, single use, 30 min) and `oauth_identities`;
 * - `attachments` (one row per stored file; replaced files kept as history);
 * - `discount_codes` and `payments` (one row per attempt, `request_id` unique: never charge twice);
 * - `audit_log` (every admin change: who, when, what, before and after).
 */
export class FeatureTables1763900000000 implements MigrationInterface {
  name = 'FeatureTables1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE applications_reference_seq START 100001`);
    await q.query(`
      ALTER TABLE applications
        ADD COLUMN reference_number bigint NOT NULL UNIQUE DEFAULT nextval('applications_reference_seq'),
        ADD COLUMN certified_at timestamptz,
        ADD COLUMN completed_at timestamptz,
        ADD COLUMN withdrawn_at timestamptz`);
    await q.query(`ALTER SEQUENCE applications_reference_seq OWNED BY applications.reference_number`);
    await q.query(`CREATE INDEX applications_payment_status_idx ON applications (payment_status)`);
    await q.query(`CREATE INDEX applications_created_idx ON applications (created_at)`);
    await q.query(`CREATE INDEX applications_user_idx ON applications (user_id)`);
    await q.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX password_resets_user_idx ON password_resets (user_id)`);
    await q.query(`
      CREATE TABLE oauth_identities (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        provider text NOT NULL,
        subject text NOT NULL,
        email text,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, subject)
      )`);
    await q.query(`
      CREATE TABLE attachments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        slot text NOT NULL,
        original_name text NOT NULL,
        detected_type text NOT NULL,
        size_bytes bigint NOT NULL CHECK (size_bytes > 0),
        sha256 text NOT NULL,
        storage_key text NOT NULL UNIQUE,
        validated_at timestamptz,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        replaced_at timestamptz,
        deleted_at timestamptz
      )`);
    await q.query(`CREATE INDEX attachments_application_idx ON attachments (application_id, slot)`);
    await q.query(
      `CREATE UNIQUE INDEX attachments_current_slot_idx ON attachments (application_id, slot) WHERE replaced_at IS NULL AND deleted_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE discount_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        code text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('fixed', 'percent', 'waiver')),
        value numeric(10, 2) NOT NULL DEFAULT 0 CHECK (value >= 0),
        description text,
        expires_at timestamptz,
        max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
        usage_count integer NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (kind <> 'percent' OR value <= 100)
      )`);
    await q.query(`CREATE UNIQUE INDEX discount_codes_code_idx ON discount_codes (upper(code))`);
    await q.query(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        request_id text NOT NULL UNIQUE,
        amount numeric(10, 2) NOT NULL,
        late_fee numeric(10, 2) NOT NULL DEFAULT 0,
        discount numeric(10, 2) NOT NULL DEFAULT 0,
        total numeric(10, 2) NOT NULL,
        currency text NOT NULL DEFAULT 'USD',
        discount_code_id uuid REFERENCES discount_codes(id) ON DELETE SET NULL,
        status text NOT NULL CHECK (status IN ('pending', 'approved', 'declined', 'held', 'rejected', 'unknown', 'waived')),
        gateway text NOT NULL,
        invoice_number text NOT NULL,
        transaction_id text,
        auth_code text,
        account_number text,
        error_code text,
        error_text text,
        raw_response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX payments_application_idx ON payments (application_id, created_at)`);
    await q.query(`CREATE UNIQUE INDEX payments_one_success_idx ON payments (application_id) WHERE status IN ('approved', 'waived')`);
    await q.query(`
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        actor_email text,
        action text NOT NULL,
        resource text NOT NULL,
        record_id text,
        before jsonb,
        after jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX audit_log_created_idx ON audit_log (created_at)`);
    await q.query(`CREATE INDEX audit_log_resource_idx ON audit_log (resource, record_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['audit_log', 'payments', 'discount_codes', 'attachments', 'oauth_identities', 'password_resets']) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await q.query(`DROP INDEX IF EXISTS applications_payment_status_idx`);
    await q.query(`DROP INDEX IF EXISTS applications_created_idx`);
    await q.query(`DROP INDEX IF EXISTS applications_user_idx`);
    await q.query(`
      ALTER TABLE applications
        DROP COLUMN reference_number,
        DROP COLUMN certified_at,
        DROP COLUMN completed_at,
        DROP COLUMN withdrawn_at`);
  }
}
