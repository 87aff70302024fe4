/**
 * Maintenance window conversion (spec §3, §4, DESIGN §8): the server gives dates `YYYY-MM-DD` and
 * times `HH:mm[:ss]` as America/New_York wall-clock; the banner shows them in the viewer's zone.
 */
import { DateTime } from 'luxon';
import type { Schema } from '../../../../contract/client/create-client';

/** Time zone the admins enter maintenance windows in. */
export const MAINTENANCE_SOURCE_ZONE = 'America/New_York';

/** `data` of GET /api/maintenance/check when code is MAI-000 (contract `MaintenanceScheduleDto`). */
export type MaintenanceSchedule = Schema<'MaintenanceScheduleDto'>;

/** Client view of a schedule (spec §3): start and end as instants in the viewer's zone. */
export interface MaintenanceWindow {
  startDateTime: DateTime;
  endDateTime: DateTime;
}

/**
 * Converts an Eastern-time date + time to a DateTime in `viewerZone` (daylight saving handled by luxon).
 * Returns null for malformed or non-existent input.
 */
export function easternToZone(date: string, time: string, viewerZone: string): DateTime | null {
  const dt = DateTime.fromISO(`${date.trim()}T${time.trim()}`, { zone: MAINTENANCE_SOURCE_ZONE });
  if (!dt.isValid) return null;
  const out = dt.setZone(viewerZone);
  return out.isValid ? out : null;
}

/** Converts the server schedule to the viewer's zone; null when either end is malformed. */
export function toMaintenanceWindow(
  schedule: Pick<MaintenanceSchedule, 'Start_Date__c' | 'Start_Time__c' | 'End_Date__c' | 'End_Time__c'>,
  viewerZone: string,
): MaintenanceWindow | null {
  const start = easternToZone(schedule.Start_Date__c, schedule.Start_Time__c, viewerZone);
  const end = easternToZone(schedule.End_Date__c, schedule.End_Time__c, viewerZone);
  if (!start || !end) return null;
  return { startDateTime: start, endDateTime: end };
}

/**
 * Formats one end of the window for the banner in `locale`, with the zone abbreviation, e.g.
 * "Dec 1, <year>, 7:00 PM PST" (en) — month, day, year, hour, minute, short zone name.
 */
export function formatMaintenanceTime(dt: DateTime, locale: string): string {
  return dt.setLocale(locale).toLocaleString({
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** The viewer's IANA time zone (from the browser). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Where the viewer stands relative to a window: none scheduled, upcoming, or in progress (the form is offline). */
export type MaintenancePhase = 'none' | 'upcoming' | 'in-progress';

/**
 * The phase of `window_` at `now` (ms since the epoch): in progress from its start (inclusive) to its
 * end (exclusive), upcoming before, none after or when there is no window.
 */
export function maintenancePhase(window_: MaintenanceWindow | null, now: number): MaintenancePhase {
  if (!window_) return 'none';
  if (now >= window_.endDateTime.toMillis()) return 'none';
  return now >= window_.startDateTime.toMillis() ? 'in-progress' : 'upcoming';
}

/**
 * Milliseconds from `now` until the phase of `window_` next changes (its start, then its end), or null
 * when it never will.
 */
export function msUntilPhaseChange(window_: MaintenanceWindow | null, now: number): number | null {
  if (!window_) return null;
  const next = [window_.startDateTime.toMillis(), window_.endDateTime.toMillis()].find((t) => t > now);
  return next === undefined ? null : next - now;
}
