/**
 * The local fake tokeniser used with the built-in fake gateway (DESIGN §2, §7: test cards only,
 * clearly labelled in the UI). It stands in for Accept.js: it turns the card fields into
 * `opaqueData {descriptor: 'FAKE.TEST.PAYMENT', value: base64(JSON {cardNumber, exp, nonce})}`,
 * which the server's FakeGateway decodes (test card numbers decide approval or decline).
 * Like a real tokeniser, it never passes the whole card number on: `cardNumber` carries the last four
 * digits only (server `FakeToken {cardNumber (last 4), exp: MM/YYYY, nonce}`).
 */
import type { OpaqueData } from './payment-api';
import { cardDigits } from './payment.schema';

/** Descriptor of fake-gateway payment tokens. */
export const FAKE_DESCRIPTOR = 'FAKE.TEST.PAYMENT';

/** The card fields a tokeniser takes. */
export interface CardInput {
  cardNumber: string;
  /** `01`–`12`. */
  expMonth: string;
  /** Four digits. */
  expYear: string;
  cvv: string;
}

/** Base64 of a UTF-8 string (browser and Node). */
function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Tokenises a card for the fake gateway; `nonce` defaults to a random UUID (single use, like a real token). */
export function fakeTokenize(card: CardInput, nonce: string = crypto.randomUUID()): OpaqueData {
  const number = cardDigits(card.cardNumber);
  const payload = { cardNumber: number.slice(-4), exp: `${card.expMonth}/${card.expYear}`, nonce };
  return { descriptor: FAKE_DESCRIPTOR, value: base64(JSON.stringify(payload)) };
}
