import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../src/common/net/free-port.js';
import { ADMIN } from './test-app.js';

/** A compiled server running as a child process (the tests that kill one with SIGKILL and start another). */
export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  /** Resolves when the process has exited (whatever the cause). */
  exited: Promise<unknown>;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * The servers a spec file started, so that its `afterAll` can kill those still running ({@link stopAll}).
 */
export class ServerProcesses {
  private readonly started: ServerProcess[] = [];

  /**
   * Starts `main` (a compiled `main.js`, see compiled-server.ts) with `--production` and NODE_ENV=test
   * (ALLOW_NON_PRODUCTION), on 127.0.0.1 at a free port, with its own data folder, the tests' admin, JSON logs
   * at warn, no demo data, a high rate limit, the next terms kept open and the payment settlement job off,
   * then `env` on top; resolves once `/api/health/ready` answers 200.
   * @param env the spec's settings (DATABASE_URL at least)
   * @throws Error with the process's output when it exits or is not ready within 90 s
   */
  async start(main: string, env: Record<string, string>): Promise<ServerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [main, '--production'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        ALLOW_NON_PRODUCTION: 'true',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: await mkdtemp(join(tmpdir(), 'portal-process-')),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEMO_DATA: 'false',
        LOG_FORMAT: 'json',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_PER_MINUTE: '10000',
        // the migrated terms have all begun: keep the next ones open (issue 25)
        CATALOGUE_UPCOMING_TERMS: 'true',
        PAYMENT_SETTLE_INTERVAL_SECONDS: '0',
        ...env,
      },
    });
    const output: string[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const server: ServerProcess = { child, base: `http://127.0.0.1:${port}`, exited, output: () => output.join('') };
    this.started.push(server);
    for (const began = Date.now(); Date.now() - began < 90_000; await new Promise((r) => setTimeout(r, 200))) {
      if (child.exitCode !== null) throw new Error(`server exited during start:\n${server.output()}`);
      if ((await fetch(`${server.base}/api/health/ready`).catch(() => null))?.status === 200) return server;
    }
    throw new Error(`server not ready in 90 s:\n${server.output()}`);
  }

  /** Kills (SIGKILL) every started server still running and waits until all have exited. */
  async stopAll(): Promise<void> {
    for (const { child } of this.started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(this.started.map((s) => s.exited));
  }
}
