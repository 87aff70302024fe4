import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook events before this migration (migration 1764190000000). */
const EVENTS_BEFORE = [
  'application.started',
  'application.submitted',
  'payment.approved',
  'payment.declined',
  'documents.completed',
  'decision.released',
  'application.replied',
  'deferral.requested',
  'deferral.decided',
];

/** SQL array literal of `values`. */
const textArray = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v}'`).join(', ')}]::text[]`;

/**
 * Issue 29 item 2, the enrollment deposit — a second purpose of the payments the application fee uses:
 * - on `offerings`: `deposit_cents` (integer cents; null or 0: no deposit), `deposit_refundable`,
 *   `deposit_due_days` (days after the acceptance the deposit is due; null: no deadline) and
 *   `lapse_unpaid_deposits` (the office's setting: an accepted offer whose deposit is unpaid at the deadline lapses);
 * - on `payments`: `purpose` (`application_fee` | `enrollment_deposit`, an allow-list), statuses `refunded` and
 *   `voided`, and the reversal an admin made through the gateway (`reversal_kind` refund | void, the claim
 *   `reversal_claimed_at`, `reversed_at`, `reversal_transaction_id`, `reversed_by`, `reversal_note`,
 *   `reversal_error`); one successful payment per application **and purpose**;
 * - on `applications`: `deposit_status` (pending, paid, waived, declined, refunded, voided; null: nothing yet),
 *   `deposit_due_at`, `deposit_paid_at`, `deposit_refunded_at`, `deposit_lapsed_at`; the reply `lapsed`;
 * - on `discount_codes`: `applies_to` (the purpose a code discounts; existing codes: the application fee);
 * - webhook endpoints may subscribe to `deposit.paid` and `deposit.refunded`.
 */
export class EnrollmentDeposits1764200000000 implements MigrationInterface {
  name = 'EnrollmentDeposits1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE offerings
        ADD COLUMN deposit_cents integer CHECK (deposit_cents IS NULL OR deposit_cents BETWEEN 0 AND 100000000),
        ADD COLUMN deposit_refundable boolean NOT NULL DEFAULT false,
        ADD COLUMN deposit_due_days integer CHECK (deposit_due_days IS NULL OR deposit_due_days BETWEEN 1 AND 365),
        ADD COLUMN lapse_unpaid_deposits boolean NOT NULL DEFAULT false`);

    await q.query(`ALTER TABLE payments DROP CONSTRAINT payments_status_check`);
    await q.query(`
      ALTER TABLE payments
        ADD COLUMN purpose text NOT NULL DEFAULT 'application_fee' CHECK (purpose IN ('application_fee', 'enrollment_deposit')),
        ADD CONSTRAINT payments_status_check
          CHECK (status IN ('pending', 'approved', 'declined', 'held', 'rejected', 'unknown', 'waived', 'refunded', 'voided')),
        ADD COLUMN reversal_kind text CHECK (reversal_kind IN ('refund', 'void')),
        ADD COLUMN reversal_claimed_at timestamptz,
        ADD COLUMN reversed_at timestamptz,
        ADD COLUMN reversal_transaction_id text,
        ADD COLUMN reversed_by uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN reversal_note text,
        ADD COLUMN reversal_error text`);
    await q.query(`DROP INDEX payments_one_success_idx`);
    await q.query(
      `CREATE UNIQUE INDEX payments_one_success_idx ON payments (application_id, purpose) WHERE status IN ('approved', 'waived')`,
    );

    await q.query(`ALTER TABLE applications DROP CONSTRAINT applications_reply_check`);
    await q.query(`
      ALTER TABLE applications
        ADD CONSTRAINT applications_reply_check
          CHECK (reply IN ('accepted', 'declined', 'deferral_requested', 'staying_on_waitlist', 'withdrawn_from_waitlist', 'lapsed')),
        ADD COLUMN deposit_status text CHECK (deposit_status IN ('pending', 'paid', 'waived', 'declined', 'refunded', 'voided')),
        ADD COLUMN deposit_due_at timestamptz,
        ADD COLUMN deposit_paid_at timestamptz,
        ADD COLUMN deposit_refunded_at timestamptz,
        ADD COLUMN deposit_lapsed_at timestamptz`);
    // the lapse job's candidates: accepted offers with a deposit deadline and no deposit paid
    await q.query(
      `CREATE INDEX applications_deposit_due_idx ON applications (deposit_due_at) WHERE reply = 'accepted' AND deposit_paid_at IS NULL`,
    );

    await q.query(`
      ALTER TABLE discount_codes
        ADD COLUMN applies_to text NOT NULL DEFAULT 'application_fee' CHECK (applies_to IN ('application_fee', 'enrollment_deposit'))`);

    await q.query(`ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check`);
    await q.query(`ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check
      CHECK (cardinality(events) > 0 AND events <@ ${textArray([...EVENTS_BEFORE, 'deposit.paid', 'deposit.refunded'])})`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE webhook_endpoints SET events = array_remove(array_remove(events, 'deposit.paid'), 'deposit.refunded')`);
    await q.query(`DELETE FROM webhook_endpoints WHERE cardinality(events) = 0`);
    await q.query(`ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_events_check`);
    await q.query(`ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_events_check
      CHECK (cardinality(events) > 0 AND events <@ ${textArray(EVENTS_BEFORE)})`);

    await q.query(`ALTER TABLE discount_codes DROP COLUMN applies_to`);

    await q.query(`DROP INDEX applications_deposit_due_idx`);
    // the older schema has no lapsed reply: the offer reads as declined
    await q.query(`UPDATE applications SET reply = 'declined' WHERE reply = 'lapsed'`);
    await q.query(`
      ALTER TABLE applications DROP CONSTRAINT applications_reply_check, DROP COLUMN deposit_status, DROP COLUMN deposit_due_at,
        DROP COLUMN deposit_paid_at, DROP COLUMN deposit_refunded_at, DROP COLUMN deposit_lapsed_at,
        ADD CONSTRAINT applications_reply_check
          CHECK (reply IN ('accepted', 'declined', 'deferral_requested', 'staying_on_waitlist', 'withdrawn_from_waitlist'))`);

    // deposits have no place in the older schema; a refunded or voided fee keeps Payment_Status Refunded on its application
    await q.query(`DELETE FROM payments WHERE purpose <> 'application_fee'`);
    await q.query(`UPDATE payments SET status = 'approved' WHERE status IN ('refunded', 'voided')`);
    await q.query(`DROP INDEX payments_one_success_idx`);
    await q.query(`CREATE UNIQUE INDEX payments_one_success_idx ON payments (application_id) WHERE status IN ('approved', 'waived')`);
    await q.query(`
      ALTER TABLE payments DROP CONSTRAINT payments_status_check, DROP COLUMN purpose, DROP COLUMN reversal_kind,
        DROP COLUMN reversal_claimed_at, DROP COLUMN reversed_at, DROP COLUMN reversal_transaction_id, DROP COLUMN reversed_by,
        DROP COLUMN reversal_note, DROP COLUMN reversal_error,
        ADD CONSTRAINT payments_status_check
          CHECK (status IN ('pending', 'approved', 'declined', 'held', 'rejected', 'unknown', 'waived'))`);

    await q.query(`
      ALTER TABLE offerings DROP COLUMN deposit_cents, DROP COLUMN deposit_refundable, DROP COLUMN deposit_due_days,
        DROP COLUMN lapse_unpaid_deposits`);
  }
}
