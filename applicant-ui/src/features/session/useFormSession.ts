/**
 * The form session (spec §4, §9; DESIGN §8) for a page of the application or details form:
 * on entering, finds a free session id (SES-001 → new id, check again) and stores the session
 * (renewed false); saves the last-activity time (at most once a minute, on input, and at each step);
 * warns two minutes before the 30-minute maximum; `renew()` stores renewed + newStartTime and starts a
 * new period; at the end (or `end()`) posts the end time and sends the browser to the main site.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getConfig } from '../../shared/api/config-api';
import { checkSession, upsertSession, type SessionBody } from './session-api';
import { createSessionTimer, findFreeSessionId, sessionTime, SESSION_MAX_MS, type SessionTimer } from './session-timer';

/** Activity is saved at most this often while the applicant types. */
export const ACTIVITY_SAVE_INTERVAL_MS = 60_000;

/** What the page gets from {@link useFormSession}. */
export interface FormSession {
  /** True while the two-minute warning is showing. */
  warning: boolean;
  /** Milliseconds left when the warning opened. */
  msLeft: number;
  /** One-click renew. */
  renew: () => void;
  /** Ends the session now (end time, then the main site). */
  end: () => void;
  /** Records activity now (e.g. on a step change). */
  touch: () => void;
}

/** Session for `parentModule` (application | details) of record `parentId`; inactive while `parentId` is null. */
export function useFormSession(parentModule: string, parentId: string | null): FormSession {
  const [warning, setWarning] = useState(false);
  const [msLeft, setMsLeft] = useState(0);
  const session = useRef<SessionBody | null>(null);
  const timer = useRef<SessionTimer | null>(null);
  const lastActivity = useRef(0);
  const ended = useRef(false);

  const touch = useCallback(() => {
    const s = session.current;
    if (!s || ended.current) return;
    lastActivity.current = Date.now();
    void upsertSession({ ...s, lastActivityTime: sessionTime() });
  }, []);

  const end = useCallback(() => {
    const s = session.current;
    if (ended.current) return;
    ended.current = true;
    timer.current?.stop();
    setWarning(false);
    void (async () => {
      if (s) await upsertSession({ ...s, endTime: sessionTime() });
      const { mainSiteUrl } = await getConfig();
      window.location.assign(mainSiteUrl || '/');
    })();
  }, []);

  const renew = useCallback(() => {
    const s = session.current;
    setWarning(false);
    if (!s || ended.current) return;
    const now = sessionTime();
    session.current = { ...s, renewed: true, newStartTime: now };
    void upsertSession({ ...session.current, lastActivityTime: now });
    timer.current?.renew();
  }, []);

  useEffect(() => {
    if (!parentId) return;
    let alive = true;
    ended.current = false;
    void (async () => {
      const config = await getConfig();
      let id: string;
      try {
        id = await findFreeSessionId(checkSession);
      } catch {
        return; // the session is bookkeeping: the form still works without one
      }
      if (!alive) return;
      const body: SessionBody = { id, startTime: sessionTime(), parentModule, parentId, renewed: false };
      session.current = body;
      await upsertSession(body);
      if (!alive) return;
      timer.current = createSessionTimer({
        maxMs: config.sessionMaxMs || SESSION_MAX_MS,
        onWarn: (left) => {
          setMsLeft(left);
          setWarning(true);
        },
        onEnd: end,
      });
      timer.current.start();
    })();
    const onInput = () => {
      if (Date.now() - lastActivity.current >= ACTIVITY_SAVE_INTERVAL_MS) touch();
    };
    document.addEventListener('input', onInput, true);
    return () => {
      alive = false;
      document.removeEventListener('input', onInput, true);
      timer.current?.stop();
      timer.current = null;
      session.current = null;
    };
  }, [parentModule, parentId, end, touch]);

  return { warning, msLeft, renew, end, touch };
}
