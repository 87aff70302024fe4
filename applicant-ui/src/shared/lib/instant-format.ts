/**
 * An instant (ISO 8601, as the API answers it) on the viewer's own clock, in the page's language: date,
 * time and the zone's short name, formatted by Intl (through luxon) — never by hand.
 */
import { DateTime } from 'luxon';

/** The browser's own IANA time zone (from Intl). */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * `iso` in `language` on the clock of `zone`: e.g. "November 11, <year> at 11:59 PM EST" in New York
 * (en), "12 de noviembre de <year>, 5:59 CET" in Madrid (es).
 * @param zone an IANA zone (default: the browser's own)
 */
export function formatInstant(iso: string, language: string, zone = browserZone()): string {
  return DateTime.fromISO(iso, { zone: 'utc' })
    .setZone(zone)
    .setLocale(language)
    .toLocaleString({ ...DateTime.DATETIME_FULL, timeZoneName: 'short' });
}
