/**
 * The form session (spec §4, §9; DESIGN §8) for a page of the application or details form:
 * on entering (once the page is idle: nothing of it shows at first, issue 28), finds a free session id (SES-001 → new id, check again) and stores the session
 * (renewed false); saves the last-activity time (at most once a minute, on input, and at each step);
 * warns two minutes before the 30-minute maximum; `renew()` stores renewed + newStartTime and starts a
 * new period; at the end (or `end()`) posts the end time and sends the browser to the main site.
 * The session also ends, without leaving the page, when the page is hidden for good (`pagehide`, sent
 * with `fetch(keepalive)`) and on logout ({@link endOpenSessions}); a page restored from the
 * back/forward cache starts a new one (issue 11 item 7). Every write carries the application token.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getConfig } from '../../shared/api/config-api';
import { checkSession, upsertSession, upsertSessionOnUnload, type SessionBody, type SessionModule } from './session-api';
import { createSessionTimer, findFreeSessionId, sessionTime, SESSION_MAX_MS, type SessionTimer } from './session-timer';
import { whenIdle } from '../../shared/lib/idle';

/** Activity is saved at most this often while the applicant types. */
export const ACTIVITY_SAVE_INTERVAL_MS = 60_000;

/** Enders of the sessions open in this page (one per mounted form), for {@link endOpenSessions}. */
const openSessions = new Set<() => Promise<void>>();

/** Ends every open form session (its end time stored) without leaving the page: called on logout. */
export async function endOpenSessions(): Promise<void> {
  await Promise.all([...openSessions].map((endOne) => endOne()));
}

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

/**
 * Session for `parentModule` (application | details) of record `parentId`, written with the application
 * `token` (null: the owner's login); inactive while `parentId` is null.
 */
export function useFormSession(parentModule: SessionModule, parentId: string | null, token: string | null = null): FormSession {
  const [warning, setWarning] = useState(false);
  const [generation, setGeneration] = useState(0);
  const tokenRef = useRef(token);
  tokenRef.current = token;
  const [msLeft, setMsLeft] = useState(0);
  const session = useRef<SessionBody | null>(null);
  const timer = useRef<SessionTimer | null>(null);
  const lastActivity = useRef(0);
  const ended = useRef(false);
  // upserts go one after another: in order, and never two first-inserts of the same id at once
  const queue = useRef<Promise<void>>(Promise.resolve());
  const save = useCallback((body: SessionBody): Promise<void> => {
    queue.current = queue.current.then(() => upsertSession(body, tokenRef.current));
    return queue.current;
  }, []);

  const touch = useCallback(() => {
    const s = session.current;
    if (!s || ended.current) return;
    lastActivity.current = Date.now();
    void save({ ...s, lastActivityTime: sessionTime() });
  }, [save]);

  const end = useCallback(() => {
    const s = session.current;
    if (ended.current) return;
    ended.current = true;
    timer.current?.stop();
    setWarning(false);
    void (async () => {
      if (s) await save({ ...s, endTime: sessionTime() });
      const { mainSiteUrl } = await getConfig();
      window.location.assign(mainSiteUrl || '/');
    })();
  }, [save]);

  const renew = useCallback(() => {
    const s = session.current;
    setWarning(false);
    if (!s || ended.current) return;
    const now = sessionTime();
    session.current = { ...s, renewed: true, newStartTime: now };
    void save({ ...session.current, lastActivityTime: now });
    timer.current?.renew();
  }, [save]);

  useEffect(() => {
    if (!parentId) return;
    let alive = true;
    ended.current = false;
    const start = async () => {
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
      await save(body);
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
    };
    // the session's bookkeeping and clock start once the form has shown (issue 28: nothing of it is on screen)
    const cancelStart = whenIdle(() => void start());
    const onInput = () => {
      if (Date.now() - lastActivity.current >= ACTIVITY_SAVE_INTERVAL_MS) touch();
    };
    document.addEventListener('input', onInput, true);
    // ends the session and keeps the page (logout): the end time is stored, nothing is sent twice
    const endHere = async () => {
      const s = session.current;
      if (!s || ended.current) return;
      ended.current = true;
      timer.current?.stop();
      await save({ ...s, endTime: sessionTime() });
    };
    openSessions.add(endHere);
    // the page is hidden for good (tab closed, navigated away): a request that outlives the page
    const onPageHide = () => {
      const s = session.current;
      if (!s || ended.current) return;
      ended.current = true;
      timer.current?.stop();
      upsertSessionOnUnload({ ...s, endTime: sessionTime() }, tokenRef.current);
    };
    // back from the back/forward cache: the old session has ended, start a new one
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && ended.current) setGeneration((g) => g + 1);
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      alive = false;
      cancelStart();
      openSessions.delete(endHere);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      document.removeEventListener('input', onInput, true);
      timer.current?.stop();
      timer.current = null;
      session.current = null;
    };
  }, [parentModule, parentId, end, touch, save, generation]);

  return { warning, msLeft, renew, end, touch };
}
