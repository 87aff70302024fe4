import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger as PinoLogger } from 'nestjs-pino';
import type { Server } from 'node:http';
import { performance } from 'node:perf_hooks';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { gracefulShutdown, trackInFlight } from './common/lifecycle/graceful-shutdown.js';
import { shutdownTracing } from './common/tracing/tracing-shutdown.js';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config.js';
import { runMigrations } from './database/data-source.js';
import type { EmbeddedDatabase } from './database/embedded-postgres.js';
import { DemoDataService } from './modules/demo/demo-data.service.js';
import { codeCache } from './bundle/code-cache.js';
import { bootstrapLogger } from './modules/observability/logging.options.js';

/** The embedded PostgreSQL of this process, if one was started (stopped on shutdown and on a failed boot). */
let embedded: EmbeddedDatabase | undefined;

/**
 * Starts the portal: validates the configuration, starts the embedded PostgreSQL when no
 * DATABASE_URL is set (the library is loaded only then), applies migrations, boots the API and the two
 * front ends, and on SIGTERM/SIGINT shuts down gracefully (readiness 503 first, in-flight requests
 * finish, jobs and pools close, embedded database stopped, exit 0).
 *
 * With `--production` (what `npm run start:prod` passes) it refuses any NODE_ENV but `production`
 * unless ALLOW_NON_PRODUCTION=true, and always says which mode it runs in.
 */
async function bootstrap(): Promise<void> {
  // performance.now() counts from the process's start: up to here Node started and loaded the code.
  const loaded = performance.now();
  const logger = new Logger('Bootstrap');
  let config: AppConfig;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee .env.example for every setting.\n`);
      process.exit(1);
    }
    throw error;
  }
  // Until the app's pino logger takes over: pino too, in the same shape and format (one schema from the first line).
  Logger.overrideLogger(bootstrapLogger(config));
  if (process.argv.includes('--production') && config.NODE_ENV !== 'production' && !config.ALLOW_NON_PRODUCTION) {
    process.stderr.write(
      `start:prod refuses NODE_ENV=${config.NODE_ENV}: set NODE_ENV=production, or ALLOW_NON_PRODUCTION=true to run ` +
        `the built server in ${config.NODE_ENV} mode (demo data${config.DEMO_DATA ? ' on' : ' off'}, ${config.PAYMENT_GATEWAY} card gateway).\n`,
    );
    process.exit(1);
  }
  logger.log(`Mode: NODE_ENV=${config.NODE_ENV}, card gateway ${config.PAYMENT_GATEWAY}, demo data ${config.DEMO_DATA ? 'on' : 'off'}`);
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    logger.log(`No DATABASE_URL: starting the embedded PostgreSQL in ${config.DATA_DIR}/postgres`);
    const { startEmbeddedPostgres } = await import('./database/embedded-postgres.js');
    embedded = await startEmbeddedPostgres(config.DATA_DIR);
    databaseUrl = embedded.url;
  }
  const applied = await runMigrations(databaseUrl);
  if (applied.length) logger.log(`Applied migrations: ${applied.join(', ')}`);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), { bufferLogs: true });
  const appLogger = app.get(PinoLogger);
  app.useLogger(appLogger);
  configureApp(app, config);
  const inFlight = trackInFlight(app.getHttpServer() as Server);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    let code = 0;
    try {
      // Ctrl-C in a terminal needs no drain delay: no load balancer is watching readiness.
      await gracefulShutdown(app, inFlight, {
        signal,
        logger: appLogger,
        drainDelayMs: signal === 'SIGINT' ? 0 : config.SHUTDOWN_DRAIN_DELAY_MS,
        graceMs: config.SHUTDOWN_GRACE_MS,
      });
    } catch (error) {
      appLogger.error(error instanceof Error ? (error.stack ?? error.message) : String(error), 'Shutdown');
      code = 1;
    }
    await embedded?.stop().catch((e) => appLogger.error(e));
    await shutdownTracing();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen(config.PORT, config.HOST);
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  await app.get(DemoDataService).seed(url);
  const cache = codeCache();
  logger.log(
    `Admissions portal ready in ${seconds(performance.now())} s (code loaded in ${seconds(loaded)} s, then ${seconds(performance.now() - loaded)} s to start` +
      `${cache ? `; code cache ${cache.state}` : ''})\n` +
      `  Applicants:  ${url}/\n  Admin:       ${url}/admin/  (${config.ADMIN_EMAIL})\n  API docs:    ${url}/api/docs`,
  );
  // the code compiled up to ready, for the next start (issue 12); a failure costs only that start's speed
  const failed = await cache?.save();
  if (failed) logger.warn(`Code cache not saved in ${config.DATA_DIR}: ${failed.message}`);
}

/** Milliseconds as seconds with two decimals. */
function seconds(ms: number): string {
  return (ms / 1000).toFixed(2);
}

bootstrap().catch(async (error: unknown) => {
  new Logger('Bootstrap').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
