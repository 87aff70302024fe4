/** Pure timing helpers for the progress bar and the smooth back-to-top scroll. */

/** Default duration of the navigation progress bar's run, in ms (spec §9: about 3 s). */
export const PROGRESS_DURATION_MS = 3000;

/**
 * Progress (0..1) of the navigation bar after `elapsedMs`: eases out to 0.96 at `durationMs`,
 * then creeps on towards (never reaching) 0.99 until the navigation ends and the bar completes.
 */
export function progressAt(elapsedMs: number, durationMs = PROGRESS_DURATION_MS): number {
  if (elapsedMs <= 0) return 0.08;
  if (elapsedMs < durationMs) {
    const x = elapsedMs / durationMs;
    return 0.08 + (0.96 - 0.08) * (1 - (1 - x) * (1 - x));
  }
  const extra = elapsedMs - durationMs;
  return 0.96 + 0.03 * (1 - Math.exp(-extra / 5000));
}

/** easeInOutCubic on 0..1. */
export function easeInOutCubic(x: number): number {
  const c = Math.min(1, Math.max(0, x));
  return c < 0.5 ? 4 * c * c * c : 1 - Math.pow(-2 * c + 2, 3) / 2;
}

/** Back-to-top scroll duration in ms (spec §9). */
export const SCROLL_TOP_MS = 700;

/** Vertical scroll position after `elapsedMs` of a scroll from `from` to 0 lasting `durationMs`. */
export function scrollPositionAt(from: number, elapsedMs: number, durationMs = SCROLL_TOP_MS): number {
  if (elapsedMs >= durationMs) return 0;
  return Math.round(from * (1 - easeInOutCubic(elapsedMs / durationMs)));
}

/**
 * Scrolls the window to the top smoothly in `durationMs` using requestAnimationFrame; jumps at once
 * when the user prefers reduced motion. Resolves when done.
 */
export function scrollToTop(durationMs = SCROLL_TOP_MS): Promise<void> {
  const from = window.scrollY;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduce || from <= 0) {
    window.scrollTo(0, 0);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const start = performance.now();
    const step = (now: number) => {
      const y = scrollPositionAt(from, now - start, durationMs);
      window.scrollTo(0, y);
      if (y > 0) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
