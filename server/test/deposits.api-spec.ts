import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { DepositLapseService } from '../src/modules/deposits/deposit-lapse.service.js';
import { fakeOpaqueData, type FakeGateway } from '../src/modules/payments/gateway/fake.gateway.js';
import { PAYMENT_GATEWAY } from '../src/modules/payments/gateway/payment-gateway.js';
import { startAuthnetDouble, type AuthnetDouble } from './support/authnet-double.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { arrangements } from './support/deposit-arrangements.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const DAY = 86_400_000;
/** A card expiry five years from now (nothing here names a year). */
const EXP = `12/${String((new Date().getFullYear() + 5) % 100).padStart(2, '0')}`;

type Applicant = { id: string; token: string; email?: string };

/**
 * Issue 29 item 2, the enrollment deposit, through the API with the built-in fake gateway: the quote and the
 * deadline in the applicant's zone; paying only an accepted offer (an allow-list), once — concurrent submits from
 * several tabs, and replays of one request, charge exactly once; a paid deposit holds the reply; a deposit waiver
 * code (codes are per purpose); the receipt e-mail in the applicant's language; `deposit.paid` and
 * `deposit.refunded` webhooks; refund (settled) and void (unsettled) by an admin through the gateway interface,
 * audited, refused for a non-refundable offering unless overridden with a note; the lapse job on a moved clock,
 * from two replicas at once, lapsing each unpaid accepted offer exactly once; and the class view's `deposited`,
 * `lapsed` and `melt`.
 */
describe('Enrollment deposit', () => {
  let a: TestApp;
  let b: TestApp;
  let fake: FakeGateway;
  let adminToken: string;
  let sink: SmtpSink;
  let receiver: WebhookReceiver;
  let secret: string;
  const { offering, admitted } = arrangements(() => a);
  const admin = () => auth(adminToken);

  const card = (number = '4111111111111111') => fakeOpaqueData(number, EXP, randomUUID());
  const getDeposit = (app: Applicant, language = 'en', query: Record<string, string> = {}) =>
    a.http().get(`/api/applications/${app.id}/deposit`).query(query).set('X-Application-Token', app.token).set('Accept-Language', language);
  const payDeposit = (app: Applicant, body: Record<string, unknown> = {}, language = 'en') =>
    a
      .http()
      .post(`/api/applications/${app.id}/deposit`)
      .set('X-Application-Token', app.token)
      .set('Accept-Language', language)
      .send({ opaqueData: card(), creditCardFullName: 'Moshe Levi', creditCardBillingZip: '11230', requestId: randomUUID(), ...body });
  const putReply = (app: Applicant, body: Record<string, unknown>) =>
    a.http().put(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token).send(body);
  const accept = async (app: Applicant) => expect((await putReply(app, { choice: 'accept' })).status).toBe(200);
  const row = async (id: string) => (await a.db.query(`SELECT * FROM applications WHERE id = $1`, [id])).rows[0];
  const depositPayment = async (id: string) =>
    (await a.db.query(`SELECT * FROM payments WHERE application_id = $1 AND purpose = 'enrollment_deposit' AND status = 'approved'`, [id]))
      .rows[0];
  const reverse = (paymentId: string, kind: 'refund' | 'void', body: Record<string, unknown> = {}) =>
    a.http().post(`/api/admin/payments/${paymentId}/${kind}`).set(admin()).send(body);
  const classLine = async (offeringId: number) =>
    (
      await a
        .http()
        .get('/api/admin/class-shape')
        .query({ filter: JSON.stringify({ offeringId }) })
        .set(admin())
    ).body[0] as Record<string, unknown>;
  /** The webhook deliveries of `type` about application `id`, verified. */
  const events = (type: string, id: string) =>
    receiver.received
      .filter((r) => r.body.includes(id) && r.body.includes(`"${type}"`))
      .map((r) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: Record<string, Record<string, unknown>> });

  beforeAll(async () => {
    sink = await startSmtpSink();
    const env = { SMTP_URL: sink.url, PUBLIC_URL: 'https://apply.example.edu', JOBS_POLL_SECONDS: '0.5' };
    a = await createTestApp(env);
    b = await createTestApp(env, { sameDatabaseAs: a });
    fake = a.app.get(PAYMENT_GATEWAY) as FakeGateway;
    adminToken = await a.login();
    receiver = await startWebhookReceiver();
    const endpoint = await a
      .http()
      .post('/api/admin/webhooks')
      .set(admin())
      .send({ url: receiver.url('/deposits'), events: ['deposit.paid', 'deposit.refunded', 'application.replied'] });
    expect(endpoint.status).toBe(201);
    secret = endpoint.body.secret as string;
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await b?.close();
    await a?.close();
    await sink?.close();
  });

  it('asks for nothing before the offer is accepted, then quotes the deposit due N days after accepting, in her zone and language', async () => {
    const id = await offering({ cents: 50_000, dueDays: 14 });
    const zone = 'America/New_York';
    const app = await admitted(id, { locale: 'es', timeZone: zone });
    const before = await getDeposit(app, 'es');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({
      phase: 'not_accepted',
      required: true,
      payable: false,
      closedCode: 'DEP-409-not-accepted',
      amountCents: 50_000,
      totalCents: 50_000,
      dueAt: null,
      lapses: false,
      gateway: 'fake',
      payment: null,
    });
    // no deposit for an offer not accepted: none is taken, nothing is charged
    const charges = fake.chargeCount;
    const early = await payDeposit(app, {}, 'es');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'DEP-409-not-accepted',
      message: 'Acepte la oferta antes de pagar el depósito de matrícula.',
    });
    expect((await putReply(app, { choice: 'decline', reason: 'Cost or financial aid' })).status).toBe(200);
    expect((await payDeposit(app)).body.code).toBe('DEP-409-not-accepted');
    expect(fake.chargeCount).toBe(charges);

    await accept(app);
    const { replied_at: repliedAt, deposit_due_at: dueAt } = await row(app.id);
    expect(dueAt.getTime() - repliedAt.getTime()).toBe(14 * DAY);
    const due = await getDeposit(app, 'es');
    expect(due.body).toMatchObject({ phase: 'due', payable: true, closedCode: null, dueAt: dueAt.toISOString(), lapses: true });
    expect(due.body.dueText).toContain(new Intl.DateTimeFormat('es', { timeZone: zone, dateStyle: 'long' }).format(dueAt));
    // accepting again keeps the first acceptance's deadline
    await accept(app);
    expect((await row(app.id)).deposit_due_at).toEqual(dueAt);

    // an offering without a deposit asks nothing, and takes nothing
    const free = await admitted(await offering({ cents: null }));
    await accept(free);
    expect((await getDeposit(free)).body).toMatchObject({ phase: 'not_required', required: false, payable: false, closedCode: 'DEP-404' });
    expect((await payDeposit(free)).status).toBe(404);
    // another applicant's link, and no released decision
    expect((await getDeposit({ id: app.id, token: free.token })).status).toBe(403);
    const draft = await startApplication(a, { email: `deposit-draft-${randomUUID().slice(0, 6)}@example.com` });
    expect((await getDeposit(draft)).body.code).toBe('DEC-404');
  });

  it('charges once: concurrent submits from several tabs and replays of one request; the reply is then held; receipt, webhook, audit-free', async () => {
    const id = await offering();
    const app = await admitted(id, { locale: 'es' });
    await accept(app);
    const charges = fake.chargeCount;
    // six tabs pay at once, each with its own requestId and card token
    const TABS = 6;
    const tabs = await Promise.all(Array.from({ length: TABS }, () => payDeposit(app)));
    const statuses = tabs.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    for (const refused of tabs.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(['PAY-409-request', 'DEP-409-paid']).toContain(refused.body.code);
    }
    expect(fake.chargeCount - charges).toBe(1);
    const paid = tabs.find((r) => r.status === 201)!.body.data;
    expect(paid).toMatchObject({
      purpose: 'enrollment_deposit',
      status: 'approved',
      depositStatus: 'paid',
      amountCents: 50_000,
      totalCents: 50_000,
    });

    // the same request sent four times at once (a retry after a lost answer): the stored outcome, no new charge
    const replays = await Promise.all(Array.from({ length: 4 }, () => payDeposit(app, { requestId: paid.requestId })));
    expect(replays.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(replays.map((r) => r.body.data.transactionId))).toEqual(new Set([paid.transactionId]));
    expect(fake.chargeCount - charges).toBe(1);
    const rows = (await a.db.query(`SELECT status FROM payments WHERE application_id = $1 AND purpose = 'enrollment_deposit'`, [app.id]))
      .rows;
    expect(rows.filter((r) => r.status === 'approved')).toHaveLength(1);

    expect((await getDeposit(app)).body).toMatchObject({
      phase: 'paid',
      payable: false,
      closedCode: 'DEP-409-paid',
      payment: { status: 'approved' },
    });
    expect((await row(app.id)).payment_status).toBe('Paid'); // the application fee's status is not the deposit's
    // "may change an answer until the deadline, unless the deposit is paid"
    const change = await putReply(app, { choice: 'decline', reason: 'Cost or financial aid' });
    expect(change.status).toBe(409);
    expect(change.body.code).toBe('RPL-409-deposit');
    expect((await a.http().get(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token)).body).toMatchObject({
      reply: 'accepted',
      choices: [],
      closedCode: 'RPL-409-deposit',
    });

    // the receipt in her language says deposit; deposit.paid carries the payment in cents
    const mail = await sink.waitFor((m) => m.to.includes(app.email) && m.subject.includes('Depósito de matrícula recibido'), 10_000);
    expect(mail.text).toContain('Depósito de matrícula:');
    expect(mail.text).toContain(paid.transactionId);
    expect(mail.text).not.toContain('Recargo');
    await receiver.waitFor(() => events('deposit.paid', app.id).length > 0, 15_000);
    const [event] = events('deposit.paid', app.id);
    expect(event!.data.payment).toMatchObject({ purpose: 'enrollment_deposit', status: 'approved', totalCents: 50_000, last4: '1111' });
    expect(events('deposit.paid', app.id)).toHaveLength(1);

    const line = await classLine(id);
    expect(line).toMatchObject({ admitted: 1, accepted: 1, deposited: 1, lapsed: 0, melt: 0 });
  });

  it('waives with a deposit waiver code; codes apply to one purpose only', async () => {
    const id = await offering();
    const app = await admitted(id);
    await accept(app);
    const create = (code: string, appliesTo?: string) =>
      a
        .http()
        .post('/api/admin/discount-codes')
        .set(admin())
        .send({ code, kind: 'waiver', ...(appliesTo ? { appliesTo } : {}) });
    const depositCode = `DEPW${randomUUID().slice(0, 6).toUpperCase()}`;
    const feeCode = `FEEW${randomUUID().slice(0, 6).toUpperCase()}`;
    expect((await create(depositCode, 'enrollment_deposit')).body).toMatchObject({ appliesTo: 'enrollment_deposit' });
    expect((await create(feeCode)).body).toMatchObject({ appliesTo: 'application_fee' });

    const wrong = await getDeposit(app, 'en', { discountCode: feeCode });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'PAY-004', errors: { discountCode: ['This discount code does not apply to this payment.'] } });
    const draft = await startApplication(a, { email: `deposit-fee-${randomUUID().slice(0, 6)}@example.com` });
    const onFee = await a
      .http()
      .get(`/api/payments/quote?applicationId=${draft.id}&discountCode=${depositCode}`)
      .set('X-Application-Token', draft.token);
    expect(onFee.status).toBe(422);

    expect((await getDeposit(app, 'en', { discountCode: depositCode.toLowerCase() })).body).toMatchObject({
      waived: true,
      discountCents: 50_000,
      totalCents: 0,
      discountCode: depositCode,
    });
    const charges = fake.chargeCount;
    const waived = await payDeposit(app, { discountCode: depositCode, opaqueData: undefined, creditCardFullName: undefined });
    expect(waived.status).toBe(201);
    expect(waived.body.data).toMatchObject({ status: 'waived', depositStatus: 'waived', totalCents: 0, waived: true });
    expect(fake.chargeCount).toBe(charges);
    expect((await a.db.query(`SELECT usage_count FROM discount_codes WHERE code = $1`, [depositCode])).rows[0].usage_count).toBe(1);
    expect((await classLine(id)).deposited).toBe(1);
    await sink.waitFor((m) => m.to.includes(app.email!) && m.text.includes('The enrollment deposit was waived.'), 10_000);
  });

  it('voids an unsettled deposit and refunds a settled one through the gateway, audited, sent as deposit.refunded; the reply is free again', async () => {
    const id = await offering({ refundable: true });
    const first = await admitted(id);
    const second = await admitted(id);
    for (const app of [first, second]) {
      await accept(app);
      expect((await payDeposit(app)).status).toBe(201);
    }
    const p1 = await depositPayment(first.id);
    // not settled yet: a refund is refused by the gateway (reason 54), a void takes it back
    const early = await reverse(p1.id, 'refund');
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'PAY-409-unsettled', data: { kind: 'refund', errorCode: '54' } });
    expect(
      (await a.db.query(`SELECT status, reversal_claimed_at, reversal_error FROM payments WHERE id = $1`, [p1.id])).rows[0],
    ).toMatchObject({
      status: 'approved',
      reversal_claimed_at: null,
      reversal_error: expect.stringContaining('refund: 54'),
    });
    // two admins void at once: one does it, the other is told
    const voids = await Promise.all([reverse(p1.id, 'void'), reverse(p1.id, 'void')]);
    expect(voids.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(['PAY-409-request', 'PAY-409-reversed']).toContain(voids.find((r) => r.status === 409)!.body.code);
    expect(voids.find((r) => r.status === 200)!.body).toMatchObject({
      status: 'voided',
      purpose: 'enrollment_deposit',
      reversalKind: 'void',
    });
    expect(fake.reversals.filter((r) => r.request.transactionId === p1.transaction_id && r.result.outcome === 'approved')).toHaveLength(1);
    expect((await row(first.id)).deposit_status).toBe('voided');
    expect((await reverse(p1.id, 'refund')).body.code).toBe('PAY-409-reversed');

    // the nightly batch: settled charges are refunded, not voided
    fake.settleBatch();
    const p2 = await depositPayment(second.id);
    const late = await reverse(p2.id, 'void');
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('PAY-409-refused');
    const refunded = await reverse(p2.id, 'refund', { note: 'Moved abroad' });
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ status: 'refunded', reversalKind: 'refund', reversalNote: 'Moved abroad', reversible: false });
    expect(refunded.body.reversalTransactionId).not.toBe(p2.transaction_id);
    expect((await getDeposit(second)).body).toMatchObject({ phase: 'refunded', payable: false, closedCode: 'DEP-409-refunded' });

    const audit = await a.db.query(
      `SELECT action, actor_email, before, after FROM audit_log WHERE resource = 'payments' AND record_id = ANY($1) ORDER BY id`,
      [[p1.id, p2.id]],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['void', 'refund']);
    expect(audit.rows[1]).toMatchObject({
      actor_email: 'admin@example.com',
      before: { status: 'approved' },
      after: { status: 'refunded', applicationId: second.id },
    });

    await receiver.waitFor(
      () => events('deposit.refunded', first.id).length > 0 && events('deposit.refunded', second.id).length > 0,
      15_000,
    );
    expect(events('deposit.refunded', first.id)[0]!.data.payment).toMatchObject({ status: 'voided', reversal: { kind: 'void' } });
    expect(events('deposit.refunded', second.id)[0]!.data.payment).toMatchObject({ status: 'refunded', reversal: { kind: 'refund' } });

    // nothing holds the reply now: she may decline; both are melt, none deposited
    expect((await putReply(second, { choice: 'decline', reason: 'Cost or financial aid' })).status).toBe(200);
    expect(await classLine(id)).toMatchObject({ accepted: 1, declined: 1, deposited: 0, melt: 2 });
    // a withdrawn applicant whose deposit was paid is melt too
    const third = await admitted(id);
    await accept(third);
    await payDeposit(third).expect(201);
    await a.http().post(`/api/admin/applications/${third.id}/withdraw`).set(admin()).expect(200);
    expect(await classLine(id)).toMatchObject({ deposited: 0, melt: 3 });
  });

  it('refuses to refund a non-refundable deposit unless an admin overrides with a note; an applicant cannot', async () => {
    const id = await offering({ refundable: false });
    const app = await admitted(id);
    await accept(app);
    await payDeposit(app).expect(201);
    const payment = await depositPayment(app.id);
    fake.settleBatch();
    const refused = await reverse(payment.id, 'refund');
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DEP-409-not-refundable');
    const noNote = await reverse(payment.id, 'refund', { override: true, note: '  ' });
    expect(noNote.status).toBe(422);
    expect(noNote.body.errors.note).toBeDefined();
    // the applicant (her token is no bearer login) and another user are refused
    expect((await a.http().post(`/api/admin/payments/${payment.id}/refund`).set('X-Application-Token', app.token).send({})).status).toBe(
      401,
    );
    const listed = await a
      .http()
      .get('/api/admin/payments')
      .query({ filter: JSON.stringify({ applicationId: app.id }) })
      .set(admin());
    expect(listed.body).toEqual([expect.objectContaining({ purpose: 'enrollment_deposit', refundable: false, reversible: true })]);

    const overridden = await reverse(payment.id, 'refund', { override: true, note: 'Medical exception approved by the dean' });
    expect(overridden.status).toBe(200);
    expect(overridden.body.status).toBe('refunded');
    const audit = await a.db.query(`SELECT after FROM audit_log WHERE resource = 'payments' AND record_id = $1`, [payment.id]);
    expect(audit.rows[0].after).toMatchObject({ override: true, reversalNote: 'Medical exception approved by the dean' });
  });

  it('lapses an accepted offer unpaid at its deadline once, from two replicas on a moved clock; e-mails her; frees the seat', async () => {
    const id = await offering({ dueDays: 7, lapse: true });
    const zone = 'Asia/Shanghai';
    const unpaid = await admitted(id, { locale: 'zh-CN', timeZone: zone });
    const paid = await admitted(id);
    const declined = await admitted(id);
    for (const app of [unpaid, paid]) await accept(app);
    await payDeposit(paid).expect(201);
    await putReply(declined, { choice: 'decline', reason: 'Cost or financial aid' }).expect(200);
    // an offering whose setting keeps unpaid offers: its overdue one stays accepted and may still pay
    const lenient = await offering({ dueDays: 7, lapse: false });
    const overdue = await admitted(lenient);
    await accept(overdue);
    const dueAt = (await row(unpaid.id)).deposit_due_at as Date;
    const run = (at: number) => Promise.all([a, b].map((t) => t.app.get(DepositLapseService).run(new Date(at))));

    expect((await run(dueAt.getTime() - 1000)).flat()).toEqual([]);
    const lapsed = (await run(dueAt.getTime() + 1000)).flat();
    expect(lapsed).toEqual([unpaid.id]); // exactly once across both replicas
    expect((await run(dueAt.getTime() + DAY)).flat()).toEqual([]);
    const after = await row(unpaid.id);
    expect(after).toMatchObject({ reply: 'lapsed', deposit_status: null });
    expect(after.deposit_lapsed_at).toEqual(new Date(dueAt.getTime() + 1000));
    expect((await row(paid.id)).reply).toBe('accepted');
    expect((await row(overdue.id)).reply).toBe('accepted');
    const audit = await a.db.query(`SELECT actor_id, after FROM audit_log WHERE action = 'deposit-lapse' AND record_id = $1`, [unpaid.id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_id: null, after: { reply: 'lapsed' } });

    const mail = await sink.waitFor((m) => m.to.includes(unpaid.email) && m.subject.includes('录取已失效'), 10_000);
    expect(mail.text).toContain(new Intl.DateTimeFormat('zh-CN', { timeZone: zone, dateStyle: 'long' }).format(dueAt));
    expect(mail.text).toMatch(/\/validation\?token=/);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.filter((m) => m.to.includes(unpaid.email) && m.subject.includes('录取已失效'))).toHaveLength(1);
    await receiver.waitFor(() => events('application.replied', unpaid.id).some((e) => e.data.reply?.reply === 'lapsed'), 15_000);

    // the lapsed offer takes neither a deposit nor a reply; the seat is free (not accepted any more)
    expect((await getDeposit(unpaid)).body).toMatchObject({ phase: 'lapsed', payable: false, closedCode: 'DEP-409-lapsed' });
    expect((await payDeposit(unpaid)).body.code).toBe('DEP-409-lapsed');
    const again = await putReply(unpaid, { choice: 'accept' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('RPL-409-lapsed');
    expect(await classLine(id)).toMatchObject({ admitted: 3, accepted: 1, deposited: 1, declined: 1, lapsed: 1, seatsLeft: 9 });
    expect((await getDeposit(overdue)).body).toMatchObject({ lapses: false });
    await payDeposit(overdue).expect(201);
  });

  it('refuses a payment past the deadline where the office lapses unpaid offers, naming the deadline in her language and zone', async () => {
    const id = await offering({ lapse: true });
    const zone = 'America/New_York';
    const app = await admitted(id, { locale: 'es', timeZone: zone });
    await accept(app);
    // the deadline has passed (the job has not run yet)
    const dueAt = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    await a.db.query(`UPDATE applications SET deposit_due_at = $2 WHERE id = $1`, [app.id, dueAt]);
    expect((await getDeposit(app)).body).toMatchObject({ phase: 'overdue', payable: false, closedCode: 'DEP-422-late' });
    const charges = fake.chargeCount;
    const late = await payDeposit(app, {}, 'es');
    expect(late.status).toBe(422);
    expect(late.body).toMatchObject({ code: 'DEP-422-late', data: { dueAt: dueAt.toISOString() } });
    expect(late.body.message).toContain(new Intl.DateTimeFormat('es', { timeZone: zone, dateStyle: 'long' }).format(dueAt));
    expect(fake.chargeCount).toBe(charges);
  });
});

const CREDENTIALS = { name: 'deposit-login', transactionKey: 'deposit-key-123' };

/**
 * The same reversals through the Authorize.Net adapter against the local double of its JSON API: a refund is a
 * `refundTransaction` (amount, the card's last four digits with expiry XXXX, refTransId; schema key order) taken for
 * settled charges only, a void a `voidTransaction` (refTransId) for unsettled ones.
 */
describe('Enrollment deposit reversals through Authorize.Net (local double)', () => {
  let t: TestApp;
  let double: AuthnetDouble;
  let adminToken: string;
  const { offering, admitted } = arrangements(() => t);

  beforeAll(async () => {
    double = await startAuthnetDouble(CREDENTIALS);
    t = await createTestApp({
      PAYMENT_GATEWAY: 'authorizenet',
      AUTHNET_API_LOGIN_ID: CREDENTIALS.name,
      AUTHNET_TRANSACTION_KEY: CREDENTIALS.transactionKey,
      AUTHNET_CLIENT_KEY: 'public-client-key',
      AUTHNET_ENDPOINT: double.url,
      PAYMENT_GATEWAY_TIMEOUT_MS: '400',
    });
    adminToken = await t.login();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await double?.close();
  });

  it('voids before settlement and refunds after it, with the requests Authorize.Net documents', async () => {
    const id = await offering({ refundable: true });
    const pay = async () => {
      const app = await admitted(id);
      await t.http().put(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token).send({ choice: 'accept' }).expect(200);
      const paid = await t
        .http()
        .post(`/api/applications/${app.id}/deposit`)
        .set('X-Application-Token', app.token)
        .send({
          opaqueData: { descriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', value: `nonce-${randomUUID()}` },
          creditCardFullName: 'Moshe ben Levi',
          creditCardBillingZip: '11230',
          requestId: randomUUID(),
        });
      expect(paid.status).toBe(201);
      const payment = (await t.db.query(`SELECT id, transaction_id, invoice_number FROM payments WHERE application_id = $1`, [app.id]))
        .rows[0];
      expect(payment.invoice_number).toMatch(/^DEP\d+$/);
      return payment as { id: string; transaction_id: string };
    };
    const reverse = (paymentId: string, kind: string) =>
      t.http().post(`/api/admin/payments/${paymentId}/${kind}`).set(auth(adminToken)).send({});

    const unsettled = await pay();
    expect((await reverse(unsettled.id, 'refund')).body).toMatchObject({ code: 'PAY-409-unsettled', data: { errorCode: '54' } });
    expect((await reverse(unsettled.id, 'void')).body).toMatchObject({ status: 'voided' });
    expect(double.charges.find((c) => c.transId === unsettled.transaction_id)!.status).toBe('voided');

    const settled = await pay();
    double.settle();
    expect((await reverse(settled.id, 'void')).body.code).toBe('PAY-409-refused');
    const refunded = await reverse(settled.id, 'refund');
    expect(refunded.status).toBe(200);
    expect(double.refunds).toEqual([
      { transId: refunded.body.reversalTransactionId, refTransId: settled.transaction_id, amount: '500.00' },
    ]);
    const [, voidBody, , refundBody] = double.reversalRequests.map(
      (r) =>
        (r as { createTransactionRequest: { transactionRequest: Record<string, unknown> } }).createTransactionRequest.transactionRequest,
    );
    expect(voidBody).toEqual({ transactionType: 'voidTransaction', refTransId: unsettled.transaction_id });
    expect(refundBody).toMatchObject({
      transactionType: 'refundTransaction',
      amount: '500.00',
      payment: { creditCard: { cardNumber: '1111', expirationDate: 'XXXX' } },
      refTransId: settled.transaction_id,
    });
  });
});
