/**
 * Authorize.Net Accept.js in the browser (DESIGN §7, STACK-NOTES): loads the script once, then
 * `Accept.dispatchData` turns the card into a single-use `opaqueData {dataDescriptor, dataValue}`,
 * mapped to the spec's `{descriptor, value}`. The card number goes to Authorize.Net only.
 */
import type { CardInput } from './fake-tokenizer';
import type { OpaqueData, Quote, TokenizerSettings } from './payment-api';
import { cardDigits } from './payment.schema';

/** Accept.js in the sandbox. */
export const ACCEPT_JS_SANDBOX_URL = 'https://jstest.authorize.net/v1/Accept.js';
/** Accept.js in production. */
export const ACCEPT_JS_PRODUCTION_URL = 'https://js.authorize.net/v1/Accept.js';

interface AcceptResponse {
  messages: { resultCode: 'Ok' | 'Error'; message: { code: string; text: string }[] };
  opaqueData?: { dataDescriptor: string; dataValue: string };
}

/** The `window.Accept` object Accept.js defines. */
export interface AcceptGlobal {
  dispatchData: (
    secureData: {
      authData: { clientKey: string; apiLoginID: string };
      cardData: { cardNumber: string; month: string; year: string; cardCode: string; zip?: string; fullName?: string };
    },
    callback: (response: AcceptResponse) => void,
  ) => void;
}

/** Error from Accept.js (its message codes, e.g. E_WC_05 invalid card number). */
export class AcceptJsError extends Error {
  constructor(readonly messages: { code: string; text: string }[]) {
    super(messages.map((m) => `${m.code}: ${m.text}`).join('; ') || 'Accept.js error');
  }
}

/** The Accept.js URL for a quote: the server's (sandbox or production, set by `AUTHNET_ENVIRONMENT`), else the sandbox's. */
export function acceptJsUrl(quote: Pick<Quote, 'acceptJsUrl'>): string {
  return quote.acceptJsUrl || ACCEPT_JS_SANDBOX_URL;
}

let loading: Promise<AcceptGlobal> | null = null;

/** Loads Accept.js once (a failed load may be retried). */
export function loadAcceptJs(url: string): Promise<AcceptGlobal> {
  const w = window as unknown as { Accept?: AcceptGlobal };
  if (w.Accept) return Promise.resolve(w.Accept);
  if (!loading) {
    loading = new Promise<AcceptGlobal>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.charset = 'utf-8';
      script.async = true;
      script.onload = () => (w.Accept ? resolve(w.Accept) : reject(new Error('Accept.js did not load')));
      script.onerror = () => {
        loading = null;
        script.remove();
        reject(new Error('Accept.js did not load'));
      };
      document.head.appendChild(script);
    });
  }
  return loading;
}

/** Loads Accept.js from a URL (replaceable in tests). */
export type AcceptJsLoader = (url: string) => Promise<AcceptGlobal>;

/**
 * Tokenises a card with Accept.js (loaded by `load`, {@link loadAcceptJs} by default). Rejects with
 * {@link AcceptJsError} when Accept.js refuses it.
 */
export async function acceptTokenize(
  quote: TokenizerSettings,
  card: CardInput & { zip?: string; fullName?: string },
  load: AcceptJsLoader = loadAcceptJs,
): Promise<OpaqueData> {
  const accept = await load(acceptJsUrl(quote));
  return new Promise<OpaqueData>((resolve, reject) => {
    accept.dispatchData(
      {
        authData: { clientKey: quote.clientKey ?? '', apiLoginID: quote.apiLoginId ?? '' },
        cardData: {
          cardNumber: cardDigits(card.cardNumber),
          month: card.expMonth,
          year: card.expYear,
          cardCode: card.cvv,
          zip: card.zip,
          fullName: card.fullName,
        },
      },
      (response) => {
        if (response.messages.resultCode === 'Ok' && response.opaqueData) {
          resolve({ descriptor: response.opaqueData.dataDescriptor, value: response.opaqueData.dataValue });
        } else {
          reject(new AcceptJsError(response.messages.message ?? []));
        }
      },
    );
  });
}
