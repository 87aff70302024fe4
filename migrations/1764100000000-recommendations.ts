import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 15 item 1 "Recommenders answer by link, with no account": one row per recommendation request
 * (`recommendations`), the link's token kept only as its sha256, and `attachments.confidential` for a letter
 * whose recommender's right to see it was waived (the applicant never lists or downloads it).
 * A slot (first, second, third) holds at most one live request (`revoked_at IS NULL`); replaced or removed
 * requests stay as history. `reminders_sent` / `last_reminded_at` are claimed by one conditional UPDATE per
 * reminder, so replicas never send one twice.
 */
export class Recommendations1764100000000 implements MigrationInterface {
  name = 'Recommendations1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE recommendations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        slot text NOT NULL CHECK (slot IN ('first', 'second', 'third')),
        name text NOT NULL,
        email text NOT NULL,
        relationship text NOT NULL,
        waived boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'opened', 'received')),
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        requested_at timestamptz NOT NULL DEFAULT now(),
        last_sent_at timestamptz,
        opened_at timestamptz,
        received_at timestamptz,
        reminders_sent integer NOT NULL DEFAULT 0,
        last_reminded_at timestamptz,
        attachment_id uuid REFERENCES attachments(id) ON DELETE SET NULL,
        answers jsonb
      )`);
    await q.query(`CREATE UNIQUE INDEX recommendations_live_slot_idx ON recommendations (application_id, slot) WHERE revoked_at IS NULL`);
    await q.query(
      `CREATE INDEX recommendations_waiting_idx ON recommendations (requested_at) WHERE revoked_at IS NULL AND status <> 'received'`,
    );
    await q.query(`ALTER TABLE attachments ADD COLUMN confidential boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE attachments DROP COLUMN confidential`);
    await q.query(`DROP TABLE recommendations`);
  }
}
