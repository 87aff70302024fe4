/** GET /api/maintenance/check (spec §4, §7, §8). */
import { api, call } from '../../shared/api/client';
import type { MaintenanceSchedule } from './maintenance-time';

/**
 * Returns the scheduled window when the server answers MAI-000 with data; null for MAI-001, any
 * other answer, or a failed call (treated as no maintenance).
 */
export async function checkMaintenance(): Promise<MaintenanceSchedule | null> {
  try {
    const data = await call(api.GET('/api/maintenance/check'), { silent: true });
    return data.code === 'MAI-000' && data.data ? data.data : null;
  } catch {
    return null;
  }
}

let firstCheck: Promise<MaintenanceSchedule | null> | null = null;
let firstCheckTaken = false;
let lastKnown: MaintenanceSchedule | null | undefined;

/** The time zone conversions of `maintenance-time.ts` (luxon), loaded only when a window is scheduled. */
export type MaintenanceTime = typeof import('./maintenance-time');
let timeModule: MaintenanceTime | undefined;

/**
 * Loads the window's time conversions (and luxon with them): a page with no window scheduled never
 * downloads or runs them (issue 28).
 */
export async function loadMaintenanceTime(): Promise<MaintenanceTime> {
  timeModule = await import('./maintenance-time');
  return timeModule;
}

/** The time conversions when {@link loadMaintenanceTime} has loaded them (always so once a window is known), else undefined. */
export function loadedMaintenanceTime(): MaintenanceTime | undefined {
  return timeModule;
}

/**
 * Remembers the answer of a check so the first render of the layout already knows the window (no
 * banner popping in and pushing the page down).
 */
export function rememberSchedule(schedule: MaintenanceSchedule | null): void {
  lastKnown = schedule;
}

/** The last schedule a check returned; undefined before the first check has answered. */
export function lastKnownSchedule(): MaintenanceSchedule | null | undefined {
  return lastKnown;
}

/**
 * Starts the page's first check once (later calls return the same promise); the root loader awaits
 * it, at most `waitMs` milliseconds, so the layout renders with the banner already in place (the time
 * conversions loaded when a window is scheduled).
 * @returns the schedule, or null when none is scheduled, the call failed or `waitMs` passed first
 */
export function prefetchMaintenance(waitMs = 1500): Promise<MaintenanceSchedule | null> {
  if (lastKnown !== undefined) return Promise.resolve(lastKnown);
  firstCheck ??= checkMaintenance().then(async (s) => {
    if (s) await loadMaintenanceTime().catch(() => undefined);
    rememberSchedule(s);
    return s;
  });
  return Promise.race([firstCheck, new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs))]);
}

/**
 * The page's first check ({@link prefetchMaintenance}), handed out once: the layout's provider takes it
 * instead of checking again on mount. Null when it was not started or was already taken.
 */
export function takeFirstCheck(): Promise<MaintenanceSchedule | null> | null {
  if (firstCheckTaken || !firstCheck) return null;
  firstCheckTaken = true;
  return firstCheck;
}
