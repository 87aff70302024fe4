/**
 * Time log (spec §3, DESIGN §8): one record per step left — the seconds spent on it (4 decimals) and
 * the step's name — posted to POST /api/timelog when the step changes, the page is hidden or left.
 */
import { useEffect, useRef } from 'react';
import { elapsedSeconds } from '../session/session-timer';
import { postTimeLog, type TimeLogStep } from './api/application-api';

/** Logs the time spent on `stepName` for the application of `token` (inactive while either is null). */
export function useStepTimeLog(token: string | null, stepName: TimeLogStep | null): void {
  const started = useRef<number>(performance.now());
  useEffect(() => {
    if (!token || !stepName) return;
    started.current = performance.now();
    let visibleSince: number | null = started.current;
    let spent = 0;
    const flush = () => {
      if (visibleSince !== null) spent += performance.now() - visibleSince;
      visibleSince = null;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
      else visibleSince = performance.now();
    };
    document.addEventListener('visibilitychange', onVisibility);
    // One record per visit, even when (almost) no time passed: pagehide and the unmount both end it.
    let logged = false;
    const onLeave = () => {
      if (logged) return;
      logged = true;
      flush();
      void postTimeLog(token, elapsedSeconds(0, spent), stepName);
    };
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onLeave);
      onLeave();
    };
  }, [token, stepName]);
}
