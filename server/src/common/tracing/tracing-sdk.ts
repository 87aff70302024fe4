import { register } from 'node:module';
import { createAddHookMessageChannel } from 'import-in-the-middle';
import { TRACING_SHUTDOWN } from './tracing-shutdown.js';

/**
 * Starts the OpenTelemetry Node SDK (loaded only when tracing is wanted, see `tracing-preload.ts`): the ESM
 * loader hook of `import-in-the-middle` (the app is ESM; Node 20 has no synchronous hooks), then the SDK
 * with the HTTP (server and client), Express and PostgreSQL (`pg`) instrumentations. Everything else comes
 * from the standard variables, read by the SDK itself: OTEL_SERVICE_NAME (default `admissions-portal`),
 * OTEL_EXPORTER_OTLP_ENDPOINT / OTEL_EXPORTER_OTLP_TRACES_ENDPOINT (OTLP over HTTP), OTEL_TRACES_EXPORTER,
 * OTEL_TRACES_SAMPLER(_ARG), OTEL_RESOURCE_ATTRIBUTES, OTEL_BSP_* and OTEL_PROPAGATORS. The server's
 * graceful shutdown flushes the spans still buffered ({@link TRACING_SHUTDOWN}).
 */
export async function startTracing(): Promise<void> {
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, registerOptions);

  const [{ NodeSDK }, { HttpInstrumentation }, { ExpressInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  process.env.OTEL_SERVICE_NAME ??= 'admissions-portal';
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => request.url === '/metrics' }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  await waitForAllMessagesAcknowledged();
  (globalThis as Record<symbol, unknown>)[TRACING_SHUTDOWN] = () => sdk.shutdown();
}
