import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29 item 1, the applicant's reply to a released decision:
 * - `offerings.reply_deadline_at` (the office's reply deadline for the offering; a release may set another
 *   per application) and `offerings.accepts_deferrals` (whether admitted applicants may ask to start in it
 *   instead);
 * - on `applications`: `reply` (an allow-list: accepted, declined, deferral_requested, staying_on_waitlist,
 *   withdrawn_from_waitlist), `replied_at`, `reply_deadline_at` (copied from the offering at release),
 *   `reply_reason` (a value of the `declineReasons` list), `reply_attending_instead`, `deferral_term` (a term
 *   key), `deferral_note` and `reply_reminded_at` (the one reminder before the deadline, claimed once);
 * - webhook endpoints may subscribe to `application.replied` and `deferral.requested`.
 */
export class DecisionReplies1764180000000 implements MigrationInterface {
  name = 'DecisionReplies1764180000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE offerings ADD COLUMN reply_deadline_at timestamptz, ADD COLUMN accepts_deferrals boolean NOT NULL DEFAULT false`,
    );
    await q.query(`
      ALTER TABLE applications
        ADD COLUMN reply text,
        ADD COLUMN replied_at timestamptz,
        ADD COLUMN reply_deadline_at timestamptz,
        ADD COLUMN reply_reason text,
        ADD COLUMN reply_attending_instead text,
        ADD COLUMN deferral_term text,
        ADD COLUMN deferral_note text,
        ADD COLUMN reply_reminded_at timestamptz,
        ADD CONSTRAINT applications_reply_check
          CHECK (reply IN ('accepted', 'declined', 'deferral_requested', 'staying_on_waitlist', 'withdrawn_from_waitlist'))`);
    await q.query(`CREATE INDEX applications_reply_idx ON applications (reply) WHERE reply IS NOT NULL`);
    await q.query(`ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check`);
    await q.query(`ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check
      CHECK (cardinality(events) > 0 AND events <@ ARRAY['application.started', 'application.submitted', 'payment.approved',
        'payment.declined', 'documents.completed', 'decision.released', 'application.replied', 'deferral.requested']::text[])`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check`);
    await q.query(`ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check
      CHECK (cardinality(events) > 0 AND events <@ ARRAY['application.started', 'application.submitted', 'payment.approved',
        'payment.declined', 'documents.completed', 'decision.released']::text[])`);
    await q.query(`DROP INDEX applications_reply_idx`);
    await q.query(`
      ALTER TABLE applications DROP CONSTRAINT applications_reply_check, DROP COLUMN reply, DROP COLUMN replied_at,
        DROP COLUMN reply_deadline_at, DROP COLUMN reply_reason, DROP COLUMN reply_attending_instead,
        DROP COLUMN deferral_term, DROP COLUMN deferral_note, DROP COLUMN reply_reminded_at`);
    await q.query(`ALTER TABLE offerings DROP COLUMN reply_deadline_at, DROP COLUMN accepts_deferrals`);
  }
}
