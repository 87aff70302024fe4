import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the double answers the next createTransactionRequest calls. */
export type DoubleMode =
  | 'normal' // approve test cards, decline billing ZIP 46282
  | 'timeout' // charge, then answer only after `delayMs` (longer than the client waits)
  | '5xx-after-charge' // charge, then answer 500
  | '5xx-before-charge' // answer 503 without charging
  | 'held'; // authorise but hold for fraud review (responseCode 4, FDSPendingReview)

/** A recorded charge. */
export interface DoubleCharge {
  transId: string;
  invoiceNumber: string;
  amount: string;
  /** `settledSuccessfully` after {@link AuthnetDouble.settle}; `voided` after a voidTransaction. */
  status: 'capturedPendingSettlement' | 'settledSuccessfully' | 'voided' | 'declined' | 'FDSPendingReview';
  accountNumber: string;
  authCode: string;
  submitTimeUTC: string;
}

/** A local HTTP server speaking Authorize.Net's documented JSON API (tests only). */
export interface AuthnetDouble {
  url: string;
  /** Every createTransactionRequest body received, in order. */
  requests: Record<string, unknown>[];
  /** Charges the double made (approved or declined) — what the card holder would see. */
  charges: DoubleCharge[];
  /** Approved charges only. */
  readonly approvedCount: number;
  mode: DoubleMode;
  /** Delay of every createTransactionRequest answer (ms); `timeout` mode uses it too. */
  delayMs: number;
  /** When true, reporting calls (lookups) answer 503. */
  reportingDown: boolean;
  /** Delay of every reporting call's answer (ms). */
  reportingDelayMs: number;
  /** How many lookups began (`getUnsettledTransactionListRequest` calls, the first call of each). */
  lookupCount: number;
  /** Refunds made (`refundTransaction`, approved), each a credit transaction of its own. */
  refunds: { transId: string; refTransId: string; amount: string }[];
  /** Every refundTransaction / voidTransaction body received, in order. */
  reversalRequests: Record<string, unknown>[];
  /** The nightly batch: every captured charge settles (refunds take settled charges only; voids unsettled ones). */
  settle(): void;
  /** The merchant approves every held charge (as after a fraud review). */
  approveHeld(): void;
  /** The merchant declines every held charge (as after a fraud review). */
  declineHeld(): void;
  close(): Promise<void>;
}

/** Order of `transactionRequest` keys in the Authorize.Net XML schema (subset the portal may send). */
const TRANSACTION_KEY_ORDER = [
  'transactionType',
  'amount',
  'currencyCode',
  'payment',
  'profile',
  'solution',
  'callId',
  'terminalNumber',
  'authCode',
  'refTransId',
  'splitTenderId',
  'order',
  'lineItems',
  'tax',
  'duty',
  'shipping',
  'taxExempt',
  'poNumber',
  'customer',
  'billTo',
  'shipTo',
  'customerIP',
  'cardholderAuthentication',
  'retail',
  'employeeId',
  'transactionSettings',
  'userFields',
];

function inOrder(keys: string[], order: string[]): boolean {
  let last = -1;
  for (const key of keys) {
    const at = order.indexOf(key);
    if (at < 0 || at < last) return false;
    last = at;
  }
  return true;
}

/**
 * Starts the double. It checks the merchant credentials, the schema key order (E00003 otherwise) and
 * single-use nonces (E00114), answers with a UTF-8 BOM like the real API, and supports the reporting
 * calls used to settle unknown outcomes.
 */
export async function startAuthnetDouble(credentials: { name: string; transactionKey: string }): Promise<AuthnetDouble> {
  const usedNonces = new Set<string>();
  let sequence = 60_000_000;
  const state: AuthnetDouble = {
    url: '',
    requests: [],
    charges: [],
    get approvedCount() {
      return this.charges.filter((c) => c.status === 'capturedPendingSettlement' || c.status === 'settledSuccessfully').length;
    },
    refunds: [],
    reversalRequests: [],
    settle() {
      for (const charge of this.charges) if (charge.status === 'capturedPendingSettlement') charge.status = 'settledSuccessfully';
    },
    mode: 'normal',
    delayMs: 0,
    reportingDown: false,
    reportingDelayMs: 0,
    lookupCount: 0,
    approveHeld() {
      for (const charge of this.charges) if (charge.status === 'FDSPendingReview') charge.status = 'capturedPendingSettlement';
    },
    declineHeld() {
      for (const charge of this.charges) if (charge.status === 'FDSPendingReview') charge.status = 'declined';
    },
    close: async () => undefined,
  };
  const ok = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
  const error = (code: string, text: string) => ({ messages: { resultCode: 'Error', message: [{ code, text }] } });

  const handle = async (body: Record<string, unknown>, res: ServerResponse) => {
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end('\uFEFF' + JSON.stringify(payload));
    };
    const [name] = Object.keys(body);
    const call = body[name] as Record<string, unknown>;
    const auth = call?.merchantAuthentication as { name?: string; transactionKey?: string } | undefined;
    if (!auth || auth.name !== credentials.name || auth.transactionKey !== credentials.transactionKey) {
      return send(200, error('E00007', 'User authentication failed due to invalid authentication values.'));
    }
    if (name !== 'createTransactionRequest') {
      if (name === 'getUnsettledTransactionListRequest') state.lookupCount++;
      if (state.reportingDelayMs) await new Promise((resolve) => setTimeout(resolve, state.reportingDelayMs));
      if (state.reportingDown) return send(503, { error: 'Service Unavailable' });
      switch (name) {
        case 'getUnsettledTransactionListRequest':
          return send(200, {
            transactions: [...state.charges].reverse().map((c) => ({
              transId: c.transId,
              submitTimeUTC: c.submitTimeUTC,
              transactionStatus: c.status,
              invoiceNumber: c.invoiceNumber,
              accountNumber: c.accountNumber,
              settleAmount: Number(c.amount),
            })),
            totalNumInResultSet: state.charges.length,
            messages: ok,
          });
        case 'getSettledBatchListRequest':
          return send(200, { messages: { resultCode: 'Ok', message: [{ code: 'I00004', text: 'No records found.' }] } });
        case 'getTransactionListRequest':
          return send(200, { transactions: [], messages: ok });
        case 'getTransactionDetailsRequest': {
          const found = state.charges.find((c) => c.transId === call.transId);
          if (!found) return send(200, error('E00040', 'The record cannot be found.'));
          return send(200, {
            transaction: {
              transId: found.transId,
              transactionStatus: found.status,
              authCode: found.authCode,
              order: { invoiceNumber: found.invoiceNumber },
              payment: { creditCard: { cardNumber: found.accountNumber } },
            },
            messages: ok,
          });
        }
        default:
          return send(200, error('E00003', `Unknown request ${name}`));
      }
    }

    state.requests.push(body);
    if (!inOrder(Object.keys(call), ['merchantAuthentication', 'refId', 'transactionRequest'])) {
      return send(200, error('E00003', 'The element has invalid child element (key order).'));
    }
    const transaction = call.transactionRequest as Record<string, unknown>;
    if (!inOrder(Object.keys(transaction), TRANSACTION_KEY_ORDER)) {
      return send(200, error('E00003', 'The element transactionRequest has invalid child element (key order).'));
    }
    if (transaction.transactionType === 'refundTransaction' || transaction.transactionType === 'voidTransaction') {
      state.reversalRequests.push(body);
      if (state.mode === '5xx-before-charge') return send(503, { error: 'Service Unavailable' });
      const refused = (code: string, text: string) =>
        send(200, {
          transactionResponse: {
            responseCode: '3',
            transId: '0',
            refTransID: transaction.refTransId,
            errors: [{ errorCode: code, errorText: text }],
          },
          refId: call.refId,
          messages: { resultCode: 'Error', message: [{ code: 'E00027', text: 'The transaction was unsuccessful.' }] },
        });
      const original = state.charges.find((c) => c.transId === transaction.refTransId && c.status !== 'declined');
      if (!original) return refused('16', 'The transaction cannot be found.');
      if (transaction.transactionType === 'voidTransaction') {
        if (original.status === 'voided') return refused('310', 'This transaction has already been voided.');
        if (original.status !== 'capturedPendingSettlement' || state.refunds.some((r) => r.refTransId === original.transId))
          return refused('16', 'The transaction cannot be found.');
        original.status = 'voided';
        return send(200, {
          transactionResponse: {
            responseCode: '1',
            authCode: original.authCode,
            transId: original.transId,
            refTransID: original.transId,
            messages: [{ code: '1', description: 'This transaction has been approved.' }],
          },
          refId: call.refId,
          messages: ok,
        });
      }
      const card = (transaction.payment as { creditCard?: { cardNumber?: string; expirationDate?: string } } | undefined)?.creditCard;
      const credited = state.refunds.filter((r) => r.refTransId === original.transId).reduce((sum, r) => sum + Number(r.amount), 0);
      if (original.status !== 'settledSuccessfully')
        return refused('54', 'The referenced transaction does not meet the criteria for issuing a credit.');
      if (card?.cardNumber !== original.accountNumber.slice(-4) || card?.expirationDate !== 'XXXX')
        return refused('54', 'The referenced transaction does not meet the criteria for issuing a credit.');
      if (credited + Number(transaction.amount) > Number(original.amount))
        return refused('55', 'The sum of credits against the referenced transaction would exceed original debit amount.');
      const refund = { transId: String(++sequence), refTransId: original.transId, amount: String(transaction.amount) };
      state.refunds.push(refund);
      return send(200, {
        transactionResponse: {
          responseCode: '1',
          authCode: '',
          transId: refund.transId,
          refTransID: original.transId,
          accountNumber: original.accountNumber,
          messages: [{ code: '1', description: 'This transaction has been approved.' }],
        },
        refId: call.refId,
        messages: ok,
      });
    }
    if (state.mode === '5xx-before-charge') return send(503, { error: 'Service Unavailable' });
    const opaque = (transaction.payment as { opaqueData: { dataDescriptor: string; dataValue: string } }).opaqueData;
    if (usedNonces.has(opaque.dataValue)) {
      return send(200, {
        transactionResponse: { responseCode: '3', transId: '0', errors: [{ errorCode: 'E00114', errorText: 'Invalid OTS Token.' }] },
        messages: { resultCode: 'Error', message: [{ code: 'E00114', text: 'Invalid OTS Token.' }] },
      });
    }
    usedNonces.add(opaque.dataValue);
    const billTo = transaction.billTo as { zip?: string };
    const declined = billTo?.zip === '46282';
    const charge: DoubleCharge = {
      transId: String(++sequence),
      invoiceNumber: (transaction.order as { invoiceNumber: string }).invoiceNumber,
      amount: transaction.amount as string,
      status: declined ? 'declined' : state.mode === 'held' ? 'FDSPendingReview' : 'capturedPendingSettlement',
      accountNumber: 'XXXX1111',
      authCode: declined ? '' : 'A1B2C3',
      submitTimeUTC: new Date().toISOString(),
    };
    state.charges.push(charge);
    if (state.delayMs) await new Promise((resolve) => setTimeout(resolve, state.delayMs));
    if (state.mode === '5xx-after-charge') return send(500, { error: 'Internal Server Error' });
    if (res.destroyed) return;
    if (state.mode === 'held') {
      return send(200, {
        transactionResponse: {
          responseCode: '4',
          authCode: charge.authCode,
          transId: charge.transId,
          accountNumber: charge.accountNumber,
          messages: [{ code: '252', description: 'Your order has been received. Thank you for your business!' }],
        },
        refId: call.refId,
        messages: ok,
      });
    }
    send(200, {
      transactionResponse: declined
        ? {
            responseCode: '2',
            authCode: '',
            transId: charge.transId,
            accountNumber: charge.accountNumber,
            errors: [{ errorCode: '2', errorText: 'This transaction has been declined.' }],
          }
        : {
            responseCode: '1',
            authCode: charge.authCode,
            transId: charge.transId,
            accountNumber: charge.accountNumber,
            messages: [{ code: '1', description: 'This transaction has been approved.' }],
          },
      refId: call.refId,
      messages: ok,
    });
  };

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        res.writeHead(400).end();
        return;
      }
      handle(body, res).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}/xml/v1/request.api`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
