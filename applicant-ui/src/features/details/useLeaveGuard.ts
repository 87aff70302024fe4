/**
 * Asks before leaving a page that holds work not on the server yet (issue 10 item 3: chosen documents
 * still uploading or not sent): an in-app navigation to another path (Continue, Back, step links,
 * header links) is held by react-router's `useBlocker` until the person chooses to stay or leave, and
 * closing or reloading the tab gets the browser's own `beforeunload` warning. Query-only changes
 * (same path) are not held.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

/** What {@link useLeaveGuard} returns. */
export interface LeaveGuard {
  /** A navigation is held: show the question. */
  asking: boolean;
  /** Cancel the held navigation (stay on the page). */
  stay: () => void;
  /** Carry out the held navigation. */
  leave: () => void;
}

/**
 * Holds navigations away from the current path while `active` is true.
 * @param active whether something would be lost by leaving now
 */
export function useLeaveGuard(active: boolean): LeaveGuard {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (!active) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // older browsers need returnValue set to show the warning
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  // everything got sent while the question was open: nothing to lose any more, go on
  useEffect(() => {
    if (!active && blocker.state === 'blocked') blocker.proceed();
  }, [active, blocker]);

  const asking = blocker.state === 'blocked';
  return {
    asking,
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}
