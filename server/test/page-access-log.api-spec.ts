import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { PinoLogger } from 'nestjs-pino';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Issue 26 item 9 "request ids on page routes too": the applicant app's and the console's pages (history-mode
 * fallbacks and static files, served by express next to `/api`) get the API's `X-Request-Id` (a valid
 * incoming one kept) and one JSON access line in the API's schema, with the query's tokens masked; built
 * assets answered without error are logged at debug only. Checked on the lines the app's logger writes
 * (LOG_LEVEL=log, JSON), against a temporary build of both front ends.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = 'page-token-7f3a9c41d2';

interface AccessLine {
  level: number;
  msg: string;
  req: { id: string; method: string; url: string; remoteAddress?: string };
  res: { statusCode: number };
  responseTime: number;
}

let t: TestApp;
let frontEnds: string;
/** Everything the app's pino logger writes while the test runs (one JSON object a line). */
const written: string[] = [];
let restoreWrite: () => void;

beforeAll(async () => {
  frontEnds = await mkdtemp(join(tmpdir(), 'portal-front-ends-'));
  for (const app of ['applicant-ui', 'admin-ui']) {
    await mkdir(join(frontEnds, app, 'dist', 'assets'), { recursive: true });
    await writeFile(join(frontEnds, app, 'dist', 'index.html'), `<!doctype html><title>${app}</title>`);
    await writeFile(join(frontEnds, app, 'dist', 'assets', 'index-4f9d2c1a.js'), 'console.log(1);');
  }
  t = await createTestApp({ LOG_LEVEL: 'log', LOG_FORMAT: 'json' }, { frontEndsRoot: frontEnds });
  const stream = (PinoLogger.root as unknown as Record<symbol, { write(line: string): boolean }>)[pino.symbols.streamSym];
  const spy = jest.spyOn(stream, 'write').mockImplementation((line: string) => {
    written.push(line);
    return true;
  });
  restoreWrite = () => spy.mockRestore();
});

afterAll(async () => {
  restoreWrite?.();
  await t?.close();
  await rm(frontEnds, { recursive: true, force: true });
});

/** The access lines written for `id` so far (after the answer's 'finish'). */
async function linesOf(id: string): Promise<AccessLine[]> {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return written
    .map((line) => JSON.parse(line) as AccessLine)
    .filter((line) => line.req?.id === id && (line.msg === 'request completed' || line.msg === 'request errored'));
}

describe('request ids and access lines on page routes (issue 26 item 9)', () => {
  it('a tokenised applicant link: keeps the X-Request-Id, writes one JSON line with the token masked', async () => {
    const response = await t.http().get(`/application/3?token=${SECRET}&step=2`).set('X-Request-Id', 'page-trace-0001');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['x-request-id']).toBe('page-trace-0001');
    const lines = await linesOf('page-trace-0001');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: expect.objectContaining({ id: 'page-trace-0001', method: 'GET', url: '/application/3?token=[redacted]&step=2' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(written.join('\n')).not.toContain(SECRET);
  });

  it('writes the same schema as an API line (a 401 there), once per request, for /, /admin/ and a console route', async () => {
    const api = await t.http().get(`/api/user?token=${SECRET}`).set('X-Request-Id', 'api-trace-0001');
    expect(api.status).toBe(401);
    const [apiLine, ...more] = await linesOf('api-trace-0001');
    expect(more).toEqual([]);
    expect(apiLine.req.url).toBe('/api/user?token=[redacted]');
    for (const path of ['/', '/admin/', '/admin/applications/5']) {
      const page = await t.http().get(path);
      expect(page.status).toBe(200);
      expect(page.headers['x-request-id']).toMatch(UUID);
      const lines = await linesOf(page.headers['x-request-id']);
      expect(lines).toHaveLength(1);
      expect(lines[0].req.url).toBe(path);
      expect(Object.keys(lines[0]).sort()).toEqual(Object.keys(apiLine).sort());
      expect(Object.keys(lines[0].req).sort()).toEqual(Object.keys(apiLine.req).sort());
    }
    expect(written.join('\n')).not.toContain(SECRET);
  });

  it('replaces a malformed X-Request-Id with a UUID, as the API does', async () => {
    const response = await t.http().get('/status').set('X-Request-Id', 'bad id <script>');
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(await linesOf(response.headers['x-request-id'])).toHaveLength(1);
  });

  it('gives the /metrics scrape its request id without an access line (a quiet path, as the health checks)', async () => {
    const scrape = await t.http().get('/metrics').set('X-Request-Id', 'scrape-0001');
    expect(scrape.status).toBe(404); // METRICS_TOKEN unset
    expect(scrape.headers['x-request-id']).toBe('scrape-0001');
    expect(await linesOf('scrape-0001')).toEqual([]);
  });

  it('a built asset gets its request id and is logged at debug (not written at the default level); a missing one is a warn line', async () => {
    for (const path of ['/assets/index-4f9d2c1a.js', '/admin/assets/index-4f9d2c1a.js']) {
      const asset = await t.http().get(path).set('X-Request-Id', `asset-${path.length}`);
      expect(asset.status).toBe(200);
      expect(asset.headers['x-request-id']).toBe(`asset-${path.length}`);
      expect(await linesOf(`asset-${path.length}`)).toEqual([]);
    }
    const missing = await t.http().get('/assets/gone-00000000.js').set('X-Request-Id', 'asset-missing');
    expect(missing.status).toBe(404);
    expect(await linesOf('asset-missing')).toEqual([
      expect.objectContaining({ level: 40, req: expect.objectContaining({ url: '/assets/gone-00000000.js' }), res: { statusCode: 404 } }),
    ]);
  });
});
