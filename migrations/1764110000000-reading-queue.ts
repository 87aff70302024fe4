import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Drops every CHECK constraint of `table` that constrains `column` alone (whatever it is named: the
 * initial schema's inline checks were named by PostgreSQL, and another branch may recreate them), then
 * adds `name` with `check`. Idempotent across the branches that widen the same list.
 */
async function replaceColumnCheck(q: QueryRunner, table: string, column: string, name: string, check: string): Promise<void> {
  await q.query(`
    DO $$
    DECLARE c record;
    BEGIN
      FOR c IN
        SELECT con.conname FROM pg_constraint con
          JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = ANY (con.conkey)
         WHERE con.conrelid = '${table}'::regclass AND con.contype = 'c' AND att.attname = '${column}'
           AND cardinality(con.conkey) = 1
      LOOP
        EXECUTE format('ALTER TABLE ${table} DROP CONSTRAINT %I', c.conname);
      END LOOP;
    END $$`);
  await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${name} CHECK (${check})`);
}

/**
 * Issue 15 item 2 (a reading queue for the office): the `reader` role, application statuses
 * `under_review` and `decided` (the same list as the decisions branch), assignments of applications to
 * readers, the configurable review criteria (labels in en/es/zh-CN, seeded with four) and one review per
 * application and reader (a 1–5 rating per criterion id in `ratings`, a recommendation, comments).
 */
export class ReadingQueue1764110000000 implements MigrationInterface {
  name = 'ReadingQueue1764110000000';

  async up(q: QueryRunner): Promise<void> {
    await replaceColumnCheck(q, 'users', 'role', 'users_role_check', `role IN ('admin', 'applicant', 'reader')`);
    await replaceColumnCheck(
      q,
      'applications',
      'status',
      'applications_status_check',
      `status IN ('draft', 'submitted', 'complete', 'withdrawn', 'under_review', 'decided')`,
    );
    await q.query(`
      CREATE TABLE application_assignments (
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        reader_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        assigned_by uuid REFERENCES users(id) ON DELETE SET NULL,
        assigned_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (application_id, reader_id)
      )`);
    await q.query(`CREATE INDEX application_assignments_reader_idx ON application_assignments (reader_id, assigned_at)`);
    await q.query(`
      CREATE TABLE review_criteria (
        id serial PRIMARY KEY,
        label_en text NOT NULL CHECK (length(label_en) BETWEEN 1 AND 100),
        label_es text NOT NULL CHECK (length(label_es) BETWEEN 1 AND 100),
        label_zh_cn text NOT NULL CHECK (length(label_zh_cn) BETWEEN 1 AND 100),
        position integer NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      INSERT INTO review_criteria (label_en, label_es, label_zh_cn, position) VALUES
        ('Academic preparation', 'Preparación académica', '学术准备', 1),
        ('Essay', 'Ensayo', '论文', 2),
        ('Recommendations', 'Recomendaciones', '推荐信', 3),
        ('Fit with program', 'Adecuación al programa', '与项目的契合度', 4)`);
    await q.query(`
      CREATE TABLE application_reviews (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        reader_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        ratings jsonb NOT NULL CHECK (jsonb_typeof(ratings) = 'object'),
        recommendation text NOT NULL CHECK (recommendation IN ('admit', 'waitlist', 'deny', 'discuss')),
        comments text NOT NULL DEFAULT '' CHECK (length(comments) <= 10000),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (application_id, reader_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE application_reviews`);
    await q.query(`DROP TABLE review_criteria`);
    await q.query(`DROP TABLE application_assignments`);
    await q.query(`UPDATE users SET role = 'applicant' WHERE role = 'reader'`);
    await replaceColumnCheck(q, 'users', 'role', 'users_role_check', `role IN ('admin', 'applicant')`);
  }
}
