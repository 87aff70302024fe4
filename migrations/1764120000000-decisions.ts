import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The CHECK constraint(s) of `applications` that test `status` (found by definition, whatever their name). */
async function dropStatusChecks(q: QueryRunner): Promise<void> {
  const rows = (await q.query(
    `SELECT conname FROM pg_constraint
      WHERE conrelid = 'applications'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) ~ '\\mstatus\\M'
        AND pg_get_constraintdef(oid) !~ 'payment_status|reference_status'`,
  )) as { conname: string }[];
  for (const { conname } of rows) await q.query(`ALTER TABLE applications DROP CONSTRAINT "${conname.replace(/"/g, '""')}"`);
}

/** Default letters: decision × language, Handlebars with the merge fields of `decisions/merge-fields.ts`. */
const LETTERS: Record<string, Record<string, { subject: string; body: string }>> = {
  admitted: {
    en: {
      subject: 'Your admission decision',
      body: 'Dear {{firstName}} {{lastName}},\n\nCongratulations! We are delighted to offer you admission to {{program}} for {{semester}}.\n\nYour reference number is {{referenceNumber}}. The admissions office will write to you soon about the next steps.\n\nWith warm wishes,\nThe Admissions Office',
    },
    es: {
      subject: 'Su decisión de admisión',
      body: 'Estimado/a {{firstName}} {{lastName}}:\n\n¡Felicidades! Nos complace ofrecerle la admisión a {{program}} para {{semester}}.\n\nSu número de referencia es {{referenceNumber}}. La oficina de admisiones le escribirá pronto sobre los próximos pasos.\n\nCon nuestros mejores deseos,\nLa Oficina de Admisiones',
    },
    'zh-CN': {
      subject: '您的录取决定',
      body: '{{lastName}}{{firstName}}，您好：\n\n恭喜您！我们很高兴地通知您，您已被{{program}}（{{semester}}）录取。\n\n您的参考编号是 {{referenceNumber}}。招生办公室将很快与您联系后续事宜。\n\n此致\n招生办公室',
    },
  },
  waitlisted: {
    en: {
      subject: 'Your admission decision',
      body: 'Dear {{firstName}} {{lastName}},\n\nThank you for applying to {{program}} for {{semester}}. After careful review, we have placed your application on our waiting list.\n\nWe will write to you as soon as a place becomes available. Your reference number is {{referenceNumber}}.\n\nSincerely,\nThe Admissions Office',
    },
    es: {
      subject: 'Su decisión de admisión',
      body: 'Estimado/a {{firstName}} {{lastName}}:\n\nGracias por postularse a {{program}} para {{semester}}. Tras una revisión cuidadosa, hemos incluido su solicitud en nuestra lista de espera.\n\nLe escribiremos en cuanto haya una plaza disponible. Su número de referencia es {{referenceNumber}}.\n\nAtentamente,\nLa Oficina de Admisiones',
    },
    'zh-CN': {
      subject: '您的录取决定',
      body: '{{lastName}}{{firstName}}，您好：\n\n感谢您申请{{program}}（{{semester}}）。经过认真审核，您的申请已被列入候补名单。\n\n一旦有名额空出，我们会立即通知您。您的参考编号是 {{referenceNumber}}。\n\n此致\n招生办公室',
    },
  },
  denied: {
    en: {
      subject: 'Your admission decision',
      body: 'Dear {{firstName}} {{lastName}},\n\nThank you for applying to {{program}} for {{semester}}. After careful review, we regret that we are unable to offer you admission.\n\nWe wish you every success. Your reference number is {{referenceNumber}}.\n\nSincerely,\nThe Admissions Office',
    },
    es: {
      subject: 'Su decisión de admisión',
      body: 'Estimado/a {{firstName}} {{lastName}}:\n\nGracias por postularse a {{program}} para {{semester}}. Tras una revisión cuidadosa, lamentamos no poder ofrecerle la admisión.\n\nLe deseamos mucho éxito. Su número de referencia es {{referenceNumber}}.\n\nAtentamente,\nLa Oficina de Admisiones',
    },
    'zh-CN': {
      subject: '您的录取决定',
      body: '{{lastName}}{{firstName}}，您好：\n\n感谢您申请{{program}}（{{semester}}）。经过认真审核，很遗憾我们无法向您提供录取。\n\n祝您一切顺利。您的参考编号是 {{referenceNumber}}。\n\n此致\n招生办公室',
    },
  },
};

/**
 * Issue 15 items 2–4 (decisions released to applicants, the applicant's checklist):
 * - `applications.status` gains `under_review` and `decided` (the CHECK is dropped by definition and
 *   recreated; branch i15-reading recreates the same list);
 * - the decision columns: `decision` (admitted | waitlisted | denied), `decided_at`, `decided_by`,
 *   `decision_release_at` (scheduled release, UTC), `decision_released_at` (set once, by the release job);
 * - `decision_letter_templates`: one letter per decision × language, seeded;
 * - `application_deadlines`: the deadline per semester (and optionally field of interest) the checklist shows.
 */
export class Decisions1764120000000 implements MigrationInterface {
  name = 'Decisions1764120000000';

  async up(q: QueryRunner): Promise<void> {
    await dropStatusChecks(q);
    await q.query(`ALTER TABLE applications ADD CONSTRAINT applications_status_check
      CHECK (status IN ('draft', 'submitted', 'complete', 'withdrawn', 'under_review', 'decided'))`);
    await q.query(`ALTER TABLE applications
      ADD COLUMN IF NOT EXISTS decision text CHECK (decision IN ('admitted', 'waitlisted', 'denied')),
      ADD COLUMN IF NOT EXISTS decided_at timestamptz,
      ADD COLUMN IF NOT EXISTS decided_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN IF NOT EXISTS decision_release_at timestamptz,
      ADD COLUMN IF NOT EXISTS decision_released_at timestamptz`);
    await q.query(`CREATE INDEX applications_decision_due_idx ON applications (decision_release_at)
      WHERE decision_release_at IS NOT NULL AND decision_released_at IS NULL`);
    await q.query(`
      CREATE TABLE decision_letter_templates (
        decision text NOT NULL CHECK (decision IN ('admitted', 'waitlisted', 'denied')),
        locale text NOT NULL CHECK (locale IN ('en', 'es', 'zh-CN')),
        subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
        body text NOT NULL CHECK (length(body) BETWEEN 1 AND 20000),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by uuid REFERENCES users(id) ON DELETE SET NULL,
        PRIMARY KEY (decision, locale)
      )`);
    for (const [decision, byLocale] of Object.entries(LETTERS))
      for (const [locale, letter] of Object.entries(byLocale))
        await q.query(`INSERT INTO decision_letter_templates (decision, locale, subject, body) VALUES ($1, $2, $3, $4)`, [
          decision,
          locale,
          letter.subject,
          letter.body,
        ]);
    await q.query(`
      CREATE TABLE application_deadlines (
        id serial PRIMARY KEY,
        semester text NOT NULL,
        field_of_interest text,
        deadline_at timestamptz NOT NULL,
        UNIQUE NULLS NOT DISTINCT (semester, field_of_interest)
      )`);
    // spec §1/§9: the spring 2026 MSW deadline, November 11, 2025 (end of the day in the office's time zone)
    await q.query(`INSERT INTO application_deadlines (semester, field_of_interest, deadline_at)
      VALUES ('Spring 2026', 'MSW', '2025-11-11T23:59:59-05:00')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE application_deadlines`);
    await q.query(`DROP TABLE decision_letter_templates`);
    await q.query(`ALTER TABLE applications DROP COLUMN decision, DROP COLUMN decided_at, DROP COLUMN decided_by,
      DROP COLUMN decision_release_at, DROP COLUMN decision_released_at`);
    await dropStatusChecks(q);
    await q.query(`ALTER TABLE applications ADD CONSTRAINT applications_status_check
      CHECK (status IN ('draft', 'submitted', 'complete', 'withdrawn'))`);
  }
}
