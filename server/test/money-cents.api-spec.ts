import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { MoneyCents1764151000000 } from '../../migrations/1764151000000-money-cents.js';
import { fakeOpaqueData } from '../src/modules/payments/gateway/fake.gateway.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * Money in integer cents end to end, formatted with the configured currency (issue 14): an awkward fee
 * (99.99 EUR) and percentage (33.33 %) give exact cents on the wire, in the table and in the receipt; the
 * migration turns the old numeric amounts into cents without loss.
 */
let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    PUBLIC_URL: 'https://apply.example.edu',
    CURRENCY: 'EUR',
  });
  // the office's fees, in integer cents on every offering (issue 25)
  await t.db.query(`UPDATE offerings SET application_fee_cents = 9999, late_fee_cents = 1`);
  await t.changesSeen();
  await t.db.query(`INSERT INTO discount_codes (code, kind, value_hundredths) VALUES ('THIRD', 'percent', 3333), ('CENTS', 'fixed', 1)`);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const certified = async (overrides: Record<string, unknown> = {}) => {
  const started = await startApplication(t, { email: `${randomUUID().slice(0, 8)}@example.com`, ...overrides });
  await t.db.query('UPDATE applications SET certified_at = now(), step_reached = 8 WHERE id = $1', [started.id]);
  return started;
};

describe('amounts in cents, shown in the configured currency', () => {
  it('quotes exact cents: 99.99 + 0.01 late fee − 33.33 % (33.33) = 66.67 EUR', async () => {
    const a = await certified();
    const quote = await t.http().get(`/api/payments/quote?applicationId=${a.id}&discountCode=third`).set('X-Application-Token', a.token);
    expect(quote.status).toBe(200);
    expect(quote.body.data).toMatchObject({ amount: 99.99, lateFee: 0.01, discount: 33.33, total: 66.67, currency: 'EUR' });
  });

  it('stores the payment in integer cents and e-mails the receipt in EUR in the applicant’s language', async () => {
    const email = `ana.${randomUUID().slice(0, 8)}@example.com`;
    const a = await certified({ email, locale: 'es', firstName: 'Ana', lastName: 'Ruiz' });
    const response = await t
      .http()
      .post('/api/payments')
      .set('X-Application-Token', a.token)
      .send({
        applicationId: a.id,
        opaqueData: fakeOpaqueData('4111111111111111', '12/35', randomUUID()),
        creditCardFullName: 'Ana Ruiz',
        creditCardBillingZip: '11230',
        discountCode: 'CENTS',
        requestId: randomUUID(),
      });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ amount: 99.99, lateFee: 0.01, discount: 0.01, total: 99.99, currency: 'EUR' });
    const [row] = (
      await t.db.query(`SELECT amount_cents, late_fee_cents, discount_cents, total_cents, currency FROM payments WHERE request_id = $1`, [
        response.body.data.requestId,
      ])
    ).rows;
    expect(row).toEqual({ amount_cents: '9999', late_fee_cents: '1', discount_cents: '1', total_cents: '9999', currency: 'EUR' });
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.subject.startsWith('Solicitud recibida'));
    expect(mail.text).toContain('Tarifa de solicitud: 99,99\u00a0€');
    expect(mail.text).toContain('Total: 99,99\u00a0€');
  });

  it('GET /api/config names the currency for the front ends', async () => {
    expect((await t.http().get('/api/config')).body.currency).toBe('EUR');
  });
});

describe('migration 1764151000000 (numeric amounts → integer cents)', () => {
  it('converts every stored amount and code value without loss, and back', async () => {
    const migration = new MoneyCents1764151000000();
    const runner = { query: (sql: string) => t.db.query(sql) } as never;
    const a = await startApplication(t, { email: `${randomUUID().slice(0, 8)}@example.com` });
    await migration.down(runner);
    await t.db.query(
      `INSERT INTO payments (application_id, request_id, amount, late_fee, discount, total, status, gateway, invoice_number)
       VALUES ($1, 'old-1', 99999999.99, 0.01, 12.34, 99999987.66, 'approved', 'fake', 'INV-OLD')`,
      [a.id],
    );
    await t.db.query(`INSERT INTO discount_codes (code, kind, value) VALUES ('OLDPCT', 'percent', 12.5), ('OLDFIX', 'fixed', 0.07)`);
    await migration.up(runner);
    const [payment] = (
      await t.db.query(`SELECT amount_cents, late_fee_cents, discount_cents, total_cents, total FROM payments WHERE request_id = 'old-1'`)
    ).rows;
    expect(payment).toEqual({
      amount_cents: '9999999999',
      late_fee_cents: '1',
      discount_cents: '1234',
      total_cents: '9999998766',
      total: '99999987.66',
    });
    const codes = (await t.db.query(`SELECT code, value_hundredths FROM discount_codes WHERE code LIKE 'OLD%' ORDER BY code`)).rows;
    expect(codes).toEqual([
      { code: 'OLDFIX', value_hundredths: 7 },
      { code: 'OLDPCT', value_hundredths: 1250 },
    ]);
    // down and up again keep the same figures
    await migration.down(runner);
    expect((await t.db.query(`SELECT total FROM payments WHERE request_id = 'old-1'`)).rows[0].total).toBe('99999987.66');
    await migration.up(runner);
    expect((await t.db.query(`SELECT total_cents FROM payments WHERE request_id = 'old-1'`)).rows[0].total_cents).toBe('9999998766');
  });
});
