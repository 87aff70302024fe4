import { describe, expect, it } from '@jest/globals';
import express from 'express';
import { Writable } from 'node:stream';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import type { AppConfig } from '../../config/app-config.js';
import { loggingOptions } from './logging.options.js';

/** An express app logging through pino-http with the portal's options into `lines`; `/me` has a signed-in user. */
function appLogging(level: AppConfig['LOG_LEVEL'], lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const options = loggingOptions({ LOG_LEVEL: level, NODE_ENV: 'test', LOG_FORMAT: 'json' } as AppConfig).pinoHttp;
  const app = express();
  app.use(pinoHttp(options as never, sink));
  app.get('/me', (req, res) => {
    (req as typeof req & { user: { id: string } }).user = { id: 'user-7' };
    res.json({ ok: true });
  });
  app.get('/public', (_req, res) => void res.json({ ok: true }));
  app.get('/denied', (_req, res) => void res.status(401).json({ code: 'AUTH-401' }));
  // as the front ends' assets are served: a static handler mounted under the path
  app.use('/admin/assets/', (_req, res) => void res.type('js').send('1;'));
  return app;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('loggingOptions (access log)', () => {
  it('at LOG_LEVEL=log: one line per request with request id, method, masked url, status, time; userId only when signed in', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLogging('log', lines);
    const me = await request(app).get('/me?token=secret').set('X-Request-Id', 'req-me-1');
    expect(me.headers['x-request-id']).toBe('req-me-1');
    await request(app).get('/public').set('X-Request-Id', 'req-public-1');
    await settle();
    const meLine = lines.find((l) => (l.req as { id?: string } | undefined)?.id === 'req-me-1');
    expect(meLine).toMatchObject({
      level: 30,
      userId: 'user-7',
      req: { method: 'GET', url: '/me?token=[redacted]' },
      res: { statusCode: 200 },
    });
    expect(typeof meLine!.responseTime).toBe('number');
    const publicLine = lines.find((l) => (l.req as { id?: string } | undefined)?.id === 'req-public-1');
    expect(publicLine).toMatchObject({ level: 30, req: { method: 'GET', url: '/public' }, res: { statusCode: 200 } });
    expect(publicLine).not.toHaveProperty('userId');
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('at LOG_LEVEL=warn: a 401 is logged at warn, a 200 is not; a new request id is a UUID', async () => {
    const lines: Record<string, unknown>[] = [];
    const app = appLogging('warn', lines);
    const ok = await request(app).get('/public');
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await request(app).get('/denied').set('X-Request-Id', 'bad id with spaces');
    await settle();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, req: { url: '/denied' }, res: { statusCode: 401 } });
    expect((lines[0].req as { id: string }).id).not.toBe('bad id with spaces');
  });

  it('logs a built asset answered without error at debug (LOG_LEVEL=debug writes it, =log does not)', async () => {
    for (const [level, expected] of [
      ['debug', [20]],
      ['log', []],
    ] as const) {
      const lines: Record<string, unknown>[] = [];
      const app = appLogging(level, lines);
      await request(app).get('/admin/assets/index-4f9d2c1a.js').set('X-Request-Id', 'req-asset-1');
      await settle();
      expect(lines.filter((l) => (l.req as { id?: string } | undefined)?.id === 'req-asset-1').map((l) => l.level)).toEqual(expected);
    }
  });
});
