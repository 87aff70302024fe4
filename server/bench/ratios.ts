import autocannon from 'autocannon';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runMigrations } from '../src/database/data-source.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/database/embedded-postgres.js';
import { benchEnv, startBenchApplication } from './bench-config.js';
import type { TwinRoute } from './twins.js';

/**
 * `npm run bench` (issue 12): the portal side by side with bare twins (twins.ts) on one real
 * PostgreSQL (BENCH_DATABASE_URL, else an embedded one in a temporary folder), interleaved over
 * BENCH_ROUNDS rounds (default 3, order alternating) of BENCH_SECONDS seconds (default 3) each, after
 * BENCH_WARMUP seconds (default 3) of the same load on each side, with autocannon. Prints for the step
 * save at 16 and 64 connections (each connection its own application) and for each hot read: req/s, p50/p99 (ms), server CPU per request (ms) and the ratio of the portal's
 * req/s to its twin's, as min/median/max over the rounds, plus the ratio of the twin's CPU per request
 * to the portal's (steadier than req/s when other work shares the machine). Then the first-view bytes of both front ends
 * as served (brotli/gzip accepted), whether any `.map` is served, and start-up time of `main.js` to
 * "ready" on the existing database over BENCH_STARTS starts (default 5), split as the process reports it
 * into loading the code and starting (configuration, Nest's bootstrap, listening). Asserts nothing: figures swing on shared machines, so compare the
 * ratios of one run, never absolute figures across machines.
 */

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
/** Seconds of load each side gets before the measured rounds (JIT, pools, PostgreSQL's caches): a server at work is warm. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const SAVE_CONNECTIONS = (process.env.BENCH_SAVE_CONNECTIONS ?? '16,64').split(',').filter(Boolean).map(Number);
/** How many times `main.js` is started for the start-up figures. */
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const READ_CONNECTIONS = 16;
/** `BENCH_ONLY=save` runs the step save alone (no hot reads, first views or start-up); `reads` the hot reads alone. */
const ONLY = process.env.BENCH_ONLY ?? '';
/** The hot reads, as requested by the applicant app. */
const HOT_READS = (process.env.BENCH_READS ?? '/api/maintenance/check,/api/dropdowns,/api/programs?gender=female,/api/config,/api/advisory')
  .split(',')
  .filter(Boolean)
  .filter(() => ONLY !== 'save');

interface Child {
  process: ChildProcess;
  port: number;
}

interface Sample {
  rps: number;
  p50: number;
  p99: number;
  cpuMs: number;
  non2xx: number;
}

async function startChild(script: string, args: string[], env: Record<string, string>, message?: unknown): Promise<Child> {
  const child = fork(join(here, script), args, { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  if (message !== undefined) child.send(message as never);
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} ${args.join(' ')} exited with ${code}`)));
    child.on('message', (m: { ready?: number }) => m.ready && resolve(m.ready));
  });
  return { process: child, port };
}

function cpuOf(child: Child): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: { cpu?: NodeJS.CpuUsage }) => {
      if (!m.cpu) return;
      child.process.off('message', onMessage);
      resolve((m.cpu.user + m.cpu.system) / 1000);
    };
    child.process.on('message', onMessage);
    child.process.send('cpu');
  });
}

/** One autocannon run against `child`, with the server's CPU time over the run. */
async function load(child: Child, options: Partial<autocannon.Options>): Promise<Sample> {
  const cpu0 = await cpuOf(child);
  const path = options.url ? new URL(options.url).pathname + new URL(options.url).search : '/';
  const result = await autocannon({ duration: SECONDS, ...options, url: `http://127.0.0.1:${child.port}${path}` });
  const cpu1 = await cpuOf(child);
  const total = result.requests.total || 1;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: (cpu1 - cpu0) / total,
    non2xx: result.non2xx + result.errors + result.timeouts,
  };
}

interface Draft {
  id: string;
  token: string;
}

/**
 * Autocannon options for autosaves: each connection saves its own application, carrying the version
 * each answer returns into its next request (a stale version would be a 409 and is counted).
 */
async function saveOptions(db: pg.Client, drafts: Draft[], connections: number): Promise<Partial<autocannon.Options>> {
  await new Promise((resolve) => setTimeout(resolve, 300)); // saves still in flight from the previous run land first
  const versions = new Map(
    (
      await db.query<{ id: string; version: number }>('SELECT id, version FROM applications WHERE id = ANY($1)', [drafts.map((d) => d.id)])
    ).rows.map((r) => [r.id, r.version]),
  );
  let next = 0;
  const bodyFor = (version: number) =>
    JSON.stringify({ version, contactName: `Bench ${version}`, maritalStatus: 'Single', stepReached: '2' });
  return {
    connections,
    method: 'PATCH',
    setupClient: (client) => {
      const draft = drafts[next++ % drafts.length];
      let version = versions.get(draft.id)!;
      client.setRequests([
        {
          method: 'PATCH',
          path: `/api/applications/${draft.id}`,
          headers: { 'content-type': 'application/json', 'x-application-token': draft.token },
          setupRequest: (request) => ({ ...request, body: bodyFor(version) }),
          onResponse: (_status, body) => {
            const match = /"version":(\d+)/.exec(String(body));
            if (match) version = Number(match[1]);
          },
        },
      ]);
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n: number, digits = 2) => n.toFixed(digits);

/** Runs `rounds` interleaved pairs and prints one line. */
async function compare(name: string, portal: Child, twin: Child, options: () => Promise<Partial<autocannon.Options>>): Promise<number[]> {
  await load(portal, { ...(await options()), duration: WARMUP }); // warm-up (JIT, pools, caches)
  await load(twin, { ...(await options()), duration: WARMUP });
  const ours: Sample[] = [];
  const theirs: Sample[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? [portal, twin] : [twin, portal];
    for (const child of order) (child === portal ? ours : theirs).push(await load(child, await options()));
  }
  const ratios = ours.map((s, i) => s.rps / theirs[i].rps);
  const sorted = [...ratios].sort((a, b) => a - b);
  const m = (xs: Sample[], k: keyof Sample) => median(xs.map((s) => s[k]));
  console.log(
    `${name.padEnd(44)} ratio ${fmt(sorted[0])}/${fmt(median(ratios))}/${fmt(sorted.at(-1)!)}x` +
      ` (CPU per request ${fmt(m(theirs, 'cpuMs') / m(ours, 'cpuMs'))}x)` +
      ` | portal ${fmt(m(ours, 'rps'), 0)} req/s p50 ${m(ours, 'p50')} p99 ${m(ours, 'p99')} ms cpu ${fmt(m(ours, 'cpuMs'))} ms` +
      ` | twin ${fmt(m(theirs, 'rps'), 0)} req/s p50 ${m(theirs, 'p50')} p99 ${m(theirs, 'p99')} ms cpu ${fmt(m(theirs, 'cpuMs'))} ms` +
      ` | non-2xx ${ours.reduce((a, s) => a + s.non2xx, 0)}/${theirs.reduce((a, s) => a + s.non2xx, 0)}`,
  );
  return ratios;
}

/** Raw GET: status, headers and the bytes on the wire (not decompressed). */
function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode!, headers: response.headers, bytes: body.length, body });
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Bytes (as transferred, compression accepted) of a front end's first view: index.html and what it loads at once.
 * With `followEntry` the chunks the entry imports lazily at start (vite's `__vite__mapDeps` list) count too: the
 * admin entry only decides the login redirect and then loads the console, so its signed-in first view is both.
 */
async function firstView(base: string, path: string, label: string, followEntry = false): Promise<void> {
  const accept = { 'accept-encoding': 'br, gzip' };
  const index = await rawGet(`${base}${path}`);
  if (index.status !== 200) return console.log(`first view ${label}: not built (${index.status})`);
  const indexCompressed = await rawGet(`${base}${path}`, accept);
  const html = index.body.toString('utf8');
  const urls = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  if (followEntry) {
    const entry = urls.find((url) => /\/index-[^/]+\.js$/.test(url));
    const code = entry ? (await rawGet(`${base}${entry}`)).body.toString('utf8') : '';
    const deps = /m\.f=\[([^\]]*)\]/.exec(code)?.[1] ?? '';
    const prefix = path.endsWith('/') ? path : `${path}/`;
    for (const [, file] of deps.matchAll(/"([^"]+\.(?:js|css))"/g)) {
      const url = `${prefix}${file}`;
      if (!urls.includes(url)) urls.push(url);
    }
  }
  let raw = index.bytes;
  let sent = indexCompressed.bytes;
  let maps = 0;
  const encodings = new Set<string>();
  for (const url of urls) {
    const plain = await rawGet(`${base}${url}`);
    const compressed = await rawGet(`${base}${url}`, accept);
    raw += plain.bytes;
    sent += compressed.bytes;
    encodings.add(String(compressed.headers['content-encoding'] ?? 'identity'));
    if ((await rawGet(`${base}${url}.map`)).status === 200) maps += 1;
  }
  console.log(
    `first view ${label.padEnd(20)} ${urls.length + 1} files: ${fmt(raw / 1024, 1)} kB raw, ${fmt(sent / 1024, 1)} kB as transferred ` +
      `(${[...encodings].join(', ')}); source maps served: ${maps}`,
  );
}

/** One start of `main.js`: ms from spawn to its "ready" line, and the split its ready line reports. */
interface StartUp {
  /** Spawn to the ready line, measured here (ms). */
  readyMs: number;
  /** Process start to the end of loading the code, as the process reports it (ms, 10 ms resolution). */
  loadMs: number;
  /** From there to ready: configuration, migrations check, Nest's bootstrap, listening (ms, 10 ms resolution). */
  bootMs: number;
  /** The code cache as the process reports it: `miss` on the first start of a build, `hit` after (bundle-loader.ts). */
  cache: string;
}

/** Starts `main.js` (as `npm run start:prod` does, the bundle when built) on a database that is already migrated. */
async function startUp(url: string, dataDir: string): Promise<StartUp> {
  const main = join(here, '..', 'src', 'main.js');
  const t0 = performance.now();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...benchEnv(dataDir, { DATABASE_URL: url, PORT: '0', LOG_LEVEL: 'log', LOG_FORMAT: 'json' }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const split = await new Promise<RegExpExecArray>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /code loaded in ([\d.]+) s, then ([\d.]+) s to start(?:; code cache (\w+))?/.exec(output);
      if (match) resolve(match);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`main.js exited with ${code}:\n${output}`)));
  });
  const readyMs = performance.now() - t0;
  child.removeAllListeners('exit');
  child.kill('SIGINT'); // no drain delay
  await new Promise((resolve) => child.once('exit', resolve));
  return { readyMs, loadMs: Number(split[1]) * 1000, bootMs: Number(split[2]) * 1000, cache: split[3] ?? 'none' };
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'portal-ratios-'));
  let embedded: EmbeddedDatabase | undefined;
  const children: Child[] = [];
  try {
    let url = process.env.BENCH_DATABASE_URL;
    if (!url) {
      embedded = await startEmbeddedPostgres(dir); // its cluster in dir/postgres; as root, dir is opened to the postgres user
      url = embedded.url;
    }
    await runMigrations(url);
    const env = { DATABASE_URL: url, BENCH_DATA_DIR: dir };
    const portal = await startChild('app-server.js', [], env);
    children.push(portal);
    const base = `http://127.0.0.1:${portal.port}`;

    const drafts: Draft[] = [];
    for (let i = 0; i < Math.max(...SAVE_CONNECTIONS); i += 1) drafts.push(await startBenchApplication(`${base}/api`, i));

    const routes: Record<string, TwinRoute> = {};
    for (const path of HOT_READS) {
      const response = await rawGet(`${base}${path}`);
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
      routes[path.split('?')[0]] = {
        body: response.body.toString('base64'),
        etag: String(response.headers.etag),
        cacheControl: String(response.headers['cache-control']),
      };
    }
    const saveTwin = await startChild('twins.js', ['save'], env);
    const expressTwin = await startChild('twins.js', ['express'], env, routes);
    children.push(saveTwin, expressTwin);

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    console.log(`\nratios to the bare twins: ${ROUNDS} interleaved rounds of ${SECONDS} s; ratio min/median/max, other figures medians`);
    for (const connections of ONLY === 'reads' ? [] : SAVE_CONNECTIONS) {
      await compare(`PATCH /api/applications/:id (${connections} conn)`, portal, saveTwin, () =>
        saveOptions(db, drafts.slice(0, connections), connections),
      );
    }
    await db.end();
    for (const path of HOT_READS) {
      await compare(`GET ${path} (${READ_CONNECTIONS} conn)`, portal, expressTwin, async () => ({
        connections: READ_CONNECTIONS,
        url: `http://placeholder${path}`, // load() points the host at the child under test
      }));
    }

    if (ONLY) return;
    console.log('');
    await firstView(base, '/', 'applicant /');
    await firstView(base, '/admin/', 'admin, logged out');
    await firstView(base, '/admin/', 'admin, signed in', true);
    for (const child of children.splice(0)) child.process.kill('SIGTERM');

    if (process.env.BENCH_SKIP_STARTUP) return;
    // the first start of this build on this DATA_DIR compiles the bundle and saves V8's code cache; the
    // others run from it, as every start after a deploy's first does
    const first = await startUp(url, dir);
    const startups: StartUp[] = [];
    for (let i = 0; i < STARTS; i += 1) startups.push(await startUp(url, dir));
    const spread = (k: 'readyMs' | 'loadMs' | 'bootMs') => {
      const xs = startups.map((s) => s[k]).sort((a, b) => a - b);
      return `${fmt(xs[0] / 1000)}/${fmt(median(xs) / 1000)}/${fmt(xs.at(-1)! / 1000)} s`;
    };
    console.log(
      `start-up of main.js to ready (existing database, ${STARTS} starts, code cache ${[...new Set(startups.map((s) => s.cache))].join('/')}, ` +
        `min/median/max): ${spread('readyMs')}; of which loading the code ${spread('loadMs')}, then starting ${spread('bootMs')}`,
    );
    console.log(
      `  first start of this build (code cache ${first.cache}): ${fmt(first.readyMs / 1000)} s; ` +
        `loading the code ${fmt(first.loadMs / 1000)} s, then starting ${fmt(first.bootMs / 1000)} s`,
    );
  } finally {
    for (const child of children) child.process.kill('SIGTERM');
    await embedded?.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
