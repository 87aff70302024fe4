/**
 * Pure helpers of the advisory-line forms: validation as the server's AdvisoryLineDto (each text
 * 1–500 characters, sortOrder a whole number in −1000…1000), the request body, whether a line
 * is on the banner now, and its text in the console's language.
 */
import type { AppLocale } from '../config';
import { toAppLocale } from '../i18n/locales';
import type { AdvisoryLinePayload, AdvisoryLineRecord } from './types';

/** The three text fields, in the order the form shows them. */
export const TEXT_FIELDS = ['textEn', 'textEs', 'textZhCn'] as const;
/** Longest text the API stores. */
export const TEXT_MAX = 500;
/** Bounds of `sortOrder`. */
export const SORT_ORDER_MIN = -1000;
/** Bounds of `sortOrder`. */
export const SORT_ORDER_MAX = 1000;

/** Form values as react-admin holds them. */
export type AdvisoryLineFormValues = Partial<Record<keyof AdvisoryLinePayload, unknown>>;

/** Form-level validation: `{ field: messageKey }`, empty when valid. */
export function validateAdvisoryLine(values: AdvisoryLineFormValues): Record<string, string | { message: string; args: object }> {
  const errors: Record<string, string | { message: string; args: object }> = {};
  for (const field of TEXT_FIELDS) {
    const text = typeof values[field] === 'string' ? (values[field] as string).trim() : '';
    if (!text) errors[field] = 'ra.validation.required';
    else if (text.length > TEXT_MAX) errors[field] = { message: 'ra.validation.maxLength', args: { max: TEXT_MAX } };
  }
  const order = values.sortOrder;
  if (order !== null && order !== undefined && order !== '') {
    const n = Number(order);
    if (!Number.isInteger(n) || n < SORT_ORDER_MIN || n > SORT_ORDER_MAX) errors.sortOrder = 'app.advisory.validation.sort_order';
  }
  return errors;
}

/** The request body: trimmed texts, sortOrder 0 when empty, active unless false, showUntil or null. */
export function toAdvisoryLinePayload(values: AdvisoryLineFormValues): AdvisoryLinePayload {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const order = values.sortOrder === null || values.sortOrder === undefined || values.sortOrder === '' ? 0 : Number(values.sortOrder);
  return {
    textEn: text(values.textEn),
    textEs: text(values.textEs),
    textZhCn: text(values.textZhCn),
    sortOrder: order,
    active: values.active !== false,
    showUntil: typeof values.showUntil === 'string' && values.showUntil ? values.showUntil : null,
  };
}

/** Whether the line is on the applicant banner at `now`: active and its `showUntil` not passed. */
export function isShownNow(line: Pick<AdvisoryLineRecord, 'active' | 'showUntil'>, now: Date = new Date()): boolean {
  return line.active && (!line.showUntil || Date.parse(line.showUntil) > now.getTime());
}

/** The text field of each console language. */
const TEXT_FIELD_OF: Record<AppLocale, (typeof TEXT_FIELDS)[number]> = { en: 'textEn', es: 'textEs', 'zh-CN': 'textZhCn' };

/**
 * The line's text in the console's `locale` (close variants too: `es-MX` → Spanish, `zh` →
 * Simplified Chinese; any other → English), falling back to the English text when that
 * translation is empty.
 */
export function lineTextFor(line: Pick<AdvisoryLineRecord, 'textEn' | 'textEs' | 'textZhCn'>, locale: string): string {
  const text = line[TEXT_FIELD_OF[toAppLocale(locale) ?? 'en']];
  return text?.trim() ? text : line.textEn;
}
