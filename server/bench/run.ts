import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { AppModule } from '../src/app.module.js';
import { configureApp } from '../src/app.setup.js';
import { runMigrations } from '../src/database/data-source.js';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';
import { benchConfig, startBenchApplication } from './bench-config.js';
import { benchUploadMemory } from './upload-memory.js';
import { benchDemoSeed } from './demo-seed.js';

/**
 * `npm run bench`: prints figures, asserts nothing. Start-up of the embedded PostgreSQL (cold with
 * initdb, then warm), time from process start to a ready API, and latency/throughput of the hot
 * applicant paths (token check, autosave PATCH, catalogue) over loopback, and the server's memory growth
 * for one and for 20 concurrent 20 MiB uploads (streamed, never held whole).
 * Figures swing on shared machines: compare runs on one machine only.
 */
async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-bench-'));
  try {
    let t0 = performance.now();
    let db = await startEmbeddedPostgres(dir);
    const cold = performance.now() - t0;
    await db.stop();
    t0 = performance.now();
    db = await startEmbeddedPostgres(dir);
    const warm = performance.now() - t0;
    console.log(`embedded PostgreSQL start: cold (initdb) ${cold.toFixed(0)} ms, warm ${warm.toFixed(0)} ms`);

    t0 = performance.now();
    await runMigrations(db.url);
    const config = benchConfig(dir, { RATE_LIMIT_PER_MINUTE: '1000000' });
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, db.url), { logger: ['error'] });
    configureApp(app, config);
    await app.listen(0, '127.0.0.1');
    console.log(`API ready after migrations and seeding: ${(performance.now() - t0).toFixed(0)} ms`);
    const address = app.getHttpServer().address() as { port: number };
    const base = `http://127.0.0.1:${address.port}/api`;

    const started = await startBenchApplication(base);

    let version = started.data.version;
    await measure('GET /api/token/check', 2000, 20, () => fetch(`${base}/token/check?token=${started.token}`));
    await measure('GET /api/programs?gender=female', 2000, 20, () => fetch(`${base}/programs?gender=female`));
    await measure('PATCH /api/applications/:id (autosave, sequential like one applicant)', 500, 1, async () => {
      const response = await fetch(`${base}/applications/${started.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'x-application-token': started.token },
        body: JSON.stringify({ version, contactName: `Name ${version}` }),
      });
      version = ((await response.clone().json()) as { data: { version: number } }).data.version;
      return response;
    });
    await benchUploadMemory(address.port, started.token, started.id, dir);
    await app.close();
    await benchDemoSeed(db.url, dir);
    await db.stop();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Runs `total` requests, `concurrency` at a time, and prints throughput and latency percentiles. */
async function measure(name: string, total: number, concurrency: number, request: () => Promise<Response>): Promise<void> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const t0 = performance.now();
        const response = await request();
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(1);
  console.log(
    `${name}: ${total} requests, concurrency ${concurrency}: ${(total / seconds).toFixed(0)} req/s, ` +
      `p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, failures ${failures}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
