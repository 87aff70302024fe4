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

/**
 * Integer cents (hundredths of the major unit, as the API stores money) of an amount typed in the major unit
 * (`150.5` → `15050`), rounded to the nearest cent and free of binary noise (`1.005` → `101`, `0.1 + 0.2` →
 * `30`); null for an empty or unreadable value.
 */
export function toCents(major: unknown): number | null {
  if (major === null || major === undefined || (typeof major === 'string' && major.trim() === '')) return null;
  const n = typeof major === 'number' ? major : Number(major);
  return Number.isFinite(n) ? Math.round(Number((n * 100).toFixed(4))) : null;
}

/** The major-unit amount of integer `cents` (`15050` → `150.5`); null stays null. */
export function fromCents(cents: number | null | undefined): number | null {
  return typeof cents === 'number' && Number.isFinite(cents) ? cents / 100 : null;
}

/** Whether a major-unit amount has at most two decimals (a whole number of cents): `12.5` yes, `12.345` no. */
export function isWholeCents(major: number): boolean {
  return Math.abs(major * 100 - Math.round(major * 100)) < 1e-6;
}

/**
 * Integer `cents` for people in `locale`: in `currency` when known (`$150.00`, `150,00 €`), else the number
 * alone with two decimals (`150.00`, before `GET /api/config` has answered) — never a guessed currency.
 */
export function formatCents(cents: number, currency: string | undefined, locale: string): string {
  const major = cents / 100;
  return currency
    ? formatMoney(major, currency, locale)
    : new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(major);
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
