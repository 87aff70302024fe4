import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../src/app.module.js';
import { configureApp } from '../src/app.setup.js';
import { benchConfig } from './bench-config.js';
import { serveCpuQueries } from './twins.js';

/**
 * Child process of `npm run bench` (ratios.ts): boots the whole portal exactly as production does
 * (same module graph, same `configureApp`) on DATABASE_URL (migrations already applied by the parent),
 * listens on an ephemeral loopback port, and tells the parent `{ ready: port }` over IPC. Answers
 * `'cpu'` messages with its CPU time so the parent can compute CPU per request.
 */
async function main(): Promise<void> {
  const url = process.env.DATABASE_URL!;
  const config = benchConfig(process.env.BENCH_DATA_DIR!, { DATABASE_URL: url });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, url), { logger: ['error'] });
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  serveCpuQueries();
  // under `node --cpu-prof` (inherited from the parent), end normally on SIGTERM so the profile is written
  if (process.execArgv.some((a) => a.startsWith('--cpu-prof'))) process.once('SIGTERM', () => process.exit(0));
  process.send!({ ready: (app.getHttpServer().address() as { port: number }).port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
