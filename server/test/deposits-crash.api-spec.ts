import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { PaymentsSettlementService } from '../src/modules/payments/payments-settlement.service.js';
import { startAuthnetDouble, type AuthnetDouble } from './support/authnet-double.js';
import { compileServer } from './support/compiled-server.js';
import { arrangements } from './support/deposit-arrangements.js';
import { ServerProcesses } from './support/server-process.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { withDatabase } from './support/test-database.js';

const CREDENTIALS = { name: 'portal-login', transactionKey: 'portal-key-123' };
const GATEWAY = (double: AuthnetDouble, timeoutMs: number) => ({
  PAYMENT_GATEWAY: 'authorizenet',
  AUTHNET_API_LOGIN_ID: CREDENTIALS.name,
  AUTHNET_TRANSACTION_KEY: CREDENTIALS.transactionKey,
  AUTHNET_CLIENT_KEY: 'public-client-key',
  AUTHNET_ENDPOINT: double.url,
  PAYMENT_GATEWAY_TIMEOUT_MS: String(timeoutMs),
});

/**
 * Issue 29's deposit under kill -9, as the application fee is (issue 26): a built server charges an admitted
 * applicant's enrollment deposit through the Authorize.Net double, which takes the charge and holds its answer;
 * the server is killed (SIGKILL) while it waits. The applicant then tries again from another tab on a second
 * replica: refused while the first attempt is unsettled, with no new charge. The settlement job (on a clock moved
 * past the gateway timeout and the grace) asks the gateway what became of the attempt and records it as paid;
 * one more try is refused as paid. The card holder's statement (the double's charges of the deposit's invoice
 * number) shows one charge.
 */
describe('Enrollment deposit across kill -9', () => {
  let t: TestApp;
  let double: AuthnetDouble;
  let MAIN: string;
  const servers = new ServerProcesses();
  const { offering, admitted } = arrangements(() => t);

  beforeAll(async () => {
    double = await startAuthnetDouble(CREDENTIALS);
    [MAIN, t] = await Promise.all([compileServer('deposits-crash-test'), createTestApp(GATEWAY(double, 400))]);
  }, 300_000);
  afterAll(async () => {
    await servers.stopAll();
    await t?.close();
    await double?.close();
  }, 60_000);

  it('charges once: killed while the gateway holds its answer, a retry from another tab is refused, the settlement records the one charge', async () => {
    const id = await offering({ cents: 30_000 });
    const app = await admitted(id);
    await t.http().put(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token).send({ choice: 'accept' }).expect(200);
    const body = () => ({
      opaqueData: { descriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', value: `nonce-${randomUUID()}` },
      creditCardFullName: 'Moshe ben Levi',
      creditCardBillingZip: '11230',
      requestId: randomUUID(),
    });
    const serverUrl = process.env.TEST_DATABASE_SERVER_URL!;
    const first = await servers.start(MAIN, { DATABASE_URL: withDatabase(serverUrl, t.databaseName), ...GATEWAY(double, 20_000) });

    // the gateway charges the card and holds its answer; the server waits for it and is killed meanwhile
    double.mode = 'timeout';
    double.delayMs = 15_000;
    const charged = double.charges.length;
    const firstTab = fetch(`${first.base}/api/applications/${app.id}/deposit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Application-Token': app.token },
      body: JSON.stringify(body()),
    }).then(
      (response) => response.status,
      () => null,
    );
    for (const until = Date.now() + 20_000; double.charges.length === charged; await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > until) throw new Error(`the gateway never saw the charge:\n${first.output()}`);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(await firstTab).toBeNull(); // the connection died with the process: no answer
    double.mode = 'normal';
    double.delayMs = 0;

    const attempt = (
      await t.db.query(`SELECT status, invoice_number FROM payments WHERE application_id = $1 AND purpose = 'enrollment_deposit'`, [app.id])
    ).rows;
    expect(attempt).toEqual([{ status: 'pending', invoice_number: expect.stringMatching(/^DEP\d+$/) }]);
    const invoice = attempt[0].invoice_number as string;
    const statement = () => double.charges.filter((c) => c.invoiceNumber === invoice && c.status !== 'declined');
    expect(statement()).toHaveLength(1);

    // another tab, on the replica still up: refused while the attempt is unsettled, nothing charged
    const retry = await t.http().post(`/api/applications/${app.id}/deposit`).set('X-Application-Token', app.token).send(body());
    expect(retry.status).toBe(409);
    expect(statement()).toHaveLength(1);

    // the settlement job, past the gateway timeout and the grace, learns the outcome from the gateway
    const settled = await t.app.get(PaymentsSettlementService).settlePending(new Date(Date.now() + 10 * 60_000));
    expect(settled).toMatchObject({ checked: 1, approved: 1 });
    const after = (await t.db.query(`SELECT deposit_status, deposit_paid_at FROM applications WHERE id = $1`, [app.id])).rows[0];
    expect(after.deposit_status).toBe('paid');
    expect(after.deposit_paid_at).not.toBeNull();
    const again = await t.http().post(`/api/applications/${app.id}/deposit`).set('X-Application-Token', app.token).send(body());
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DEP-409-paid');

    expect(statement()).toHaveLength(1);
    const approved = await t.db.query(
      `SELECT count(*)::int AS n FROM payments WHERE application_id = $1 AND purpose = 'enrollment_deposit' AND status = 'approved'`,
      [app.id],
    );
    expect(approved.rows[0].n).toBe(1);
    const line = (
      await t
        .http()
        .get('/api/admin/class-shape')
        .query({ filter: JSON.stringify({ offeringId: id }) })
        .set({ Authorization: `Bearer ${await t.login()}` })
    ).body[0];
    expect(line).toMatchObject({ accepted: 1, deposited: 1, melt: 0 });
  }, 120_000);
});
