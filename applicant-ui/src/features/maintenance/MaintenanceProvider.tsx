/**
 * Maintenance state of the main layout (spec §4, §9; issue 10 item 4): checks GET /api/maintenance/check
 * on load and every `intervalMs` (80 s by default), and re-renders exactly when a window starts or ends,
 * so the banner and the read-only form follow the clock. {@link useMaintenanceState} reads it.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { checkMaintenance, lastKnownSchedule, rememberSchedule } from './maintenance-api';
import {
  maintenancePhase,
  msUntilPhaseChange,
  toMaintenanceWindow,
  viewerTimeZone,
  type MaintenancePhase,
  type MaintenanceSchedule,
  type MaintenanceWindow,
} from './maintenance-time';

/** What {@link useMaintenanceState} returns. */
export interface MaintenanceState {
  /** `in-progress` while the form is offline (saves answer MAI-002). */
  phase: MaintenancePhase;
  /** The next or current window in the viewer's time zone; null when none is scheduled. */
  window: MaintenanceWindow | null;
}

const NONE: MaintenanceState = { phase: 'none', window: null };
const MaintenanceContext = createContext<MaintenanceState>(NONE);

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
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let alive = true;
    const run = () => {
      void checkMaintenance().then((s) => {
        if (!alive) return;
        rememberSchedule(s);
        setSchedule(s);
      });
    };
    run();
    const timer = window.setInterval(run, intervalMs);
    return () => {
      alive = false;
      window.clearInterval(timer);
    };
  }, [intervalMs]);

  const window_ = useMemo(() => (schedule ? toMaintenanceWindow(schedule, viewerTimeZone()) : null), [schedule]);

  useEffect(() => {
    const wait = msUntilPhaseChange(window_, now());
    if (wait === null) return;
    const timer = window.setTimeout(() => setTick((n) => n + 1), Math.min(wait + 50, MAX_TIMEOUT_MS));
    return () => window.clearTimeout(timer);
  }, [window_, now, tick]);

  const phase = maintenancePhase(window_, now());
  const value = useMemo<MaintenanceState>(() => (phase === 'none' ? NONE : { phase, window: window_ }), [phase, window_]);
  return <MaintenanceContext.Provider value={value}>{children}</MaintenanceContext.Provider>;
}

/** The current maintenance state; `none` outside a {@link MaintenanceProvider}. */
export function useMaintenanceState(): MaintenanceState {
  return useContext(MaintenanceContext);
}
