/**
 * Money is held and computed as integer cents — hundredths of the currency's major unit — end to end
 * (issue 14): the database (`*_cents` columns), fees, discounts and totals. The wire of the spec (§9
 * `amount`, `lateFee`: "150") and the configuration (APPLICATION_FEE, LATE_FEE) speak the major unit, so
 * amounts are converted only at those edges, with these helpers.
 */

/**
 * Cents of an amount in the major unit (`150.5` → `15050`), rounded to the nearest cent (half up), free
 * of binary noise (`1.005` → `101`).
 */
export function toCents(major: number): number {
  return Math.round(Number((major * 100).toFixed(4)));
}

/** The major-unit number of `cents` for the wire (`15050` → `150.5`). */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** `cents` as a decimal string with two decimals (`15050` → `"150.50"`), exact, for card gateways. */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `cents` of ISO 4217 `currency` formatted for `locale` with Intl.NumberFormat (`$150.00`, `150,00 US$`, `US$150.00`). */
export function formatCents(cents: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** A TypeORM transformer for a `bigint` cents column (node-pg reads bigint as a string). */
export const centsColumn = {
  to: (value: number) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
