import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/src/common/net/free-port.js';
import { createTemplateCopy } from './database.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Credentials of the first admin of an e2e portal. */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

/** A running production build of the portal. */
export interface RunningPortal {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The server's DATA_DIR (e-mails land in `<dataDir>/mail/*.eml` when SMTP_URL is unset). */
  dataDir: string;
  /** Its database's URL (a copy of the run's template, or the `DATABASE_URL` given); undefined on its own embedded server. */
  databaseUrl?: string;
  /** Everything the server printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `server/dist/server/src/main.js` (run `npm run build` first) with a fresh data folder, on a copy of
 * the run's migrated template database (e2e global-setup; its seeded terms already open, see
 * {@link openSeededTerms}) unless `DATABASE_URL` is given in `env` or `options.embedded` asks for the quick
 * start's own embedded PostgreSQL in the data folder. Resolves once `/api/health/ready` answers.
 * @param env extra environment for the server
 * @param options.embedded true: no `DATABASE_URL`, the server starts, initialises and migrates its own embedded
 *   PostgreSQL as `npm start` does (also when the run has no template, e.g. a script outside jest)
 * @param options.openSeededTerms false: leave the catalogue as the migrations made it (implies `embedded`)
 * @throws Error with the server's output when it does not become ready within 60 s
 */
export async function startPortal(
  env: Record<string, string> = {},
  options: { openSeededTerms?: boolean; embedded?: boolean } = {},
): Promise<RunningPortal> {
  const embedded = options.embedded === true || options.openSeededTerms === false || !process.env.E2E_DATABASE_TEMPLATE;
  const database = env.DATABASE_URL || embedded ? undefined : await createTemplateCopy();
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'server/dist/server/src/main.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // The built server, but NODE_ENV=test: production refuses the fake card gateway the payment
      // tests use (PAYMENT_GATEWAY), and HSTS/upgrade-insecure-requests do not apply to a local http URL.
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      MAIN_SITE_URL: 'https://www.example.edu/',
      RATE_LIMIT_PER_MINUTE: '1000',
      DEMO_DATA: 'false',
      // No load balancer watches readiness here: stop() need not wait the production drain delay.
      SHUTDOWN_DRAIN_DELAY_MS: '0',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await database?.drop();
      throw new Error(`The portal exited during start-up:\n${log}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await database?.drop();
      throw new Error(`The portal did not become ready in 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // a copy of the template has them open already
  if (options.openSeededTerms !== false && !database) await openSeededTerms(baseUrl);
  return {
    baseUrl,
    dataDir,
    databaseUrl: database?.url ?? env.DATABASE_URL,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await database?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens every offering's window of the seeded terms around the real today (a month ago until a year on)
 * through the console API, as an office would (the template database of the e2e run gets the same through
 * `support/seeded-terms.mjs`): the browser tests written before admission cycles became data (issue 25) keep
 * choosing the terms the migration seeded by name. Rounds, fees and the late fee's start stay as migrated.
 */
export async function openSeededTerms(baseUrl: string): Promise<void> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = await fetch(`${baseUrl}/api/admin/offerings?range=${encodeURIComponent('[0,499]')}`, { headers });
  const offerings = (await list.json()) as Record<string, unknown>[];
  const opensAt = new Date(Date.now() - 30 * 86_400_000).toISOString();
  const closesAt = new Date(Date.now() + 365 * 86_400_000).toISOString();
  for (let i = 0; i < offerings.length; i += 10) {
    await Promise.all(
      offerings.slice(i, i + 10).map(async (offering) => {
        const { id, gender: _g, fieldOfInterest: _f, semester, acceptingNow: _a, ...dto } = offering;
        if (!/^(Spring|Summer|Fall) 2026$/.test(String(semester))) return;
        const response = await fetch(`${baseUrl}/api/admin/offerings/${String(id)}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ ...dto, opensAt, closesAt }),
        });
        if (!response.ok) throw new Error(`opening offering ${String(id)}: ${response.status} ${await response.text()}`);
      }),
    );
  }
}
