import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 6 (settling payments in the background):
 * - `payments.settle_checks`: how many times the settlement job asked the gateway about the attempt;
 * - `payments.settle_checked_at`: when it last claimed the attempt (a claimed attempt is not claimed again
 *   until a lease has passed, so replicas share the work instead of repeating it);
 * - a partial index over the attempts that are still open, which is all the job ever reads.
 */
export class PaymentSettlement1763960000000 implements MigrationInterface {
  name = 'PaymentSettlement1763960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE payments
        ADD COLUMN settle_checks integer NOT NULL DEFAULT 0,
        ADD COLUMN settle_checked_at timestamptz`);
    await q.query(`CREATE INDEX payments_open_idx ON payments (updated_at) WHERE status IN ('pending', 'unknown', 'held')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payments_open_idx`);
    await q.query(`ALTER TABLE payments DROP COLUMN settle_checked_at, DROP COLUMN settle_checks`);
  }
}
