/**
 * Payment calls (DESIGN §4, §7): the fee quote and the payment itself. Both carry the application
 * token in `X-Application-Token`.
 */
import { api } from '../../shared/api/client';
import { unwrap } from '../details/details-api';

/** Which tokeniser the browser uses. */
export type GatewayKind = 'fake' | 'authorizenet';

/** `GET /api/payments/quote` answer (amounts in the currency's main unit, e.g. dollars). */
export interface Quote {
  amount: number;
  lateFee: number;
  discount: number;
  total: number;
  currency: string;
  gateway: GatewayKind;
  /** The discount code the quote applied, if any. */
  discountCode?: string | null;
  /** Nothing left to pay (Payment_Status becomes Waived). */
  waived?: boolean;
  /** Authorize.Net public client key (Accept.js). */
  clientKey?: string;
  /** Authorize.Net API login id (Accept.js). */
  apiLoginId?: string;
  /** Accept.js URL (sandbox or production), when the server names it. */
  acceptJsUrl?: string;
  /** `sandbox` or `production` (chooses the Accept.js URL when `acceptJsUrl` is absent). */
  environment?: string;
}

/** `opaqueData` as the server takes it (spec §3). */
export interface OpaqueData {
  value: string;
  descriptor: string;
}

/** Body of `POST /api/payments`. */
export interface PaymentBody {
  applicationId: string;
  requestId: string;
  discountCode?: string;
  opaqueData?: OpaqueData;
  creditCardFullName?: string;
  creditCardBillingZip?: string;
  /** Billing country (dropdown `countries`; the server defaults to United States). */
  creditCardBillingCountry?: string;
}

/** The payment record the server answers (normalised by {@link toPaymentRecord}). */
export interface PaymentRecord {
  status: string;
  Payment_Status: string;
  amount: number;
  lateFee: number;
  discount: number;
  total: number;
  currency: string;
  transactionId: string | null;
  /** The card's last four digits, or the masked number (`XXXX1111`). */
  accountNumber: string | null;
  referenceNumber: string | null;
  /** When the payment was recorded (ISO 8601). */
  paidAt: string | null;
  /**
   * Approved or waived: a fresh `details` token for `/details/1?token=…` (the application token stops
   * opening the application once it is submitted, TKN-002). Null otherwise.
   */
  detailsToken: string | null;
}

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : 0;
};
const strOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/** Normalises a quote answer (amounts may arrive as strings like "150.00"). */
export function toQuote(raw: unknown): Quote {
  const r = (raw ?? {}) as Record<string, unknown>;
  return {
    amount: num(r.amount),
    lateFee: num(r.lateFee),
    discount: num(r.discount),
    total: num(r.total),
    currency: typeof r.currency === 'string' && r.currency ? r.currency : 'USD',
    gateway: r.gateway === 'authorizenet' ? 'authorizenet' : 'fake',
    discountCode: strOrNull(r.discountCode),
    waived: typeof r.waived === 'boolean' ? r.waived : undefined,
    clientKey: strOrNull(r.clientKey) ?? undefined,
    apiLoginId: strOrNull(r.apiLoginId) ?? undefined,
    acceptJsUrl: strOrNull(r.acceptJsUrl) ?? undefined,
    environment: strOrNull(r.environment) ?? undefined,
  };
}

/** Normalises a payment answer. */
export function toPaymentRecord(raw: unknown): PaymentRecord {
  const r = (raw ?? {}) as Record<string, unknown>;
  return {
    status: strOrNull(r.status) ?? '',
    Payment_Status: strOrNull(r.Payment_Status) ?? strOrNull(r.paymentStatus) ?? '',
    amount: num(r.amount),
    lateFee: num(r.lateFee),
    discount: num(r.discount),
    total: num(r.total),
    currency: strOrNull(r.currency) ?? 'USD',
    transactionId: strOrNull(r.transactionId) ?? strOrNull(r.transId),
    accountNumber: strOrNull(r.last4) ?? strOrNull(r.accountNumber),
    referenceNumber: strOrNull(r.referenceNumber),
    paidAt: strOrNull(r.date) ?? strOrNull(r.paidAt) ?? strOrNull(r.createdAt),
    detailsToken: strOrNull(r.detailsToken),
  };
}

/** GET /api/payments/quote?applicationId&discountCode. 422 PAY-004 for an unknown or used-up code. */
export async function getQuote(applicationId: string, token: string, discountCode?: string): Promise<Quote> {
  const params: Record<string, string> = { applicationId };
  if (discountCode) params.discountCode = discountCode;
  const { data } = await api.get('/payments/quote', { params, headers: { 'X-Application-Token': token } });
  return toQuote(unwrap(data));
}

/**
 * POST /api/payments. Errors: PAY-001 declined, PAY-002 gateway error, PAY-003 already paid,
 * PAY-004 bad discount code; 422 VAL-001 field errors.
 */
export async function postPayment(body: PaymentBody, token: string): Promise<PaymentRecord> {
  // every failure is explained on the payment step itself (no generic ≥500 alert on top)
  const { data } = await api.post('/payments', body, { headers: { 'X-Application-Token': token }, silent: true });
  return toPaymentRecord(unwrap(data));
}
