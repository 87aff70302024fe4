/**
 * Pure helpers shared by the catalogue's forms (programs, terms, offerings): reading form values,
 * localized texts in en, es and zh-CN (each required, at most 200 characters, as the server's
 * LocalizedTextDto), the text of the console's language, and the question asked before a save that
 * archives a record or closes an offering.
 */
import { toAppLocale } from '../i18n/locales';
import { TEXT_LOCALES, type LocalizedText } from './types';

/** Longest localized text the API stores. */
export const TEXT_MAX = 200;

/** A form error: a message key, or a key with its arguments (react-admin's shape). */
export type FieldError = string | { message: string; args: Record<string, unknown> };

/** Form-level errors as react-admin's `validate` returns them (nested objects and arrays allowed). */
export interface FormErrors {
  [field: string]: FieldError | FormErrors | (FormErrors | undefined)[];
}

/** `ra.validation.maxLength` for `max` characters. */
export const maxLengthError = (max: number): FieldError => ({ message: 'ra.validation.maxLength', args: { max } });

/** A trimmed string from a form value ('' for anything else). */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Whether a form value is empty (null, undefined, or only spaces). */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A number from a form value; null when empty or not a finite number. */
export function toNumber(value: unknown): number | null {
  if (isBlank(value)) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Whether `value` is a whole number from `min` to `max`. */
export function isWholeIn(value: number | null, min: number, max: number): value is number {
  return value !== null && Number.isInteger(value) && value >= min && value <= max;
}

/** The three texts trimmed (absent ones empty). */
export function trimTexts(value: unknown): LocalizedText {
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { en: text(source.en), es: text(source.es), 'zh-CN': text(source['zh-CN']) };
}

/** Errors of a localized text: each language required, at most {@link TEXT_MAX} characters; undefined when valid. */
export function validateTexts(value: unknown): FormErrors | undefined {
  const texts = trimTexts(value);
  const errors: FormErrors = {};
  for (const locale of TEXT_LOCALES) {
    if (!texts[locale]) errors[locale] = 'ra.validation.required';
    else if (texts[locale].length > TEXT_MAX) errors[locale] = maxLengthError(TEXT_MAX);
  }
  return Object.keys(errors).length ? errors : undefined;
}

/**
 * A localized text in the console's `locale` (close variants too: `es-MX` → es, `zh` → zh-CN), falling back
 * to English, then to `fallback`.
 */
export function textFor(texts: Partial<LocalizedText> | null | undefined, locale: string, fallback = ''): string {
  const own = texts?.[toAppLocale(locale) ?? 'en']?.trim();
  return own || texts?.en?.trim() || fallback;
}

/** What a save is about to do that deserves a confirmation. */
export type SaveQuestion = 'archive' | 'close';

/**
 * The question to ask before saving `after` over `before` (the record as loaded), or null: `archive` when the
 * record becomes archived, else `close` when an offering is switched from open to closed. Nothing is asked on
 * a creation (`before` undefined) or when archiving is undone.
 */
export function saveQuestion(
  before: { archived?: boolean; open?: boolean } | undefined,
  after: { archived?: unknown; open?: unknown },
): SaveQuestion | null {
  if (!before) return null;
  if (after.archived === true && before.archived !== true) return 'archive';
  if (after.archived !== true && before.open === true && after.open === false) return 'close';
  return null;
}
