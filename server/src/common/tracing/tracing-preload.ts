/**
 * OpenTelemetry tracing, opt-in through the standard `OTEL_*` variables (issue 14). Preloaded before the
 * app (`node --import ./dist/server/src/common/tracing/tracing-preload.js dist/server/src/main.js`, as
 * `npm start`, `npm run start:prod` and the image do), so the loader hooks are in place before any
 * instrumented module (http, express, pg) is loaded.
 *
 * Without OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT or an OTEL_TRACES_EXPORTER other
 * than `none`, it loads nothing at all (start-up time, issue 12); OTEL_SDK_DISABLED=true turns it off too.
 */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporter) return exporter !== 'none';
  return !!(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

if (tracingWanted(process.env)) {
  const { startTracing } = await import('./tracing-sdk.js');
  await startTracing();
}
