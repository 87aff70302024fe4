import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { ADMIN, createTestApp, type TestApp } from './support/test-app.js';

/**
 * Abuse limits (issue 5) on the real Redis at 127.0.0.1:6379 (REDIS_URL), each run under its own key
 * prefix, and on the memory store. Every rate-limited endpoint answers 429 AUTH-429 with Retry-After once
 * the per-IP budget is spent; the per-account lockout lives in the same store and is shared by replicas.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `portal-test:${randomBytes(6).toString('hex')}`;
let redis: Redis;
let t: TestApp;

/** Every endpoint with @RateLimited(), and a body for it (the limit is checked before validation). */
const LIMITED: [string, string][] = [
  ['POST', '/api/login'],
  ['POST', '/api/register'],
  ['POST', '/api/password/email'],
  ['POST', '/api/password/reset'],
  ['POST', '/api/oauth/acme'],
  ['POST', '/api/applications'],
  ['POST', '/api/continue'],
];

beforeAll(async () => {
  redis = new Redis(REDIS_URL);
  t = await createTestApp({ REDIS_URL, RATE_LIMIT_KEY_PREFIX: prefix, RATE_LIMIT_PER_MINUTE: '2' });
});

afterAll(async () => {
  await t.close();
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe('per-IP limits in Redis (REDIS_URL set)', () => {
  it.each(LIMITED)('%s %s answers the 3rd request of the minute with 429 AUTH-429 and Retry-After', async (_method, path) => {
    for (let i = 0; i < 2; i += 1) {
      const allowed = await t.http().post(path).send({});
      expect(allowed.status).not.toBe(429);
    }
    const refused = await t.http().post(path).set('Accept-Language', 'zh-CN').send({});
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('AUTH-429');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused.body.message).toContain(refused.headers['retry-after']);
    expect(refused.body.message).toMatch(/尝试次数过多/);
  });

  it('keeps the counters in Redis under RATE_LIMIT_KEY_PREFIX, expiring within a minute', async () => {
    const keys = await redis.keys(`${prefix}:ip:*`);
    expect(keys.length).toBeGreaterThanOrEqual(LIMITED.length);
    const login = keys.find((k) => k.includes('POST /api/login'))!;
    expect(await redis.get(login)).toBe('3');
    const ttl = await redis.pttl(login);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

// Last on purpose: the second and third apps replace the process-wide passport 'bearer' strategy.
describe('per-account lockout in Redis, shared by two replicas', () => {
  let a: TestApp;
  let b: TestApp;
  const lockPrefix = `${prefix}-lock`;

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL, RATE_LIMIT_KEY_PREFIX: lockPrefix });
    b = await createTestApp({ REDIS_URL, RATE_LIMIT_KEY_PREFIX: lockPrefix, ADMIN_PASSWORD: ADMIN.password });
  });

  afterAll(async () => {
    await a.close();
    await b.close();
    const keys = await redis.keys(`${lockPrefix}:*`);
    if (keys.length) await redis.del(...keys);
  });

  it('counts failures across replicas and locks the account on both for 60 s', async () => {
    const fail = (app: TestApp) => app.http().post('/api/login').send({ email: ADMIN.email, password: 'wrong-password-r' });
    for (const app of [a, b, a, b]) expect((await fail(app)).status).toBe(401);
    const fifth = await fail(a);
    expect(fifth.status).toBe(429);
    expect(fifth.headers['retry-after']).toBe('60');
    const lockKeys = await redis.keys(`${lockPrefix}:login-lock:*`);
    expect(lockKeys).toHaveLength(1);
    expect(lockKeys[0]).not.toContain('admin@example.com');
    const ttl = await redis.pttl(lockKeys[0]);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    const onOther = await b.http().post('/api/login').send({ email: ADMIN.email, password: ADMIN.password });
    expect(onOther.status).toBe(429);
    expect(onOther.body.code).toBe('AUTH-429');
  });
});

describe('memory store (no REDIS_URL)', () => {
  let m: TestApp;
  const memoryPrefix = `${prefix}-memory`;
  beforeAll(async () => {
    m = await createTestApp({ RATE_LIMIT_KEY_PREFIX: memoryPrefix, RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(async () => {
    await m.close();
  });

  it('limits POST /api/password/email per IP in process memory and writes nothing to Redis', async () => {
    for (let i = 0; i < 2; i += 1) expect((await m.http().post('/api/password/email').send({ email: 'x@example.com' })).status).toBe(200);
    const refused = await m.http().post('/api/password/email').send({ email: 'x@example.com' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(await redis.keys(`${memoryPrefix}:*`)).toEqual([]);
  });
});
