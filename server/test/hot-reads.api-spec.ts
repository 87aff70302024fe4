import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { getDataSourceToken } from '@nestjs/typeorm';
import { PinoLogger } from 'nestjs-pino';
import { MetricsService } from '../src/modules/observability/metrics.service.js';
import type { DataSource } from 'typeorm';
import { get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 12: the public hot reads answered from memory — compressed, strong ETag, 304 and
 * Cache-Control — and dropped from memory at once when an admin changes them, and within moments when
 * another process (another replica) writes the table (PostgreSQL LISTEN/NOTIFY).
 */
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  // the periodic jobs run once at start and then not again during this file (their later ticks would count)
  t = await createTestApp({
    DECISION_RELEASE_INTERVAL_SECONDS: '3600',
    WEBHOOK_SWEEP_SECONDS: '3600',
    RECOMMENDATION_REMINDER_INTERVAL_SECONDS: '0',
    UPLOAD_CLEANUP_INTERVAL_MINUTES: '600',
    FILE_COMPLETION_SWEEP_MINUTES: '600',
  });
  adminToken = await t.login();
  // the test app opens the seeded terms through the console's API at start: let every cache hear of those
  // changes first, so a late notification cannot reload a list while a test counts database checkouts
  await t.changesSeen();
});

afterAll(async () => {
  await t.close();
});

const admin = () => ({ Authorization: `Bearer ${adminToken}` });

/** Status, headers and the raw bytes of an answer, as sent (supertest would decode them). */
async function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const server = t.app.getHttpServer() as Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** How many connections the app takes from its PostgreSQL pool while `work` runs. */
async function poolCheckouts(work: () => Promise<void>): Promise<number> {
  const pool = (t.app.get<DataSource>(getDataSourceToken()).driver as unknown as { master: { connect: () => unknown } }).master;
  const spy = jest.spyOn(pool, 'connect');
  try {
    // the background jobs' first runs after start (release, reminders, sweeps) use the pool too: wait until
    // it has been idle for 300 ms, so only the work's own checkouts are counted
    for (let tries = 0; tries < 40; tries += 1) {
      spy.mockClear();
      await new Promise((resolve) => setTimeout(resolve, 300));
      if (spy.mock.calls.length === 0) break;
    }
    spy.mockClear();
    await work();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

const SHORT = 'public, max-age=5, stale-while-revalidate=30';
const ALWAYS_REVALIDATE = 'public, no-cache';

describe.each([
  ['/api/dropdowns', 1024, SHORT],
  ['/api/programs?gender=female', 1024, SHORT],
  ['/api/programs?gender=male', 1024, SHORT],
  ['/api/config', 0, SHORT],
  ['/api/maintenance/check', 0, ALWAYS_REVALIDATE],
  ['/api/advisory', 0, ALWAYS_REVALIDATE],
])('GET %s', (path, compressedOver, cacheControl) => {
  it('answers JSON with a strong ETag and its Cache-Control, brotli or gzip when large', async () => {
    const plain = await raw(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(plain.headers['cache-control']).toBe(cacheControl);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.headers['content-security-policy']).toContain("default-src 'self'");
    const body = plain.body;
    expect(JSON.parse(body.toString('utf8'))).toEqual((await t.http().get(path)).body);

    const br = await raw(path, { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await raw(path, { 'Accept-Encoding': 'gzip' });
    expect(br.headers.etag).toBe(plain.headers.etag);
    if (compressedOver && body.length >= compressedOver) {
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(body)).toBe(true);
      expect(br.body.length).toBeLessThan(body.length / 2);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(body)).toBe(true);
    } else {
      expect(br.headers['content-encoding']).toBeUndefined();
    }
  });

  it('answers 304 to its ETag, and neither that nor a full answer touches the database once warm', async () => {
    const first = await t.http().get(path);
    const tenReads = () =>
      poolCheckouts(async () => {
        for (let i = 0; i < 5; i += 1) {
          const again = await t.http().get(path).set('If-None-Match', first.headers.etag);
          expect(again.status).toBe(304);
          expect(again.text ?? '').toBe('');
          expect((await t.http().get(path)).status).toBe(200);
        }
      });
    // A read that used the database would check a connection out on every try; a background job's tick that
    // happens to fall inside a try (seen once in CI) does not repeat in step with it: the fewest of three tries counts.
    let checkouts = await tenReads();
    for (let tries = 1; tries < 3 && checkouts > 0; tries += 1) checkouts = Math.min(checkouts, await tenReads());
    expect(checkouts).toBe(0);
  });
});

describe('changes reach the cached answers', () => {
  it('an admin edit of a dropdown is in the very next GET, with a new ETag', async () => {
    const before = await t.http().get('/api/dropdowns');
    const list = (before.body as { id: number; key: string; options: { value: string; label: string }[] }[]).find(
      (d) => d.key === 'howHeard',
    )!;
    const options = [...list.options, { value: 'Billboard', label: 'Billboard' }];
    await t.http().post(`/api/dropdowns/${list.id}`).set(admin()).send({ options }).expect(200);
    const after = await t.http().get('/api/dropdowns');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.find((d: { key: string }) => d.key === 'howHeard').options).toEqual(options);
    expect((await t.http().get('/api/dropdowns').set('If-None-Match', before.headers.etag)).status).toBe(200);
  });

  it('an admin maintenance window is in the very next check, and gone from it once deleted', async () => {
    expect((await t.http().get('/api/maintenance/check')).body.code).toBe('MAI-001');
    const created = await t
      .http()
      .post('/api/admin/maintenance-windows')
      .set(admin())
      .send({ startDate: '2098-12-01', startTime: '22:00', endDate: '2098-12-02', endTime: '02:00' })
      .expect(201);
    expect((await t.http().get('/api/maintenance/check')).body).toMatchObject({ code: 'MAI-000', data: { Start_Date__c: '2098-12-01' } });
    await t.http().delete(`/api/admin/maintenance-windows/${created.body.id}`).set(admin()).expect(200);
    expect((await t.http().get('/api/maintenance/check')).body.code).toBe('MAI-001');
  });

  it('a write by another process (another replica) reaches the cache through NOTIFY', async () => {
    const before = await t.http().get('/api/advisory');
    await t.db.query(
      `INSERT INTO advisory_lines (text_en, text_es, text_zh_cn, active, sort_order) VALUES ('From elsewhere', 'De otro lado', '来自别处', true, 99)`,
    );
    // no helper: poll as a browser would, for at most 2 s
    let seen = false;
    for (let i = 0; i < 40 && !seen; i += 1) {
      const now = await t.http().get('/api/advisory').set('Accept-Language', 'es');
      seen = now.body.data.some((line: { text: string }) => line.text === 'De otro lado');
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toBe(true);
    const after = await t.http().get('/api/advisory');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.headers.vary).toMatch(/Accept-Language/);

    await t.db.query(`UPDATE dropdowns SET options = '[{"value":"Only","label":"Only"}]' WHERE key = 'examTypes'`);
    await t.changesSeen();
    const lists = (await t.http().get('/api/dropdowns')).body as { key: string; options: unknown[] }[];
    expect(lists.find((d) => d.key === 'examTypes')!.options).toEqual([{ value: 'Only', label: 'Only' }]);
  });
});

describe('what the fast path passes on to the controllers', () => {
  it('an unknown gender is still 422 VAL-001, and a cross-origin request still gets the CORS treatment', async () => {
    expect((await t.http().get('/api/programs?gender=other')).status).toBe(422);
    expect((await t.http().get('/api/programs')).status).toBe(422);
    const cross = await t.http().get('/api/dropdowns').set('Origin', 'https://elsewhere.example');
    expect(cross.status).toBe(200);
    expect(cross.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('HEAD answers the headers only', async () => {
    const head = await t.http().head('/api/dropdowns');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toMatch(/^"/);
    expect(head.text ?? '').toBe('');
  });
});

describe('what every hot read keeps from the full stack', () => {
  it('echoes a well-formed X-Request-Id (a new UUID otherwise) next to the security headers', async () => {
    const echoed = await raw('/api/dropdowns', { 'X-Request-Id': 'trace-abc.123' });
    expect(echoed.status).toBe(200);
    expect(echoed.headers['x-request-id']).toBe('trace-abc.123');
    expect(echoed.headers['content-security-policy']).toContain("default-src 'self'");
    expect(echoed.headers['x-frame-options']).toBe('SAMEORIGIN');
    const replaced = await raw('/api/maintenance/check', { 'X-Request-Id': 'bad id with spaces' });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const etag = String(echoed.headers.etag);
    const notModified = await raw('/api/dropdowns', { 'If-None-Match': etag, 'X-Request-Id': 'trace-304' });
    expect(notModified.status).toBe(304);
    expect(notModified.headers['x-request-id']).toBe('trace-304');
  });

  it('is counted in the request metrics under its path and written to the access log with its request id', async () => {
    const count = async () => {
      const metric = await t.app.get(MetricsService).registry.getSingleMetric('portal_http_requests_total')!.get();
      return (
        metric.values.find((v) => v.labels.route === '/api/config' && v.labels.method === 'GET' && v.labels.status === '200')?.value ?? 0
      );
    };
    const before = await count();
    const root = PinoLogger.root;
    const level = root.level;
    root.level = 'info';
    const info = jest.spyOn(root, 'info').mockImplementation(() => undefined);
    try {
      expect((await raw('/api/config', { 'X-Request-Id': 'trace-log' })).status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve)); // 'finish' is emitted once the bytes are handed over
      expect(await count()).toBe(before + 1);
      const line = info.mock.calls.find((call) => call[1] === 'request completed');
      expect(line).toBeDefined();
      const fields = line![0] as unknown as { req: { id: string; url: string }; res: { statusCode: number }; responseTime: number };
      expect(fields.req.id).toBe('trace-log');
      expect(fields.req.url).toBe('/api/config');
      expect(fields.res.statusCode).toBe(200);
      expect(typeof fields.responseTime).toBe('number');
    } finally {
      info.mockRestore();
      root.level = level;
    }
  });
});
