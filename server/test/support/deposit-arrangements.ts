import { startApplication, type TestApp } from './test-app.js';

/** Deposit terms of an offering (the columns of migration 1764200000000). */
export interface Terms {
  cents?: number | null;
  dueDays?: number | null;
  lapse?: boolean;
  refundable?: boolean;
}

/**
 * Builds the test's own offerings and admitted applicants on a test app: each offering in a term of its own (so
 * that each test reads its own line of the class view), each applicant started through the API, then decided,
 * released and moved into that offering.
 */
export function arrangements(t: () => TestApp) {
  let seq = 0;
  let programId = 0;
  return {
    /** A new offering of men's MSW with these deposit terms (in a term of its own); waits until the catalogue has it. */
    async offering(terms: Terms = {}): Promise<number> {
      seq += 1;
      if (!programId)
        programId = (await t().db.query(`SELECT id FROM programs WHERE gender = 'male' AND name = 'MSW'`)).rows[0].id as number;
      const term = (
        await t().db.query(
          `INSERT INTO terms (key, labels, starts_on) VALUES ($1, $2, (current_date + make_interval(years => 3, days => $3))::date) RETURNING id`,
          [`Deposit term ${seq}`, JSON.stringify({ en: `Deposit term ${seq}`, es: `Semestre ${seq}`, 'zh-CN': `学期 ${seq}` }), seq],
        )
      ).rows[0].id as number;
      const id = (
        await t().db.query(
          `INSERT INTO offerings (program_id, term_id, opens_at, closes_at, application_fee_cents, seats, deposit_cents, deposit_due_days,
                                  lapse_unpaid_deposits, deposit_refundable)
           VALUES ($1, $2, now() - interval '1 day', now() + interval '30 days', 15000, 10, $3, $4, $5, $6) RETURNING id`,
          [
            programId,
            term,
            terms.cents === undefined ? 50_000 : terms.cents,
            terms.dueDays === undefined ? 14 : terms.dueDays,
            terms.lapse ?? true,
            terms.refundable ?? true,
          ],
        )
      ).rows[0].id as number;
      await t().changesSeen();
      return id;
    },
    /** An applicant admitted to `offeringId`, the decision released now; `locale` and `timeZone` are hers. */
    async admitted(offeringId: number, options: { locale?: string; timeZone?: string } = {}) {
      seq += 1;
      const started = await startApplication(t(), { email: `deposit${seq}@example.com`, locale: options.locale ?? 'en' });
      await t().db.query(
        `UPDATE applications SET offering_id = $2, status = 'decided', payment_status = 'Paid', submitted_at = now(), completed_at = now(),
                decision = 'admitted', decided_at = now(), decision_release_at = now(), decision_released_at = now(), time_zone = $3
          WHERE id = $1`,
        [started.id, offeringId, options.timeZone ?? null],
      );
      const email = (await t().db.query(`SELECT email FROM applications WHERE id = $1`, [started.id])).rows[0].email as string;
      return { id: started.id, token: started.token, email };
    },
  };
}
