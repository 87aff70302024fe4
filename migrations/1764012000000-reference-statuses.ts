import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11 item 8 (spec §3 "firstReferenceStatus / secondReferenceStatus … also stored"): where each of the
 * two references stands — `Not requested`, `Requested`, `Received` or `Waived` — written by admins on the
 * application page (audited), shown in the record and the CSV. Existing applications start at `Not requested`.
 */
export class ReferenceStatuses1764012000000 implements MigrationInterface {
  name = 'ReferenceStatuses1764012000000';

  async up(q: QueryRunner): Promise<void> {
    for (const column of ['first_reference_status', 'second_reference_status']) {
      await q.query(
        `ALTER TABLE applications ADD COLUMN ${column} text NOT NULL DEFAULT 'Not requested'
           CHECK (${column} IN ('Not requested', 'Requested', 'Received', 'Waived'))`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE applications DROP COLUMN second_reference_status, DROP COLUMN first_reference_status`);
  }
}
