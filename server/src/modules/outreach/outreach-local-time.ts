import { DateTime, IANAZone } from 'luxon';
import { OFFICE_ZONE } from '../programs/cycle/admission-cycle.js';

/**
 * Local time for outreach (issue 30 items 3, 4), all by luxon on the IANA zone database (DST included), never
 * by hand: an applicant's zone, the reminders' daytime window, and a campaign's local send time.
 */

/** The reminders' daytime window in the applicant's own zone: from 9:00 (inclusive) to 19:00 (exclusive). */
export const DAYTIME = { fromHour: 9, untilHour: 19 } as const;

/** The earliest zone on Earth (UTC+14, e.g. Pacific/Kiritimati): where a local time comes first. */
const EARLIEST_ZONE = 'UTC+14';

/** `YYYY-MM-DDTHH:mm`, a wall-clock time without a zone. */
export const LOCAL_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The zone to read an applicant's local time in: the application's `timeZone` when valid, else the office's. */
export function applicantZone(zone: string | null | undefined): string {
  return zone && IANAZone.isValidZone(zone) ? zone : OFFICE_ZONE;
}

/** True when `now` is within {@link DAYTIME} in `zone` (an applicant's raw zone: see {@link applicantZone}). */
export function isDaytime(now: Date, zone: string | null | undefined): boolean {
  const hour = DateTime.fromJSDate(now, { zone: applicantZone(zone) }).hour;
  return hour >= DAYTIME.fromHour && hour < DAYTIME.untilHour;
}

/**
 * When a reminder due at `now` may go: `now` in the daytime window, else the next 9:00 in the applicant's zone
 * (today's before 9:00, tomorrow's after 19:00 — on a DST day the wall clock decides, not 24 hours).
 */
export function nextDaytime(now: Date, zone: string | null | undefined): Date {
  if (isDaytime(now, zone)) return now;
  const local = DateTime.fromJSDate(now, { zone: applicantZone(zone) });
  const day = local.hour >= DAYTIME.untilHour ? local.plus({ days: 1 }) : local;
  return day.set({ hour: DAYTIME.fromHour, minute: 0, second: 0, millisecond: 0 }).toJSDate();
}

/** True when `text` is `YYYY-MM-DDTHH:mm` naming a real date and time (not the 30th of February, nor hour 25). */
export function isLocalTime(text: string): boolean {
  return LOCAL_TIME_PATTERN.test(text) && DateTime.fromISO(text, { zone: 'UTC' }).isValid;
}

/**
 * The instant at which wall-clock time `local` (`YYYY-MM-DDTHH:mm`) happens in `zone`. A time skipped by a DST
 * change (02:30 on the spring-forward night) is the instant after the gap, as luxon resolves it.
 */
export function localTimeInstant(local: string, zone: string): Date {
  return DateTime.fromISO(local, { zone }).toJSDate();
}

/** The first instant `local` happens anywhere (in UTC+14): when a campaign in applicants' own zones may start. */
export function earliestInstant(local: string): Date {
  return localTimeInstant(local, EARLIEST_ZONE);
}

/**
 * The applicants' raw zone values (as stored, `''` for none) whose local time `local` has come at `now`: a
 * campaign in applicants' own zones sends to these.
 */
export function zonesReached(local: string, zones: readonly string[], now: Date): string[] {
  return zones.filter((zone) => localTimeInstant(local, applicantZone(zone || null)).getTime() <= now.getTime());
}

/** `instant` as a wall-clock time `YYYY-MM-DDTHH:mm` in `zone`. */
export function toLocalTime(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
}
