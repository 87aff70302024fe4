/**
 * Field formats shared by the step schemas (messages are i18n keys): dates MM/DD/YYYY, US zip,
 * phone numbers, e-mail. Empty strings mean "not answered".
 */
import { z } from 'zod';

/** True for a real calendar date written MM/DD/YYYY. */
export function isValidUsDate(value: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return false;
  const month = Number(m[1]);
  const day = Number(m[2]);
  const year = Number(m[3]);
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** True for a MM/DD/YYYY birth date between 1900-01-01 and `today` (inclusive). */
export function isPlausibleBirthDate(value: string, today: Date = new Date()): boolean {
  if (!isValidUsDate(value)) return false;
  const [mm, dd, yyyy] = value.trim().split('/').map(Number) as [number, number, number];
  const t = Date.UTC(yyyy, mm - 1, dd);
  const now = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return yyyy >= 1900 && t <= now;
}

/** US ZIP or ZIP+4. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/** Phone: digits with optional leading +, spaces, dots, dashes, parentheses; 7–15 digits. */
export function isValidPhone(value: string): boolean {
  const v = value.trim();
  if (!/^\+?[0-9\s().-]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}

const text = (max: number) => z.string().trim().max(max, 'validation.too_long');

/** Optional free text (empty allowed). */
export const optionalText = (max = 100) => text(max);

/** Required free text. */
export const requiredText = (max = 100) => text(max).min(1, 'validation.required');

/**
 * A string field that may be empty unless `required` (message `validation.<kind>_required`), and
 * otherwise must pass `valid` (message `validation.<kind>`).
 */
function formatted(kind: string, valid: (v: string) => boolean, required: boolean, max = 254) {
  return z
    .string()
    .trim()
    .max(max, 'validation.too_long')
    .superRefine((v, ctx) => {
      if (v === '') {
        if (required) ctx.addIssue({ code: 'custom', message: `validation.${kind}_required` });
      } else if (!valid(v)) {
        ctx.addIssue({ code: 'custom', message: `validation.${kind}` });
      }
    });
}

/** E-mail; empty allowed unless `required`. */
export const emailField = (required = false) => formatted('email', (v) => z.email().safeParse(v).success, required);

/** Phone; empty allowed unless `required`. */
export const phoneField = (required = false) => formatted('phone', isValidPhone, required, 30);

/** Date of birth MM/DD/YYYY; empty allowed unless `required`. */
export const birthDateField = (required = false) => formatted('date', (v) => isPlausibleBirthDate(v), required, 10);

/** US zip; empty allowed unless `required`. */
export const zipField = (required = false) => formatted('zip', (v) => ZIP_PATTERN.test(v), required, 10);

/** Select value; empty allowed unless `required`. */
export const choiceField = (required = false) => (required ? z.string().min(1, 'validation.choose') : z.string());

/** True for a MM/DD/YYYY date between 1900-01-01 and `today`. */
export function isPastUsDate(value: string, today: Date = new Date()): boolean {
  return isPlausibleBirthDate(value, today);
}

/** Any real MM/DD/YYYY date (completion and graduation dates may lie ahead); empty allowed unless `required`. */
export const usDateField = (required = false) => formatted('date', (v) => isValidUsDate(v), required, 10);

/** A MM/DD/YYYY date not after today (start dates); empty allowed unless `required`. */
export const pastDateField = (required = false) => formatted('date', (v) => isPastUsDate(v), required, 10);

/** CEEB (College Board) school code: 4 to 6 digits; empty allowed unless `required`. */
export const ceebField = (required = false) => formatted('ceeb', (v) => /^\d{4,6}$/.test(v), required, 6);

/** Text that is required only when `required` (conditional sections). */
export const textField = (required: boolean, max = 100) => (required ? requiredText(max) : optionalText(max));

/** Record value → form string (null/absent → ''). */
export const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));

/** Record value → a plain object (anything else → {}). */
export const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Adds a "required" issue at `path` when `value` is empty (used by the complete schemas' conditional rules). */
export function requireIf(
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: (string | number)[] }) => void },
  condition: boolean,
  value: unknown,
  path: (string | number)[],
  message = 'validation.required',
): void {
  if (condition && (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))) {
    ctx.addIssue({ code: 'custom', message, path });
  }
}

/** The "Yes" value of the yesNo dropdown. */
export const YES = 'Yes';
