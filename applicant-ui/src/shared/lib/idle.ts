/**
 * Work the first view does not show, run once the page is idle (issue 28 "Fast on a phone"): the session
 * clock, the chunks of the steps next door, the browser's date formatting. The browser's
 * `requestIdleCallback` where it has one (never later than `timeoutMs`), else a timer.
 */

/** Longest wait for an idle moment by default, in ms. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` when the main thread is next idle, at most `timeoutMs` from now.
 * @returns a function that cancels the task if it has not run yet
 */
export function whenIdle(task: () => void, timeoutMs = IDLE_TIMEOUT_MS): () => void {
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, Math.min(timeoutMs, 50));
  return () => clearTimeout(timer);
}

/**
 * Sets up the browser's date formatting for `locale` (a numeric date formatter is made and used once): the
 * first `Intl` formatter of a page loads the browser's locale data, tens of milliseconds on a phone, which is
 * better spent while the page waits for the network than while it renders a form's date fields.
 */
export function prepareDateFormats(locale: string): void {
  try {
    new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' }).formatToParts(0);
  } catch {
    // an unknown locale: the form's own formatter reports nothing either
  }
}
