import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { AppModule } from '../src/app.module.js';
import { configureApp } from '../src/app.setup.js';
import { loadConfig } from '../src/config/app-config.js';
import { runMigrations } from '../src/database/data-source.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/database/embedded-postgres.js';

/** Applications the admin console is measured at (issue 5: "must stay fast at 10,000 applications"). */
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 10_000);
const CALLS = 20;
const ADMIN_PASSWORD = 'bench-password-123';

/**
 * Inserts APPLICATIONS applications with their time logs (5 each), form sessions (1 each) and payments
 * (one per submitted or complete application, a declined attempt for every tenth) in a few SQL
 * statements (generate_series), spread over 8 programs, 4 semesters, both genders, every status,
 * step and payment status, and the last 180 days.
 */
async function seed(url: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('BEGIN');
    await db.query(
      `
      INSERT INTO applications (email, first_name, last_name, gender, program, field_of_interest, semester, location, status,
                                step_reached, payment_status, answers, created_at, updated_at, submitted_at, completed_at, certified_at)
      SELECT 'applicant' || g || '@example.com',
             (ARRAY['Chana','Leah','Rivka','Sara','Miriam','Dina','Esther','Malka'])[1 + g % 8],
             (ARRAY['Cohen','Levi','Goldberg','Friedman','Klein','Weiss','Stern','Katz','Schwartz','Rosen'])[1 + (g / 8) % 10] || g,
             CASE WHEN g % 3 = 0 THEN 'Male' ELSE 'Female' END,
             (ARRAY['underGraduate','graduate','graduate','postGraduate','preRequisite','underGraduate','graduate','underGraduate'])[1 + g % 8],
             (ARRAY['BA in Psychology','MSW','MBA','ABA Advance Certificate','Medical Prereq Courses','BS Accounting','MS Education','Legal Studies'])[1 + g % 8],
             (ARRAY['Spring 2026','Summer 2026','Fall 2026','Fall 2025'])[1 + g % 4],
             (ARRAY['Boro Park','Online','Monsey','Lakewood'])[1 + g % 4],
             s.status, s.step, s.payment,
             jsonb_build_object('dateOfBirth', '05/17/2001', 'maritalStatus', 'Single', 'howHeard', 'Friend'),
             now() - (g % 180) * interval '1 day' - (g % 1440) * interval '1 minute',
             now() - (g % 30) * interval '1 day',
             CASE WHEN s.status IN ('submitted','complete') THEN now() - (g % 90) * interval '1 day' END,
             CASE WHEN s.status = 'complete' THEN now() - (g % 60) * interval '1 day' END,
             CASE WHEN s.step = 8 THEN now() - (g % 90) * interval '1 day' END
      FROM generate_series(1, $1) AS g
      CROSS JOIN LATERAL (
        SELECT CASE WHEN g % 10 < 6 THEN 'draft' WHEN g % 10 < 8 THEN 'submitted' WHEN g % 10 < 9 THEN 'complete' ELSE 'withdrawn' END AS status,
               CASE WHEN g % 10 BETWEEN 6 AND 8 THEN 8 ELSE 1 + g % 7 END AS step,
               CASE WHEN g % 10 BETWEEN 6 AND 8 THEN (CASE WHEN g % 20 = 7 THEN 'Waived' ELSE 'Paid' END)
                    WHEN g % 10 = 5 THEN 'Declined' ELSE 'Unpaid' END AS payment
      ) AS s`,
      [APPLICATIONS],
    );
    await db.query(`
      INSERT INTO time_logs (application_id, step, duration, created_at)
      SELECT a.id, (ARRAY['personal','family','education','employment','prerequisites','references','review','payment'])[st],
             round((20 + (abs(hashtext(a.id::text || st)) % 600) + random() * 60)::numeric, 4), a.created_at + st * interval '5 minutes'
      FROM applications a CROSS JOIN generate_series(1, 5) AS st`);
    await db.query(`
      INSERT INTO sessions (id, start_time, last_activity_time, end_time, parent_module, parent_id)
      SELECT 'bench-' || row_number() OVER (), now() - interval '40 minutes',
             CASE WHEN row_number() OVER () % 50 = 0 THEN now() - interval '5 minutes' ELSE now() - interval '2 hours' END,
             CASE WHEN row_number() OVER () % 3 = 0 THEN now() - interval '1 hour' END,
             'application', a.id::text
      FROM applications a`);
    await db.query(`
      INSERT INTO payments (application_id, request_id, amount_cents, late_fee_cents, discount_cents, total_cents, status, gateway, invoice_number, account_number, created_at)
      SELECT a.id, 'bench-' || a.id, 15000, 15000, 0,
             CASE WHEN a.payment_status = 'Waived' THEN 0 ELSE 30000 END,
             CASE WHEN a.payment_status = 'Waived' THEN 'waived' ELSE 'approved' END,
             'fake', 'INV-' || a.reference_number, 'XXXX1111', a.submitted_at
      FROM applications a WHERE a.status IN ('submitted', 'complete')`);
    await db.query(`
      INSERT INTO payments (application_id, request_id, amount_cents, late_fee_cents, discount_cents, total_cents, status, gateway, invoice_number, account_number, created_at)
      SELECT a.id, 'bench-declined-' || a.id, 15000, 15000, 0, 30000, 'declined', 'fake', 'INV-' || a.reference_number, 'XXXX0002', a.created_at
      FROM applications a WHERE a.payment_status = 'Declined' OR a.reference_number % 10 = 0`);
    await db.query('COMMIT');
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
}

/** p50 and p95 of `CALLS` sequential calls (ms). */
async function timeCalls(name: string, call: () => Promise<Response>): Promise<void> {
  const latencies: number[] = [];
  await (await call()).arrayBuffer(); // warm-up
  for (let i = 0; i < CALLS; i += 1) {
    const t0 = performance.now();
    const response = await call();
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)].toFixed(1);
  console.log(`  ${name}: p50 ${pct(50)} ms, p95 ${pct(95)} ms (${CALLS} calls)`);
}

/**
 * `npm run bench` (admin part): the admin console at APPLICATIONS applications. Seeds them in SQL,
 * then times the first page of the filtered, sorted applications list, a search, and the Dashboard
 * Home figures, and prints what the figures show. Uses DATABASE_URL (a fresh database on it, dropped
 * afterwards) or an embedded PostgreSQL in a temporary folder. Asserts nothing.
 */
async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-admin-bench-'));
  let embedded: EmbeddedDatabase | undefined;
  let url: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `portal_bench_${randomBytes(4).toString('hex')}`;
    const server = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await server.connect();
    await server.query(`CREATE DATABASE ${name}`);
    await server.end();
    const target = new URL(process.env.DATABASE_URL);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    embedded = await startEmbeddedPostgres(dir);
    url = embedded.url;
  }
  try {
    await runMigrations(url);
    let t0 = performance.now();
    await seed(url);
    console.log(
      `Admin console at ${APPLICATIONS.toLocaleString('en-US')} applications (seeded with time logs, sessions, payments in ${(performance.now() - t0).toFixed(0)} ms):`,
    );

    const config = loadConfig({
      NODE_ENV: 'development', // production refuses the fake payment gateway
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      ADMIN_PASSWORD,
      RATE_LIMIT_PER_MINUTE: '1000000',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
    });
    const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, url), { logger: ['error'] });
    configureApp(app, config);
    await app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}/api`;
    const login = (await (
      await fetch(`${base}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: config.ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      })
    ).json()) as { token: string };
    const headers = { authorization: `Bearer ${login.token}` };
    const get = (path: string) => () => fetch(`${base}${path}`, { headers });
    const q = (o: Record<string, unknown>) =>
      Object.entries(o)
        .map(([k, v]) => `${k}=${encodeURIComponent(JSON.stringify(v))}`)
        .join('&');

    const firstPage = `/admin/applications?${q({ filter: { status: 'draft', semester: 'Spring 2026' }, sort: ['lastName', 'ASC'], range: [0, 24] })}`;
    const total = (await get(firstPage)()).headers.get('content-range');
    await timeCalls(`GET /api/admin/applications first page, status+semester filter, sorted by lastName (${total})`, get(firstPage));
    await timeCalls(
      'GET /api/admin/applications newest first, unfiltered',
      get(`/admin/applications?${q({ sort: ['createdAt', 'DESC'], range: [0, 24] })}`),
    );
    await timeCalls(
      'GET /api/admin/applications search q="goldberg12"',
      get(`/admin/applications?${q({ filter: { q: 'goldberg12' }, range: [0, 24] })}`),
    );
    await timeCalls('GET /api/admin/stats', get('/admin/stats'));
    t0 = performance.now();
    const csv = await (await get('/admin/applications/export.csv')()).text();
    console.log(
      `  GET /api/admin/applications/export.csv (all rows): ${(performance.now() - t0).toFixed(0)} ms, ${csv.split('\n').length - 2} rows, ${(csv.length / 1024).toFixed(0)} KiB`,
    );

    const stats = (await (await get('/admin/stats')()).json()) as {
      total: number;
      byStatus: Record<string, number>;
      bySemester: Record<string, number>;
      byProgram: Record<string, number>;
      funnel: { step: number; reached: number }[];
      timePerStep: { step: string; count: number; medianSeconds: number; p90Seconds: number }[];
      activeSessions: number;
      payments: { attempts: number; collected: number; approved: number; waived: number };
    };
    console.log(`  stats: ${stats.total} applications; by status ${JSON.stringify(stats.byStatus)}`);
    console.log(`         by semester ${JSON.stringify(stats.bySemester)}; ${Object.keys(stats.byProgram).length} programs`);
    console.log(`         funnel ${stats.funnel.map((f) => `${f.step}:${f.reached}`).join(' ')}`);
    console.log(
      `         time per step (median/p90 s) ${stats.timePerStep.map((s) => `${s.step} ${s.medianSeconds}/${s.p90Seconds}`).join(', ')}`,
    );
    console.log(
      `         active sessions ${stats.activeSessions}; payments ${stats.payments.attempts} attempts, ${stats.payments.approved} approved ($${stats.payments.collected.toLocaleString('en-US')}), ${stats.payments.waived} waived`,
    );
    await app.close();
  } finally {
    await embedded?.stop();
    await dropDatabase?.();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
