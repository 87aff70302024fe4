import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11 item 3 "every word in three languages":
 * - `dropdowns.options`: each option's `label` text becomes `{"en": <the text>}` (values untouched, so
 *   applications keep their answers); the seeded Spanish and Chinese labels are added at start by
 *   `DropdownsService.onApplicationBootstrap`, which fills missing languages of seeded options only.
 * - `programs.translations`: each program's label and popup title per language other than English
 *   (`{"es": {"label", "title"}, "zh-CN": {…}}`), written at start from `programs.catalogue.ts`.
 * - `applications.time_zone`: the applicant's IANA time zone (e.g. `Asia/Shanghai`), sent by the
 *   applicant-ui; e-mails show times in it. Null for older applications (e-mails then say UTC).
 * `down` turns labels back into their English text and drops the two columns.
 */
export class LocalizedLabels1764130000000 implements MigrationInterface {
  name = 'LocalizedLabels1764130000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE dropdowns SET options = (
        SELECT coalesce(jsonb_agg(
          CASE WHEN jsonb_typeof(o -> 'label') = 'string'
               THEN jsonb_set(o, '{label}', jsonb_build_object('en', o -> 'label'))
               ELSE o END ORDER BY n), '[]'::jsonb)
        FROM jsonb_array_elements(options) WITH ORDINALITY AS e(o, n))
      WHERE jsonb_typeof(options) = 'array'`);
    await q.query(`ALTER TABLE programs ADD COLUMN translations jsonb NOT NULL DEFAULT '{}'::jsonb`);
    await q.query(`ALTER TABLE applications ADD COLUMN time_zone text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE applications DROP COLUMN time_zone`);
    await q.query(`ALTER TABLE programs DROP COLUMN translations`);
    await q.query(`
      UPDATE dropdowns SET options = (
        SELECT coalesce(jsonb_agg(
          CASE WHEN jsonb_typeof(o -> 'label') = 'object'
               THEN jsonb_set(o, '{label}', o -> 'label' -> 'en')
               ELSE o END ORDER BY n), '[]'::jsonb)
        FROM jsonb_array_elements(options) WITH ORDINALITY AS e(o, n))
      WHERE jsonb_typeof(options) = 'array'`);
  }
}
