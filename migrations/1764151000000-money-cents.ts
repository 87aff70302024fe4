import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The money columns of `payments`, each with its integer-cents column. */
const PAYMENT_COLUMNS = ['amount', 'late_fee', 'discount', 'total'] as const;

/**
 * Issue 14 "money in integer cents end to end": the amounts of `payments` and the value of
 * `discount_codes` are stored as integers — cents (hundredths of the currency's major unit) in
 * `amount_cents`, `late_fee_cents`, `discount_cents`, `total_cents`, and `value_hundredths` (cents of a
 * fixed code, hundredths of a percent of a percentage code). The old `numeric(10,2)` columns held exactly
 * two decimals, so `round(x * 100)` loses nothing. The old names stay as read-only generated columns
 * (`x_cents / 100.0`) for readers not yet moved to cents; nothing writes them.
 */
export class MoneyCents1764151000000 implements MigrationInterface {
  name = 'MoneyCents1764151000000';

  async up(q: QueryRunner): Promise<void> {
    for (const column of PAYMENT_COLUMNS) {
      await q.query(`ALTER TABLE payments ADD COLUMN ${column}_cents bigint NOT NULL DEFAULT 0 CHECK (${column}_cents >= 0)`);
      await q.query(`UPDATE payments SET ${column}_cents = round(${column} * 100)::bigint`);
      await q.query(`ALTER TABLE payments DROP COLUMN ${column}`);
      await q.query(`ALTER TABLE payments ADD COLUMN ${column} numeric(10, 2) GENERATED ALWAYS AS (${column}_cents / 100.0) STORED`);
    }
    await q.query(`ALTER TABLE payments ALTER COLUMN amount_cents DROP DEFAULT, ALTER COLUMN total_cents DROP DEFAULT`);

    await q.query(`
      ALTER TABLE discount_codes ADD COLUMN value_hundredths integer NOT NULL DEFAULT 0
        CHECK (value_hundredths >= 0) CHECK (kind <> 'percent' OR value_hundredths <= 10000)`);
    await q.query(`UPDATE discount_codes SET value_hundredths = round(value * 100)::integer`);
    await q.query(`ALTER TABLE discount_codes DROP COLUMN value`);
    await q.query(`ALTER TABLE discount_codes ADD COLUMN value numeric(10, 2) GENERATED ALWAYS AS (value_hundredths / 100.0) STORED`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE discount_codes DROP COLUMN value`);
    await q.query(`ALTER TABLE discount_codes ADD COLUMN value numeric(10, 2) NOT NULL DEFAULT 0 CHECK (value >= 0)`);
    await q.query(`UPDATE discount_codes SET value = value_hundredths / 100.0`);
    await q.query(`ALTER TABLE discount_codes ADD CHECK (kind <> 'percent' OR value <= 100)`);
    await q.query(`ALTER TABLE discount_codes DROP COLUMN value_hundredths`);
    for (const column of PAYMENT_COLUMNS) {
      await q.query(`ALTER TABLE payments DROP COLUMN ${column}`);
      await q.query(`ALTER TABLE payments ADD COLUMN ${column} numeric(10, 2) NOT NULL DEFAULT 0`);
      await q.query(`UPDATE payments SET ${column} = ${column}_cents / 100.0`);
      await q.query(`ALTER TABLE payments DROP COLUMN ${column}_cents`);
    }
    await q.query(`ALTER TABLE payments ALTER COLUMN amount DROP DEFAULT, ALTER COLUMN total DROP DEFAULT`);
  }
}
