/**
 * Payment calls (DESIGN §4, §7): the fee quote and the payment itself. Both carry the application
 * token in `X-Application-Token`.
 */
import type { RequestBody } from '../../../../contract/client/create-client';
import { api, applicationTokenHeader, call, type Schema } from '../../shared/api/client';

/** `GET /api/payments/quote` answer (contract `QuoteView`; amounts in the currency's main unit, e.g. dollars). */
export type Quote = Schema<'QuoteView'>;

/** Which tokeniser the browser uses. */
export type GatewayKind = Quote['gateway'];

/**
 * What the browser's tokeniser needs of a quote — the gateway and, for Authorize.Net, the public Accept.js
 * settings: the fee's quote and the enrollment deposit's answer (issue 29 item 2) both carry them.
 */
export type TokenizerSettings = Pick<Quote, 'gateway' | 'apiLoginId' | 'clientKey' | 'acceptJsUrl'>;

/** `opaqueData` as the server takes it (spec §3; contract `OpaqueDataDto`). */
export type OpaqueData = Schema<'OpaqueDataDto'>;

/** Body of `POST /api/payments` (contract `PayDto`; billing country from the dropdown `countries`, the server defaults to United States). */
export type PaymentBody = RequestBody<'payApplicationFee'>;

/** The payment as the server answers it (contract `PaymentView`). */
export type PaymentView = Schema<'PaymentView'>;

/**
 * The receipt the payment step and the thank-you page show (a view of {@link PaymentView}, kept in the
 * session's receipt store): the card's last four digits as `accountNumber`, the recorded time as `paidAt`.
 */
export type PaymentRecord = Pick<
  PaymentView,
  'status' | 'Payment_Status' | 'amount' | 'lateFee' | 'discount' | 'total' | 'currency' | 'transactionId' | 'referenceNumber'
> & {
  /** The card's last four digits, or null (waived). */
  accountNumber: string | null;
  /** When the payment was recorded (ISO 8601). */
  paidAt: string | null;
  /**
   * Approved or waived: a fresh `details` token for `/details/1?token=…` (the application token stops
   * opening the application once it is submitted, TKN-002). Null otherwise.
   */
  detailsToken: string | null;
};

/** The receipt of a payment answer. */
export function toPaymentRecord(view: PaymentView): PaymentRecord {
  return {
    status: view.status,
    Payment_Status: view.Payment_Status,
    amount: view.amount,
    lateFee: view.lateFee,
    discount: view.discount,
    total: view.total,
    currency: view.currency,
    transactionId: view.transactionId,
    accountNumber: view.last4,
    referenceNumber: view.referenceNumber,
    paidAt: view.date,
    detailsToken: view.detailsToken ?? null,
  };
}

/** GET /api/payments/quote?applicationId&discountCode. 422 PAY-004 for an unknown or used-up code. */
export async function getQuote(applicationId: string, token: string, discountCode?: string): Promise<Quote> {
  const query = discountCode ? { applicationId, discountCode } : { applicationId };
  return (await call(api.GET('/api/payments/quote', { params: { query }, headers: applicationTokenHeader(token) }))).data;
}

/**
 * POST /api/payments. Errors: PAY-001 declined, PAY-002 gateway error, PAY-003 already paid,
 * PAY-004 bad discount code; 422 VAL-001 field errors.
 */
export async function postPayment(body: PaymentBody, token: string): Promise<PaymentRecord> {
  // every failure is explained on the payment step itself (no generic ≥500 alert on top)
  const answer = await call(api.POST('/api/payments', { body, headers: applicationTokenHeader(token) }), { silent: true });
  return toPaymentRecord(answer.data);
}
