import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../server/src/common/net/free-port.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Credentials of the first admin of an e2e portal. */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

/** A running production build of the portal. */
export interface RunningPortal {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The server's DATA_DIR (e-mails land in `<dataDir>/mail/*.eml` when SMTP_URL is unset). */
  dataDir: string;
  /** Everything the server printed (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `server/dist/server/src/main.js` (run `npm run build` first) with a fresh data folder: the
 * embedded PostgreSQL unless `DATABASE_URL` is given in `env`. Resolves once `/api/health/ready` answers.
 * @param env extra environment for the server
 * @throws Error with the server's output when it does not become ready within 60 s
 */
export async function startPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
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
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The portal exited during start-up:\n${log}`);
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The portal did not become ready in 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
