/**
 * The form session's clock (spec §4, §9; DESIGN §8): a session lasts at most `maxMs` (1,800,000 ms);
 * `onWarn` fires `warnBeforeMs` (two minutes) before the end, `onEnd` at the end. `renew()` starts a new
 * full period (the caller records `renewed` and `newStartTime`). Pure timers, no React, no network.
 */

/** Session maximum (spec §9): 30 minutes. */
export const SESSION_MAX_MS = 1_800_000;

/** The warning shows this long before the session ends: two minutes. */
export const SESSION_WARN_BEFORE_MS = 120_000;

/** Options of {@link createSessionTimer}. */
export interface SessionTimerOptions {
  maxMs?: number;
  warnBeforeMs?: number;
  onWarn: (msLeft: number) => void;
  onEnd: () => void;
  /** Clock (ms since epoch), for tests. */
  now?: () => number;
}

/** A running session clock. */
export interface SessionTimer {
  /** Starts (or restarts) a full period from now. */
  start(): void;
  /** Starts a new full period (one-click renew). */
  renew(): void;
  /** Milliseconds left in the current period (0 when stopped or over). */
  msLeft(): number;
  /** Stops both timers. */
  stop(): void;
}

/** Creates a session clock; see module doc. */
export function createSessionTimer({
  maxMs = SESSION_MAX_MS,
  warnBeforeMs = SESSION_WARN_BEFORE_MS,
  onWarn,
  onEnd,
  now = () => Date.now(),
}: SessionTimerOptions): SessionTimer {
  let warnTimer: ReturnType<typeof setTimeout> | undefined;
  let endTimer: ReturnType<typeof setTimeout> | undefined;
  let endsAt = 0;

  const clear = () => {
    if (warnTimer !== undefined) clearTimeout(warnTimer);
    if (endTimer !== undefined) clearTimeout(endTimer);
    warnTimer = endTimer = undefined;
  };

  const start = () => {
    clear();
    endsAt = now() + maxMs;
    const warnIn = Math.max(0, maxMs - warnBeforeMs);
    warnTimer = setTimeout(() => {
      warnTimer = undefined;
      onWarn(Math.max(0, endsAt - now()));
    }, warnIn);
    endTimer = setTimeout(() => {
      endTimer = undefined;
      endsAt = 0;
      onEnd();
    }, maxMs);
  };

  return {
    start,
    renew: start,
    msLeft: () => (endsAt ? Math.max(0, endsAt - now()) : 0),
    stop: () => {
      clear();
      endsAt = 0;
    },
  };
}

/** `YYYY-MM-DDTHH:mm:ss±hh:mm` in the browser's zone (spec §3 Session time format). */
export function sessionTime(date: Date = new Date()): string {
  const pad = (n: number) => String(Math.trunc(Math.abs(n))).padStart(2, '0');
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `${sign}${pad(offset / 60)}:${pad(offset % 60)}`
  );
}

/** A new client-generated session id (spec §3: "id (generated)"). */
export function newSessionId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `s${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

/**
 * Finds a free session id (spec §4): checks a generated id; while the server answers SES-001 (in use)
 * generates a new id and checks again (at most `attempts` times).
 * @throws Error when no free id was found
 */
export async function findFreeSessionId(
  check: (id: string) => Promise<string>,
  generate: () => string = newSessionId,
  attempts = 5,
): Promise<string> {
  for (let i = 0; i < attempts; i++) {
    const id = generate();
    const code = await check(id);
    if (code !== 'SES-001') return id;
  }
  throw new Error('no free session id');
}

/** Seconds between two `performance.now()`/`Date.now()` readings, rounded to 4 decimals (time log). */
export function elapsedSeconds(startMs: number, endMs: number): number {
  return Math.round(Math.max(0, endMs - startMs) * 10) / 10_000;
}
