import { DateTime } from 'luxon';

/** The zone maintenance times are entered and reported in (spec §1, §9: Eastern US time). */
export const EASTERN_ZONE = 'America/New_York';

/**
 * The UTC instant of an Eastern wall-clock date and time, daylight saving handled by luxon.
 * @param date YYYY-MM-DD
 * @param time HH:mm or HH:mm:ss
 * @returns the instant, or null when the wall time does not exist (the spring-forward gap) or is malformed
 */
export function easternToInstant(date: string, time: string): Date | null {
  const local = DateTime.fromISO(`${date}T${time}`, { zone: EASTERN_ZONE });
  if (!local.isValid) return null;
  const wanted = time.length === 5 ? `${time}:00` : time;
  if (local.toFormat('yyyy-MM-dd') !== date || local.toFormat('HH:mm:ss') !== wanted) return null;
  return local.toUTC().toJSDate();
}
