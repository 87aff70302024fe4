/** The fee quote as rows to display (application fee, late fee, discount, total), money formatted per locale. */
import type { Quote } from './payment-api';

/** One row of the quote table; `key` names the label `payment.quote.<key>`. */
export interface QuoteRow {
  key: 'amount' | 'lateFee' | 'discount' | 'total';
  value: number;
  text: string;
}

/** Formats an amount of `currency` for `locale` (e.g. `$150.00`, discounts with a minus sign). */
export function formatMoney(value: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

/**
 * Rows shown for a quote: the fee always; the late fee and the discount only when not zero (the
 * discount as a negative amount); the total always.
 */
export function quoteRows(quote: Pick<Quote, 'amount' | 'lateFee' | 'discount' | 'total' | 'currency'>, locale: string): QuoteRow[] {
  const row = (key: QuoteRow['key'], value: number): QuoteRow => ({ key, value, text: formatMoney(value, quote.currency, locale) });
  const rows: QuoteRow[] = [row('amount', quote.amount)];
  if (quote.lateFee) rows.push(row('lateFee', quote.lateFee));
  if (quote.discount) rows.push(row('discount', -Math.abs(quote.discount)));
  rows.push(row('total', quote.total));
  return rows;
}

/**
 * When a late fee will be added to this quote's fee: `lateFeeAfter` while it is still ahead and no late fee
 * is charged yet; null when the offering has no late fee (`lateFeeAfter` null), it already applies, or the
 * instant has passed.
 */
export function lateFeeAhead(quote: Pick<Quote, 'lateFee' | 'lateFeeAfter'>, now = Date.now()): string | null {
  if (!quote.lateFeeAfter || quote.lateFee) return null;
  const at = Date.parse(quote.lateFeeAfter);
  return Number.isFinite(at) && at > now ? quote.lateFeeAfter : null;
}

/** True when nothing is left to pay (a waiver or a discount that covers the whole fee). */
export function isWaived(quote: Pick<Quote, 'total'> & Partial<Pick<Quote, 'waived'>>): boolean {
  return quote.waived ?? quote.total <= 0;
}

/** The last four digits of a masked card number (`XXXX1111` → `1111`), or null. */
export function cardLast4(accountNumber: string | null | undefined): string | null {
  const digits = (accountNumber ?? '').replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
}
