import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { isAlive, startEmbeddedPostgres, type EmbeddedDatabase } from '../src/database/embedded-postgres.js';

const TIMEOUT = 120_000;

let dir: string;
/** Every server started here, stopped in afterAll whatever happened. */
const started: EmbeddedDatabase[] = [];

async function start(): Promise<EmbeddedDatabase> {
  const db = await startEmbeddedPostgres(dir);
  started.push(db);
  return db;
}

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-embedded-test-'));
});

/** Resolves with `promise`, or rejects after `ms` (a stop() that never settles must not hang the suite). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not settle within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function postmasterPid(): Promise<number | undefined> {
  const file = join(dir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number((await readFile(file, 'utf8')).split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function waitUntilDead(pid: number): Promise<void> {
  for (let waited = 0; isAlive(pid) && waited < 15_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
}

afterAll(async () => {
  for (const db of started.reverse()) await within(db.stop(), 8_000).catch(() => undefined);
  // Whatever stop() did, never leave a server running behind the suite.
  const pid = await postmasterPid();
  if (pid && pid !== 999999 && isAlive(pid)) {
    process.kill(pid, 'SIGINT');
    await waitUntilDead(pid);
  }
  await rm(dir, { recursive: true, force: true }).catch(() => undefined);
}, TIMEOUT);

describe('startEmbeddedPostgres', () => {
  let firstUrl: string;

  it(
    'initialises on first start and answers a URL on which SELECT 1 works, not on port 5432',
    async () => {
      const db = await start();
      firstUrl = db.url;
      const url = new URL(db.url);
      expect(url.protocol).toBe('postgres:');
      expect(url.hostname).toBe('127.0.0.1');
      expect(url.pathname).toBe('/portal');
      expect(url.port).not.toBe('5432');
      expect(Number(url.port)).toBeGreaterThan(0);
      expect(url.password.length).toBeGreaterThan(10);
      const result = await query(db.url, 'SELECT 1 AS one');
      expect(result.rows).toEqual([{ one: 1 }]);
      expect(existsSync(join(dir, 'postgres', 'PG_VERSION'))).toBe(true);
      expect((await readFile(join(dir, 'postgres.secret'), 'utf8')).trim()).toBe(decodeURIComponent(url.password));
      await query(db.url, 'CREATE TABLE kept (value text)');
      await query(db.url, `INSERT INTO kept VALUES ('first start')`);
    },
    TIMEOUT,
  );

  it(
    'keeps the data and the password across stop and start',
    async () => {
      await started[started.length - 1].stop();
      await expect(query(firstUrl, 'SELECT 1')).rejects.toThrow();
      const db = await start();
      expect(new URL(db.url).password).toBe(new URL(firstUrl).password);
      const result = await query(db.url, 'SELECT value FROM kept');
      expect(result.rows).toEqual([{ value: 'first start' }]);
    },
    TIMEOUT,
  );

  it(
    'starts again after a crash that left postgres running and postmaster.pid behind (no stop called)',
    async () => {
      const running = started[started.length - 1];
      await query(running.url, `INSERT INTO kept VALUES ('before crash')`);
      expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(true);
      // no stop(): like a parent killed by SIGKILL
      const db = await start();
      const result = await query(db.url, 'SELECT value FROM kept ORDER BY value');
      expect(result.rows).toEqual([{ value: 'before crash' }, { value: 'first start' }]);
      expect(new URL(db.url).password).toBe(new URL(firstUrl).password);
    },
    TIMEOUT,
  );

  it(
    'starts when postmaster.pid is stale (its PID no longer exists)',
    async () => {
      await started[started.length - 1].stop();
      const pidFile = join(dir, 'postgres', 'postmaster.pid');
      expect(existsSync(pidFile)).toBe(false);
      await writeFile(pidFile, `999999\n${join(dir, 'postgres')}\n1700000000\n5432\n\n127.0.0.1\n  5432001         0\nready   \n`);
      const db = await start();
      const result = await query(db.url, 'SELECT count(*)::int AS n FROM kept');
      expect(result.rows).toEqual([{ n: 2 }]);
      const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
      expect(pid).not.toBe(999999);
    },
    TIMEOUT,
  );

  it(
    'stop() resolves even when the server process has already exited (e.g. killed from outside)',
    async () => {
      const db = await start();
      const pid = await postmasterPid();
      expect(pid).toBeDefined();
      process.kill(pid!, 'SIGINT');
      await waitUntilDead(pid!);
      expect(isAlive(pid!)).toBe(false);
      await expect(within(db.stop(), 10_000)).resolves.toBeUndefined();
      // and the next start still works
      const again = await start();
      const result = await query(again.url, 'SELECT count(*)::int AS n FROM kept');
      expect(result.rows).toEqual([{ n: 2 }]);
    },
    TIMEOUT,
  );
});
