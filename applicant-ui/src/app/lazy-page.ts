/**
 * Lazy route loading with the spec's "page chunk fails to load → page reloads" rule (spec §2, §8),
 * guarded against a reload loop: one reload per 10 s window, remembered in sessionStorage.
 */

/** sessionStorage key holding the time (ms) of the last chunk-failure reload. */
export const CHUNK_RELOAD_KEY = 'chunk-reload-at';

/** Minimum time between two automatic reloads, in ms. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

/** Decides whether a chunk failure may reload now, given the last reload time (ms) and now (ms). */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || Number.isNaN(lastReloadAt) || now - lastReloadAt > CHUNK_RELOAD_WINDOW_MS;
}

/**
 * Wraps a dynamic import: on success returns the module; on failure reloads the page once (the
 * promise then never settles), or rethrows when a reload just happened (the route error page shows).
 */
export async function importWithReload<T>(importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (error) {
    let last: number | null = null;
    try {
      const raw = window.sessionStorage.getItem(CHUNK_RELOAD_KEY);
      last = raw === null ? null : Number(raw);
    } catch {
      /* storage unavailable: fall through and reload once */
    }
    const now = Date.now();
    if (mayReload(last, now)) {
      try {
        window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
      } catch {
        /* ignore */
      }
      window.location.reload();
      return new Promise<T>(() => undefined);
    }
    throw error;
  }
}
