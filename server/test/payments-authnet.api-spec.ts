import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { startAuthnetDouble, type AuthnetDouble } from './support/authnet-double.js';
import { authnetPayments } from './support/authnet-payments.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const CREDENTIALS = { name: 'portal-login', transactionKey: 'portal-key-123' };
const CLIENT_KEY = 'public-client-key-456';

/**
 * The Authorize.Net adapter against a local double of its JSON API (BOM, key order, single-use nonces,
 * reporting calls), and the fault cases: a timeout, a 5xx before or after the charge, concurrent
 * duplicates. The double's charge count is what a card holder would see on a statement.
 */
describe('Payments through Authorize.Net (local double): never charge twice', () => {
  let t: TestApp;
  let double: AuthnetDouble;

  const { certified, pay, opaque, chargesFor, applicationRow } = authnetPayments(
    () => t,
    () => double,
  );

  beforeAll(async () => {
    double = await startAuthnetDouble(CREDENTIALS);
    t = await createTestApp({
      PAYMENT_GATEWAY: 'authorizenet',
      AUTHNET_API_LOGIN_ID: CREDENTIALS.name,
      AUTHNET_TRANSACTION_KEY: CREDENTIALS.transactionKey,
      AUTHNET_CLIENT_KEY: CLIENT_KEY,
      AUTHNET_ENDPOINT: double.url,
      PAYMENT_GATEWAY_TIMEOUT_MS: '400',
    });
  });
  afterAll(async () => {
    await t.close();
    await double.close();
  });
  beforeEach(() => {
    double.mode = 'normal';
    double.delayMs = 0;
    double.reportingDown = false;
  });

  it('quotes with the Accept.js settings (public values only) and the CSP allows the sandbox Accept.js origins', async () => {
    const a = await certified();
    const response = await t.http().get(`/api/payments/quote?applicationId=${a.id}`).set('X-Application-Token', a.token).expect(200);
    expect(response.body.data).toMatchObject({
      gateway: 'authorizenet',
      apiLoginId: CREDENTIALS.name,
      clientKey: CLIENT_KEY,
      acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js',
      total: 300,
    });
    expect(JSON.stringify(response.body)).not.toContain(CREDENTIALS.transactionKey);
    const csp = String(response.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self' https://jstest.authorize.net");
    expect(directive('frame-src')).toBe("frame-src 'self' https://jstest.authorize.net");
    expect(directive('connect-src')).toBe("connect-src 'self' https://jstest.authorize.net https://apitest.authorize.net");
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('answers a details token with the approval (the application token is closed once submitted)', async () => {
    const a = await certified();
    const requestId = randomUUID();
    const response = await pay(a, { requestId }).expect(201);
    const check = await t
      .http()
      .get(`/api/token/check?token=${encodeURIComponent(response.body.data.detailsToken)}`)
      .expect(200);
    expect(check.body).toMatchObject({ purpose: 'details', data: { Id: a.id, status: 'submitted', Payment_Status: 'Paid' } });
    // the application-form token now opens the details form (issue 11: no dead end after payment)
    const oldLink = await t
      .http()
      .get(`/api/token/check?token=${encodeURIComponent(a.token)}`)
      .expect(200);
    expect(oldLink.body.purpose).toBe('details');
    // a retry with the closed application token (lost answer) gets the stored outcome and a fresh details token
    const replay = await pay(a, { requestId }).expect(201);
    expect(replay.body.data.transactionId).toBe(response.body.data.transactionId);
    expect(replay.body.data.detailsToken).not.toBe(response.body.data.detailsToken);
    await t
      .http()
      .get(`/api/token/check?token=${encodeURIComponent(replay.body.data.detailsToken)}`)
      .expect(200);
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  it('takes a non-US billing address: a Toronto card holder pays with a Canadian postal code (billTo.country CA)', async () => {
    const a = await certified();
    const refused = await pay(a, { creditCardBillingCountry: 'Canada', creditCardBillingZip: '11230' }).expect(422);
    expect(refused.body.errors).toEqual({ creditCardBillingZip: ['Not a valid postal code for Canada.'] });
    const unknown = await pay(a, { creditCardBillingCountry: 'Atlantis' }).expect(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['creditCardBillingCountry']);
    expect(await chargesFor(a.id)).toHaveLength(0);

    const response = await pay(a, { creditCardBillingCountry: 'Canada', creditCardBillingZip: 'M5V 3L9' }).expect(201);
    expect(response.body.data).toMatchObject({ status: 'approved', Payment_Status: 'Paid' });
    const transaction = (double.requests.at(-1)!.createTransactionRequest as Record<string, unknown>).transactionRequest as Record<
      string,
      unknown
    >;
    expect(transaction.billTo).toEqual({ firstName: 'Moshe', lastName: 'ben Levi', zip: 'M5V 3L9', country: 'CA' });
  });

  it('sends createTransactionRequest in schema key order, reads the BOM-prefixed answer, and approves', async () => {
    const a = await certified();
    const requestId = randomUUID();
    const response = await pay(a, { requestId }).expect(201);
    expect(response.body.data).toMatchObject({ status: 'approved', Payment_Status: 'Paid', total: 300, last4: '1111' });
    const sent = double.requests.at(-1)!.createTransactionRequest as Record<string, unknown>;
    expect(Object.keys(sent)).toEqual(['merchantAuthentication', 'refId', 'transactionRequest']);
    expect((sent.refId as string).length).toBeLessThanOrEqual(20);
    const transaction = sent.transactionRequest as Record<string, unknown>;
    expect(Object.keys(transaction)).toEqual([
      'transactionType',
      'amount',
      'payment',
      'order',
      'customer',
      'billTo',
      'customerIP',
      'transactionSettings',
    ]);
    expect(transaction).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '300.00',
      billTo: { firstName: 'Moshe', lastName: 'ben Levi', zip: '11230', country: 'US' },
    });
    expect(await chargesFor(a.id)).toHaveLength(1);
    const [payment] = (
      await t.db.query('SELECT status, transaction_id, auth_code, account_number FROM payments WHERE request_id = $1', [requestId])
    ).rows;
    expect(payment).toEqual({
      status: 'approved',
      transaction_id: response.body.data.transactionId,
      auth_code: 'A1B2C3',
      account_number: 'XXXX1111',
    });
  });

  it('records a decline (402 PAY-001) and lets a new attempt with a new nonce pay', async () => {
    const a = await certified();
    await pay(a, { creditCardBillingZip: '46282' }).expect(402);
    expect((await applicationRow(a.id)).payment_status).toBe('Declined');
    await pay(a).expect(201);
    expect((await chargesFor(a.id)).map((c) => c.status)).toEqual(['declined', 'capturedPendingSettlement']);
  });

  it('a timeout that charged: settled by lookup as paid; retries never charge again', async () => {
    const a = await certified();
    double.delayMs = 1500; // longer than PAYMENT_GATEWAY_TIMEOUT_MS: the double charges, we hear nothing
    const requestId = randomUUID();
    const first = await pay(a, { requestId }).expect(201);
    expect(first.body.data).toMatchObject({ status: 'approved', Payment_Status: 'Paid' });
    double.delayMs = 0;
    await pay(a, { requestId }).expect(201); // the client retries the same request
    const other = await pay(a).expect(409); // or a new one
    expect(other.body.code).toBe('PAY-003');
    expect(await chargesFor(a.id)).toHaveLength(1);
    expect(await applicationRow(a.id)).toMatchObject({ status: 'submitted', payment_status: 'Paid' });
  });

  it('a 5xx after the charge: settled by lookup as paid, one charge', async () => {
    const a = await certified();
    double.mode = '5xx-after-charge';
    const response = await pay(a).expect(201);
    expect(response.body.data.status).toBe('approved');
    double.mode = 'normal';
    await pay(a).expect(409);
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  it('a 5xx before any charge: settled as not charged (502 PAY-002, Unpaid), and a new attempt pays once', async () => {
    const a = await certified();
    double.mode = '5xx-before-charge';
    const failed = await pay(a).expect(502);
    expect(failed.body).toMatchObject({ code: 'PAY-002', data: { status: 'rejected', Payment_Status: 'Unpaid' } });
    expect(await chargesFor(a.id)).toHaveLength(0);
    double.mode = 'normal';
    await pay(a).expect(201);
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  it('an unknown outcome that cannot be settled blocks every attempt (409) until the gateway can tell', async () => {
    const a = await certified();
    double.delayMs = 1500;
    double.reportingDown = true;
    const requestId = randomUUID();
    const first = await pay(a, { requestId }).expect(502);
    expect(first.body).toMatchObject({ code: 'PAY-002', data: { status: 'unknown', Payment_Status: 'Pending' } });
    double.delayMs = 0;
    const blocked = await pay(a).expect(409);
    expect(blocked.body.code).toBe('PAY-002-unsettled');
    expect(await applicationRow(a.id)).toMatchObject({ status: 'draft', payment_status: 'Pending' });
    expect(await chargesFor(a.id)).toHaveLength(1);

    double.reportingDown = false;
    const settled = await pay(a, { requestId }).expect(201); // the same request, now settled
    expect(settled.body.data).toMatchObject({ status: 'approved', Payment_Status: 'Paid' });
    await pay(a).expect(409);
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  it('charges once when the same requestId arrives five times at once (slow gateway)', async () => {
    const a = await certified();
    double.delayMs = 200;
    const requestId = randomUUID();
    const opaqueData = opaque();
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(a, { requestId, opaqueData })));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((r) => r.body.data.transactionId)).size).toBe(1);
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  it('charges once when the same requestId is retried concurrently while the gateway times out', async () => {
    const a = await certified();
    double.delayMs = 1500;
    const requestId = randomUUID();
    const opaqueData = opaque();
    const answers = await Promise.all(Array.from({ length: 4 }, () => pay(a, { requestId, opaqueData })));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await chargesFor(a.id)).toHaveLength(1);
  });

  it('refuses a reused nonce at the gateway (E00114) as a card-token error without charging', async () => {
    const a = await certified();
    const b = await certified();
    const opaqueData = opaque();
    await pay(a, { opaqueData }).expect(201);
    const reused = await pay(b, { opaqueData }).expect(422);
    expect(reused.body).toMatchObject({ code: 'PAY-002', errors: { opaqueData: [expect.any(String)] } });
    expect(await chargesFor(b.id)).toHaveLength(0);
  });

  it('a charge held for review: 202 Pending, further attempts wait (409) until the review approves it, then paid once', async () => {
    const a = await certified();
    double.mode = 'held';
    const requestId = randomUUID();
    const held = await pay(a, { requestId }).expect(202);
    expect(held.body.data).toMatchObject({ status: 'held', Payment_Status: 'Pending' });
    double.mode = 'normal';
    const blocked = await pay(a).expect(409);
    expect(blocked.body.code).toBe('PAY-002-unsettled');
    double.approveHeld();
    const settled = await pay(a, { requestId }).expect(201);
    expect(settled.body.data).toMatchObject({ status: 'approved', Payment_Status: 'Paid' });
    expect(await applicationRow(a.id)).toMatchObject({ status: 'submitted', payment_status: 'Paid' });
    expect(await chargesFor(a.id)).toHaveLength(1);
  });
});
