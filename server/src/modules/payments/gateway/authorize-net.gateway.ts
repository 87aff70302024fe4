import { Logger } from '@nestjs/common';
import type { ChargeRequest, ChargeResult, PaymentGateway, ReversalRequest, ReversalResult } from './payment-gateway.js';

/** Settings of the Authorize.Net adapter (`AUTHNET_*`, `PAYMENT_GATEWAY_TIMEOUT_MS`). */
export interface AuthorizeNetOptions {
  apiLoginId: string;
  transactionKey: string;
  /** JSON endpoint, e.g. `https://apitest.authorize.net/xml/v1/request.api`. */
  endpoint: string;
  timeoutMs: number;
}

type Json = Record<string, unknown>;

interface AnetMessages {
  resultCode?: 'Ok' | 'Error';
  message?: { code?: string; text?: string }[];
}

interface AnetTransaction {
  transId?: string;
  submitTimeUTC?: string;
  transactionStatus?: string;
  invoiceNumber?: string;
  accountNumber?: string;
  authCode?: string;
  responseCode?: number | string;
  order?: { invoiceNumber?: string };
  payment?: { creditCard?: { cardNumber?: string } };
}

/** Transaction statuses (Authorize.Net reporting API) that mean the card was charged or will be. */
const CHARGED = new Set(['authorizedPendingCapture', 'capturedPendingSettlement', 'settledSuccessfully', 'refundPendingSettlement']);
const HELD = new Set(['FDSPendingReview', 'FDSAuthorizedPendingReview', 'underReview']);
const DECLINED = new Set(['declined']);

/** Thrown inside the adapter for an answer that does not tell the outcome (timeout, 5xx, unreadable). */
class UnknownOutcome extends Error {}

/**
 * Authorize.Net over its JSON API (`fetch`), DESIGN §7 and STACK-NOTES "Payment gateway facts":
 * - `createTransactionRequest` (authCaptureTransaction with the browser's opaqueData) with keys in the
 *   XML schema's order (else E00003), a 20-character `refId` and a stable `invoiceNumber`, and the
 *   gateway's `duplicateWindow` so that a double submit within 120 s is caught there too;
 * - the answer's UTF-8 BOM is stripped before parsing;
 * - outcome: responseCode 1 approved, 2 declined, 4 held for review, 3 rejected — except reason 11
 *   (duplicate), which means an earlier identical charge exists and is therefore `unknown` until settled;
 *   a timeout, a 5xx, a network error or an unreadable body is `unknown`, never a decline;
 * - unknowns are settled with `getUnsettledTransactionListRequest` and, for settled batches,
 *   `getSettledBatchListRequest` + `getTransactionListRequest`, matching the invoice number, then
 *   `getTransactionDetailsRequest` for the authorisation code;
 * - reversals (issue 29 item 2): `createTransactionRequest` with `refundTransaction` (amount, the card's last four
 *   digits with expiry `XXXX`, `refTransId`; settled charges only — reason 54 otherwise) or `voidTransaction`
 *   (`refTransId`; unsettled charges only); responseCode 1 approved, any other answer refused, no answer unknown.
 */
export class AuthorizeNetGateway implements PaymentGateway {
  readonly name = 'authorizenet';
  private readonly logger = new Logger(AuthorizeNetGateway.name);

  constructor(private readonly options: AuthorizeNetOptions) {}

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const body = {
      createTransactionRequest: {
        merchantAuthentication: this.auth(),
        refId: request.refId.slice(0, 20),
        transactionRequest: {
          transactionType: 'authCaptureTransaction',
          amount: request.amount,
          payment: { opaqueData: { dataDescriptor: request.opaqueData.descriptor, dataValue: request.opaqueData.value } },
          order: { invoiceNumber: request.invoiceNumber.slice(0, 20), description: request.description.slice(0, 255) },
          customer: { email: request.email },
          billTo: {
            firstName: request.cardholder.firstName.slice(0, 50),
            lastName: request.cardholder.lastName.slice(0, 50),
            zip: request.cardholder.zip.slice(0, 20),
            ...(request.cardholder.country ? { country: request.cardholder.country } : {}),
          },
          ...(request.customerIp ? { customerIP: request.customerIp } : {}),
          transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: '120' }] },
        },
      },
    };
    let answer: Json;
    try {
      answer = await this.post(body);
    } catch (error) {
      this.logger.warn(`createTransactionRequest for invoice ${request.invoiceNumber}: outcome unknown (${(error as Error).message})`);
      return { outcome: 'unknown', errorText: (error as Error).message };
    }
    return this.outcomeOf(answer);
  }

  async lookup(invoiceNumber: string, since: Date): Promise<ChargeResult | null> {
    try {
      const candidates: AnetTransaction[] = [];
      const unsettled = await this.post({
        getUnsettledTransactionListRequest: {
          merchantAuthentication: this.auth(),
          sorting: { orderBy: 'submitTimeUTC', orderDescending: true },
          paging: { limit: 1000, offset: 1 },
        },
      });
      this.assertOk(unsettled);
      candidates.push(...((unsettled.transactions as AnetTransaction[] | undefined) ?? []));
      const batches = await this.post({
        getSettledBatchListRequest: {
          merchantAuthentication: this.auth(),
          firstSettlementDate: new Date(since.getTime() - 60_000).toISOString().slice(0, 19) + 'Z',
          lastSettlementDate: new Date().toISOString().slice(0, 19) + 'Z',
        },
      });
      this.assertOk(batches, ['E00004' /* none */]);
      for (const batch of (batches.batchList as { batchId: string }[] | undefined) ?? []) {
        const list = await this.post({ getTransactionListRequest: { merchantAuthentication: this.auth(), batchId: batch.batchId } });
        this.assertOk(list);
        candidates.push(...((list.transactions as AnetTransaction[] | undefined) ?? []));
      }
      const mine = candidates
        .filter((t) => (t.invoiceNumber ?? t.order?.invoiceNumber) === invoiceNumber)
        .filter((t) => !t.submitTimeUTC || new Date(t.submitTimeUTC).getTime() >= since.getTime() - 60_000);
      const best =
        mine.find((t) => CHARGED.has(t.transactionStatus ?? '')) ??
        mine.find((t) => HELD.has(t.transactionStatus ?? '')) ??
        mine.find((t) => DECLINED.has(t.transactionStatus ?? ''));
      if (!best?.transId) return null;
      const details = await this.post({ getTransactionDetailsRequest: { merchantAuthentication: this.auth(), transId: best.transId } });
      this.assertOk(details);
      const transaction = (details.transaction as AnetTransaction | undefined) ?? best;
      const status = transaction.transactionStatus ?? best.transactionStatus ?? '';
      return {
        outcome: CHARGED.has(status) ? 'approved' : HELD.has(status) ? 'held' : 'declined',
        transactionId: best.transId,
        authCode: transaction.authCode,
        accountNumber: transaction.payment?.creditCard?.cardNumber ?? best.accountNumber,
        raw: { settledBy: 'lookup', transactionStatus: status },
      };
    } catch (error) {
      this.logger.warn(`Lookup of invoice ${invoiceNumber} failed: ${(error as Error).message}`);
      return { outcome: 'unknown', errorText: (error as Error).message };
    }
  }

  async refund(request: ReversalRequest): Promise<ReversalResult> {
    return this.reverse(request, {
      transactionType: 'refundTransaction',
      amount: request.amount,
      payment: { creditCard: { cardNumber: (request.accountNumber ?? '').slice(-4), expirationDate: 'XXXX' } },
      refTransId: request.transactionId,
      order: { invoiceNumber: request.invoiceNumber.slice(0, 20) },
    });
  }

  async void(request: ReversalRequest): Promise<ReversalResult> {
    return this.reverse(request, { transactionType: 'voidTransaction', refTransId: request.transactionId });
  }

  /** Sends a refund or void (keys in the schema's order) and reads its outcome. */
  private async reverse(request: ReversalRequest, transactionRequest: Json): Promise<ReversalResult> {
    const body = {
      createTransactionRequest: { merchantAuthentication: this.auth(), refId: request.refId.slice(0, 20), transactionRequest },
    };
    let answer: Json;
    try {
      answer = await this.post(body);
    } catch (error) {
      this.logger.warn(
        `${String(transactionRequest.transactionType)} of ${request.transactionId}: outcome unknown (${(error as Error).message})`,
      );
      return { outcome: 'unknown', errorText: (error as Error).message };
    }
    const messages = answer.messages as AnetMessages | undefined;
    const transaction = answer.transactionResponse as
      { responseCode?: string; transId?: string; errors?: { errorCode?: string; errorText?: string }[] } | undefined;
    const error = transaction?.errors?.[0];
    if (transaction?.responseCode === '1')
      return {
        outcome: 'approved',
        transactionId: transaction.transId && transaction.transId !== '0' ? transaction.transId : undefined,
        raw: answer,
      };
    if (!transaction?.responseCode && messages?.resultCode !== 'Error')
      return { outcome: 'unknown', errorText: 'no transaction response', raw: answer };
    return {
      outcome: 'refused',
      errorCode: error?.errorCode ?? messages?.message?.[0]?.code,
      errorText: error?.errorText ?? messages?.message?.[0]?.text,
      raw: answer,
    };
  }

  private auth() {
    return { name: this.options.apiLoginId, transactionKey: this.options.transactionKey };
  }

  /** POSTs JSON; strips the BOM; throws {@link UnknownOutcome} for a timeout, network error, 5xx or unreadable body. */
  private async post(body: Json): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(this.options.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      throw new UnknownOutcome(
        name === 'TimeoutError' ? `no answer within ${this.options.timeoutMs} ms` : `network error: ${(error as Error).message}`,
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new UnknownOutcome(`answer cut off: ${(error as Error).message}`);
    }
    if (response.status >= 500) throw new UnknownOutcome(`HTTP ${response.status}`);
    try {
      return JSON.parse(text.replace(/^\uFEFF/, '')) as Json;
    } catch {
      throw new UnknownOutcome(`unreadable answer (HTTP ${response.status})`);
    }
  }

  private assertOk(answer: Json, acceptable: string[] = []): void {
    const messages = answer.messages as AnetMessages | undefined;
    if (messages?.resultCode === 'Ok') return;
    const code = messages?.message?.[0]?.code ?? '';
    if (acceptable.includes(code)) return;
    throw new UnknownOutcome(`${code} ${messages?.message?.[0]?.text ?? 'error'}`);
  }

  private outcomeOf(answer: Json): ChargeResult {
    const messages = answer.messages as AnetMessages | undefined;
    const transaction = answer.transactionResponse as
      | {
          responseCode?: string;
          transId?: string;
          authCode?: string;
          accountNumber?: string;
          errors?: { errorCode?: string; errorText?: string }[];
          messages?: { code?: string; description?: string }[];
        }
      | undefined;
    const error = transaction?.errors?.[0];
    const base: ChargeResult = {
      outcome: 'unknown',
      transactionId: transaction?.transId && transaction.transId !== '0' ? transaction.transId : undefined,
      authCode: transaction?.authCode || undefined,
      accountNumber: transaction?.accountNumber || undefined,
      errorCode: error?.errorCode ?? messages?.message?.[0]?.code,
      errorText: error?.errorText ?? messages?.message?.[0]?.text,
      raw: answer,
    };
    switch (transaction?.responseCode) {
      case '1':
        return { ...base, outcome: 'approved', errorCode: undefined, errorText: undefined };
      case '2':
        return { ...base, outcome: 'declined' };
      case '4':
        return { ...base, outcome: 'held' };
      case '3':
        return { ...base, outcome: error?.errorCode === '11' ? 'unknown' : 'rejected' };
    }
    if (messages?.resultCode === 'Error') return { ...base, outcome: 'rejected' };
    return base;
  }
}
