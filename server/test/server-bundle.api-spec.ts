import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CODE_CACHE_DIR } from '../src/bundle/bundle-loader.js';
import { freePort } from '../src/common/net/free-port.js';
import { buildServer } from './support/compiled-server.js';

/**
 * The built server (issue 12 "lazy start-up"), as `npm run build` and `npm start` run it: the CommonJS
 * bundle, compiled on the first start and run from V8's code cache on the next. Both starts use the
 * embedded PostgreSQL (no DATABASE_URL), whose package the bundle loads only then: code run from the cache
 * cannot `import()` on Node 20, and this is where that would fail.
 */
let MAIN: string;
let dataDir: string;

/** What one start printed: its ready line, and how it ended. */
interface Start {
  ready: string;
  health: number;
  programs: number;
  exitCode: number | null;
  output: string;
}

/** Starts main.js on `dataDir` with no DATABASE_URL, waits for its ready line, reads two routes, stops it with SIGINT. */
async function startAndStop(): Promise<Start> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'log',
      ADMIN_PASSWORD: 'bundle-test-password-123',
      DEMO_DATA: 'false',
      PAYMENT_SETTLE_INTERVAL_SECONDS: '0',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = await new Promise<string>((resolve, reject) => {
    const deadline = Date.now() + 120_000;
    const timer = setInterval(() => {
      const line = /Admissions portal ready in [^)]*\)/.exec(output);
      if (line || Date.now() > deadline) clearInterval(timer);
      if (line) resolve(line[0]);
      else if (Date.now() > deadline) reject(new Error(`not ready in 120 s:\n${output}`));
    }, 100);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`main.js exited during start:\n${output}`));
    });
  });
  const health = (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status;
  const programs = (await fetch(`http://127.0.0.1:${port}/api/programs?gender=female`)).status;
  // the cache is written just after the ready line
  for (let i = 0; i < 100 && !(await cacheFiles()).length; i += 1) await new Promise((r) => setTimeout(r, 100));
  child.kill('SIGINT');
  return { ready, health, programs, exitCode: await exited, output };
}

const cacheFiles = () => readdir(join(dataDir, CODE_CACHE_DIR)).catch(() => [] as string[]);

beforeAll(async () => {
  MAIN = await buildServer('bundle-test');
  dataDir = await mkdtemp(join(tmpdir(), 'portal-bundle-'));
}, 300_000);

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the built server: bundle and code cache (issue 12)', () => {
  it('first start compiles and saves the cache; the next runs from it, embedded PostgreSQL and all', async () => {
    const first = await startAndStop();
    expect(first.ready).toMatch(/code cache miss/);
    expect([first.health, first.programs, first.exitCode]).toEqual([200, 200, 0]);
    expect(await cacheFiles()).toEqual([expect.stringMatching(/^server-[0-9a-f]{16}-.+\.bin$/)]);

    const second = await startAndStop();
    expect(second.ready).toMatch(/code cache hit/);
    expect([second.health, second.programs, second.exitCode]).toEqual([200, 200, 0]);
    expect(second.output).not.toMatch(/ExperimentalWarning/);
    // one log schema from the first line to the last (issue 26 item 9): pino's, none warn or worse
    const lines = second.output.split('\n').filter((line) => line.trim());
    const shapes = lines.map((line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        return typeof entry.level === 'number' && typeof entry.time === 'number' && typeof entry.msg === 'string' ? 'pino' : line;
      } catch {
        return line;
      }
    });
    expect(shapes.filter((shape) => shape !== 'pino')).toEqual([]);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.map((line) => (JSON.parse(line) as { level: number }).level).filter((level) => level >= 40)).toEqual([]);
  }, 300_000);
});
