import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 5 (accounts and the admissions office):
 * - `oauth_states`: one row per OAuth sign-in in flight — the sha256 of the random `state`, the PKCE
 *   verifier, the provider and an expiry (10 min); deleted when used, so a state works once;
 * - `advisory_lines`: the advisory banner's lines (spec §1), edited by admins in en / es / zh-CN, seeded
 *   with the spec's one line;
 * - indexes the admin console's lists and the Dashboard Home figures use at 10,000 applications.
 */
export class AccountsAndAdmin1763930000000 implements MigrationInterface {
  name = 'AccountsAndAdmin1763930000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE oauth_states (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        state_hash text NOT NULL UNIQUE,
        provider text NOT NULL,
        code_verifier text NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at)`);
    await q.query(`
      CREATE TABLE advisory_lines (
        id serial PRIMARY KEY,
        text_en text NOT NULL,
        text_es text NOT NULL,
        text_zh_cn text NOT NULL,
        sort_order integer NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true,
        show_until timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO advisory_lines (text_en, text_es, text_zh_cn, sort_order) VALUES ($1, $2, $3, 0)`, [
      'Spring 2026 – MSW in Social Work (Men): apply by November 11, 2025.',
      'Primavera 2026 – Maestría en Trabajo Social (MSW) (hombres): presente su solicitud antes del 11 de noviembre de 2025.',
      '2026 年春季 – 社会工作硕士（MSW）（男生）：请于 2025 年 11 月 11 日前申请。',
    ]);
    await q.query(`CREATE INDEX password_resets_expires_idx ON password_resets (expires_at) WHERE used_at IS NULL`);
    await q.query(`CREATE INDEX applications_semester_idx ON applications (semester)`);
    await q.query(`CREATE INDEX applications_reference_text_idx ON applications ((reference_number::text))`);
    await q.query(
      `CREATE INDEX sessions_open_activity_idx ON sessions ((coalesce(last_activity_time, new_start_time, start_time))) WHERE end_time IS NULL`,
    );
    await q.query(`CREATE INDEX time_logs_application_idx ON time_logs (application_id, created_at)`);
    await q.query(`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const index of [
      'audit_log_actor_idx',
      'time_logs_application_idx',
      'sessions_open_activity_idx',
      'applications_reference_text_idx',
      'applications_semester_idx',
      'password_resets_expires_idx',
    ]) {
      await q.query(`DROP INDEX IF EXISTS ${index}`);
    }
    await q.query(`DROP TABLE IF EXISTS advisory_lines`);
    await q.query(`DROP TABLE IF EXISTS oauth_states`);
  }
}
