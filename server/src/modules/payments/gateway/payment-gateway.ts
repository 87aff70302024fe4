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
}

/** Nest injection token of the configured {@link PaymentGateway}. */
export const PAYMENT_GATEWAY = Symbol('PAYMENT_GATEWAY');
