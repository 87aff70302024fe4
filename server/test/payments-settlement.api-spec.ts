import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { loadConfig } from '../src/config/app-config.js';
import { JobsService } from '../src/modules/jobs/jobs.service.js';
import { PAYMENT_SETTLE_QUEUE, PaymentsSettlementService } from '../src/modules/payments/payments-settlement.service.js';
import { PaymentsService, SETTLE_GRACE_MS } from '../src/modules/payments/payments.service.js';
import { startAuthnetDouble, type AuthnetDouble } from './support/authnet-double.js';
import { authnetPayments } from './support/authnet-payments.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const CREDENTIALS = { name: 'portal-login', transactionKey: 'portal-key-123' };
const NOTHING = { checked: 0, approved: 0, declined: 0, noCharge: 0, held: 0, unknown: 0, failed: 0 };

/**
 * The settlement job (PaymentsSettlementService) against the Authorize.Net double: attempts left `unknown`
 * (the charge answer timed out or was a 5xx while the reporting API was down too, so the request could not
 * settle it) and `held` attempts are settled in the background exactly as a retry would settle them. The
 * double's charge list is what the card holder would see on a statement.
 */
describe('Payments: the background settlement job', () => {
  let t: TestApp;
  let double: AuthnetDouble;
  let sink: SmtpSink;
  let settler: PaymentsSettlementService;
  /** Time of the latest run; each run passes a later one, past the grace period and the lease. */
  let clock = Date.now();
  const nextRun = () => new Date((clock = Math.max(clock, Date.now()) + 10 * 60_000));

  const { certified, pay, chargesFor, applicationRow } = authnetPayments(
    () => t,
    () => double,
  );
  const paymentRow = async (requestId: string) => (await t.db.query('SELECT * FROM payments WHERE request_id = $1', [requestId])).rows[0];
  /**
   * An attempt whose outcome the request could not learn: the charge answer is lost (`charged`: it timed
   * out after the double charged; else a 503 before any charge) and the lookup fails too (reporting down).
   */
  const unknownAttempt = async (charged: boolean) => {
    const a = await certified();
    const requestId = randomUUID();
    double.reportingDown = true;
    if (charged) double.delayMs = 1500;
    else double.mode = '5xx-before-charge';
    const response = await pay(a, { requestId }).expect(502);
    expect(response.body.data).toMatchObject({ status: 'unknown', Payment_Status: 'Pending' });
    double.reportingDown = false;
    double.delayMs = 0;
    double.mode = 'normal';
    return { ...a, requestId };
  };
  /** An attempt the processor holds for review (202, Payment_Status Pending). */
  const heldAttempt = async () => {
    const a = await certified();
    const requestId = randomUUID();
    double.mode = 'held';
    await pay(a, { requestId }).expect(202);
    double.mode = 'normal';
    return { ...a, requestId };
  };
  const envOf = () => ({
    SMTP_URL: sink.url,
    PAYMENT_GATEWAY: 'authorizenet',
    AUTHNET_API_LOGIN_ID: CREDENTIALS.name,
    AUTHNET_TRANSACTION_KEY: CREDENTIALS.transactionKey,
    AUTHNET_CLIENT_KEY: 'public-client-key-456',
    AUTHNET_ENDPOINT: double.url,
    PAYMENT_GATEWAY_TIMEOUT_MS: '400',
  });
  const receiptsTo = (email: string) => sink.messages.filter((m) => m.to.includes(email) && m.subject.startsWith('Application received'));

  beforeAll(async () => {
    double = await startAuthnetDouble(CREDENTIALS);
    sink = await startSmtpSink();
    t = await createTestApp(envOf());
    settler = t.app.get(PaymentsSettlementService);
  });
  afterAll(async () => {
    await t.close();
    await double.close();
    await sink.close();
  });
  beforeEach(() => {
    double.mode = 'normal';
    double.delayMs = 0;
    double.reportingDown = false;
    double.reportingDelayMs = 0;
  });

  it('settles an attempt that timed out but charged: Paid, submitted, one charge, one receipt; no further charge', async () => {
    const a = await unknownAttempt(true);
    expect(await applicationRow(a.id)).toMatchObject({ status: 'draft', payment_status: 'Pending' });
    const [charge] = await chargesFor(a.id);

    const report = await settler.settlePending(nextRun());

    expect(report).toEqual({ ...NOTHING, checked: 1, approved: 1 });
    expect(await paymentRow(a.requestId)).toMatchObject({
      status: 'approved',
      transaction_id: charge.transId,
      auth_code: 'A1B2C3',
      account_number: 'XXXX1111',
      settle_checks: 1,
    });
    expect(await applicationRow(a.id)).toMatchObject({ status: 'submitted', payment_status: 'Paid' });
    const { email } = await applicationRow(a.id);
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Application received'));
    expect(mail.text).toContain(charge.transId);
    expect((await pay(a).expect(409)).body.code).toBe('PAY-003');
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  it('settles an attempt that did not charge back to Unpaid, and the applicant can pay again (one charge)', async () => {
    const a = await unknownAttempt(false);
    expect(await chargesFor(a.id)).toHaveLength(0);

    expect(await settler.settlePending(nextRun())).toEqual({ ...NOTHING, checked: 1, noCharge: 1 });

    expect(await paymentRow(a.requestId)).toMatchObject({ status: 'rejected', settle_checks: 1 });
    expect(await applicationRow(a.id)).toMatchObject({ status: 'draft', payment_status: 'Unpaid' });
    await pay(a).expect(201);
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  it('leaves an attempt Pending while the gateway is still down (counted and stamped), and settles it on a later run', async () => {
    const a = await unknownAttempt(true);
    double.reportingDown = true;
    const first = nextRun();

    expect(await settler.settlePending(first)).toEqual({ ...NOTHING, checked: 1, unknown: 1 });
    const row = await paymentRow(a.requestId);
    expect(row).toMatchObject({ status: 'unknown', settle_checks: 1 });
    expect(row.settle_checked_at).toEqual(first);
    expect(await applicationRow(a.id)).toMatchObject({ status: 'draft', payment_status: 'Pending' });
    // asked moments ago: another run in the same period leaves it alone
    const lookups = double.lookupCount;
    expect(await settler.settlePending(new Date(first.getTime() + 1000))).toEqual(NOTHING);
    expect(double.lookupCount).toBe(lookups);

    double.reportingDown = false;
    expect(await settler.settlePending(nextRun())).toEqual({ ...NOTHING, checked: 1, approved: 1 });
    expect(await paymentRow(a.requestId)).toMatchObject({ status: 'approved', settle_checks: 2 });
    expect(await applicationRow(a.id)).toMatchObject({ status: 'submitted', payment_status: 'Paid' });
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  it('does not touch an unknown attempt inside the grace period (a request may still be settling it)', async () => {
    const a = await unknownAttempt(true);
    const lookups = double.lookupCount;

    expect(await settler.settlePending(new Date())).toEqual(NOTHING);
    expect(await settler.settlePending(new Date(Date.now() + SETTLE_GRACE_MS - 10_000))).toEqual(NOTHING);
    expect(double.lookupCount).toBe(lookups);
    expect(await paymentRow(a.requestId)).toMatchObject({ status: 'unknown', settle_checks: 0, settle_checked_at: null });

    expect(await settler.settlePending(nextRun())).toEqual({ ...NOTHING, checked: 1, approved: 1 });
  });

  it('two settlers running at once settle each attempt once: one lookup, one charge and one receipt each', async () => {
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push(await unknownAttempt(true));
    const other = new PaymentsSettlementService(t.app.get(PaymentsService), t.app.get(DataSource), t.config, t.app.get(JobsService));
    double.reportingDelayMs = 150; // each lookup takes a while, so the two runs overlap
    const lookups = double.lookupCount;
    const at = nextRun();

    const [mine, theirs] = await Promise.all([settler.settlePending(at), other.settlePending(at)]);

    expect(mine.approved + theirs.approved).toBe(4);
    expect(mine.checked + theirs.checked).toBe(4);
    expect(mine.checked).toBeGreaterThan(0); // the work was shared, not done by one while the other waited
    expect(theirs.checked).toBeGreaterThan(0);
    expect(double.lookupCount - lookups).toBe(4);
    for (const a of attempts) {
      expect(await paymentRow(a.requestId)).toMatchObject({ status: 'approved', settle_checks: 1 });
      expect(await applicationRow(a.id)).toMatchObject({ status: 'submitted', payment_status: 'Paid' });
      expect(await chargesFor(a.id)).toHaveLength(1);
      const { email } = await applicationRow(a.id);
      await sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Application received'));
      expect(receiptsTo(email)).toHaveLength(1);
    }
  });

  it('settles a held attempt once the review approves it (Paid, receipt), and leaves it Pending until then', async () => {
    const { requestId, ...a } = await heldAttempt();

    expect(await settler.settlePending(nextRun())).toEqual({ ...NOTHING, checked: 1, held: 1 });
    expect(await paymentRow(requestId)).toMatchObject({ status: 'held', settle_checks: 1 });
    expect(await applicationRow(a.id)).toMatchObject({ status: 'draft', payment_status: 'Pending' });

    double.approveHeld();
    expect(await settler.settlePending(nextRun())).toEqual({ ...NOTHING, checked: 1, approved: 1 });
    expect(await paymentRow(requestId)).toMatchObject({ status: 'approved', settle_checks: 2 });
    expect(await applicationRow(a.id)).toMatchObject({ status: 'submitted', payment_status: 'Paid' });
    const { email } = await applicationRow(a.id);
    await sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Application received'));
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  it('settles a held attempt the review declines as Declined, and the applicant can pay again', async () => {
    const { requestId, ...a } = await heldAttempt();
    double.declineHeld();

    expect(await settler.settlePending(nextRun())).toEqual({ ...NOTHING, checked: 1, declined: 1 });
    expect(await paymentRow(requestId)).toMatchObject({ status: 'declined' });
    expect(await applicationRow(a.id)).toMatchObject({ status: 'draft', payment_status: 'Declined' });
    const { email } = await applicationRow(a.id);
    expect(receiptsTo(email)).toHaveLength(0);
    await pay(a).expect(201);
    expect((await chargesFor(a.id)).map((c) => c.status)).toEqual(['declined', 'capturedPendingSettlement']);
  });

  it('settles a pending attempt abandoned mid-charge (older than the gateway timeout plus the grace), not a fresh one', async () => {
    const a = await unknownAttempt(true);
    // as if the server had died while waiting for the gateway: still `pending`
    await t.db.query(`UPDATE payments SET status = 'pending' WHERE request_id = $1`, [a.requestId]);
    expect(await settler.settlePending(new Date(Date.now() + SETTLE_GRACE_MS - 10_000))).toEqual(NOTHING); // timeout + grace not over yet

    expect(await settler.settlePending(nextRun())).toEqual({ ...NOTHING, checked: 1, approved: 1 });
    expect(await applicationRow(a.id)).toMatchObject({ status: 'submitted', payment_status: 'Paid' });
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  describe('the interval (PAYMENT_SETTLE_INTERVAL_SECONDS)', () => {
    it('defaults to 300 seconds and refuses a negative value', () => {
      expect(loadConfig({}).PAYMENT_SETTLE_INTERVAL_SECONDS).toBe(300);
      expect(loadConfig({ PAYMENT_SETTLE_INTERVAL_SECONDS: '0' }).PAYMENT_SETTLE_INTERVAL_SECONDS).toBe(0);
      expect(() => loadConfig({ PAYMENT_SETTLE_INTERVAL_SECONDS: '-1' })).toThrow(/PAYMENT_SETTLE_INTERVAL_SECONDS/);
    });

    it('is off when the setting is 0: the queue exists but is not periodic, and no job is offered', async () => {
      expect(t.config.PAYMENT_SETTLE_INTERVAL_SECONDS).toBe(0);
      const jobs = t.app.get(JobsService);
      expect(jobs.periodSeconds(PAYMENT_SETTLE_QUEUE)).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const [counts] = (await jobs.counts()).filter((c) => c.queue === PAYMENT_SETTLE_QUEUE);
      expect(counts).toEqual({ queue: PAYMENT_SETTLE_QUEUE, queued: 0, active: 0, failed: 0, completed: 0 });
    });

    it('when set, a replica runs it on its own as a pg-boss job and settles a due attempt; it stops on shutdown', async () => {
      const a = await unknownAttempt(true);
      await t.db.query(`UPDATE payments SET updated_at = now() - interval '2 minutes' WHERE request_id = $1`, [a.requestId]);
      const replica = await createTestApp(
        { ...envOf(), PAYMENT_SETTLE_INTERVAL_SECONDS: '1', JOBS_POLL_SECONDS: '0.5' },
        { sameDatabaseAs: t },
      );
      try {
        expect(replica.app.get(JobsService).periodSeconds(PAYMENT_SETTLE_QUEUE)).toBe(1);
        const deadline = Date.now() + 15_000;
        while ((await paymentRow(a.requestId)).status === 'unknown' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(await paymentRow(a.requestId)).toMatchObject({ status: 'approved', settle_checks: 1 });
        // the run is in pg-boss's history once its handler has returned (the payment row is written before the
        // receipt and the webhook events of the same run, so wait for pg-boss to record the completion)
        const completed = () => t.db.query(`SELECT state FROM pgboss.job WHERE name = $1 AND state = 'completed'`, [PAYMENT_SETTLE_QUEUE]);
        while ((await completed()).rowCount === 0 && Date.now() < deadline + 10_000) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect((await completed()).rowCount).toBeGreaterThan(0);
      } finally {
        await replica.close();
      }
      expect(await applicationRow(a.id)).toMatchObject({ status: 'submitted', payment_status: 'Paid' });
      // after shutdown no replica offers jobs any more
      const before = (await t.db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [PAYMENT_SETTLE_QUEUE])).rows[0].n;
      await new Promise((resolve) => setTimeout(resolve, 2200));
      expect((await t.db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1`, [PAYMENT_SETTLE_QUEUE])).rows[0].n).toBe(
        before,
      );
    }, 45_000);
  });
});
