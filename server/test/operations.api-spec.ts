import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import httpProxy from 'http-proxy';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import pg from 'pg';
import { Redis } from 'ioredis';
import { DateTime } from 'luxon';
import { freePort } from '../src/common/net/free-port.js';
import { compileServer } from './support/compiled-server.js';
import { createEmptyDatabase, type EmptyDatabase } from './support/test-database.js';

/**
 * Operations (issue 14) on real server processes: the server is compiled (`tsc`, as `npm run build`)
 * and started as child processes exactly as `npm run start:prod` starts it, on one PostgreSQL database
 * and one Redis. Shows that two replicas share logins, lockouts and admin changes; that SIGTERM turns
 * readiness 503 at once, lets 50 in-flight slow requests finish (every save acknowledged is stored) and
 * exits 0; that 32 clients autosaving through a readiness-checking balancer see 0 errors across a SIGTERM; that the JSON access log carries the request id and no token; and that start:prod refuses a
 * non-production NODE_ENV.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN = { email: 'admin@example.com', password: 'admin-password-123' };
const METRICS_TOKEN = 'ops-metrics-token-0123456789';
const prefix = `portal-test:ops:${randomBytes(5).toString('hex')}`;
const DRAIN_MS = 1000;

/** A running server process and what it printed. */
interface Replica {
  name: string;
  port: number;
  child: ChildProcessWithoutNullStreams;
  stdout: string[];
  stderr: string[];
  exited: Promise<number | null>;
  url: (path: string) => string;
}

let MAIN: string;
let databaseUrl: string;
let database: EmptyDatabase;
const replicas: Replica[] = [];

function baseEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'log',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: 'false',
    PAYMENT_SETTLE_INTERVAL_SECONDS: '0',
    ...extra,
  };
}

/** Starts `main.js --production` and waits for readiness (rejects with its output if it exits first). */
async function startReplica(name: string, extra: Record<string, string> = {}): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN, '--production'], {
    env: baseEnv({
      ALLOW_NON_PRODUCTION: 'true',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      RATE_LIMIT_KEY_PREFIX: prefix,
      RATE_LIMIT_PER_MINUTE: '10000',
      // the migrated terms have all begun: keep the next ones open (issue 25)
      CATALOGUE_UPCOMING_TERMS: 'true',
      LOGIN_LOCKOUT_FAILURES: '3',
      METRICS_TOKEN,
      SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_MS),
      SHUTDOWN_GRACE_MS: '20000',
      DATA_DIR: await mkdtemp(join(tmpdir(), `portal-ops-${name}-`)),
      ...extra,
    }),
  });
  const replica: Replica = {
    name,
    port,
    child,
    stdout: [],
    stderr: [],
    exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))),
    url: (path) => `http://127.0.0.1:${port}${path}`,
  };
  let partial = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    replica.stdout.push(...lines);
  });
  child.stderr.on('data', (chunk: Buffer) => replica.stderr.push(chunk.toString()));
  replicas.push(replica);
  let gone = false;
  void replica.exited.then(() => (gone = true));
  for (const started = Date.now(); Date.now() - started < 90_000;) {
    if (gone) throw new Error(`${name} exited during start:\n${replica.stderr.join('')}\n${replica.stdout.join('\n')}`);
    const ready = await fetch(replica.url('/api/health/ready')).catch(() => null);
    if (ready?.status === 200) return replica;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${name} not ready in 90 s`);
}

/** One pino line (the fields read here). */
interface LogLine {
  level?: number;
  msg?: string;
  req?: { id?: string; method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** The JSON log lines of a replica (other lines are skipped). */
function logLines(replica: Replica): LogLine[] {
  return replica.stdout.flatMap((line) => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return [];
    }
  });
}

/** A response body as the loosely typed JSON these tests read field by field. */
async function json(
  response: Response,
): Promise<{ [key: string]: unknown } & Record<'token' | 'email' | 'code', string> & { data: unknown }> {
  return (await response.json()) as never;
}

/** The first open term of the men's MSW and its first location (a valid start body needs both). */
async function firstCourse(replica: Replica): Promise<{ semester: string; location: string }> {
  type Program = { name: string; courses: { semester: string; locations: string[] }[] };
  const programs = (await (await fetch(replica.url('/api/programs?gender=male'))).json()) as Program[];
  const course = programs.find((p) => p.name === 'MSW')!.courses[0]!;
  return { semester: course.semester, location: course.locations[0]! };
}

/**
 * Starts an application with a body sent in two parts: the headers and 20 bytes now (the request is in
 * flight on the server), the rest on `finish()`. `done` is the status, or the socket error's code.
 */
function slowStart(replica: Replica, { semester, location }: { semester: string; location: string }, email: string) {
  const body = JSON.stringify({
    gender: 'Male',
    fieldOfInterest: 'MSW',
    semester,
    location,
    firstName: 'In',
    lastName: 'Flight',
    email,
    locale: 'en',
  });
  const request = http.request(replica.url('/api/applications'), {
    method: 'POST',
    agent: false,
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
  });
  const done = new Promise<{ status: number } | { error: string }>((resolve) => {
    request.once('response', (response) => {
      response.resume();
      response.once('end', () => resolve({ status: response.statusCode! }));
    });
    request.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  request.write(body.slice(0, 20));
  return { finish: () => request.end(body.slice(20)), done };
}

/** How many of `emails` have an application row. */
async function storedCount(emails: string[]): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const result = await db.query(`SELECT count(*)::int AS n FROM applications WHERE email = ANY($1)`, [emails]);
    return result.rows[0].n as number;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  MAIN = await compileServer('ops-test');
  database = await createEmptyDatabase('portal_ops');
  databaseUrl = database.url;
}, 300_000);

afterAll(async () => {
  for (const replica of replicas) if (replica.child.exitCode === null) replica.child.kill('SIGKILL');
  await Promise.all(replicas.map((r) => r.exited));
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
  await database?.drop();
}, 60_000);

describe('start:prod', () => {
  it('refuses NODE_ENV=test without ALLOW_NON_PRODUCTION, naming the mode, exit code 1', async () => {
    const child = spawn(process.execPath, [MAIN, '--production'], { env: baseEnv({ PORT: '0' }) });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('start:prod refuses NODE_ENV=test');
    expect(stderr).toContain('ALLOW_NON_PRODUCTION=true');
  });
});

describe('two replicas on one PostgreSQL and one Redis', () => {
  let a: Replica;
  let b: Replica;

  beforeAll(async () => {
    // Started together: migrations run once under the advisory lock, the other replica waits.
    [a, b] = await Promise.all([startReplica('a'), startReplica('b')]);
  }, 180_000);

  it('a login on one replica is valid on the other', async () => {
    const email = `ops-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await fetch(a.url('/api/register'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Ops',
        last_name: 'Test',
        email,
        password: 'ops-password-1',
        password_confirmation: 'ops-password-1',
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = await json(registered);
    const onB = await fetch(b.url('/api/user'), { headers: { Authorization: `Bearer ${token}` } });
    expect(onB.status).toBe(200);
    expect((await json(onB)).email).toBe(email);
  });

  it('behind a round-robin proxy, one admin session works on both replicas and the load is split evenly', async () => {
    const proxy = httpProxy.createProxyServer({});
    const served = new Map<string, number>([
      ['a', 0],
      ['b', 0],
    ]);
    let turn = 0;
    const front = http.createServer((request, response) => {
      const target = [a, b][turn++ % 2];
      served.set(target.name, served.get(target.name)! + 1);
      proxy.web(request, response, { target: `http://127.0.0.1:${target.port}` }, () => {
        response.statusCode = 502;
        response.end();
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
    const userCount = async (replica: Replica) => {
      const text = await (await fetch(replica.url('/metrics'), { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      return Number(/portal_http_requests_total\{method="GET",route="\/api\/user",status="200"\} (\d+)/.exec(text)?.[1] ?? 0);
    };
    try {
      const before = [await userCount(a), await userCount(b)];
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      expect(login.status).toBe(200);
      const { token } = await json(login);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        statuses.push((await fetch(`${base}/api/user`, { headers: { Authorization: `Bearer ${token}` } })).status);
      }
      expect(statuses).toEqual(Array.from({ length: 20 }, () => 200));
      expect([...served.values()]).toEqual([11, 10]);
      // Each replica's own metrics count the requests it answered.
      expect([(await userCount(a)) - before[0], (await userCount(b)) - before[1]]).toEqual([10, 10]);
    } finally {
      proxy.close();
      await new Promise((resolve) => front.close(resolve));
    }
  });

  it('counts failed logins across replicas and locks the account on both (Redis)', async () => {
    const email = `lock-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'lock-password-1';
    const register = await fetch(b.url('/api/register'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ first_name: 'Lock', last_name: 'Test', email, password, password_confirmation: password }),
    });
    expect(register.status).toBe(201);
    const login = (replica: Replica, pass: string) =>
      fetch(replica.url('/api/login'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: pass }),
      });
    // LOGIN_LOCKOUT_FAILURES=3: two failures counted on different replicas, the third locks the account.
    for (const replica of [a, b]) expect((await login(replica, 'wrong-password-x')).status).toBe(401);
    expect((await login(a, 'wrong-password-x')).status).toBe(429);
    const right = await login(b, password);
    expect(right.status).toBe(429);
    expect((await json(right)).code).toBe('AUTH-429');
  });

  it("an admin's maintenance window created on one replica is announced by the other within 5 s", async () => {
    const login = await fetch(a.url('/api/login'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = await json(login);
    expect((await json(await fetch(b.url('/api/maintenance/check')))).data).toBeNull();
    const created = await fetch(a.url('/api/admin/maintenance-windows'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      // three days ahead, 22:00 to 02:00 the next day (office time, spec §4's Eastern time)
      body: JSON.stringify(
        (() => {
          const start = DateTime.now().setZone('America/New_York').plus({ days: 3 });
          return { startDate: start.toISODate(), startTime: '22:00', endDate: start.plus({ days: 1 }).toISODate(), endTime: '02:00' };
        })(),
      ),
    });
    expect(created.status).toBe(201);
    // the other replica hears of it through the change feed (PostgreSQL NOTIFY), a moment later under load
    let check = await json(await fetch(b.url('/api/maintenance/check')));
    for (const until = Date.now() + 5000; check.data === null && Date.now() < until;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      check = await json(await fetch(b.url('/api/maintenance/check')));
    }
    expect(check.data).not.toBeNull();
  });

  it('logs one JSON access line per request with the X-Request-Id, and no token or secret query value', async () => {
    const requestId = `ops-${randomBytes(6).toString('hex')}`;
    const bearer = `secret-bearer-${randomBytes(8).toString('hex')}`;
    const response = await fetch(b.url('/api/user?token=secret-query-value'), {
      headers: { 'X-Request-Id': requestId, Authorization: `Bearer ${bearer}` },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    await new Promise((r) => setTimeout(r, 200));
    const line = logLines(b).find((l) => l.req?.id === requestId);
    expect(line).toBeDefined();
    expect(line).toMatchObject({ level: 40, req: { method: 'GET', url: '/api/user?token=[redacted]' }, res: { statusCode: 401 } });
    expect(typeof line!.responseTime).toBe('number');
    const all = b.stdout.join('\n');
    expect(all).not.toContain(bearer);
    expect(all).not.toContain('secret-query-value');
    expect(b.stdout.join('\n')).not.toContain(`${String.fromCharCode(27)}[`); // no ANSI colour codes in JSON mode
  });

  it('serves /metrics to the token holder with the requests this replica answered', async () => {
    const response = await fetch(b.url('/metrics'), { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/portal_http_requests_total\{method="GET",route="\/api\/user",status="401"\} [1-9]/);
  });

  it('SIGTERM: readiness 503 at once, 50 slow in-flight saves all complete and are stored, exit code 0', async () => {
    const course = await firstCourse(a);
    const emails = Array.from({ length: 50 }, (_, i) => `inflight-${i}-${randomBytes(3).toString('hex')}@example.com`);
    // 50 requests whose bodies arrive slowly: the server has their headers (they are in flight) when SIGTERM comes.
    const slow = emails.map((email) => slowStart(a, course, email));
    await new Promise((r) => setTimeout(r, 500));

    const signalled = Date.now();
    a.child.kill('SIGTERM');
    let firstNot200: number | null = null;
    let readyStatus = 0;
    for (let i = 0; i < 50 && firstNot200 === null; i += 1) {
      const ready = await fetch(a.url('/api/health/ready')).catch(() => null);
      readyStatus = ready?.status ?? 0;
      if (readyStatus !== 200) firstNot200 = Date.now() - signalled;
      else await new Promise((r) => setTimeout(r, 10));
    }
    expect(readyStatus).toBe(503);
    // While draining, the replica still answers requests (the load balancer is moving away).
    expect((await fetch(a.url('/api/health'))).status).toBe(200);

    // After the drain delay the listening socket is closed: a new connection is refused cleanly.
    await new Promise((r) => setTimeout(r, DRAIN_MS + 300));
    const refused = await fetch(a.url('/api/health')).then(
      (r) => `status ${r.status}`,
      (e: Error & { cause?: { code?: string } }) => e.cause?.code ?? e.message,
    );
    expect(refused).toBe('ECONNREFUSED');
    for (const s of slow) s.finish();
    const results = await Promise.all(slow.map((s) => s.done));
    const code = await a.exited;
    const exitedAfter = Date.now() - signalled;

    expect(results.filter((r) => 'status' in r && r.status === 201)).toHaveLength(50);
    expect(code).toBe(0);
    // Every acknowledged save is in the database (read through the other replica's database).
    expect(await storedCount(emails)).toBe(50);
    const report = logLines(a).find((l) => typeof l.msg === 'string' && l.msg.startsWith('done: '));
    expect(report).toBeDefined();
    const figures = JSON.parse(report!.msg!.slice('done: '.length)) as Record<string, number>;
    expect(figures).toMatchObject({ inFlightAtClose: 50, completed: 50, cut: 0 });
    // The other replica is unaffected.
    expect((await fetch(b.url('/api/health/ready'))).status).toBe(200);
    process.stdout.write(
      `SIGTERM figures: readiness not 200 after ${firstNot200} ms; listener closed at ${figures.closedAtMs} ms; ` +
        `${figures.completed}/${figures.inFlightAtClose} in-flight completed, ${figures.cut} cut; app closed at ${figures.doneAtMs} ms; exit 0 after ${exitedAfter} ms\n`,
    );
  }, 60_000);

  /**
   * 32 applicants autosave one after the other through a load balancer over `b` and a new replica `c`,
   * which gets SIGTERM mid-run. The balancer is deploy/Caddyfile's, scaled to the test's 1 s drain: round
   * robin over the replicas whose readiness answered 200 at the last check (every `intervalMs`, timeout
   * 200 ms), keep-alive connections to the replicas, and — as Caddy's `lb_try_duration` — a request that
   * could not reach a replica (connection refused) goes to the other one; any other failure (a reset
   * connection, no answer) is the client's error. Returns the figures; asserts nothing itself.
   */
  async function saveLoadThroughSigterm(intervalMs: number, run = 1) {
    const c = await startReplica(`c-${intervalMs}-${run}`);
    const course = await firstCourse(b);
    const upstreamAgent = new http.Agent({ keepAlive: true });
    const proxy = httpProxy.createProxyServer({ agent: upstreamAgent });
    const healthy = new Set<Replica>([b, c]);
    let checked = () => {};
    const checker = setInterval(() => {
      const probes = [b, c].map((replica) =>
        fetch(replica.url('/api/health/ready'), { signal: AbortSignal.timeout(200) }).then(
          (r) => (r.status === 200 ? healthy.add(replica) : healthy.delete(replica)),
          () => healthy.delete(replica),
        ),
      );
      // the test's signal waits for a finished check (its probes answered or timed out)
      void Promise.allSettled(probes).then(() => checked());
    }, intervalMs);
    const servedBy = new Map<string, number>();
    let turn = 0;
    let retried = 0;
    let signalled = false;
    // when a readiness probe of the test (not the balancer's) first saw the stopping replica draining
    let drainingSince = Infinity;
    const dispatchedAt = new WeakMap<http.IncomingMessage, number>();
    // when the signal was sent, and each answer of the stopping replica to a save sent after it: when the save was
    // dispatched and the answer's Connection header
    let signalledAt = Infinity;
    const stoppingAnswers: { at: number; connection: string | undefined }[] = [];
    proxy.on('proxyRes', (answer, request) => {
      if (request.method === 'PATCH' && answer.socket.remotePort === c.port && dispatchedAt.get(request)! > signalledAt)
        stoppingAnswers.push({ at: dispatchedAt.get(request)!, connection: answer.headers.connection });
    });
    const front = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.once('end', () => {
        const send = (attempt: number): void => {
          const pool = [b, c].filter((r) => healthy.has(r));
          // no replica ready at the last check (a slow check under load): wait, as lb_try_duration does
          if (pool.length === 0) return void setTimeout(() => send(attempt), 50);
          const target = pool[turn++ % pool.length]!;
          if (request.method === 'PATCH') servedBy.set(target.name, (servedBy.get(target.name) ?? 0) + 1);
          dispatchedAt.set(request, performance.now());
          const body = Readable.from([Buffer.concat(chunks)]);
          proxy.web(request, response, { target: `http://127.0.0.1:${target.port}`, buffer: body }, (error: NodeJS.ErrnoException) => {
            if (error.code === 'ECONNREFUSED' && attempt < 5) {
              retried += 1;
              healthy.delete(target);
              return send(attempt + 1);
            }
            response.statusCode = 502;
            response.end(`balancer: ${error.code ?? error.message}`);
          });
        };
        send(0);
      });
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(front.address() as { port: number }).port}`;
    const clientAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const call = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
        const text = body === undefined ? '' : JSON.stringify(body);
        const request = http.request(`${base}${path}`, {
          method,
          agent: clientAgent,
          headers:
            body === undefined ? headers : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), ...headers },
        });
        request.once('response', (response) => {
          let answer = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (answer += chunk));
          response.once('end', () => resolve({ status: response.statusCode!, body: answer }));
        });
        request.once('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
        request.end(text);
      });
    const applicants = await Promise.all(
      Array.from({ length: 32 }, async (_, i) => {
        const started = await call('POST', '/api/applications', {
          gender: 'Male',
          fieldOfInterest: 'MSW',
          semester: course.semester,
          location: course.location,
          firstName: 'Under',
          lastName: 'Load',
          email: `drain-${i}-${randomBytes(3).toString('hex')}@example.com`,
          locale: 'en',
        });
        if (!('status' in started) || started.status !== 201) throw new Error(`start failed: ${JSON.stringify(started)}`);
        const record = JSON.parse(started.body) as { id: string; token: string; data: { version: number } };
        return { id: record.id, token: record.token, version: record.data.version, acknowledged: '' };
      }),
    );
    const failures: string[] = [];
    let saves = 0;
    let savesAfterSignal = 0;
    let running = true;
    const loops = applicants.map(async (applicant, i) => {
      for (let n = 0; running; n += 1) {
        const value = `c${i}-s${n}`;
        const answer = await call(
          'PATCH',
          `/api/applications/${applicant.id}`,
          { version: applicant.version, contactName: value },
          { 'X-Application-Token': applicant.token },
        );
        if (!('status' in answer) || answer.status !== 200) {
          failures.push('status' in answer ? `${answer.status} ${answer.body.slice(0, 120)}` : answer.error);
          // a save whose answer was lost may still have been stored: read the record's version again
          const current = await call('GET', `/api/applications/${applicant.id}`, undefined, { 'X-Application-Token': applicant.token });
          if ('status' in current && current.status === 200)
            applicant.version = (JSON.parse(current.body) as { data: { version: number } }).data.version;
          continue;
        }
        applicant.version = (JSON.parse(answer.body) as { data: { version: number } }).data.version;
        applicant.acknowledged = value;
        saves += 1;
        if (signalled) savesAfterSignal += 1;
      }
    });
    try {
      await new Promise((r) => setTimeout(r, 700));
      // the signal right after a readiness check: the balancer goes on sending to the replica until the next
      // (a check that found the replica ready: under CI load a probe may time out and the balancer then
      // leaves it out until a later check — a signal then would find it without load to drain)
      for (let ready = false; !ready;) {
        await new Promise<void>((resolve) => (checked = resolve));
        ready = healthy.has(c) && healthy.has(b);
      }
      const beforeSignal = servedBy.get(c.name) ?? 0;
      c.child.kill('SIGTERM');
      signalledAt = performance.now();
      signalled = true;
      for (let status = 200; status === 200;) {
        status = (await fetch(c.url('/api/health/ready')).catch(() => null))?.status ?? 0;
        if (status === 503) drainingSince = performance.now();
      }
      // saves go on through the drain, the listener's close and the exit
      const exitCode = await c.exited;
      await new Promise((r) => setTimeout(r, 300));
      running = false;
      await Promise.all(loops);
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      let lost: string[];
      try {
        const rows = await db.query(`SELECT id::text, answers->>'contactName' AS value FROM applications WHERE id = ANY($1)`, [
          applicants.map((a) => a.id),
        ]);
        const stored = new Map(rows.rows.map((r: { id: string; value: string }) => [r.id, r.value]));
        lost = applicants.filter((a) => stored.get(a.id) !== a.acknowledged).map((a) => a.id);
      } finally {
        await db.end();
      }
      // The replica was draining from the first sign of it — its readiness seen at 503 by the test's probe, or
      // its first answer closing the connection (under load the probe may see 503 only after the balancer did):
      // every answer to a save sent from then on must close its connection.
      const firstClose = Math.min(...stoppingAnswers.filter((a) => a.connection === 'close').map((a) => a.at));
      const since = Math.min(drainingSince, firstClose);
      const drainAnswers = stoppingAnswers.filter((a) => a.at >= since).map((a) => a.connection);
      const figures = {
        exitCode,
        beforeSignal,
        byStoppingReplicaAfterSignal: (servedBy.get(c.name) ?? 0) - beforeSignal,
        saves,
        savesAfterSignal,
        retried,
        failures,
        lost,
        drainAnswers,
      };
      process.stdout.write(
        `SIGTERM under load, readiness every ${intervalMs} ms: ${saves} saves by 32 clients, ${savesAfterSignal} after the signal ` +
          `(${figures.byStoppingReplicaAfterSignal} sent to the stopping replica, ${drainAnswers.length} of them once it was draining), ${retried} refused connections retried, ` +
          `${failures.length} client errors, ${lost.length} acknowledged saves lost\n`,
      );
      return figures;
    } finally {
      running = false;
      clearInterval(checker);
      proxy.close();
      upstreamAgent.destroy();
      clientAgent.destroy();
      await new Promise((resolve) => front.close(resolve));
    }
  }

  it('SIGTERM under save load behind a balancer that checks readiness faster than the drain: 0 client errors, every acknowledged save stored', async () => {
    // Every run must lose nothing and cut no one. Whether saves reach the stopping replica after its readiness
    // turned 503 and before the balancer's next check (at most 250 ms) depends on timing: under CI load a run
    // can miss that window (seen in 2 of 6 runs), so runs are repeated — at most 3 — until one has exercised it.
    const runs: Awaited<ReturnType<typeof saveLoadThroughSigterm>>[] = [];
    do runs.push(await saveLoadThroughSigterm(250, runs.length + 1));
    while (runs.length < 3 && !(runs.at(-1)!.byStoppingReplicaAfterSignal > 0 && runs.at(-1)!.drainAnswers.length > 0));
    for (const figures of runs) {
      expect(figures.exitCode).toBe(0);
      expect(figures.beforeSignal).toBeGreaterThan(0);
      expect(figures.savesAfterSignal).toBeGreaterThan(0);
      // each of its answers to saves sent once it was draining closed its connection, so no keep-alive
      // connection was left for the balancer to reuse when the listener closed
      expect(figures.drainAnswers).toEqual(figures.drainAnswers.map(() => 'close'));
      expect(figures.failures).toEqual([]);
      expect(figures.lost).toEqual([]);
    }
    // the last run got saves at the stopping replica after the signal, some of them while it was draining
    expect(runs.at(-1)!.byStoppingReplicaAfterSignal).toBeGreaterThan(0);
    expect(runs.at(-1)!.drainAnswers.length).toBeGreaterThan(0);
  }, 240_000);

  it('kill -9 mid-run: every save the killed replica acknowledged is stored; the unacknowledged ones fail loudly', async () => {
    const course = await firstCourse(b);
    const emails = Array.from({ length: 20 }, (_, i) => `killed-${i}-${randomBytes(3).toString('hex')}@example.com`);
    const requests = emails.map((email) => slowStart(b, course, email));
    await new Promise((r) => setTimeout(r, 300));
    // Half finish and are answered; the other half are still in flight when the process is killed.
    for (const r of requests.slice(0, 10)) r.finish();
    const answered = await Promise.all(requests.slice(0, 10).map((r) => r.done));
    b.child.kill('SIGKILL');
    for (const r of requests.slice(10)) r.finish();
    const cut = await Promise.all(requests.slice(10).map((r) => r.done));
    expect(await b.exited).toBeNull();
    const acknowledged = emails
      .slice(0, 10)
      .filter((_, i) => 'status' in answered[i] && (answered[i] as { status: number }).status === 201);
    expect(acknowledged).toHaveLength(10);
    expect(await storedCount(acknowledged)).toBe(10);
    // No answer that looks like success came from the killed process: each of the rest got a socket error.
    expect(cut.every((r) => 'error' in r)).toBe(true);
  }, 60_000);
});
