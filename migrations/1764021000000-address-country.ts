import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11 item 2 "applicants from anywhere": step 1 gains `addressCountry` (answers JSONB, a value of the
 * `countries` dropdown). Existing records migrate without loss: every application that has a US state
 * gets `addressCountry` = 'United States'; nothing else changes (records without a state are read as the
 * United States too, `address-rules.ts`). `down` removes only the value this migration wrote.
 */
export class AddressCountry1764021000000 implements MigrationInterface {
  name = 'AddressCountry1764021000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE applications SET answers = answers || '{"addressCountry": "United States"}'::jsonb
        WHERE answers ? 'addressState' AND NOT answers ? 'addressCountry'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `UPDATE applications SET answers = answers - 'addressCountry'
        WHERE answers ->> 'addressCountry' = 'United States' AND answers ? 'addressState'`,
    );
  }
}
