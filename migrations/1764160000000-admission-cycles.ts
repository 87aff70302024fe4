import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ADMISSION_CATALOGUE_SEED } from './seed/admission-catalogue.seed.js';

/** The terms the catalogue constant named, with the month each began (the constant knew only the month). */
const SEED_TERMS = [
  { key: 'Fall 2025', startsOn: '2025-09-01', labels: { en: 'Fall 2025', es: 'Otoño 2025', 'zh-CN': '2025 年秋季' } },
  { key: 'Spring 2026', startsOn: '2026-01-01', labels: { en: 'Spring 2026', es: 'Primavera 2026', 'zh-CN': '2026 年春季' } },
  { key: 'Summer 2026', startsOn: '2026-05-01', labels: { en: 'Summer 2026', es: 'Verano 2026', 'zh-CN': '2026 年夏季' } },
  { key: 'Fall 2026', startsOn: '2026-09-01', labels: { en: 'Fall 2026', es: 'Otoño 2026', 'zh-CN': '2026 年秋季' } },
];

/** The terms a program with no listed courses was open to, per gender (the constant's SEMESTERS_BY_GENDER). */
const TERMS_BY_GENDER: Record<string, string[]> = {
  female: ['Spring 2026', 'Fall 2026'],
  male: ['Spring 2026', 'Summer 2026', 'Fall 2026'],
};

/** The single round of a migrated offering. */
const REGULAR_ROUND_LABELS = { en: 'Regular decision', es: 'Admisión regular', 'zh-CN': '常规批次' };

/** The office's time zone, in which the migrated windows open and close (DESIGN: Eastern). */
const OFFICE_ZONE = 'America/New_York';

/**
 * Issue 25, admission cycles as data. Until now terms, deadlines and fees were code: the catalogue constant
 * (`programs.catalogue.ts`, with its `SemesterName` union), the `APPLICATION_FEE`, `LATE_FEE` and
 * `LATE_FEE_AFTER` settings and table `application_deadlines`. From here the office manages them in the console:
 * - `programs` gains `archived` (never deleted once applications use them) and loses `courses`; the rows of
 *   the constant are inserted where missing (a fresh database), so the catalogue no longer needs the code.
 * - `terms` (key = the wire value of `semesterApplied`, labels in en/es/zh-CN, first day of classes).
 * - `offerings` = program × term × locations, each with its application window (`opens_at`, `closes_at`,
 *   `grace_days` for drafts after the close), `rounds` (`[{key, labels, deadlineAt}]`, ordered by deadline),
 *   the fee and the late fee with the moment it starts (integer cents), an optional seat count, open or
 *   closed, archived. The migrated offerings keep what the code said: windows from twelve months before
 *   the term's first day (office time) to that day, one regular round whose deadline is the deadline row of
 *   the (term, field) or the term, else the close; fees from the deployment's `APPLICATION_FEE` /
 *   `LATE_FEE` / `LATE_FEE_AFTER` environment when set, else the former defaults (150, 150, 2025-07-30).
 * - `applications.offering_id` points at the offering of each existing application (by gender, field and
 *   semester); `application_deadlines` is folded into the rounds and dropped.
 * - `terms` and `offerings` notify `portal_changes` like the other cached tables, so every replica
 *   rebuilds `GET /api/programs` when the office edits them.
 * - API keys may hold `catalogue:read`.
 * - The banner line seeded by migration 1763930000000 names a deadline; it now stops at that deadline.
 */
export class AdmissionCycles1764160000000 implements MigrationInterface {
  name = 'AdmissionCycles1764160000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE programs ADD COLUMN archived boolean NOT NULL DEFAULT false`);
    for (const row of ADMISSION_CATALOGUE_SEED) {
      await q.query(
        `INSERT INTO programs (gender, name, program, label, popup, courses, flags, translations, sort_order)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (gender, name) DO NOTHING`,
        [
          row.gender,
          row.name,
          row.program,
          row.label,
          JSON.stringify(row.popup),
          JSON.stringify(row.courses),
          JSON.stringify(row.flags),
          JSON.stringify(row.translations),
          row.sortOrder,
        ],
      );
    }
    await q.query(`
      CREATE TABLE terms (
        id serial PRIMARY KEY,
        key text NOT NULL UNIQUE CHECK (length(key) BETWEEN 1 AND 50),
        labels jsonb NOT NULL,
        starts_on date NOT NULL,
        archived boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const term of SEED_TERMS)
      await q.query(`INSERT INTO terms (key, labels, starts_on) VALUES ($1, $2, $3)`, [
        term.key,
        JSON.stringify(term.labels),
        term.startsOn,
      ]);
    await q.query(`
      CREATE TABLE offerings (
        id serial PRIMARY KEY,
        program_id integer NOT NULL REFERENCES programs (id),
        term_id integer NOT NULL REFERENCES terms (id),
        locations jsonb NOT NULL DEFAULT '[]'::jsonb,
        opens_at timestamptz NOT NULL,
        closes_at timestamptz NOT NULL,
        grace_days integer NOT NULL DEFAULT 0 CHECK (grace_days BETWEEN 0 AND 365),
        rounds jsonb NOT NULL DEFAULT '[]'::jsonb,
        application_fee_cents integer NOT NULL CHECK (application_fee_cents >= 0),
        late_fee_cents integer NOT NULL DEFAULT 0 CHECK (late_fee_cents >= 0),
        late_fee_starts_at timestamptz,
        seats integer CHECK (seats IS NULL OR seats >= 0),
        open boolean NOT NULL DEFAULT true,
        archived boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (program_id, term_id),
        CHECK (closes_at > opens_at)
      )`);
    await q.query(`CREATE INDEX offerings_term_idx ON offerings (term_id)`);

    const cents = (name: string, fallback: number) => {
      const value = Number(process.env[name]);
      return Math.round((Number.isFinite(value) && value >= 0 && process.env[name] ? value : fallback) * 100);
    };
    const lateFeeAfter =
      process.env.LATE_FEE_AFTER && !Number.isNaN(Date.parse(process.env.LATE_FEE_AFTER))
        ? process.env.LATE_FEE_AFTER
        : '2025-07-30T04:01:00Z';
    // one offering per (program, course); programs listing no courses: every term of their gender, no location
    await q.query(`
      CREATE TEMPORARY TABLE seed_courses AS
      SELECT p.id AS program_id, c ->> 'semester' AS term_key, coalesce(c -> 'locations', '[]'::jsonb) AS locations
        FROM programs p, jsonb_array_elements(p.courses) c`);
    for (const [gender, keys] of Object.entries(TERMS_BY_GENDER))
      await q.query(
        `INSERT INTO seed_courses SELECT p.id, k, '[]'::jsonb FROM programs p, unnest($2::text[]) k
          WHERE p.gender = $1 AND jsonb_array_length(p.courses) = 0`,
        [gender, keys],
      );
    await q.query(
      `INSERT INTO offerings (program_id, term_id, locations, opens_at, closes_at, rounds, application_fee_cents, late_fee_cents, late_fee_starts_at)
       SELECT s.program_id, t.id, s.locations,
              ((t.starts_on - interval '12 months')::timestamp AT TIME ZONE $1),
              (t.starts_on::timestamp AT TIME ZONE $1),
              jsonb_build_array(jsonb_build_object(
                'key', 'regular', 'labels', $2::jsonb,
                'deadlineAt', to_char(coalesce(
                  (SELECT d.deadline_at FROM application_deadlines d
                    WHERE d.semester = t.key AND (d.field_of_interest = p.name OR d.field_of_interest IS NULL)
                    ORDER BY d.field_of_interest NULLS LAST LIMIT 1),
                  t.starts_on::timestamp AT TIME ZONE $1) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))),
              $3, $4, $5
         FROM seed_courses s JOIN terms t ON t.key = s.term_key JOIN programs p ON p.id = s.program_id
       ON CONFLICT (program_id, term_id) DO NOTHING`,
      [OFFICE_ZONE, JSON.stringify(REGULAR_ROUND_LABELS), cents('APPLICATION_FEE', 150), cents('LATE_FEE', 150), lateFeeAfter],
    );
    await q.query(`DROP TABLE seed_courses`);
    await q.query(`ALTER TABLE programs DROP COLUMN courses`);
    await q.query(`DROP TABLE application_deadlines`);

    await q.query(`ALTER TABLE applications ADD COLUMN offering_id integer REFERENCES offerings (id)`);
    await q.query(`
      UPDATE applications a SET offering_id = o.id
        FROM offerings o JOIN programs p ON p.id = o.program_id JOIN terms t ON t.id = o.term_id
       WHERE p.gender = lower(a.gender) AND p.name = a.field_of_interest AND t.key = a.semester`);
    await q.query(`CREATE INDEX applications_offering_idx ON applications (offering_id)`);

    for (const table of ['terms', 'offerings'])
      await q.query(`
        CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change()`);
    // API keys may read the catalogue (scope catalogue:read)
    await q.query(`ALTER TABLE api_keys DROP CONSTRAINT api_keys_scopes_check`);
    await q.query(`ALTER TABLE api_keys ADD CONSTRAINT api_keys_scopes_check CHECK (cardinality(scopes) > 0
      AND scopes <@ ARRAY['applications:read', 'applications:write', 'payments:read', 'webhooks:manage', 'catalogue:read']::text[])`);
    await q.query(`UPDATE advisory_lines SET show_until = '2025-11-12T04:59:59Z'
      WHERE show_until IS NULL AND text_en = 'Spring 2026 – MSW in Social Work (Men): apply by November 11, 2025.'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM api_keys WHERE scopes = ARRAY['catalogue:read']::text[]`);
    await q.query(`UPDATE api_keys SET scopes = array_remove(scopes, 'catalogue:read')`);
    await q.query(`ALTER TABLE api_keys DROP CONSTRAINT api_keys_scopes_check`);
    await q.query(`ALTER TABLE api_keys ADD CONSTRAINT api_keys_scopes_check CHECK (cardinality(scopes) > 0
      AND scopes <@ ARRAY['applications:read', 'applications:write', 'payments:read', 'webhooks:manage']::text[])`);
    await q.query(`
      CREATE TABLE application_deadlines (
        id serial PRIMARY KEY,
        semester text NOT NULL,
        field_of_interest text,
        deadline_at timestamptz NOT NULL,
        UNIQUE NULLS NOT DISTINCT (semester, field_of_interest)
      )`);
    await q.query(`ALTER TABLE programs ADD COLUMN courses jsonb NOT NULL DEFAULT '[]'::jsonb`);
    await q.query(`
      UPDATE programs p SET courses = coalesce((
        SELECT jsonb_agg(jsonb_build_object('semester', t.key, 'locations', o.locations) ORDER BY t.starts_on)
          FROM offerings o JOIN terms t ON t.id = o.term_id WHERE o.program_id = p.id AND NOT o.archived), '[]'::jsonb)`);
    await q.query(`ALTER TABLE applications DROP COLUMN offering_id`);
    await q.query(`DROP TABLE offerings`);
    await q.query(`DROP TABLE terms`);
    await q.query(`ALTER TABLE programs DROP COLUMN archived`);
  }
}
