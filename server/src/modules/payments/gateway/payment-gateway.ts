/** What a gateway made of a charge (DESIGN §7, STACK-NOTES "Payment gateway facts"). */
export type ChargeOutcome = 'approved' | 'declined' | 'held' | 'rejected' | 'unknown';

/** One charge to send: the browser-tokenised card (never a card number) and our references. */
export interface ChargeRequest {
  /** Amount in the currency's major unit with two decimals, e.g. `"150.00"`. */
  amount: string;
  currency: string;
  /** One stable invoice number per application fee (≤ 20 characters), also used to settle unknowns. */
  invoiceNumber: string;
  /** Our reference of this attempt (≤ 20 characters). */
  refId: string;
  description: string;
  opaqueData: { descriptor: string; value: string };
  /** `country`: ISO 3166-1 alpha-2 code of the billing address (issue 11 item 2; absent = US). */
  cardholder: { firstName: string; lastName: string; zip: string; country?: string };
  email: string;
  customerIp?: string;
}

/** The gateway's answer, or what we could learn about a charge later. */
export interface ChargeResult {
  outcome: ChargeOutcome;
  transactionId?: string;
  authCode?: string;
  /** Masked card number as the gateway shows it, e.g. `XXXX1111`. */
  accountNumber?: string;
  errorCode?: string;
  errorText?: string;
  /** The gateway's answer as received (for the payments row), never card data. */
  raw?: unknown;
}

/**
 * A refund or a void of an approved charge (issue 29 item 2): Authorize.Net's `refundTransaction` /
 * `voidTransaction` with `refTransId`. A refund is of the whole `amount`.
 */
export interface ReversalRequest {
  /** The gateway's id of the charge to reverse. */
  transactionId: string;
  /** Amount in the currency's major unit with two decimals (refunds), e.g. `"300.00"`. */
  amount: string;
  currency: string;
  /** The charge's masked card number (`XXXX1111`): a refund names the card by its last four digits. */
  accountNumber: string | null;
  /** The charge's invoice number. */
  invoiceNumber: string;
  /** Our reference of this reversal (≤ 20 characters). */
  refId: string;
}

/**
 * What the gateway made of a reversal: `approved` (done), `refused` (the gateway said no — e.g. a refund of a
 * charge not settled yet, Authorize.Net reason 54, which must be voided instead; or a void of a settled one),
 * `unknown` (timeout, 5xx, unreadable: it may or may not have happened).
 */
export interface ReversalResult {
  outcome: 'approved' | 'refused' | 'unknown';
  /** The refund's own transaction id (a void answers the original's). */
  transactionId?: string;
  errorCode?: string;
  errorText?: string;
  raw?: unknown;
}

/** Authorize.Net's reason code of a refund refused because the charge has not settled yet (void it instead). */
export const REFUND_NOT_SETTLED = '54';

/**
 * A card processor behind the smallest interface the portal needs. Implementations never throw for a
 * gateway's trouble: a timeout, a 5xx or an unreadable answer is the outcome `unknown`.
 */
export interface PaymentGateway {
  /** `fake` or `authorizenet` (stored on each payments row). */
  readonly name: string;
  /** Sends one authorise-and-capture. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Finds out what became of charges with `invoiceNumber` submitted since `since` (to settle an unknown
   * outcome before anyone may retry).
   * @returns the charge's outcome (`approved`, `declined`, `held`); `null` when the gateway certainly holds
   *          no such charge; `unknown` outcome when the gateway cannot be asked right now
   */
  lookup(invoiceNumber: string, since: Date): Promise<ChargeResult | null>;
  /** Refunds a settled charge (a new credit transaction of the whole amount). */
  refund(request: ReversalRequest): Promise<ReversalResult>;
  /** Voids a charge that has not settled yet (nothing reaches the card holder's statement). */
  void(request: ReversalRequest): Promise<ReversalResult>;
}

/** Nest injection token of the configured {@link PaymentGateway}. */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
