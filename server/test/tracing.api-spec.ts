import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from '../src/common/net/free-port.js';
import { compileServer } from './support/compiled-server.js';
import { createEmptyDatabase, type EmptyDatabase } from './support/test-database.js';

/**
 * OpenTelemetry tracing opt-in (issue 14) on a real server process, compiled and started as
 * `npm run start:prod` starts it (`node --import …/tracing-preload.js main.js`): with
 * OTEL_EXPORTER_OTLP_ENDPOINT pointing at an in-process OTLP/HTTP receiver, a request's HTTP server span
 * and its PostgreSQL spans arrive in one trace; without any OTEL_* variable, no OpenTelemetry module is
 * even loaded.
 */
let MAIN: string;
let PRELOAD: string;

/** An OTLP span as the OTLP/HTTP JSON exporter sends it. */
interface OtlpSpan {
  traceId: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}
const received: { scope: string; span: OtlpSpan }[] = [];
let receiver: http.Server;
let receiverUrl: string;
let databaseUrl: string;
let database: EmptyDatabase | undefined;

/** Starts the compiled server with `env` and waits for readiness; answers its URL and a stop function. */
async function startServer(env: Record<string, string>, execArgv: string[] = []) {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, [...execArgv, '--import', PRELOAD, MAIN, '--production'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      ALLOW_NON_PRODUCTION: 'true',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_FORMAT: 'json',
      DEMO_DATA: 'false',
      PAYMENT_SETTLE_INTERVAL_SECONDS: '0',
      SHUTDOWN_DRAIN_DELAY_MS: '0',
      DATA_DIR: await mkdtemp(join(tmpdir(), 'portal-tracing-')),
      ...env,
    },
  });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ready = await fetch(`${url}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || i > 300) throw new Error(`server did not start:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

beforeAll(async () => {
  MAIN = await compileServer('tracing-test');
  PRELOAD = join(dirname(MAIN), 'common', 'tracing', 'tracing-preload.js');
  if (!existsSync(PRELOAD)) throw new Error(`no ${PRELOAD} after tsc`);
  database = await createEmptyDatabase('portal_tracing');
  databaseUrl = database.url;

  // the OTLP/HTTP receiver (JSON: OTEL_EXPORTER_OTLP_PROTOCOL=http/json below)
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      if (request.url === '/v1/traces' && request.headers['content-type'] === 'application/json') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[];
        };
        for (const resource of body.resourceSpans)
          for (const scope of resource.scopeSpans) for (const span of scope.spans) received.push({ scope: scope.scope.name, span });
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  await database?.drop();
});

describe('OpenTelemetry tracing (OTEL_* variables)', () => {
  it('sends the HTTP server span of a request and its PostgreSQL spans, in one trace, to the OTLP endpoint', async () => {
    const server = await startServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'portal-test',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
    try {
      const answer = await fetch(`${server.url}/api/programs?gender=female`);
      expect(answer.status).toBe(200);
      const deadline = Date.now() + 15_000;
      const serverSpan = () =>
        received.find(
          (r) =>
            r.scope === '@opentelemetry/instrumentation-http' &&
            r.span.kind === 2 &&
            r.span.attributes.some((a) => a.key === 'url.path' && a.value.stringValue === '/api/programs'),
        );
      while (!serverSpan() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      const http = serverSpan();
      expect(http?.span.name).toMatch(/^GET/);
      const sameTrace = received.filter((r) => r.span.traceId === http!.span.traceId);
      while (!sameTrace.some((r) => r.scope === '@opentelemetry/instrumentation-pg') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        sameTrace.splice(0, sameTrace.length, ...received.filter((r) => r.span.traceId === http!.span.traceId));
      }
      expect(sameTrace.map((r) => r.scope)).toEqual(expect.arrayContaining(['@opentelemetry/instrumentation-pg']));
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('loads no OpenTelemetry module when no OTEL_* variable asks for tracing', async () => {
    // a loader hook that prints every module URL the process resolves
    const spy = `data:text/javascript,${encodeURIComponent(
      `import { register } from 'node:module';
       register('data:text/javascript,' + encodeURIComponent(
         'export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write("LOADED " + r.url + "\\\\n"); return r; }'
       ));`,
    )}`;
    const server = await startServer({}, ['--import', spy]);
    try {
      expect((await fetch(`${server.url}/api/programs?gender=female`)).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    const loaded = server.output
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('LOADED '));
    expect(loaded.some((line) => line.includes('/server/src/main.js'))).toBe(true);
    expect(loaded.filter((line) => /opentelemetry|import-in-the-middle|tracing-sdk/.test(line))).toEqual([]);
  }, 120_000);
});
