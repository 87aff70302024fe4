import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash, randomUUID } from 'node:crypto';
import { ConfigError, loadConfig } from '../src/config/app-config.js';
import { acceptJsCspSources, acceptJsSettings } from '../src/modules/payments/gateway/accept-js.config.js';
import { DECLINE_ZIP, fakeOpaqueData, FakeGateway } from '../src/modules/payments/gateway/fake.gateway.js';
import { PAYMENT_GATEWAY } from '../src/modules/payments/gateway/payment-gateway.js';
import { PaymentsService } from '../src/modules/payments/payments.service.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

describe('Payments with the fake gateway: /api/payments', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let fake: FakeGateway;

  /** Starts an application and marks it certified (what i3's submit does). */
  const certified = async (overrides: Record<string, unknown> = {}) => {
    const started = await startApplication(t, { email: `${randomUUID().slice(0, 8)}@example.com`, ...overrides });
    await t.db.query('UPDATE applications SET certified_at = now(), step_reached = 8 WHERE id = $1', [started.id]);
    return started;
  };
  const card = (number = '4111111111111111', exp = '12/35') => fakeOpaqueData(number, exp, randomUUID());
  const pay = (app: { id: string; token: string }, body: Record<string, unknown> = {}) =>
    t
      .http()
      .post('/api/payments')
      .set('X-Application-Token', app.token)
      .send({
        applicationId: app.id,
        opaqueData: card(),
        creditCardFullName: 'Moshe Levi',
        creditCardBillingZip: '11230',
        requestId: randomUUID(),
        ...body,
      });
  const applicationRow = async (id: string) => (await t.db.query('SELECT * FROM applications WHERE id = $1', [id])).rows[0];
  const addCode = (code: string, kind: string, value: number, extra = '') =>
    t.db.query(
      `INSERT INTO discount_codes (code, kind, value_hundredths${extra ? ', ' + extra.split('=')[0] : ''}) VALUES ($1, $2, $3${extra ? ', ' + extra.split('=')[1] : ''})`,
      [code, kind, Math.round(value * 100)],
    );

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://apply.example.edu' });
    fake = t.app.get(PAYMENT_GATEWAY) as FakeGateway;
    await addCode('FIFTY', 'fixed', 50);
    await addCode('TENPCT', 'percent', 10);
    await addCode('WAIVE', 'waiver', 0);
    await addCode('OLD', 'fixed', 20, "expires_at='2020-01-01T00:00:00Z'");
    await addCode('ONCE', 'waiver', 0, 'max_uses=1');
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('GET /api/payments/quote', () => {
    it('quotes the configured fee plus the late fee (now after 2025-07-30 04:01 UTC)', async () => {
      const a = await certified();
      const response = await t.http().get(`/api/payments/quote?applicationId=${a.id}`).set('X-Application-Token', a.token).expect(200);
      expect(response.body.data).toEqual({
        amount: 150,
        lateFee: 150,
        discount: 0,
        total: 300,
        currency: 'USD',
        discountCode: null,
        waived: false,
        lateFeeAfter: '2025-07-30T04:01:00.000Z',
        gateway: 'fake',
      });
    });

    it('names the fake gateway and no Accept.js settings; the CSP allows no Authorize.Net origin', async () => {
      const a = await certified();
      const response = await t.http().get(`/api/payments/quote?applicationId=${a.id}`).set('X-Application-Token', a.token).expect(200);
      expect(response.body.data.gateway).toBe('fake');
      expect(response.body.data).not.toHaveProperty('clientKey');
      expect(response.body.data).not.toHaveProperty('apiLoginId');
      expect(response.body.data).not.toHaveProperty('acceptJsUrl');
      const csp = String(response.headers['content-security-policy']);
      const directives = csp.split(';').map((d) => d.trim());
      expect(directives).toContain("script-src 'self'");
      expect(directives).toContain("connect-src 'self'");
      expect(directives.some((d) => d.startsWith('frame-src'))).toBe(false);
      expect(csp).not.toContain('authorize.net');
    });

    it("adds the offering's late fee only after its start", async () => {
      const service = t.app.get(PaymentsService);
      const { rows } = await t.db.query(`SELECT id, late_fee_starts_at FROM offerings LIMIT 1`);
      const start: Date = rows[0].late_fee_starts_at;
      const application = { offeringId: rows[0].id as number };
      expect((await service.quote(application, undefined, start)).lateFeeCents).toBe(0);
      expect((await service.quote(application, undefined, new Date(start.getTime() + 1000))).lateFeeCents).toBe(15_000);
    });

    it('applies fixed, percent and waiver codes (case-insensitive)', async () => {
      const a = await certified();
      const quote = async (code: string) =>
        (
          await t
            .http()
            .get(`/api/payments/quote?applicationId=${a.id}&discountCode=${code}`)
            .set('X-Application-Token', a.token)
            .expect(200)
        ).body.data;
      expect(await quote('fifty')).toMatchObject({ discount: 50, total: 250, discountCode: 'FIFTY', waived: false });
      expect(await quote('TENPCT')).toMatchObject({ discount: 30, total: 270 });
      expect(await quote('WAIVE')).toMatchObject({ discount: 300, total: 0, waived: true });
    });

    it('refuses unknown, expired and used-up codes with 422 PAY-004 on errors.discountCode', async () => {
      const a = await certified();
      const unknown = await t
        .http()
        .get(`/api/payments/quote?applicationId=${a.id}&discountCode=NOPE`)
        .set('X-Application-Token', a.token)
        .expect(422);
      expect(unknown.body).toMatchObject({ code: 'PAY-004', errors: { discountCode: ['This discount code is not valid.'] } });
      const expired = await t
        .http()
        .get(`/api/payments/quote?applicationId=${a.id}&discountCode=OLD`)
        .set('X-Application-Token', a.token)
        .expect(422);
      expect(expired.body.errors.discountCode).toEqual(['This discount code has expired.']);
    });

    it("refuses another application's token (403)", async () => {
      const a = await certified();
      const b = await certified();
      await t.http().get(`/api/payments/quote?applicationId=${b.id}`).set('X-Application-Token', a.token).expect(403);
    });
  });

  describe('POST /api/payments', () => {
    it('refuses an application that is not certified: 422 "certify first"', async () => {
      const a = await startApplication(t, { email: 'uncertified@example.com' });
      const response = await pay(a).expect(422);
      expect(response.body.code).toBe('PAY-422-certify');
      expect(response.body.message).toMatch(/certify first/);
      expect(fake.chargeCount).toBe(0);
    });

    it('charges once, submits the application and e-mails the receipt with a details link in the applicant’s language', async () => {
      const a = await certified({ locale: 'es', firstName: 'Ana', lastName: 'Ruiz' });
      const before = await applicationRow(a.id);
      const requestId = randomUUID();
      const response = await pay(a, { requestId }).expect(201);
      expect(response.body.data).toMatchObject({
        requestId,
        status: 'approved',
        Payment_Status: 'Paid',
        referenceNumber: before.reference_number,
        amount: 150,
        lateFee: 150,
        discount: 0,
        total: 300,
        last4: '1111',
        transactionId: expect.any(String),
      });
      const row = await applicationRow(a.id);
      expect(row).toMatchObject({ status: 'submitted', payment_status: 'Paid' });
      expect(row.submitted_at).toBeInstanceOf(Date);

      // the start e-mail (issue 3) reached the same address first: wait for the receipt
      const mail = await sink.waitFor((m) => m.to.includes(before.email) && m.subject.startsWith('Solicitud recibida'));
      expect(mail.subject).toBe(`Solicitud recibida — referencia ${before.reference_number}`);
      expect(mail.text).toContain(`Número de referencia: ${before.reference_number}`);
      expect(mail.text).toMatch(/Tarifa de solicitud: 150[.,]00/);
      expect(mail.text).toMatch(/Recargo por retraso: 150[.,]00/);
      expect(mail.text).toMatch(/Total: 300[.,]00/);
      expect(mail.text).toContain('Tarjeta: terminada en 1111');
      expect(mail.text).toContain(`ID de la transacción: ${response.body.data.transactionId}`);
      const link = /https:\/\/apply\.example\.edu\/validation\?token=([\w-]+)/.exec(mail.text);
      expect(link).not.toBeNull();
      const check = await t.http().get(`/api/token/check?token=${link![1]}`).expect(200);
      expect(check.body).toMatchObject({ purpose: 'details', data: { Id: a.id, status: 'submitted', Payment_Status: 'Paid' } });

      // the answer carries a fresh details token (the application token is closed now), stored only hashed
      const detailsToken = response.body.data.detailsToken as string;
      expect(detailsToken).toEqual(expect.any(String));
      expect(detailsToken).not.toBe(link![1]);
      const viaAnswer = await t
        .http()
        .get(`/api/token/check?token=${encodeURIComponent(detailsToken)}`)
        .expect(200);
      expect(viaAnswer.body).toMatchObject({ purpose: 'details', data: { Id: a.id, status: 'submitted' } });
      // the first e-mailed link (application form) now leads to the details form, not a dead end (issue 11)
      const old = await t
        .http()
        .get(`/api/token/check?token=${encodeURIComponent(a.token)}`)
        .expect(200);
      expect(old.body).toMatchObject({ purpose: 'details', data: { Id: a.id, status: 'submitted' } });
      const tokensWithHash = async (value: string) =>
        (await t.db.query('SELECT count(*)::int AS n FROM application_tokens WHERE token_hash = $1', [value])).rows[0].n;
      expect(await tokensWithHash(createHash('sha256').update(detailsToken).digest('hex'))).toBe(1);
      expect(await tokensWithHash(detailsToken)).toBe(0);

      // the same requestId answers the stored outcome without a second charge
      const charges = fake.chargeCount;
      const replay = await pay(a, { requestId, opaqueData: card() }).expect(201);
      expect(replay.body.data.transactionId).toBe(response.body.data.transactionId);
      expect(fake.chargeCount).toBe(charges);
      // ... with another fresh details token that opens the application too
      expect(replay.body.data.detailsToken).toEqual(expect.any(String));
      expect(replay.body.data.detailsToken).not.toBe(detailsToken);
      const viaReplay = await t
        .http()
        .get(`/api/token/check?token=${encodeURIComponent(replay.body.data.detailsToken)}`)
        .expect(200);
      expect(viaReplay.body).toMatchObject({ purpose: 'details', data: { Id: a.id } });
      // a new attempt for a paid application is refused (the application token no longer opens it; the owner's or details token does)
      const again = await t
        .http()
        .post('/api/payments')
        .set('X-Application-Token', link![1])
        .send({
          applicationId: a.id,
          opaqueData: card(),
          creditCardFullName: 'Ana Ruiz',
          creditCardBillingZip: '11230',
          requestId: randomUUID(),
        })
        .expect(409);
      expect(again.body.code).toBe('PAY-003');
      expect(fake.chargeCount).toBe(charges);
    });

    it('declines on billing ZIP 46282 (402 PAY-001, Payment_Status Declined, still a draft), then a new attempt pays', async () => {
      const a = await certified();
      const declined = await pay(a, { creditCardBillingZip: '46282' }).expect(402);
      expect(declined.body).toMatchObject({ code: 'PAY-001', data: { status: 'declined', Payment_Status: 'Declined' } });
      expect(declined.body.data).not.toHaveProperty('detailsToken');
      expect(await applicationRow(a.id)).toMatchObject({ status: 'draft', payment_status: 'Declined' });
      await pay(a).expect(201);
    });

    it('declines cards that are not sandbox test cards, and expired cards', async () => {
      const a = await certified();
      await pay(a, { opaqueData: card('4242424242424242') }).expect(402);
      await pay(a, { opaqueData: card('5424000000000015', '01/20') }).expect(402);
      await pay(a, { opaqueData: card('370000000000002') }).expect(201);
    });

    it('refuses a reused card token (single use): 422 PAY-002 on errors.opaqueData', async () => {
      const a = await certified();
      const b = await certified();
      const token = card();
      await pay(a, { opaqueData: token, creditCardBillingZip: '46282' }).expect(402);
      const reused = await pay(b, { opaqueData: token }).expect(422);
      expect(reused.body).toMatchObject({
        code: 'PAY-002',
        errors: { opaqueData: ['The card details could not be read. Please enter them again.'] },
      });
      expect(await applicationRow(b.id)).toMatchObject({ status: 'draft', payment_status: 'Unpaid' });
    });

    it('waives the fee with a full-waiver code without calling the gateway, counts the use, and refuses a used-up code', async () => {
      const a = await certified();
      const charges = fake.chargeCount;
      const response = await t
        .http()
        .post('/api/payments')
        .set('X-Application-Token', a.token)
        .send({ applicationId: a.id, discountCode: 'once', requestId: randomUUID() })
        .expect(201);
      expect(response.body.data).toMatchObject({
        status: 'waived',
        Payment_Status: 'Waived',
        total: 0,
        discount: 300,
        discountCode: 'ONCE',
      });
      const waivedCheck = await t
        .http()
        .get(`/api/token/check?token=${encodeURIComponent(response.body.data.detailsToken)}`)
        .expect(200);
      expect(waivedCheck.body).toMatchObject({ purpose: 'details', data: { Id: a.id, status: 'submitted', Payment_Status: 'Waived' } });
      // the application-form link now opens the details form (issue 11: no dead end after payment)
      const oldLink = await t
        .http()
        .get(`/api/token/check?token=${encodeURIComponent(a.token)}`)
        .expect(200);
      expect(oldLink.body).toMatchObject({ purpose: 'details', data: { Id: a.id, status: 'submitted' } });
      expect(fake.chargeCount).toBe(charges);
      expect(await applicationRow(a.id)).toMatchObject({ status: 'submitted', payment_status: 'Waived' });
      const [code] = (await t.db.query(`SELECT usage_count FROM discount_codes WHERE code = 'ONCE'`)).rows;
      expect(code.usage_count).toBe(1);
      const row = await applicationRow(a.id);
      const mail = await sink.waitFor((m) => m.to.includes(row.email) && m.subject.startsWith('Application received'));
      expect(mail.text).toContain('The application fee was waived.');

      const b = await certified();
      const usedUp = await t
        .http()
        .post('/api/payments')
        .set('X-Application-Token', b.token)
        .send({ applicationId: b.id, discountCode: 'ONCE', requestId: randomUUID() })
        .expect(422);
      expect(usedUp.body).toMatchObject({
        code: 'PAY-004',
        errors: { discountCode: ['This discount code has been used the maximum number of times.'] },
      });
    });

    it('charges the discounted total with a fixed code', async () => {
      const a = await certified();
      const response = await pay(a, { discountCode: 'FIFTY' }).expect(201);
      expect(response.body.data).toMatchObject({ total: 250, discount: 50, discountCode: 'FIFTY' });
      const [payment] = (
        await t.db.query('SELECT total_cents, discount_cents, total, discount FROM payments WHERE request_id = $1', [
          response.body.data.requestId,
        ])
      ).rows;
      // stored in integer cents; the old numeric columns are read-only mirrors
      expect(payment).toEqual({ total_cents: '25000', discount_cents: '5000', total: '250.00', discount: '50.00' });
    });

    it('asks for the card fields unless the fee is waived (VAL-001)', async () => {
      const a = await certified();
      const response = await t
        .http()
        .post('/api/payments')
        .set('X-Application-Token', a.token)
        .send({ applicationId: a.id, requestId: randomUUID() })
        .expect(422);
      expect(response.body.code).toBe('VAL-001');
      expect(Object.keys(response.body.errors).sort()).toEqual(['creditCardBillingZip', 'creditCardFullName', 'opaqueData']);
    });

    it('charges once when the client sends the same requestId five times at once', async () => {
      const a = await certified();
      const charges = fake.chargeCount;
      const requestId = randomUUID();
      const opaqueData = card();
      const answers = await Promise.all(Array.from({ length: 5 }, () => pay(a, { requestId, opaqueData })));
      expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(answers.map((r) => r.body.data.transactionId)).size).toBe(1);
      expect(fake.chargeCount).toBe(charges + 1);
      const rows = (await t.db.query('SELECT status FROM payments WHERE application_id = $1', [a.id])).rows;
      expect(rows).toEqual([{ status: 'approved' }]);
    });

    it('charges once when two different requestIds race for one application', async () => {
      const a = await certified();
      const charges = fake.chargeCount;
      const answers = await Promise.all([pay(a), pay(a), pay(a)]);
      expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
      for (const r of answers.filter((x) => x.status !== 201)) expect(['PAY-409-request', 'PAY-003']).toContain(r.body.code);
      expect(fake.chargeCount).toBe(charges + 1);
    });
  });

  describe('one-use discount codes under concurrency (issue 26: claimed before the charge)', () => {
    it('20 applicants paying at once with a one-use code: one redemption, one charge with the discount, the others refused before any charge', async () => {
      for (const [code, kind, value] of [
        ['RACE-PCT', 'percent', 50],
        ['RACE-FIX', 'fixed', 40],
      ] as const) {
        await addCode(code, kind, value, 'max_uses=1');
        const payers = await Promise.all(Array.from({ length: 20 }, () => certified()));
        const charges = fake.chargeCount;
        const answers = await Promise.all(payers.map((p) => pay(p, { discountCode: code })));
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses.filter((s) => s === 201)).toHaveLength(1);
        expect(statuses.filter((s) => s === 422)).toHaveLength(19);
        expect(answers.filter((a) => a.status === 422).every((a) => a.body.code === 'PAY-004')).toBe(true);
        expect(fake.chargeCount - charges).toBe(1);
        const [row] = (await t.db.query('SELECT usage_count FROM discount_codes WHERE code = $1', [code])).rows;
        expect(row.usage_count).toBe(1);
        const redeemed = (
          await t.db.query(
            `SELECT count(*)::int AS n FROM payments p JOIN discount_codes d ON d.id = p.discount_code_id
                                              WHERE d.code = $1 AND p.status = 'approved'`,
            [code],
          )
        ).rows[0].n;
        expect(redeemed).toBe(1);
      }
    });

    it('a declined attempt gives its use back: the next applicant gets the code', async () => {
      await addCode('RACE-BACK', 'percent', 10, 'max_uses=1');
      const [first, second] = [await certified(), await certified()];
      const declined = await pay(first, { discountCode: 'RACE-BACK', creditCardBillingZip: DECLINE_ZIP });
      expect(declined.status).toBe(402);
      expect((await t.db.query(`SELECT usage_count FROM discount_codes WHERE code = 'RACE-BACK'`)).rows[0].usage_count).toBe(0);
      const paid = await pay(second, { discountCode: 'RACE-BACK' });
      expect(paid.status).toBe(201);
      expect(paid.body.data.discountCode).toBe('RACE-BACK');
      expect((await t.db.query(`SELECT usage_count FROM discount_codes WHERE code = 'RACE-BACK'`)).rows[0].usage_count).toBe(1);
    });
  });

  describe('configuration', () => {
    /** A production configuration with mail and Authorize.Net credentials, AUTHNET_ENDPOINT left at its (sandbox) default. */
    const PRODUCTION = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.internal:25',
      PAYMENT_GATEWAY: 'authorizenet',
      AUTHNET_API_LOGIN_ID: 'x',
      AUTHNET_TRANSACTION_KEY: 'y',
      AUTHNET_CLIENT_KEY: 'z',
    };

    it('refuses to start in production with the fake gateway, naming PAYMENT_GATEWAY', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_GATEWAY/);
      expect(() => loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'authorizenet' })).toThrow(/AUTHNET_API_LOGIN_ID/);
      expect(() =>
        loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'authorizenet', AUTHNET_API_LOGIN_ID: 'x', AUTHNET_TRANSACTION_KEY: 'y' }),
      ).toThrow(/AUTHNET_CLIENT_KEY/);
      expect(loadConfig({ ...PRODUCTION, AUTHNET_ENDPOINT: 'https://api2.authorize.net/xml/v1/request.api' }).PAYMENT_GATEWAY).toBe(
        'authorizenet',
      );
    });

    it('production means production (issue 26 item 6): no implicit sandbox, no e-mails to files unless asked for', () => {
      const live = PRODUCTION;
      // AUTHNET_ENDPOINT unset is the sandbox: refused, naming the variable and both ways out
      expect(() => loadConfig(live)).toThrow(/AUTHNET_ENDPOINT: https:\/\/apitest\.authorize\.net.*AUTHNET_ENVIRONMENT=sandbox/s);
      expect(loadConfig({ ...live, AUTHNET_ENVIRONMENT: 'sandbox' }).AUTHNET_ENVIRONMENT).toBe('sandbox');
      expect(loadConfig({ ...live, AUTHNET_ENDPOINT: 'https://api.authorize.net/xml/v1/request.api' }).PAYMENT_GATEWAY).toBe(
        'authorizenet',
      );
      // no SMTP server: refused unless MAIL_TO_FILES=true
      const sandbox = { ...live, AUTHNET_ENVIRONMENT: 'sandbox' };
      const { SMTP_URL: _smtp, ...withoutSmtp } = sandbox;
      expect(() => loadConfig(withoutSmtp)).toThrow(/SMTP_URL: required in production/);
      expect(loadConfig({ ...withoutSmtp, MAIL_TO_FILES: 'true' }).MAIL_TO_FILES).toBe(true);
      // development and tests keep their defaults (sandbox, e-mails to files)
      expect(
        loadConfig({
          NODE_ENV: 'test',
          PAYMENT_GATEWAY: 'authorizenet',
          AUTHNET_API_LOGIN_ID: 'x',
          AUTHNET_TRANSACTION_KEY: 'y',
          AUTHNET_CLIENT_KEY: 'z',
        }).SMTP_URL,
      ).toBeUndefined();
    });

    it('derives the Accept.js URL and CSP origins from AUTHNET_ENVIRONMENT or the endpoint', () => {
      const authnet = { PAYMENT_GATEWAY: 'authorizenet', AUTHNET_API_LOGIN_ID: 'x', AUTHNET_TRANSACTION_KEY: 'y', AUTHNET_CLIENT_KEY: 'z' };
      expect(acceptJsSettings(loadConfig({}))).toBeNull();
      expect(acceptJsCspSources(loadConfig({}))).toEqual({ script: [], frame: [], connect: [] });
      expect(acceptJsSettings(loadConfig(authnet))).toEqual({
        environment: 'sandbox',
        apiLoginId: 'x',
        clientKey: 'z',
        acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js',
      });
      const production = loadConfig({ ...authnet, AUTHNET_ENDPOINT: 'https://api2.authorize.net/xml/v1/request.api' });
      expect(acceptJsSettings(production)?.acceptJsUrl).toBe('https://js.authorize.net/v1/Accept.js');
      expect(acceptJsCspSources(production)).toEqual({
        script: ['https://js.authorize.net'],
        frame: ['https://js.authorize.net'],
        connect: ['https://js.authorize.net', 'https://api2.authorize.net', 'https://api.authorize.net'],
      });
      expect(acceptJsSettings(loadConfig({ ...authnet, AUTHNET_ENVIRONMENT: 'production' }))?.acceptJsUrl).toBe(
        'https://js.authorize.net/v1/Accept.js',
      );
      expect(
        acceptJsSettings(
          loadConfig({ ...authnet, AUTHNET_ENVIRONMENT: 'sandbox', AUTHNET_ENDPOINT: 'https://api2.authorize.net/xml/v1/request.api' }),
        )?.acceptJsUrl,
      ).toBe('https://jstest.authorize.net/v1/Accept.js');
      expect(() => loadConfig({ ...authnet, AUTHNET_ENVIRONMENT: 'live' })).toThrow(/AUTHNET_ENVIRONMENT/);
    });

    it('reads the currency from configuration (fees are set per offering, issue 25)', () => {
      const config = loadConfig({ CURRENCY: 'CAD' });
      expect(config).toMatchObject({ CURRENCY: 'CAD' });
      expect(config).not.toHaveProperty('APPLICATION_FEE');
      expect(() => loadConfig({ CURRENCY: 'dollars' })).toThrow(/CURRENCY/);
    });
  });
});
