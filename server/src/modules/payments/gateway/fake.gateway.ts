import { randomInt } from 'node:crypto';
import {
  REFUND_NOT_SETTLED,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
  type ReversalRequest,
  type ReversalResult,
} from './payment-gateway.js';

/** The descriptor the fake browser tokeniser puts in `opaqueData.descriptor`. */
export const FAKE_DESCRIPTOR = 'FAKE.TEST.PAYMENT';

/** Last four digits of the Authorize.Net sandbox test cards (STACK-NOTES): Visa ×2, Mastercard, Amex. */
export const FAKE_TEST_CARDS: Record<string, string> = {
  '4111111111111111': 'Visa',
  '4007000000027': 'Visa',
  '5424000000000015': 'Mastercard',
  '370000000000002': 'American Express',
};
const TEST_LAST4 = new Set(Object.keys(FAKE_TEST_CARDS).map((n) => n.slice(-4)));

/** The billing ZIP that forces a decline, as in the Authorize.Net sandbox. */
export const DECLINE_ZIP = '46282';

/** How long after a charge the fake settles it, as the gateway's nightly batch would (ms): a day. */
export const FAKE_SETTLEMENT_MS = 86_400_000;

/** What the fake tokeniser encodes (base64 JSON) in `opaqueData.value`. */
export interface FakeToken {
  /** Last four digits of the card number (the tokeniser never sends the whole number). */
  cardNumber: string;
  /** Expiry `MM/YY` or `MM/YYYY`. */
  exp: string;
  /** Random, single use. */
  nonce: string;
}

/** Builds the `opaqueData` the fake tokeniser would send (for tests and the development UI). */
export function fakeOpaqueData(cardNumber: string, exp = '12/35', nonce = `${Date.now()}-${randomInt(1e9)}`) {
  const token: FakeToken = { cardNumber: cardNumber.slice(-4), exp, nonce };
  return { descriptor: FAKE_DESCRIPTOR, value: Buffer.from(JSON.stringify(token)).toString('base64') };
}

/**
 * A card processor in memory for development and tests (`PAYMENT_GATEWAY=fake`, the default; refused
 * in production). It behaves like the Authorize.Net sandbox where it matters:
 * - `opaqueData.descriptor` must be `FAKE.TEST.PAYMENT` and `value` base64 JSON `{cardNumber (last 4), exp, nonce}`,
 *   else rejected (E00003);
 * - each nonce is single use: a reuse is rejected (E00114 "Invalid OTS Token");
 * - billing ZIP 46282 declines; an expired card declines; only the sandbox test cards approve
 *   (last four 1111, 0027, 0015, 0002), any other card declines.
 * Approved charges are remembered by invoice number so that {@link lookup} can answer, and by transaction id
 * for reversals (issue 29 item 2), which follow the same rules as Authorize.Net's `refundTransaction` and
 * `voidTransaction`: a charge settles {@link FAKE_SETTLEMENT_MS} after it was made (the nightly batch; tests
 * call {@link settleBatch}); a refund takes a settled charge only (else refused, reason 54: void it instead),
 * of no more than its amount, naming its card's last four digits; a void takes an unsettled charge only; a
 * charge is reversed once (a second reversal is refused). Unknown transaction: refused, reason 16.
 * Memory only: a second replica does not know the first one's charges (use Authorize.Net's sandbox for that).
 */
export class FakeGateway implements PaymentGateway {
  readonly name = 'fake';
  private readonly usedNonces = new Set<string>();
  private readonly charges: {
    invoiceNumber: string;
    at: Date;
    result: ChargeResult;
    amount: string;
    settled: boolean;
    reversed: 'refunded' | 'voided' | null;
  }[] = [];
  /** Reversals that reached the fake (any outcome), for tests. */
  readonly reversals: { kind: 'refund' | 'void'; request: ReversalRequest; result: ReversalResult }[] = [];

  /** How many charges reached the fake (any outcome), for tests. */
  get chargeCount(): number {
    return this.charges.length;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const token = this.parse(request.opaqueData);
    if (!token)
      return this.remember(request, { outcome: 'rejected', errorCode: 'E00003', errorText: 'The opaque data could not be read.' });
    if (this.usedNonces.has(token.nonce)) {
      return this.remember(request, { outcome: 'rejected', errorCode: 'E00114', errorText: 'Invalid OTS Token.' });
    }
    this.usedNonces.add(token.nonce);
    const accountNumber = `XXXX${token.cardNumber}`;
    if (request.cardholder.zip.startsWith(DECLINE_ZIP)) return this.remember(request, this.declined(accountNumber, 'billing ZIP'));
    if (this.expired(token.exp)) return this.remember(request, this.declined(accountNumber, 'card expired', '8'));
    if (!TEST_LAST4.has(token.cardNumber)) return this.remember(request, this.declined(accountNumber, 'card not recognised'));
    return this.remember(request, {
      outcome: 'approved',
      transactionId: this.newTransactionId(),
      authCode: randomInt(0, 0xffffff).toString(16).toUpperCase().padStart(6, '0'),
      accountNumber,
      raw: { gateway: 'fake', responseCode: '1' },
    });
  }

  async lookup(invoiceNumber: string, since: Date): Promise<ChargeResult | null> {
    const found = this.charges.filter((c) => c.invoiceNumber === invoiceNumber && c.at >= since && c.result.outcome !== 'rejected');
    return found.length ? found[found.length - 1].result : null;
  }

  /** The nightly batch, now: every approved charge not reversed settles (tests). */
  settleBatch(): void {
    for (const charge of this.charges) if (charge.result.outcome === 'approved' && !charge.reversed) charge.settled = true;
  }

  async refund(request: ReversalRequest): Promise<ReversalResult> {
    const charge = this.approved(request.transactionId);
    let result: ReversalResult;
    if (!charge) result = this.refused('16', 'The transaction cannot be found.');
    else if (charge.reversed)
      result = this.refused('55', 'The sum of credits against the referenced transaction would exceed the original debit amount.');
    else if (!this.isSettled(charge))
      result = this.refused(REFUND_NOT_SETTLED, 'The referenced transaction does not meet the criteria for issuing a credit.');
    else if (Number(request.amount) > Number(charge.amount))
      result = this.refused('55', 'The sum of credits would exceed the original debit amount.');
    else if (request.accountNumber?.slice(-4) !== charge.result.accountNumber?.slice(-4))
      result = this.refused('54', 'The card does not match the referenced transaction.');
    else {
      charge.reversed = 'refunded';
      result = {
        outcome: 'approved',
        transactionId: this.newTransactionId(),
        raw: { gateway: 'fake', responseCode: '1', refTransId: request.transactionId },
      };
    }
    this.reversals.push({ kind: 'refund', request, result });
    return result;
  }

  async void(request: ReversalRequest): Promise<ReversalResult> {
    const charge = this.approved(request.transactionId);
    let result: ReversalResult;
    if (!charge) result = this.refused('16', 'The transaction cannot be found.');
    else if (charge.reversed === 'voided') result = this.refused('310', 'This transaction has already been voided.');
    else if (charge.reversed || this.isSettled(charge))
      result = this.refused('16', 'The transaction has settled and cannot be voided: refund it.');
    else {
      charge.reversed = 'voided';
      result = {
        outcome: 'approved',
        transactionId: request.transactionId,
        raw: { gateway: 'fake', responseCode: '1', refTransId: request.transactionId },
      };
    }
    this.reversals.push({ kind: 'void', request, result });
    return result;
  }

  private approved(transactionId: string) {
    return this.charges.find((c) => c.result.outcome === 'approved' && c.result.transactionId === transactionId);
  }

  private isSettled(charge: { at: Date; settled: boolean }): boolean {
    return charge.settled || charge.at.getTime() <= Date.now() - FAKE_SETTLEMENT_MS;
  }

  private refused(errorCode: string, errorText: string): ReversalResult {
    return { outcome: 'refused', errorCode, errorText, raw: { gateway: 'fake', responseCode: '3', errorCode } };
  }

  private newTransactionId(): string {
    return String(randomInt(10_000_000, 99_999_999)) + String(randomInt(100, 999));
  }

  private parse(opaque: { descriptor: string; value: string }): FakeToken | undefined {
    if (opaque.descriptor !== FAKE_DESCRIPTOR) return undefined;
    try {
      const token = JSON.parse(Buffer.from(opaque.value, 'base64').toString('utf8')) as Partial<FakeToken>;
      if (typeof token.nonce !== 'string' || !token.nonce || typeof token.exp !== 'string') return undefined;
      if (typeof token.cardNumber !== 'string' || !/^\d{4,19}$/.test(token.cardNumber)) return undefined;
      return { cardNumber: token.cardNumber.slice(-4), exp: token.exp, nonce: token.nonce };
    } catch {
      return undefined;
    }
  }

  private expired(exp: string): boolean {
    const match = /^(\d{2})\/(\d{2}|\d{4})$/.exec(exp);
    if (!match) return true;
    const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    const endOfMonth = Date.UTC(year, Number(match[1]), 1);
    return Number(match[1]) < 1 || Number(match[1]) > 12 || endOfMonth <= Date.now();
  }

  private declined(accountNumber: string, why: string, reason = '2'): ChargeResult {
    return { outcome: 'declined', accountNumber, errorCode: reason, errorText: `This transaction has been declined (${why}).` };
  }

  private remember(request: ChargeRequest, result: ChargeResult): ChargeResult {
    this.charges.push({
      invoiceNumber: request.invoiceNumber,
      at: new Date(),
      result,
      amount: request.amount,
      settled: false,
      reversed: null,
    });
    return result;
  }
}
