import { createPaymentSchema, luhnValid, notExpired, paymentDefaults } from './payment.schema';
import { PaymentAttempts, isUnknownOutcome } from './payment-attempt';
import { cardLast4, formatMoney, isWaived, lateFeeAhead, quoteRows } from './quote-display';
import { FAKE_DESCRIPTOR, fakeTokenize } from './fake-tokenizer';
import { toPaymentRecord, type PaymentBody, type PaymentRecord, type PaymentView, type Quote } from './payment-api';
import { ApiError } from '../../shared/api/client';
import { apiError } from '../../shared/api/api-answer.fixture';
import { jest } from '@jest/globals';
import { AcceptJsError, acceptJsUrl, ACCEPT_JS_SANDBOX_URL, type AcceptGlobal } from './accept-js';
import { preloadTokenizer, tokenizeCard } from './card-tokenizer';

const now = () => new Date(2026, 10, 22);

/** The fee part that quote and payment answers share: 150 USD, no late fee, no discount. */
const FEE = {
  amount: 150,
  lateFee: 0,
  discount: 0,
  total: 150,
  currency: 'USD',
  discountCode: null,
  waived: false,
  lateFeeAfter: '2025-07-30T04:01:00.000Z',
};

/** A quote answer (contract `QuoteView`): `fields` over the fee of 150 USD with the fake gateway. */
function quoteOf(fields: Partial<Quote> = {}): Quote {
  return {
    ...FEE,
    gateway: 'fake',
    ...fields,
  };
}

/** A payment answer (contract `PaymentView`): `fields` over a pending attempt of 150 USD. */
function paymentOf(fields: Partial<PaymentView> = {}): PaymentView {
  return {
    ...FEE,
    requestId: 'r0',
    status: 'pending',
    Payment_Status: 'Pending',
    referenceNumber: '100001',
    transactionId: null,
    last4: null,
    date: '2026-11-22T08:00:00.000Z',
    ...fields,
  };
}
const card = {
  ...paymentDefaults('Ana Diaz'),
  creditCardBillingZip: '11219',
  cardNumber: '4111 1111 1111 1111',
  expMonth: '12',
  expYear: '2030',
  cvv: '123',
};

/** What a payment call rejects with: the fetch `TypeError` when no answer arrived (status 0), else the {@link ApiError}. */
function httpError(status: number, data?: unknown): Error {
  return status === 0 ? new TypeError('Failed to fetch') : apiError(status, data);
}

const approved: PaymentRecord = toPaymentRecord(paymentOf({ status: 'approved', Payment_Status: 'Paid', transactionId: 't1' }));

describe('payment schema', () => {
  const schema = createPaymentSchema(false, now);
  const issues = (values: object) => {
    const r = schema.safeParse(values);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
  };

  it('accepts a complete card form and strips spaces from the number', () => {
    const r = schema.safeParse(card);
    expect(r.success).toBe(true);
    expect(r.success && r.data.cardNumber).toBe('4111111111111111');
  });
  it('requires the holder name and a billing zip', () => {
    expect(issues({ ...card, creditCardFullName: ' ', creditCardBillingZip: '' })).toEqual(
      expect.arrayContaining(['creditCardFullName:payment.errors.name_required', 'creditCardBillingZip:payment.errors.zip']),
    );
  });
  it('refuses a card number that fails the Luhn check, a bad CVV and an expired card', () => {
    expect(issues({ ...card, cardNumber: '4111111111111112', cvv: '12', expMonth: '10', expYear: '2026' })).toEqual(
      expect.arrayContaining(['cardNumber:payment.errors.card_number', 'cvv:payment.errors.cvv', 'expMonth:payment.errors.expired']),
    );
  });
  it('asks for no card when the fee is waived', () => {
    expect(createPaymentSchema(true, now).safeParse(paymentDefaults()).success).toBe(true);
  });
  it('checks Luhn and expiry', () => {
    expect(luhnValid('4007000000027')).toBe(true);
    expect(luhnValid('4007000000028')).toBe(false);
    expect(notExpired('11', '2026', now())).toBe(true);
    expect(notExpired('10', '2026', now())).toBe(false);
  });
});

describe('requestId per payment attempt', () => {
  it('reuses the same requestId and body when the previous attempt got no answer, so a retry never charges twice', async () => {
    const sent: PaymentBody[] = [];
    let fail = true;
    const attempts = new PaymentAttempts(
      async (body) => {
        sent.push(body);
        if (fail) throw httpError(0);
        return approved;
      },
      (() => {
        let n = 0;
        return () => `req-${++n}`;
      })(),
    );
    let built = 0;
    const build = (requestId: string): PaymentBody => {
      built++;
      return { applicationId: 'a1', requestId, opaqueData: { descriptor: 'D', value: `nonce-${built}` } };
    };
    await expect(attempts.pay(build)).rejects.toBeInstanceOf(TypeError);
    expect(attempts.pendingRequestId).toBe('req-1');
    fail = false;
    await expect(attempts.pay(build)).resolves.toBe(approved);
    expect(sent.map((b) => b.requestId)).toEqual(['req-1', 'req-1']);
    expect(sent[1]).toBe(sent[0]);
    expect(built).toBe(1);
    expect(attempts.hasPending).toBe(false);
  });

  it('starts a new attempt with a new requestId after a definite answer (a decline)', async () => {
    const sent: string[] = [];
    let n = 0;
    const attempts = new PaymentAttempts(
      async (body) => {
        sent.push(body.requestId);
        if (sent.length === 1) throw httpError(402, { success: false, code: 'PAY-001', message: 'Declined' });
        return approved;
      },
      () => `req-${++n}`,
    );
    const build = (requestId: string) => ({ applicationId: 'a1', requestId });
    await expect(attempts.pay(build)).rejects.toBeInstanceOf(ApiError);
    expect(attempts.hasPending).toBe(false);
    await attempts.pay(build);
    expect(sent).toEqual(['req-1', 'req-2']);
  });

  it('treats no answer, an attempt still in flight, an unsettled gateway outcome and an uncoded 5xx as unknown', () => {
    expect(isUnknownOutcome(httpError(0))).toBe(true);
    expect(isUnknownOutcome(httpError(504, '<html>'))).toBe(true);
    expect(isUnknownOutcome(httpError(409, { success: false, code: 'PAY-409-request', message: 'x' }))).toBe(true);
    expect(isUnknownOutcome(httpError(502, { success: false, code: 'PAY-002', message: 'x', data: { status: 'unknown' } }))).toBe(true);
  });
  it('treats declines, gateway rejections, already paid and field errors as definite', () => {
    expect(isUnknownOutcome(httpError(402, { success: false, code: 'PAY-001', message: 'x', data: { status: 'declined' } }))).toBe(false);
    expect(isUnknownOutcome(httpError(502, { success: false, code: 'PAY-002', message: 'x', data: { status: 'rejected' } }))).toBe(false);
    expect(isUnknownOutcome(httpError(409, { success: false, code: 'PAY-003', message: 'x' }))).toBe(false);
    expect(isUnknownOutcome(httpError(422, { success: false, code: 'VAL-001', message: 'x' }))).toBe(false);
  });
});

describe('quote display', () => {
  const quote = quoteOf({ lateFee: 150, discount: 50, total: 250 });
  it('shows fee, late fee, discount (negative) and total, formatted for the locale', () => {
    expect(quoteRows(quote, 'en').map((r) => [r.key, r.text])).toEqual([
      ['amount', '$150.00'],
      ['lateFee', '$150.00'],
      ['discount', '-$50.00'],
      ['total', '$250.00'],
    ]);
  });
  it('leaves out a zero late fee and a zero discount', () => {
    expect(quoteRows({ ...quote, lateFee: 0, discount: 0, total: 150 }, 'en').map((r) => r.key)).toEqual(['amount', 'total']);
  });
  it('formats in Spanish and Chinese too', () => {
    expect(formatMoney(150, 'USD', 'es')).toMatch(/150,00/);
    expect(formatMoney(150, 'USD', 'zh-CN')).toMatch(/150\.00/);
  });
  it('tells when a late fee is still ahead, and nothing when the offering has none (lateFeeAfter null)', () => {
    const at = Date.parse('2025-07-30T04:01:00.000Z');
    expect(lateFeeAhead(quoteOf({ lateFeeAfter: null }), at - 1)).toBeNull();
    expect(lateFeeAhead(quoteOf(), at - 1)).toBe('2025-07-30T04:01:00.000Z');
    expect(lateFeeAhead(quoteOf(), at + 1)).toBeNull();
    expect(lateFeeAhead(quoteOf({ lateFee: 50 }), at - 1)).toBeNull();
    expect(quoteRows(quoteOf({ lateFeeAfter: null }), 'en').map((r) => r.key)).toEqual(['amount', 'total']);
  });
  it('is waived when nothing is left to pay', () => {
    expect(isWaived({ total: 0 })).toBe(true);
    expect(isWaived({ total: 150 })).toBe(false);
  });
  it('reads the card last four from the masked number', () => {
    expect(cardLast4('XXXX1111')).toBe('1111');
    expect(cardLast4(null)).toBeNull();
  });
  it('picks the Accept.js URL from the quote', () => {
    expect(acceptJsUrl({})).toBe(ACCEPT_JS_SANDBOX_URL);
    expect(acceptJsUrl({ acceptJsUrl: 'https://x/Accept.js' })).toBe('https://x/Accept.js');
  });
});

describe('payment answers', () => {
  it('reads the server receipt (last4, date, reference number) and a quote', () => {
    const receipt = toPaymentRecord(
      paymentOf({
        requestId: 'r1',
        status: 'approved',
        Payment_Status: 'Paid',
        referenceNumber: '100001',
        amount: 150,
        lateFee: 150,
        discount: 0,
        total: 300,
        currency: 'USD',
        transactionId: '123',
        last4: '1111',
        date: '2026-11-22T08:00:00.000Z',
      }),
    );
    expect(receipt).toMatchObject({ referenceNumber: '100001', total: 300, accountNumber: '1111', paidAt: '2026-11-22T08:00:00.000Z' });
    expect(cardLast4(receipt.accountNumber)).toBe('1111');
    const quote = quoteOf({ discount: 150, total: 0, waived: true });
    expect(isWaived(quote)).toBe(true);
  });
});

describe('fake tokeniser', () => {
  it('produces FAKE.TEST.PAYMENT opaque data carrying the last four digits only, the expiry and a nonce', () => {
    const data = fakeTokenize({ cardNumber: '4111 1111 1111 1111', expMonth: '12', expYear: '2030', cvv: '123' }, 'n-1');
    expect(data.descriptor).toBe(FAKE_DESCRIPTOR);
    expect(JSON.parse(Buffer.from(data.value, 'base64').toString('utf8'))).toEqual({ cardNumber: '1111', exp: '12/2030', nonce: 'n-1' });
    expect(data.value).not.toContain(Buffer.from('4111111111111111').toString('base64'));
  });
});

describe('card tokeniser by gateway', () => {
  const authnetQuote = quoteOf({
    gateway: 'authorizenet',
    apiLoginId: 'login-1',
    clientKey: 'client-key-1',
    acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js',
  });
  const fakeQuote = quoteOf();
  const cardToTokenize = {
    cardNumber: '4111 1111 1111 1111',
    expMonth: '12',
    expYear: '2030',
    cvv: '123',
    zip: '11219',
    fullName: 'Ana Diaz',
  };

  /** A loader double: records the URL and answers an Accept global whose dispatchData records its input. */
  function acceptDouble() {
    const dispatched: unknown[] = [];
    const accept: AcceptGlobal = {
      dispatchData: (secureData, callback) => {
        dispatched.push(secureData);
        callback({
          messages: { resultCode: 'Ok', message: [] },
          opaqueData: { dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'nonce-1' },
        });
      },
    };
    const load = jest.fn(async (_url: string) => accept);
    return { load, dispatched };
  }

  it('reads the gateway and the Accept.js settings from an authorizenet quote', () => {
    expect(authnetQuote).toMatchObject({
      gateway: 'authorizenet',
      apiLoginId: 'login-1',
      clientKey: 'client-key-1',
      acceptJsUrl: 'https://jstest.authorize.net/v1/Accept.js',
    });
  });

  it('tokenises through Accept.js, loaded from the quote’s URL, with an authorizenet quote', async () => {
    const { load, dispatched } = acceptDouble();
    const data = await tokenizeCard(authnetQuote, cardToTokenize, load);
    expect(load).toHaveBeenCalledWith('https://jstest.authorize.net/v1/Accept.js');
    expect(data).toEqual({ descriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', value: 'nonce-1' });
    expect(dispatched).toEqual([
      {
        authData: { clientKey: 'client-key-1', apiLoginID: 'login-1' },
        cardData: { cardNumber: '4111111111111111', month: '12', year: '2030', cardCode: '123', zip: '11219', fullName: 'Ana Diaz' },
      },
    ]);
    expect(preloadTokenizer(authnetQuote, load)).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('never loads Accept.js with a fake quote: the local fake tokeniser answers', async () => {
    const { load } = acceptDouble();
    const data = await tokenizeCard(fakeQuote, cardToTokenize, load);
    expect(data.descriptor).toBe(FAKE_DESCRIPTOR);
    expect(preloadTokenizer(fakeQuote, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('rejects with AcceptJsError when Accept.js refuses the card', async () => {
    const refusing: AcceptGlobal = {
      dispatchData: (_secureData, callback) =>
        callback({ messages: { resultCode: 'Error', message: [{ code: 'E_WC_05', text: 'Please provide valid credit card number.' }] } }),
    };
    const load = jest.fn(async (_url: string) => refusing);
    await expect(tokenizeCard(authnetQuote, cardToTokenize, load)).rejects.toBeInstanceOf(AcceptJsError);
  });
});

describe('receipt details token', () => {
  it('reads the details token of an approved answer, and none of a held one', () => {
    expect(toPaymentRecord(paymentOf({ status: 'approved', Payment_Status: 'Paid', detailsToken: 'dt-1' })).detailsToken).toBe('dt-1');
    expect(toPaymentRecord(paymentOf({ status: 'held', Payment_Status: 'Pending' })).detailsToken).toBeNull();
  });
});

describe('billing address outside the US (issue 11 item 2)', () => {
  const schema = createPaymentSchema(false, now);
  const zipIssues = (values: Record<string, unknown>) => {
    const r = schema.safeParse({ ...card, ...values });
    return r.success ? [] : r.error.issues.filter((i) => i.path[0] === 'creditCardBillingZip').map((i) => i.message);
  };
  it('starts from the applicant’s country and checks the postal code for the billing country', () => {
    expect(paymentDefaults('Leah Cohen', 'Canada').creditCardBillingCountry).toBe('Canada');
    expect(zipIssues({})).toEqual([]);
    expect(zipIssues({ creditCardBillingZip: 'M5V 3L9' })).toEqual(['payment.errors.zip']);
    expect(zipIssues({ creditCardBillingCountry: 'Canada', creditCardBillingZip: 'M5V 3L9' })).toEqual([]);
    expect(zipIssues({ creditCardBillingCountry: 'Canada', creditCardBillingZip: '11219' })).toEqual(['payment.errors.postal_code']);
    expect(zipIssues({ creditCardBillingCountry: 'Israel', creditCardBillingZip: '3303101' })).toEqual([]);
    expect(zipIssues({ creditCardBillingCountry: 'Israel', creditCardBillingZip: '' })).toEqual(['payment.errors.postal_code']);
    expect(zipIssues({ creditCardBillingCountry: 'United Arab Emirates', creditCardBillingZip: '' })).toEqual([]);
  });
});
