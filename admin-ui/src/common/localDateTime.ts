/**
 * Instants entered and shown in the admin's own time zone (the browser's), with luxon. The API
 * stores and answers UTC ISO 8601 date-times; a native `datetime-local` input holds the wall-clock
 * value `yyyy-MM-ddTHH:mm` of the viewer's zone.
 */
import { DateTime } from 'luxon';

/** Wall-clock format of a `datetime-local` input. */
export const LOCAL_INPUT_FORMAT = "yyyy-MM-dd'T'HH:mm";

/** The viewer's IANA time zone (luxon's default zone, i.e. the browser's), e.g. `America/Chicago`. */
export function viewerZone(): string {
  return DateTime.local().zoneName ?? 'UTC';
}

/**
 * ISO instant → `datetime-local` value in `zone`; empty string for null, empty or unreadable input
 * (react-admin `format`).
 */
export function isoToLocalInput(iso: unknown, zone: string = viewerZone()): string {
  if (typeof iso !== 'string' || iso === '') return '';
  // A value already in the input's own format (while typing) is kept as it is.
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(iso)) return iso;
  const dt = DateTime.fromISO(iso, { setZone: true });
  return dt.isValid ? dt.setZone(zone).toFormat(LOCAL_INPUT_FORMAT) : '';
}

/**
 * `datetime-local` value read in `zone` → UTC ISO instant (`2026-05-01T16:00:00.000Z`); null for an
 * empty or unreadable value (react-admin `parse`; the API takes null as "no date").
 */
export function localInputToIso(value: unknown, zone: string = viewerZone()): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const dt = DateTime.fromISO(value, { zone });
  return dt.isValid ? (dt.toUTC().toISO() ?? null) : null;
}

/**
 * An ISO instant for people: medium date and time in `zone` and `locale`, with the zone's short
 * name (e.g. "May 1, 2026, 12:00 PM EDT"); empty string for null or an unreadable value.
 */
export function formatInstant(iso: unknown, locale: string, zone: string = viewerZone()): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const dt = DateTime.fromISO(iso, { setZone: true });
  if (!dt.isValid) return '';
  return dt
    .setZone(zone)
    .setLocale(locale)
    .toLocaleString({ ...DateTime.DATETIME_MED, timeZoneName: 'short' });
}

/** Whether the ISO instant is at or before `now` (an expiry that has passed). False for null. */
export function isPast(iso: unknown, now: DateTime = DateTime.now()): boolean {
  if (typeof iso !== 'string' || iso === '') return false;
  const dt = DateTime.fromISO(iso);
  return dt.isValid && dt.toMillis() <= now.toMillis();
}

/**
 * A time zone's name for people in `locale`, from the runtime's CLDR data: "Eastern Time" (en),
 * "hora oriental" (es), "北美东部时间" (zh-CN) for `America/New_York`; the zone id itself
 * when the runtime cannot name it (or the id is unknown).
 * @param zone IANA zone id
 * @param locale BCP 47 tag
 */
export function zoneDisplayName(zone: string, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone;
  }
}

/**
 * A wall-clock value (`yyyy-MM-ddTHH:mm`, no zone: a `datetime-local` value) for people in `locale`:
 * medium date and short time ("Mar 10, 2031, 10:00 AM", "10 mar 2031, 10:00", "2031年3月10日 10:00");
 * the value itself when it cannot be read.
 */
export function formatWallClock(value: string, locale: string): string {
  const dt = DateTime.fromISO(value, { zone: 'UTC' });
  return dt.isValid ? dt.setLocale(locale).toLocaleString(DateTime.DATETIME_MED) : value;
}
