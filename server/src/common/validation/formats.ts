import { DateTime, IANAZone } from 'luxon';
import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * Format validators of the portal. Each registers a named constraint whose message lives in the
 * server messages under `validation.<name>` (translated per caller).
 */
function formatDecorator(name: string, test: (value: string) => boolean) {
  return (options?: ValidationOptions): PropertyDecorator =>
    (target, propertyName) =>
      registerDecorator({
        name,
        target: target.constructor,
        propertyName: String(propertyName),
        options,
        validator: { validate: (value: unknown) => typeof value === 'string' && test(value) },
      });
}

function digitCount(v: string): number {
  return v.match(/\d/g)?.length ?? 0;
}

/**
 * The shape of a date written MM/DD/YYYY (two-digit month and day, four-digit year), as a JSON Schema /
 * OpenAPI `pattern`; the validators below also check that it is a real date.
 */
export const US_DATE_PATTERN = '^\\d{2}/\\d{2}/\\d{4}$';
const US_DATE_SHAPE = new RegExp(US_DATE_PATTERN);

/** A real calendar date written MM/DD/YYYY (spec §3 "dateOfBirth (shown MM/DD/YYYY)"), years 1900–2100. */
export const IsUsDate = formatDecorator('isUsDate', (v) => {
  const d = DateTime.fromFormat(v, 'MM/dd/yyyy', { zone: 'UTC' });
  return US_DATE_SHAPE.test(v) && d.isValid && d.year >= 1900 && d.year <= 2100;
});

/** A real calendar date written YYYY-MM-DD. */
export const IsIsoDate = formatDecorator('isIsoDate', (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && DateTime.fromISO(v, { zone: 'UTC' }).isValid);

/** A 24-hour clock time HH:mm or HH:mm:ss. */
export const IsClockTime = formatDecorator('isClockTime', (v) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v));

/** A US ZIP code: 5 digits, optionally -4. */
export const IsUsZip = formatDecorator('isUsZip', (v) => /^\d{5}(-\d{4})?$/.test(v));

/** A phone number: 7 to 15 digits, with optional +, spaces, dots, dashes and parentheses. */
export const IsPhone = formatDecorator('isPhone', (v) => /^\+?[\d\s().-]{7,25}$/.test(v) && digitCount(v) >= 7 && digitCount(v) <= 15);

/** A form step number as the spec keeps it: the string '1' to '8' (stepReached defaults to '1'). */
export const IsStepNumber = formatDecorator('isStepNumber', (v) => /^[1-8]$/.test(v));

/** One of the product's locales (spec §1). */
export const IsLocale = formatDecorator('isLocale', (v) => ['en', 'es', 'zh-CN'].includes(v));

/** An IANA time zone name such as `America/Toronto` (luxon's `IANAZone.isValidZone`), issue 11 item 3. */
export const IsTimeZone = formatDecorator('isTimeZone', (v) => v.length <= 64 && IANAZone.isValidZone(v));

/** An ISO 8601 date-time with an offset or Z (spec §3 session times `year-month-dayThh:mm:ssZone`). */
export const IsZonedDateTime = formatDecorator(
  'isISO8601',
  (v) => /(Z|[+-]\d{2}:?\d{2})$/.test(v) && DateTime.fromISO(v, { setZone: true }).isValid,
);

/** A real date written MM/DD/YYYY that is not after today (dates of birth, start dates, observations). */
export const IsPastUsDate = formatDecorator('isPastUsDate', (v) => {
  const d = DateTime.fromFormat(v, 'MM/dd/yyyy', { zone: 'UTC' });
  return US_DATE_SHAPE.test(v) && d.isValid && d.year >= 1900 && d <= DateTime.utc().plus({ days: 1 }).startOf('day');
});

/** A CEEB (College Board) school code: 4 to 6 digits. */
export const IsCeebCode = formatDecorator('isCeebCode', (v) => /^\d{4,6}$/.test(v));

/**
 * The number of decimal places of a finite number as written in its shortest form, exponent
 * notation included (`5e-323` has 323, `1.25e-2` has 4, `1e21` has 0).
 */
export function decimalPlaces(value: number): number {
  const [mantissa, exponent = '0'] = String(Math.abs(value)).toLowerCase().split('e');
  const fraction = mantissa!.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/**
 * A finite number with at most `max` decimal places (constraint `maxDecimalPlaces`, argument `max`).
 * Replaces class-validator's `IsNumber({ maxDecimalPlaces })`, which throws on exponent forms such as
 * `5e-323` (issue 10 item 7); here they are judged, not thrown.
 */
export function MaxDecimalPlaces(max: number, options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'maxDecimalPlaces',
      target: target.constructor,
      propertyName: String(propertyName),
      constraints: [max],
      options,
      validator: { validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) && decimalPlaces(value) <= max },
    });
}
