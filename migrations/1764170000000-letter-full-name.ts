import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 27 item 2 "a person's name, written their way": decision letters name the applicant with the
 * `{{fullName}}` merge field (family name first for names in Han, Hangul or Kana, see
 * `contract/format/person-name.ts`) instead of a fixed order of `{{firstName}}` and `{{lastName}}` — the
 * seeded English and Spanish letters greeted 王芳 as "芳 王", the Chinese ones Ana Díaz as "DíazAna".
 * Only those two fixed-order pairs are replaced; any other use of the fields stays as the office wrote it.
 */
export class LetterFullName1764170000000 implements MigrationInterface {
  name = 'LetterFullName1764170000000';

  async up(q: QueryRunner): Promise<void> {
    for (const pair of ['{{firstName}} {{lastName}}', '{{lastName}}{{firstName}}']) {
      await q.query(`UPDATE decision_letter_templates SET body = replace(body, $1, '{{fullName}}') WHERE strpos(body, $1) > 0`, [pair]);
      await q.query(`UPDATE decision_letter_templates SET subject = replace(subject, $1, '{{fullName}}') WHERE strpos(subject, $1) > 0`, [
        pair,
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE decision_letter_templates SET body = replace(body, '{{fullName}}', CASE WHEN locale = 'zh-CN' THEN '{{lastName}}{{firstName}}' ELSE '{{firstName}} {{lastName}}' END)`,
    );
    await q.query(
      `UPDATE decision_letter_templates SET subject = replace(subject, '{{fullName}}', CASE WHEN locale = 'zh-CN' THEN '{{lastName}}{{firstName}}' ELSE '{{firstName}} {{lastName}}' END)`,
    );
  }
}
