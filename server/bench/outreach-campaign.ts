import 'reflect-metadata';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { NestFactory } from '@nestjs/core';
import { DateTime } from 'luxon';
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { AppModule } from '../src/app.module.js';
import { configureApp } from '../src/app.setup.js';
import { runMigrations } from '../src/database/data-source.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/database/embedded-postgres.js';
import { benchConfig, startBenchApplication, type BenchApplication } from './bench-config.js';
import { serveCpuQueries } from './twins.js';

/**
 * `npm run bench:campaign` (issue 30, "Speed"): a campaign of BENCH_CAMPAIGN_MESSAGES (default 10,000) messages to
 * an SMTP sink (a real SMTP server on loopback, in a process of its own, counting deliveries per recipient and
 * Message-ID) while BENCH_SAVE_CONNECTIONS (default 32) clients autosave their own drafts (PATCH
 * /api/applications/:id, each carrying the version the last answer gave; BENCH_SAVE_RATE saves a second each,
 * default 1, 0 for as fast as answered), against one portal process on one PostgreSQL (BENCH_DATABASE_URL,
 * else an embedded one). In one run, after BENCH_WARMUP s (default 5): BENCH_SECONDS s (default 30) of saves with
 * no campaign; then the campaign (throttled to BENCH_CAMPAIGN_PER_MINUTE, default 3,000; SMTP connections pooled)
 * sends for BENCH_WINDOW s (default 10), is paused for as long, and so on in turn until it is done (so the
 * machine's drift weighs on both sides alike); then BENCH_SECONDS s without again. Each save's latency counts
 * for the phase it started in (the second after each switch is left out). Prints the campaign's sending time,
 * the messages and duplicates the sink counted, the save's p50/p99 with and without the campaign and their
 * ratio (and each window's p99: this machine's neighbours move a single window's), and per side the portal's
 * event-loop delay, its GC time, the machine's busy CPU share (/proc/stat) and the CPU of the portal, PostgreSQL,
 * the sink and the clients (/proc/<pid>/stat). Asserts nothing: compare the ratios of one run, never absolute figures across machines.
 */

const MESSAGES = Number(process.env.BENCH_CAMPAIGN_MESSAGES ?? 10_000);
const PER_MINUTE = Number(process.env.BENCH_CAMPAIGN_PER_MINUTE ?? 3_000);
const CONNECTIONS = Number(process.env.BENCH_SAVE_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/**
 * Saves a second per client: 1 by default, as the applicant app saves a second after typing stops (a client typing
 * all the time saves once a second); 0: each client saves again as soon as the last save answered (the server saturated).
 */
const SAVE_RATE = Number(process.env.BENCH_SAVE_RATE ?? 1);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
/** Seconds of each window with the campaign sending, and of each with it paused, in turn until it is done. */
const WINDOW = Number(process.env.BENCH_WINDOW ?? 10);
const ADMIN_PASSWORD = 'bench-password-123';
const DOMAIN = 'campaign.bench';
const here = fileURLToPath(import.meta.url);

/** Milliseconds of garbage collection so far in this process (a PerformanceObserver's running sum). */
let gcTotal = 0;
const gcMs = () => gcTotal;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcTotal += entry.duration;
}).observe({ entryTypes: ['gc'] });

/** Child: the portal, booted as production boots it, with the sink as SMTP server (pooled) and the campaign job on. */
async function server(): Promise<void> {
  const url = process.env.DATABASE_URL!;
  const config = benchConfig(process.env.BENCH_DATA_DIR!, {
    DATABASE_URL: url,
    ADMIN_PASSWORD,
    SMTP_URL: `${process.env.BENCH_SMTP_URL!}?pool=true`,
    PUBLIC_URL: 'https://portal.example.edu',
    JOBS_POLL_SECONDS: '0.5',
    OUTREACH_CAMPAIGN_INTERVAL_SECONDS: '1',
    OUTREACH_RULES_INTERVAL_SECONDS: '0',
    ...(process.env.OUTREACH_CAMPAIGN_CONCURRENCY ? { OUTREACH_CAMPAIGN_CONCURRENCY: process.env.OUTREACH_CAMPAIGN_CONCURRENCY } : {}),
  });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, url), { logger: ['error'] });
  configureApp(app, config);
  await app.listen(0, '127.0.0.1');
  serveCpuQueries();
  // the event loop's delay (1 ms resolution), read and reset by the parent at each phase switch
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  process.on('message', (message) => {
    if (message !== 'delay') return;
    process.send!({ delay: { p99: delay.percentile(99) / 1e6, max: delay.max / 1e6, gcMs: gcMs() } });
    delay.reset();
  });
  // under --cpu-prof, end normally on SIGTERM so that the profile is written
  if (process.execArgv.some((a) => a.startsWith('--cpu-prof'))) process.once('SIGTERM', () => process.exit(0));
  process.send!({ ready: (app.getHttpServer().address() as { port: number }).port });
}

/** Child: the SMTP sink. Counts deliveries and Message-IDs per recipient (headers read, bodies skipped); answers `'stats'`. */
async function sink(): Promise<void> {
  const byRecipient = new Map<string, Set<string>>();
  let deliveries = 0;
  /** Deliveries to the campaign's recipients (the drafts' own start e-mails are not counted). */
  let campaignDeliveries = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192 && !head.includes('\r\n\r\n')) head += chunk.toString('latin1');
      });
      stream.on('end', () => {
        const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `none-${deliveries}`;
        for (const { address } of session.envelope.rcptTo) {
          const to = address.toLowerCase();
          byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(id));
          if (to.endsWith(`@${DOMAIN}`)) campaignDeliveries += 1;
        }
        deliveries += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  process.on('message', (message) => {
    if (message !== 'stats') return;
    const campaign = [...byRecipient].filter(([to]) => to.endsWith(`@${DOMAIN}`));
    process.send!({
      stats: {
        deliveries: campaignDeliveries,
        recipients: campaign.length,
        messageIds: campaign.reduce((n, [, ids]) => n + ids.size, 0),
      },
    });
  });
  process.send!({ ready: (smtp.server.address() as { port: number }).port });
}

interface Child {
  process: ChildProcess;
  port: number;
}

async function startChild(mode: string, env: Record<string, string>): Promise<Child> {
  // BENCH_PROFILE_DIR: a CPU profile of the portal process is written there (node --cpu-prof)
  const profile =
    mode === '--server' && process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = fork(here, [mode], {
    env: { ...process.env, ...env },
    execArgv: [...process.execArgv, ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} exited with ${code}`)));
    child.on('message', (m: { ready?: number }) => m.ready && resolve(m.ready));
  });
  return { process: child, port };
}

/** Asks a child for something over IPC and waits for the answer's `key`. */
function ask<T>(child: Child, message: string, key: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: Record<string, unknown>) => {
      if (!(key in m)) return;
      child.process.off('message', onMessage);
      resolve(m[key] as T);
    };
    child.process.on('message', onMessage);
    child.process.send(message);
  });
}

/** A phase of the run: warming up, saves without a campaign sending, saves while it sends, or settling after a switch. */
type Phase = 'warmup' | 'without' | 'with' | 'settle';

/** Save latencies (ms) by phase, and by window of each side (1, 2, …), and the saves that failed. */
interface Saves {
  latencies: Record<Phase, number[]>;
  /**
   * The latencies of the saves started in each window of a side, in order: `with` the windows the campaign sent in
   * (the first claims the audience), `without` the windows before, between and after.
   */
  byWindow: Record<'with' | 'without', number[][]>;
  failed: number;
}

/**
 * Autosaving clients, one per draft, each saving every 1 / SAVE_RATE s (at once after the last answer when 0)
 * with the version the previous answer gave; each save's latency is filed under the phase it started in.
 * @returns the samples, and a function that stops the clients
 */
async function autosave(
  base: string,
  db: pg.Client,
  drafts: BenchApplication[],
  phase: () => Phase,
  window: (side: 'with' | 'without') => number,
): Promise<{ saves: Saves; stop: () => Promise<void> }> {
  const versions = new Map(
    (
      await db.query<{ id: string; version: number }>('SELECT id, version FROM applications WHERE id = ANY($1)', [drafts.map((d) => d.id)])
    ).rows.map((r) => [r.id, r.version]),
  );
  const saves: Saves = { latencies: { warmup: [], without: [], with: [], settle: [] }, byWindow: { with: [], without: [] }, failed: 0 };
  let running = true;
  const interval = SAVE_RATE > 0 ? 1000 / SAVE_RATE : 0;
  const client = async (draft: BenchApplication, index: number) => {
    let version = versions.get(draft.id)!;
    // spread the clients over the interval, as people typing are
    await new Promise((resolve) => setTimeout(resolve, (interval * index) / drafts.length));
    while (running) {
      const label = phase();
      const side = label === 'with' || label === 'without' ? label : null;
      const sideWindow = side ? window(side) : 0;
      const started = performance.now();
      try {
        const response = await fetch(`${base}/api/applications/${draft.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', 'x-application-token': draft.token },
          body: JSON.stringify({ version, contactName: `Bench ${version}`, maritalStatus: 'Single', stepReached: '2' }),
        });
        const body = await response.text();
        const match = /"version":(\d+)/.exec(body);
        if (match) version = Number(match[1]);
        if (response.ok) {
          saves.latencies[label].push(performance.now() - started);
          if (side) (saves.byWindow[side][sideWindow - 1] ??= []).push(performance.now() - started);
        } else saves.failed += 1;
      } catch {
        saves.failed += 1;
      }
      const wait = started + interval - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  const clients = drafts.map((draft, index) => client(draft, index));
  return {
    saves,
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}

/** The `p`th percentile of `xs` (nearest rank). */
function percentile(xs: number[], p: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The machine's CPU time so far (clock ticks, all cores, from Linux's /proc/stat): busy and total. Zeros where
 * there is no /proc/stat (the busy share then prints as "n/a").
 */
function cpuTicks(): { busy: number; total: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/**
 * CPU time so far (clock ticks, user + system) of the portal, the SMTP sink, this process (the autosave clients)
 * and every `postgres` process on the machine (the embedded server's, or the one at BENCH_DATABASE_URL when it runs
 * here; with its backends that exited), from Linux's /proc/<pid>/stat: where the campaign's CPU goes. Zeros where there is no /proc.
 */
function processTicks(pids: { portal: number; sink: number }): Record<CpuConsumer, number> {
  /** @param children also count the CPU of its children that ended (the postmaster's backends that exited) */
  const ticksOf = (pid: number | string, children = false): { comm: string; ticks: number } | null => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // fields[0] is the state (field 3): utime and stime are fields 14 and 15, cutime and cstime 16 and 17
      return { comm, ticks: Number(fields[11]) + Number(fields[12]) + (children ? Number(fields[13]) + Number(fields[14]) : 0) };
    } catch {
      return null;
    }
  };
  let postgres = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = ticksOf(entry, true);
      if (stat?.comm === 'postgres') postgres += stat.ticks;
    }
  } catch {
    // no /proc
  }
  return {
    portal: ticksOf(pids.portal)?.ticks ?? 0,
    sink: ticksOf(pids.sink)?.ticks ?? 0,
    clients: ticksOf(process.pid)?.ticks ?? 0,
    postgres,
  };
}
/** The processes whose CPU the bench reports per side. */
type CpuConsumer = 'portal' | 'sink' | 'clients' | 'postgres';
const CPU_CONSUMERS: CpuConsumer[] = ['portal', 'postgres', 'sink', 'clients'];

async function parent(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-campaign-bench-'));
  let embedded: EmbeddedDatabase | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const children: Child[] = [];
  try {
    let url: string;
    if (process.env.BENCH_DATABASE_URL) {
      const name = `portal_bench_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      // a diagnosis: BENCH_SYNCHRONOUS_COMMIT=off takes the WAL flush of every commit out of the picture
      if (process.env.BENCH_SYNCHRONOUS_COMMIT)
        await admin.query(
          `ALTER DATABASE ${name} SET synchronous_commit = ${process.env.BENCH_SYNCHRONOUS_COMMIT === 'off' ? 'off' : 'on'}`,
        );
      await admin.end();
      const target = new URL(process.env.BENCH_DATABASE_URL);
      target.pathname = `/${name}`;
      url = target.toString();
      dropDatabase = async () => {
        const drop = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      };
    } else {
      embedded = await startEmbeddedPostgres(dir);
      url = embedded.url;
    }
    await runMigrations(url);
    const smtp = await startChild('--sink', {});
    children.push(smtp);
    const portal = await startChild('--server', {
      DATABASE_URL: url,
      BENCH_DATA_DIR: dir,
      BENCH_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    });
    children.push(portal);
    const base = `http://127.0.0.1:${portal.port}`;
    const db = new pg.Client({ connectionString: url });
    await db.connect();

    const drafts: BenchApplication[] = [];
    for (let i = 0; i < CONNECTIONS; i += 1) drafts.push(await startBenchApplication(`${base}/api`, i));
    await db.query(
      `INSERT INTO applications (email, first_name, last_name, gender, program, field_of_interest, semester, location, offering_id,
                                 status, step_reached, payment_status, answers, locale)
       SELECT 'c' || g || '@${DOMAIN}', 'Ana', 'Ruiz' || g, a.gender, a.program, a.field_of_interest, a.semester, a.location, a.offering_id,
              'draft', 1 + g % 7, 'Unpaid', '{}'::jsonb, (ARRAY['en', 'es', 'zh-CN'])[1 + g % 3]
         FROM generate_series(1, $1) AS g, (SELECT * FROM applications WHERE id = $2) a`,
      [MESSAGES, drafts[0]!.id],
    );
    await db.query('ANALYZE');
    const login = (await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.com', password: ADMIN_PASSWORD }),
      })
    ).json()) as { token: string };
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${login.token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: string };
    };
    const segment = await call('POST', '/admin/segments', { name: 'Bench', filter: { q: `@${DOMAIN}` } });
    const template = await call('POST', '/admin/message-templates', {
      key: 'bench-campaign',
      name: 'Bench campaign',
      kind: 'marketing',
      content: {
        en: {
          subject: 'News for {{firstName}} ({{program}})',
          body: 'Dear {{greetingName}},\n\nNews about {{program}}.\n\n{{continueLink}}',
        },
        es: {
          subject: 'Noticias para {{firstName}}',
          body: 'Estimado/a {{greetingName}}:\n\nNoticias sobre {{program}}.\n\n{{continueLink}}',
        },
        'zh-CN': { subject: '{{firstName}}，您好', body: '{{greetingName}}，您好：\n\n关于{{program}}的消息。\n\n{{continueLink}}' },
      },
    });
    const campaign = await call('POST', '/admin/campaigns', {
      name: 'Bench',
      segmentId: segment.id,
      templateId: template.id,
      sendAt: DateTime.now().setZone('America/New_York').minus({ minutes: 1 }).toFormat("yyyy-MM-dd'T'HH:mm"),
      zone: 'office',
      perMinute: PER_MINUTE,
    });

    console.log(
      `Campaign of ${MESSAGES.toLocaleString('en-US')} messages (throttle ${PER_MINUTE.toLocaleString('en-US')}/min, SMTP pooled) ` +
        `while ${CONNECTIONS} clients autosave (${SAVE_RATE > 0 ? `${SAVE_RATE} save/s each` : 'each as fast as the server answers'}); ` +
        `windows of ${WINDOW} s with the campaign sending and paused in turn:`,
    );
    const status = async () =>
      (await db.query(`SELECT status FROM outreach_campaigns WHERE id = $1`, [campaign.id])).rows[0].status as string;
    let phase: Phase = 'warmup';
    /** The portal's event-loop delay (p99, max) and GC time, per phase window. */
    const noTicks = (): Record<CpuConsumer, number> => ({ portal: 0, sink: 0, clients: 0, postgres: 0 });
    const loop: Record<
      'with' | 'without',
      { p99: number[]; max: number; gcMs: number; busy: number; total: number; seconds: number; processes: Record<CpuConsumer, number> }
    > = {
      with: { p99: [], max: 0, gcMs: 0, busy: 0, total: 0, seconds: 0, processes: noTicks() },
      without: { p99: [], max: 0, gcMs: 0, busy: 0, total: 0, seconds: 0, processes: noTicks() },
    };
    const pids = { portal: portal.process.pid!, sink: smtp.process.pid! };
    let gcSeen = 0;
    let ticksSeen = cpuTicks();
    let processesSeen = processTicks(pids);
    let switchedAt = Date.now();
    /** How many windows of each side so far (the current one included). */
    const windows = { with: 0, without: 0 };
    const switchTo = async (next: Phase) => {
      const d = await ask<{ p99: number; max: number; gcMs: number }>(portal, 'delay', 'delay');
      const ticks = cpuTicks();
      const processes = processTicks(pids);
      if (phase === 'with' || phase === 'without') {
        loop[phase].seconds += (Date.now() - switchedAt) / 1000;
        for (const name of CPU_CONSUMERS) loop[phase].processes[name] += processes[name] - processesSeen[name];
        loop[phase].p99.push(d.p99);
        loop[phase].max = Math.max(loop[phase].max, d.max);
        loop[phase].gcMs += d.gcMs - gcSeen;
        loop[phase].busy += ticks.busy - ticksSeen.busy;
        loop[phase].total += ticks.total - ticksSeen.total;
      }
      gcSeen = d.gcMs;
      ticksSeen = ticks;
      processesSeen = processes;
      switchedAt = Date.now();
      if (next === 'with' || next === 'without') windows[next] += 1;
      phase = next;
    };
    const load = await autosave(
      base,
      db,
      drafts,
      () => phase,
      (side) => windows[side],
    );
    await sleep(WARMUP * 1000);
    await switchTo('without');
    await sleep(SECONDS * 1000);
    const scheduledAt = Date.now();
    await call('POST', `/admin/campaigns/${campaign.id}/schedule`);
    let paused = 0;
    for (;;) {
      await switchTo('with');
      const windowEnds = Date.now() + WINDOW * 1000;
      while (Date.now() < windowEnds && (await status()) !== 'done') await sleep(100);
      if ((await status()) === 'done') break;
      await call('POST', `/admin/campaigns/${campaign.id}/pause`);
      const pausedAt = Date.now();
      await switchTo('settle'); // messages in flight land
      await sleep(1000);
      await switchTo('without');
      await sleep(WINDOW * 1000);
      await switchTo('settle');
      await call('POST', `/admin/campaigns/${campaign.id}/resume`);
      paused += Date.now() - pausedAt;
      await sleep(1000); // the run starts again
    }
    const wall = (Date.now() - scheduledAt) / 1000;
    await switchTo('without');
    await sleep(SECONDS * 1000);
    await switchTo('settle');
    await load.stop();

    const [times] = (
      await db.query(
        `SELECT min(m.sent_at) AS "firstSent", max(m.sent_at) AS "lastSent", count(*) FILTER (WHERE m.status = 'sent')::int AS sent
           FROM outreach_messages m WHERE m.source_id = $1`,
        [campaign.id],
      )
    ).rows;
    const stats = await ask<{ deliveries: number; recipients: number; messageIds: number }>(smtp, 'stats', 'stats');
    const sending = wall - paused / 1000;
    console.log(
      `  campaign: ${times.sent.toLocaleString('en-US')} sent; from schedule to done ${sending.toFixed(1)} s of sending ` +
        `(${(times.sent / sending).toFixed(0)} messages/s; ${wall.toFixed(1)} s wall with ${(paused / 1000).toFixed(1)} s paused for the comparison windows)`,
    );
    console.log(
      `  sink: ${stats.deliveries.toLocaleString('en-US')} SMTP deliveries to ${stats.recipients.toLocaleString('en-US')} recipients, ` +
        `duplicates ${stats.deliveries - stats.recipients} (recipients with more than one Message-ID: ${stats.messageIds - stats.recipients})`,
    );
    const show = (name: string, xs: number[]) =>
      `  ${name.padEnd(28)} ${xs.length} saves, p50 ${percentile(xs, 50).toFixed(1)} ms, p90 ${percentile(xs, 90).toFixed(1)} ms, ` +
      `p99 ${percentile(xs, 99).toFixed(1)} ms, max ${Math.max(...xs).toFixed(1)} ms`;
    const without = load.saves.latencies.without;
    const during = load.saves.latencies.with;
    console.log(show('autosave without campaign', without));
    console.log(show('autosave during campaign', during));
    for (const side of ['without', 'with'] as const)
      console.log(
        `  portal event loop ${side === 'with' ? 'during campaign ' : 'without campaign'}   delay p99 per window median ` +
          `${percentile(loop[side].p99, 50).toFixed(1)} ms, max ${loop[side].max.toFixed(1)} ms; GC ${(loop[side].gcMs / 1000).toFixed(1)} s; ` +
          `machine CPU busy ${loop[side].total ? `${((100 * loop[side].busy) / loop[side].total).toFixed(0)} %` : 'n/a'}`,
      );
    const perWindow = (side: 'with' | 'without') => load.saves.byWindow[side].map((xs) => percentile(xs, 99));
    for (const side of ['without', 'with'] as const)
      console.log(
        `  autosave p99 per window ${side === 'with' ? 'during campaign (the first claims the audience)' : 'without campaign'}: ` +
          `${perWindow(side)
            .map((p99) => p99.toFixed(0))
            .join(', ')} ms; median ${percentile(perWindow(side), 50).toFixed(1)} ms`,
      );
    // clock ticks are 1/100 s on Linux (USER_HZ): ticks / seconds is the share of one core, in %
    for (const side of ['without', 'with'] as const)
      console.log(
        `  CPU ${side === 'with' ? 'during campaign ' : 'without campaign'} (share of one core): ` +
          CPU_CONSUMERS.map((name) => `${name} ${(loop[side].processes[name] / loop[side].seconds).toFixed(0)} %`).join(', '),
      );
    console.log(
      `  p99 ratio during / without: ${(percentile(during, 99) / percentile(without, 99)).toFixed(2)} ` +
        `(p50 ratio ${(percentile(during, 50) / percentile(without, 50)).toFixed(2)}; ` +
        `ratio of the windows' median p99 ${(percentile(perWindow('with'), 50) / percentile(perWindow('without'), 50)).toFixed(2)}; ` +
        `failed saves ${load.saves.failed})`,
    );
    await db.end();
  } finally {
    for (const child of children) child.process.kill('SIGTERM');
    await embedded?.stop();
    await dropDatabase?.();
    await rm(dir, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
(mode === '--server' ? server() : mode === '--sink' ? sink() : parent()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
