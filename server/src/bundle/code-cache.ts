/**
 * Where `bundle-loader.ts`, when it ran the server bundle, leaves its code cache's state and the way to
 * save it (issue 12: start-up to ready ≤ 1.5 s). Read by the bundle's bootstrap; nothing is there when the
 * separate files run (tests, traced processes).
 */
export const CODE_CACHE = Symbol.for('admissions-portal.codeCache');

/**
 * The code cache of this process: `hit` (V8 took the cached code), `miss` (none for this build, Node and
 * architecture yet), `rejected` (V8 refused it, e.g. other V8 flags), or `off` (`CODE_CACHE=false`).
 */
export type CodeCacheState = 'hit' | 'miss' | 'rejected' | 'off';

/** What the loader leaves under {@link CODE_CACHE}. */
export interface CodeCacheHandle {
  state: CodeCacheState;
  /**
   * Writes the code V8 has compiled so far to the cache, once, when this start found none usable (`miss`,
   * `rejected`); never throws (a failure is returned).
   */
  save(): Promise<Error | undefined>;
}

/** The loader's handle, or undefined when the server runs from its separate files. */
export function codeCache(): CodeCacheHandle | undefined {
  return (globalThis as Record<symbol, CodeCacheHandle | undefined>)[CODE_CACHE];
}
