import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * The generic middleware every answer passes (issue 12, lean stack): helmet's headers set from a list
 * computed once, CORS only when origins are configured, cookies parsed where they are read (the OAuth
 * callback: accounts.api-spec.ts).
 */
const ALLOWED = 'https://apply.example.edu';
let plain: TestApp;
let withCors: TestApp;

beforeAll(async () => {
  plain = await createTestApp();
  withCors = await createTestApp({ CORS_ORIGINS: `${ALLOWED}, https://admin.example.edu` }, { sameDatabaseAs: plain });
});

afterAll(async () => {
  await withCors?.close();
  await plain?.close();
});

/** The headers helmet sets with the portal's settings outside production (no HSTS there). */
const HELMET_HEADERS = {
  'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers on a step save', () => {
  it("a PATCH save answer and its 409 carry helmet's headers, no HSTS outside production, no X-Powered-By", async () => {
    const started = await startApplication(plain);
    const save = (version: number) =>
      plain
        .http()
        .patch(`/api/applications/${started.id}`)
        .set('X-Application-Token', started.token)
        .send({ version, contactName: 'Lean' });
    const saved = await save(started.data.version);
    expect(saved.status).toBe(200);
    const stale = await save(started.data.version);
    expect(stale.status).toBe(409);
    for (const response of [saved, stale]) {
      expect(response.headers).toMatchObject(HELMET_HEADERS);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('CORS', () => {
  it('without CORS_ORIGINS: no Access-Control-* header on a save or its preflight', async () => {
    const preflight = await plain
      .http()
      .options('/api/applications/x')
      .set('Origin', ALLOWED)
      .set('Access-Control-Request-Method', 'PATCH');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    const get = await plain.http().get('/api/health').set('Origin', ALLOWED);
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with CORS_ORIGINS: a listed origin gets its origin, credentials and the exposed headers; another gets none', async () => {
    const preflight = await withCors
      .http()
      .options('/api/applications/x')
      .set('Origin', ALLOWED)
      .set('Access-Control-Request-Method', 'PATCH');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
    const get = await withCors.http().get('/api/health').set('Origin', ALLOWED);
    expect(get.headers['access-control-allow-origin']).toBe(ALLOWED);
    expect(get.headers['access-control-expose-headers']).toBe(
      'Content-Range,Retry-After,RateLimit-Policy,RateLimit,RateLimit-Remaining,X-Request-Id',
    );
    const foreign = await withCors.http().get('/api/health').set('Origin', 'https://evil.example.com');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with CORS_ORIGINS: a cross-origin save gets the CORS answer too (it is not taken ahead of express)', async () => {
    const started = await startApplication(withCors);
    const save = await withCors
      .http()
      .patch(`/api/applications/${started.id}`)
      .set({ 'X-Application-Token': started.token, Origin: ALLOWED })
      .send({ version: started.data.version, contactName: 'Across origins' });
    expect(save.status).toBe(200);
    expect(save.headers['access-control-allow-origin']).toBe(ALLOWED);
  });
});
