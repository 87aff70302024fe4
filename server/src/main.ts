import 'reflect-metadata';
import { Logger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { performance } from 'node:perf_hooks';
import { AppModule } from './app.module.js';
import { configureApp } from './app.setup.js';
import { ConfigError, loadConfig, type AppConfig } from './config/app-config.js';
import { runMigrations } from './database/data-source.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded-postgres.js';
import { DemoDataService } from './modules/demo/demo-data.service.js';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** The embedded PostgreSQL of this process, if one was started (stopped on shutdown and on a failed boot). */
let embedded: EmbeddedDatabase | undefined;

/**
 * Starts the portal: validates the configuration, starts the embedded PostgreSQL when no
 * DATABASE_URL is set, applies migrations, boots the API and the two front ends, and stops cleanly
 * (embedded database included) on SIGINT/SIGTERM.
 */
async function bootstrap(): Promise<void> {
  const started = performance.now();
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
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    logger.log(`No DATABASE_URL: starting the embedded PostgreSQL in ${config.DATA_DIR}/postgres`);
    embedded = await startEmbeddedPostgres(config.DATA_DIR);
    databaseUrl = embedded.url;
  }
  const applied = await runMigrations(databaseUrl);
  if (applied.length) logger.log(`Applied migrations: ${applied.join(', ')}`);

  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, databaseUrl), {
    logger: LEVELS.slice(0, LEVELS.indexOf(config.LOG_LEVEL) + 1),
  });
  configureApp(app, config);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: shutting down`);
    await app.close().catch((e) => logger.error(e));
    await embedded?.stop().catch((e) => logger.error(e));
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen(config.PORT, config.HOST);
  const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  await app.get(DemoDataService).seed(url);
  logger.log(
    `Admissions portal ready in ${((performance.now() - started) / 1000).toFixed(1)} s\n` +
      `  Applicants:  ${url}/\n  Admin:       ${url}/admin/  (${config.ADMIN_EMAIL})\n  API docs:    ${url}/api/docs`,
  );
}

bootstrap().catch(async (error: unknown) => {
  new Logger('Bootstrap').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  await embedded?.stop().catch(() => undefined);
  process.exit(1);
});
