/**
 * Money in the console (issue 14): amounts arrive in the currency's major unit (the server keeps integer
 * cents and converts at its edge) and are shown with Intl.NumberFormat in the currency they are in — a
 * payment's own `currency`, the stats' `currency`, or the deployment's `CURRENCY` from `GET /api/config`
 * for discount codes — never a hard-coded one.
 */
import { useEffect, useState } from 'react';
import { api, unwrap } from '../api/client';

/** `amount` of ISO 4217 `currency` for `locale` (`$1,234.50`, `25,00 €`); `25.00 XYZ` for a code Intl does not know. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

let configured: Promise<string | undefined> | undefined;

/** The deployment's currency (`GET /api/config` `currency`), read once per page; undefined when it cannot be read. */
export function loadCurrency(): Promise<string | undefined> {
  configured ??= unwrap(api.GET('/api/config'))
    .then(({ currency }) => (/^[A-Z]{3}$/.test(currency) ? currency : undefined))
    .catch(() => {
      configured = undefined; // try again next time
      return undefined;
    });
  return configured;
}

/** The deployment's currency, undefined until `GET /api/config` has answered. */
export function useCurrency(): string | undefined {
  const [currency, setCurrency] = useState<string>();
  useEffect(() => {
    let live = true;
    void loadCurrency().then((value) => {
      if (live) setCurrency(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return currency;
}
