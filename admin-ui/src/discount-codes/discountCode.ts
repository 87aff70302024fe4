/**
 * Pure helpers of the discount-code forms: client-side validation matching the server's
 * (`DiscountCodeDto`: code 3–40 of A–Z 0–9 - _, stored upper-case; value USD or percent ≤ 100 with
 * at most two decimals, 0 for waiver; maxUses a whole number ≥ 1 or empty), the request body, and
 * the "Expire now" body.
 */
import { formatMoney } from '../common/money';
import type { DiscountCodePayload, DiscountCodeRecord, DiscountKind } from './types';

/** What the API accepts as a code (before upper-casing). */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;
/** Longest description the API stores. */
export const DESCRIPTION_MAX = 500;

/** Form values as react-admin holds them (inputs may leave strings, nulls or undefined). */
export type DiscountCodeFormValues = Partial<Record<keyof DiscountCodePayload, unknown>>;

/** Upper-cases and trims what the admin types in the code field (react-admin `parse`). */
export function normaliseCode(value: unknown): string {
  return typeof value === 'string' ? value.trim().toUpperCase() : '';
}

/** A number from an input value, or null when empty or not a number. */
function toNumber(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * Form-level validation. Returns `{ field: messageKey }`, empty when valid. Keys:
 * `ra.validation.required`, `app.discount_codes.validation.{code,value_*,max_uses,description}`.
 */
export function validateDiscountCode(values: DiscountCodeFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const code = normaliseCode(values.code);
  if (!code) errors.code = 'ra.validation.required';
  else if (!CODE_PATTERN.test(code)) errors.code = 'app.discount_codes.validation.code';

  const kind = values.kind as DiscountKind | undefined;
  if (!kind) errors.kind = 'ra.validation.required';
  if (kind === 'fixed' || kind === 'percent') {
    const value = toNumber(values.value);
    if (value === null) errors.value = 'ra.validation.required';
    else if (value <= 0) errors.value = 'app.discount_codes.validation.value_positive';
    else if (Math.round(value * 100) !== value * 100) errors.value = 'app.discount_codes.validation.value_cents';
    else if (kind === 'percent' && value > 100) errors.value = 'app.discount_codes.validation.value_percent';
  }

  const maxUses = toNumber(values.maxUses);
  if (values.maxUses !== null && values.maxUses !== undefined && values.maxUses !== '') {
    if (maxUses === null || !Number.isInteger(maxUses) || maxUses < 1) errors.maxUses = 'app.discount_codes.validation.max_uses';
  }
  if (typeof values.description === 'string' && values.description.trim().length > DESCRIPTION_MAX) {
    errors.description = 'app.discount_codes.validation.description';
  }
  return errors;
}

/**
 * The request body from the form values (or a record): only the fields the API accepts, the code
 * upper-cased, value 0 for a waiver, empty optional fields as null, `active` true unless false, and what the
 * code applies to (the application fee unless the enrollment deposit is chosen; issue 29 item 2).
 */
export function toDiscountCodePayload(values: DiscountCodeFormValues): DiscountCodePayload {
  const kind = (values.kind as DiscountKind | undefined) ?? 'fixed';
  const description = typeof values.description === 'string' ? values.description.trim() : '';
  const maxUses = toNumber(values.maxUses);
  return {
    code: normaliseCode(values.code),
    kind,
    value: kind === 'waiver' ? 0 : (toNumber(values.value) ?? 0),
    appliesTo: values.appliesTo === 'enrollment_deposit' ? 'enrollment_deposit' : 'application_fee',
    description: description || null,
    expiresAt: typeof values.expiresAt === 'string' && values.expiresAt ? values.expiresAt : null,
    maxUses: maxUses === null ? null : maxUses,
    active: values.active !== false,
  };
}

/**
 * "Expire now": the record's own fields with `active: false` and `expiresAt` = `now` (UTC ISO), so
 * the code is refused from this moment and the audit log shows both changes.
 */
export function expireNowPayload(record: DiscountCodeRecord, now: Date = new Date()): DiscountCodePayload {
  return { ...toDiscountCodePayload(record), active: false, expiresAt: now.toISOString() };
}

/** Why a code would be refused now, or `usable` (the chip of the list). */
export type CodeState = 'usable' | 'inactive' | 'expired' | 'used_up';

/** The state of a code at `now`: inactive, expired and used up in that order of precedence. */
export function codeState(
  record: Pick<DiscountCodeRecord, 'active' | 'expiresAt' | 'maxUses' | 'usageCount'>,
  now = new Date(),
): CodeState {
  if (!record.active) return 'inactive';
  if (record.expiresAt && Date.parse(record.expiresAt) <= now.getTime()) return 'expired';
  if (record.maxUses !== null && record.maxUses !== undefined && record.usageCount >= record.maxUses) return 'used_up';
  return 'usable';
}

/** The usage column: `3 / 10`, or `3 / ∞` when unlimited. */
export function usageText(record: Pick<DiscountCodeRecord, 'usageCount' | 'maxUses'>): string {
  return `${record.usageCount ?? 0} / ${record.maxUses ?? '∞'}`;
}

/**
 * The discount as the applicant will see it, formatted for the console's `locale` (BCP 47, e.g.
 * `en`, `es`, `zh-CN`) with Intl.NumberFormat: a fixed amount in the deployment's `currency` (`$25.00`,
 * `25,00 US$`, `25,00 €`; a plain `25.00` while the currency is not known yet), a percentage with up to
 * two decimals (`12.5%`, `12,5 %`). A waiver has no number: null, and the caller shows its translated name.
 */
export function formatDiscountValue(
  record: Pick<DiscountCodeRecord, 'kind' | 'value'>,
  locale: string,
  currency: string | undefined,
): string | null {
  const value = Number(record.value);
  if (record.kind === 'fixed')
    return currency ? formatMoney(value, currency, locale) : new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(value);
  if (record.kind === 'percent') return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
  return null;
}
