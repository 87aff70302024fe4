/** Where the tracing SDK, when started, leaves its shutdown (flushes buffered spans); see `tracing-sdk.ts`. */
export const TRACING_SHUTDOWN = Symbol.for('admissions-portal.tracing.shutdown');

/** Longest wait for the last spans to be exported at exit (ms). */
const FLUSH_LIMIT_MS = 2_000;

/** Flushes and stops tracing when it runs (at most 2 s); nothing to do, and nothing loaded, when it does not. */
export async function shutdownTracing(): Promise<void> {
  const shutdown = (globalThis as Record<symbol, unknown>)[TRACING_SHUTDOWN];
  if (typeof shutdown !== 'function') return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    (shutdown as () => Promise<void>)().catch(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, FLUSH_LIMIT_MS))),
  ]);
  clearTimeout(timer);
}
