/**
 * Pure helpers of the term forms: validation as the server's AdminTermDto (key 1–50 characters, names in
 * three languages, first day of classes as a real `YYYY-MM-DD` date), the request body, and how a term and
 * its first day are shown.
 */
import { DateTime } from 'luxon';
import { maxLengthError, text, textFor, trimTexts, validateTexts, type FormErrors } from './catalogue';
import type { TermPayload, TermRecord } from './types';

/** Longest term key (the wire value of `semesterApplied`). */
export const KEY_MAX = 50;

/** Form values as react-admin holds them. */
export type TermFormValues = Partial<Record<keyof TermPayload, unknown>>;

/** Whether `value` is a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value).isValid;
}

/** Errors of a term key (required, at most {@link KEY_MAX} characters), or undefined. */
export function keyError(value: unknown): FormErrors[string] | undefined {
  const key = text(value);
  if (!key) return 'ra.validation.required';
  if (key.length > KEY_MAX) return maxLengthError(KEY_MAX);
  return undefined;
}

/** Form-level validation: `{ field: messageKey }` (labels nested by language), empty when valid. */
export function validateTerm(values: TermFormValues): FormErrors {
  const errors: FormErrors = {};
  const key = keyError(values.key);
  if (key) errors.key = key;
  const labels = validateTexts(values.labels);
  if (labels) errors.labels = labels;
  if (!values.startsOn) errors.startsOn = 'ra.validation.required';
  else if (!isIsoDate(values.startsOn)) errors.startsOn = 'app.catalogue.validation.date';
  return errors;
}

/** The request body: trimmed key and names, the first day as typed, archived only when true. */
export function toTermPayload(values: TermFormValues): TermPayload {
  return {
    key: text(values.key),
    labels: trimTexts(values.labels),
    startsOn: text(values.startsOn),
    archived: values.archived === true,
  };
}

/** A calendar date (`YYYY-MM-DD`, no time zone) for people in `locale` ("Sep 1, 2031"); the value itself when unreadable. */
export function formatDate(date: string | null | undefined, locale: string): string {
  if (!date) return '';
  const dt = DateTime.fromISO(date);
  return dt.isValid ? dt.setLocale(locale).toLocaleString(DateTime.DATE_MED) : date;
}

/** A term in a choice list: its name in the console's language, with the key when it differs, and its first day. */
export function termOptionText(term: Pick<TermRecord, 'key' | 'labels' | 'startsOn'>, locale: string): string {
  const label = textFor(term.labels, locale, term.key);
  return `${label}${label !== term.key ? ` (${term.key})` : ''} · ${formatDate(term.startsOn, locale)}`;
}
