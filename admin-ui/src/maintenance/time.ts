/**
 * Eastern-time helpers for maintenance windows (spec §9: maintenance times are in Eastern US
 * time). Wall-clock values are read in America/New_York with luxon, which knows the daylight
 * saving rules, and shown in the admin's own zone.
 */
import { DateTime } from 'luxon';
import { EASTERN_ZONE } from '../config';

/** `YYYY-MM-DD`. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** `HH:mm` (24 h); a trailing `:ss` is tolerated for values coming from the API. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

/** The wall-clock fields of a window as entered (Eastern time). */
export interface WindowFields {
  startDate?: string | null;
  startTime?: string | null;
  endDate?: string | null;
  endTime?: string | null;
}

/** Why a date/time pair cannot be read. */
export type EasternError = 'invalid_date' | 'invalid_time' | 'nonexistent_time';

/**
 * Reads an Eastern wall-clock date and time. Returns the instant, or the reason it is not one:
 * a malformed value, or a time skipped by the spring-forward change (e.g. 02:30 on that night).
 */
export function parseEastern(date: string | null | undefined, time: string | null | undefined): DateTime | EasternError {
  if (!date || !DATE_PATTERN.test(date)) return 'invalid_date';
  if (!time || !TIME_PATTERN.test(time)) return 'invalid_time';
  const hhmm = time.slice(0, 5);
  const dt = DateTime.fromISO(`${date}T${hhmm}`, { zone: EASTERN_ZONE });
  if (!dt.isValid) return 'invalid_date';
  // luxon moves a time inside the spring-forward gap to a later one: detect it.
  if (dt.toFormat('yyyy-MM-dd HH:mm') !== `${date} ${hhmm}`) return 'nonexistent_time';
  return dt;
}

/** Message key and arguments, as react-admin validators return them. */
export type ValidationMessage = string | { message: string; args: Record<string, unknown> };

/**
 * Form-level validation of a window: each field well-formed, and the end after the start.
 * Returns `{ field: messageKey }` (empty when valid), as react-admin's `validate` expects.
 */
export function validateWindow(values: WindowFields): Record<string, ValidationMessage> {
  const errors: Record<string, ValidationMessage> = {};
  const required = 'ra.validation.required';
  for (const field of ['startDate', 'startTime', 'endDate', 'endTime'] as const) {
    if (!values[field]) errors[field] = required;
  }
  const start = parseEastern(values.startDate, values.startTime);
  const end = parseEastern(values.endDate, values.endTime);
  if (typeof start === 'string' && !errors.startDate && !errors.startTime) {
    errors[start === 'invalid_date' ? 'startDate' : 'startTime'] = `app.maintenance.${start}`;
  }
  if (typeof end === 'string' && !errors.endDate && !errors.endTime) {
    errors[end === 'invalid_date' ? 'endDate' : 'endTime'] = `app.maintenance.${end}`;
  }
  if (typeof start !== 'string' && typeof end !== 'string' && end.toMillis() <= start.toMillis()) {
    errors.endTime = 'app.maintenance.end_before_start';
  }
  return errors;
}

/** The viewer's own IANA time zone (luxon's default zone, i.e. the browser's). */
export function localZone(): string {
  return DateTime.local().zoneName ?? 'UTC';
}

/**
 * Formats an instant in `zone` for `locale`, with the zone's abbreviation (e.g. "Dec 1, 2026,
 * 7:00 PM PST").
 */
export function formatInZone(instant: DateTime, zone: string, locale: string): string {
  return instant
    .setZone(zone)
    .setLocale(locale)
    .toLocaleString({ ...DateTime.DATETIME_MED, timeZoneName: 'short' });
}

/**
 * Preview of a window in `zone`: the start and end converted from Eastern time, or null while
 * the fields are incomplete or invalid.
 */
export function previewWindow(values: WindowFields, zone: string, locale: string): { start: string; end: string } | null {
  const start = parseEastern(values.startDate, values.startTime);
  const end = parseEastern(values.endDate, values.endTime);
  if (typeof start === 'string' || typeof end === 'string') return null;
  return { start: formatInZone(start, zone, locale), end: formatInZone(end, zone, locale) };
}

/** Instant of a window boundary: the API's UTC ISO value if given, else the Eastern fields. */
export function boundaryInstant(iso: string | null | undefined, date?: string | null, time?: string | null): DateTime | null {
  if (iso) {
    const dt = DateTime.fromISO(iso, { setZone: false });
    if (dt.isValid) return dt;
  }
  const parsed = parseEastern(date, time);
  return typeof parsed === 'string' ? null : parsed;
}

/** Whether a window is yet to come, in progress, or over, at `now`. */
export function windowStatus(start: DateTime, end: DateTime, now: DateTime = DateTime.now()): 'upcoming' | 'active' | 'ended' {
  if (now < start) return 'upcoming';
  if (now < end) return 'active';
  return 'ended';
}
