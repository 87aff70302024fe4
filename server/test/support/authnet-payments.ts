import { randomUUID } from 'node:crypto';
import type { AuthnetDouble, DoubleCharge } from './authnet-double.js';
import { startApplication, type TestApp } from './test-app.js';

/** An application started through the API: its id and application token. */
export interface StartedApplication {
  id: string;
  token: string;
}

/** An `applications` row as pg reads it (snake_case columns). */
export interface ApplicationRow {
  email: string;
  status: string;
  payment_status: string;
  [column: string]: unknown;
}

/** Helpers of the API tests that pay through the Authorize.Net double. */
export interface AuthnetPayments {
  /** Starts an application with a unique e-mail and marks it certified (what submit does). */
  certified(): Promise<StartedApplication & { data: Record<string, unknown> }>;
  /**
   * `POST /api/payments` with an Accept.js-like token (a new nonce each call), cardholder Moshe ben Levi,
   * ZIP 11230 and a new requestId; `body` overrides any field.
   */
  pay(app: StartedApplication, body?: Record<string, unknown>): ReturnType<ReturnType<TestApp['http']>['post']>;
  /** Accept.js-like opaque data with a new nonce. */
  opaque(): { descriptor: string; value: string };
  /** The double's charges of an application's invoice number: what the card holder would see. */
  chargesFor(applicationId: string): Promise<DoubleCharge[]>;
  /** The `applications` row (snake_case columns). */
  applicationRow(id: string): Promise<ApplicationRow>;
}

/**
 * Binds the payment helpers to a test app and the double.
 * @param app a getter, since test apps are created in `beforeAll` after the helpers are bound
 */
export function authnetPayments(app: () => TestApp, double: () => AuthnetDouble): AuthnetPayments {
  const opaque = () => ({ descriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', value: `nonce-${randomUUID()}` });
  return {
    opaque,
    async certified() {
      const started = await startApplication(app(), { email: `${randomUUID().slice(0, 8)}@example.com` });
      await app().db.query('UPDATE applications SET certified_at = now() WHERE id = $1', [started.id]);
      return started;
    },
    pay: (application, body = {}) =>
      app()
        .http()
        .post('/api/payments')
        .set('X-Application-Token', application.token)
        .send({
          applicationId: application.id,
          opaqueData: opaque(),
          creditCardFullName: 'Moshe ben Levi',
          creditCardBillingZip: '11230',
          requestId: randomUUID(),
          ...body,
        }),
    async chargesFor(applicationId) {
      const [row] = (await app().db.query('SELECT reference_number FROM applications WHERE id = $1', [applicationId])).rows;
      return double().charges.filter((c) => c.invoiceNumber === `APP${row.reference_number}`);
    },
    async applicationRow(id) {
      return (await app().db.query('SELECT * FROM applications WHERE id = $1', [id])).rows[0] as ApplicationRow;
    },
  };
}
