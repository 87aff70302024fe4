/**
 * Picks the card tokeniser from the quote's `gateway` (DESIGN §7): Accept.js with `authorizenet` (the
 * script is loaded only then, from the quote's `acceptJsUrl`), the local fake tokeniser with `fake`.
 */
import { acceptJsUrl, acceptTokenize, loadAcceptJs, type AcceptJsLoader } from './accept-js';
import { fakeTokenize, type CardInput } from './fake-tokenizer';
import type { OpaqueData, TokenizerSettings } from './payment-api';

/** The card as the payment form holds it, with the holder's billing zip and name (Accept.js takes them). */
export type CardToTokenize = CardInput & { zip?: string; fullName?: string };

/**
 * Turns the card into single-use `opaqueData` with the tokeniser of the quote's gateway.
 * @param load how Accept.js is loaded (tests pass a double); never called with the fake gateway
 * @throws AcceptJsError when Accept.js refuses the card; Error when Accept.js cannot be loaded
 */
export async function tokenizeCard(
  quote: TokenizerSettings,
  card: CardToTokenize,
  load: AcceptJsLoader = loadAcceptJs,
): Promise<OpaqueData> {
  if (quote.gateway === 'authorizenet') return acceptTokenize(quote, card, load);
  const { cardNumber, expMonth, expYear, cvv } = card;
  return fakeTokenize({ cardNumber, expMonth, expYear, cvv });
}

/**
 * Starts loading Accept.js as soon as the quote names Authorize.Net, so that Pay does not wait for it.
 * @returns true when a load was started (a failed load is retried when the card is tokenised)
 */
export function preloadTokenizer(quote: TokenizerSettings, load: AcceptJsLoader = loadAcceptJs): boolean {
  if (quote.gateway !== 'authorizenet') return false;
  load(acceptJsUrl(quote)).catch(() => undefined);
  return true;
}
