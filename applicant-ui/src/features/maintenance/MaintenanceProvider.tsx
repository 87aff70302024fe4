/**
 * Maintenance state of the main layout (spec §4, §9; issue 10 item 4): checks GET /api/maintenance/check
 * on load (the page's first check, started by the root loader, is taken rather than sent twice) and every
 * `intervalMs` (80 s by default), and re-renders exactly when a window starts or ends, so the banner and
 * the read-only form follow the clock. The time conversions (luxon) load only once a window is scheduled
 * (issue 28). {@link useMaintenanceState} reads it.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  checkMaintenance,
  lastKnownSchedule,
  loadedMaintenanceTime,
  loadMaintenanceTime,
  rememberSchedule,
  takeFirstCheck,
  type MaintenanceTime,
} from './maintenance-api';
import type { MaintenancePhase, MaintenanceSchedule, MaintenanceWindow } from './maintenance-time';

/** What {@link useMaintenanceState} returns. */
export interface MaintenanceState {
  /** `in-progress` while the form is offline (saves answer MAI-002). */
  phase: MaintenancePhase;
  /** The next or current window in the viewer's time zone; null when none is scheduled. */
  window: MaintenanceWindow | null;
  /** Checks the schedule now (e.g. when a save was refused with MAI-002) instead of at the next interval. */
  recheck: () => void;
}

const MaintenanceContext = createContext<MaintenanceState>({ phase: 'none', window: null, recheck: () => undefined });

/** Longest delay setTimeout honours (about 24.8 days). */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Provides the maintenance state to the layout below it.
 * @param intervalMs time between checks in milliseconds
 * @param now clock (ms since the epoch), replaceable in tests
 */
export function MaintenanceProvider({
  intervalMs = 80_000,
  now = Date.now,
  children,
}: {
  intervalMs?: number;
  now?: () => number;
  children: ReactNode;
}) {
  const [schedule, setSchedule] = useState<MaintenanceSchedule | null>(() => lastKnownSchedule() ?? null);
  const [time, setTime] = useState<MaintenanceTime | undefined>(loadedMaintenanceTime);
  const [tick, setTick] = useState(0);
  const alive = useRef(true);

  const apply = useCallback((s: MaintenanceSchedule | null) => {
    if (!alive.current) return;
    rememberSchedule(s);
    setSchedule(s);
  }, []);
  const recheck = useCallback(() => void checkMaintenance().then(apply), [apply]);

  useEffect(() => {
    alive.current = true;
    const first = takeFirstCheck();
    if (first) void first.then(apply);
    else recheck();
    const timer = window.setInterval(recheck, intervalMs);
    return () => {
      alive.current = false;
      window.clearInterval(timer);
    };
  }, [intervalMs, recheck, apply]);

  // a window is scheduled: its time conversions are needed (already there when the root loader saw it)
  useEffect(() => {
    if (!schedule || time) return;
    let current = true;
    void loadMaintenanceTime().then((m) => current && setTime(() => m));
    return () => {
      current = false;
    };
  }, [schedule, time]);

  const window_ = useMemo(() => (schedule && time ? time.toMaintenanceWindow(schedule, time.viewerTimeZone()) : null), [schedule, time]);

  useEffect(() => {
    const wait = window_ && time ? time.msUntilPhaseChange(window_, now()) : null;
    if (wait === null) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.min(wait + 50, MAX_TIMEOUT_MS));
    return () => window.clearTimeout(timer);
  }, [window_, time, now, tick]);

  const phase: MaintenancePhase = window_ && time ? time.maintenancePhase(window_, now()) : 'none';
  const value = useMemo<MaintenanceState>(() => ({ phase, window: phase === 'none' ? null : window_, recheck }), [phase, window_, recheck]);
  return <MaintenanceContext.Provider value={value}>{children}</MaintenanceContext.Provider>;
}

/** The current maintenance state; `none` outside a {@link MaintenanceProvider}. */
export function useMaintenanceState(): MaintenanceState {
  return useContext(MaintenanceContext);
}

/**
 * Checks the schedule at once each time `refused` turns true (a save answered MAI-002), so the banner
 * and the read-only form follow the server without waiting for the next interval.
 */
export function useRecheckWhen(refused: boolean): void {
  const { recheck } = useMaintenanceState();
  useEffect(() => {
    if (refused) recheck();
  }, [refused, recheck]);
}
