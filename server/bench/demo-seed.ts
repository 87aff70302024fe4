import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { AppModule } from '../src/app.module.js';
import { loadConfig } from '../src/config/app-config.js';
import { runMigrations } from '../src/database/data-source.js';
import { DemoDataService } from '../src/modules/demo/demo-data.service.js';

/**
 * Times the demo data of a fresh development start (DEMO_DATA; README quick start) on a new database of
 * the bench's PostgreSQL: migrations, an app with the fake gateway, then `DemoDataService.seed` alone.
 * Prints the number of applications seeded and the milliseconds it took (three fresh databases, each
 * figure shown, so a busy machine's noise is visible).
 * @param serverUrl `postgres://…/<db>` of the bench's running PostgreSQL
 * @param dataDir a scratch folder for the app's files (documents, e-mails)
 */
export async function benchDemoSeed(serverUrl: string, dataDir: string): Promise<void> {
  const figures: string[] = [];
  for (let run = 1; run <= 3; run += 1) {
    const database = `demo_bench_${run}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database}`);
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    await runMigrations(url.toString());
    const config = loadConfig({
      NODE_ENV: 'development',
      PAYMENT_GATEWAY: 'fake',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: `${dataDir}/demo-${run}`,
      ADMIN_PASSWORD: 'bench-password-123',
      DEMO_DATA: 'true',
      LOG_LEVEL: 'error',
    });
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, url.toString()), { logger: ['error'] });
    await app.init();
    const t0 = performance.now();
    const count = await app.get(DemoDataService).seed('http://localhost:3000');
    figures.push(`${count} applications in ${(performance.now() - t0).toFixed(0)} ms`);
    await app.close();
  }
  console.log(`demo data seed (fresh database, fake gateway): ${figures.join('; ')}`);
}
