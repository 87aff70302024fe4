import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29 item 3, the office's answer to a deferral request:
 * - on `applications`: `deferral_decision` (approved or denied; null while the request is pending),
 *   `deferral_decided_at`, `deferral_decided_by` (the admin), `deferral_decision_note` (shown to the
 *   applicant) and `deferred_from_offering_id` (the offering an approved deferral moved the application from);
 * - webhook endpoints may subscribe to `deferral.decided`.
 */
export class DeferralDecisions1764190000000 implements MigrationInterface {
  name = 'DeferralDecisions1764190000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE applications
        ADD COLUMN deferral_decision text,
        ADD COLUMN deferral_decided_at timestamptz,
        ADD COLUMN deferral_decided_by uuid,
        ADD COLUMN deferral_decision_note text,
        ADD COLUMN deferred_from_offering_id integer,
        ADD CONSTRAINT applications_deferral_decision_check CHECK (deferral_decision IN ('approved', 'denied'))`);
    await q.query(`ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check`);
    await q.query(`ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check
      CHECK (cardinality(events) > 0 AND events <@ ARRAY['application.started', 'application.submitted', 'payment.approved',
        'payment.declined', 'documents.completed', 'decision.released', 'application.replied', 'deferral.requested',
        'deferral.decided']::text[])`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check`);
    await q.query(`ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check
      CHECK (cardinality(events) > 0 AND events <@ ARRAY['application.started', 'application.submitted', 'payment.approved',
        'payment.declined', 'documents.completed', 'decision.released', 'application.replied', 'deferral.requested']::text[])`);
    await q.query(`
      ALTER TABLE applications DROP CONSTRAINT applications_deferral_decision_check, DROP COLUMN deferral_decision,
        DROP COLUMN deferral_decided_at, DROP COLUMN deferral_decided_by, DROP COLUMN deferral_decision_note,
        DROP COLUMN deferred_from_offering_id`);
  }
}
