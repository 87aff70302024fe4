import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('health and public configuration', () => {
  it('GET /api/health answers {status: ok}', async () => {
    const response = await t.http().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready answers {status: ok, database: up} (Redis not configured here)', async () => {
    const response = await t.http().get('/api/health/ready');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', redis: 'not configured' });
  });

  it('GET /api/config answers the public settings', async () => {
    const response = await t.http().get('/api/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      mainSiteUrl: 'https://www.example.edu',
      locales: ['en', 'es', 'zh-CN'],
      sessionMaxMs: 1800000,
      maintenanceCheckIntervalMs: 80000,
      oauthProviders: [],
      currency: 'USD',
    });
  });
});

describe('OpenAPI document', () => {
  const ROUTES: [string, string[]][] = [
    ['/api/health', ['get']],
    ['/api/health/ready', ['get']],
    ['/api/config', ['get']],
    ['/api/maintenance/check', ['get']],
    ['/api/dropdowns', ['get']],
    ['/api/dropdowns/{id}', ['post']],
    ['/api/programs', ['get']],
    ['/api/programs/semesters', ['get']],
    ['/api/applications', ['get', 'post']],
    ['/api/applications/{id}', ['patch']],
    ['/api/applications/{id}/requirements', ['get']],
    ['/api/applications/{id}/submit', ['post']],
    ['/api/applications/{id}/link', ['post']],
    ['/api/continue', ['post']],
    ['/api/token/check', ['get']],
    ['/api/session/check', ['get']],
    ['/api/session/upsert', ['post']],
    ['/api/timelog', ['post']],
    ['/api/login', ['post']],
    ['/api/register', ['post']],
    ['/api/logout', ['post']],
    ['/api/user', ['get']],
    ['/api/admin/dropdowns', ['get']],
    ['/api/admin/dropdowns/{id}', ['get', 'put']],
    ['/api/admin/maintenance-windows', ['get', 'post']],
    ['/api/admin/maintenance-windows/{id}', ['get', 'put', 'delete']],
    ['/api/admin/stats', ['get']],
    ['/api/password/email', ['post']],
    ['/api/password/reset', ['post']],
    ['/api/oauth/{provider}', ['post']],
    ['/api/oauth/{provider}/callback', ['get']],
    ['/api/advisory', ['get']],
    ['/api/admin/applications', ['get']],
    ['/api/admin/applications/export.csv', ['get']],
    ['/api/admin/applications/{id}', ['get']],
    ['/api/admin/applications/{id}/withdraw', ['post']],
    ['/api/admin/applications/{id}/reopen', ['post']],
    ['/api/admin/users', ['get']],
    ['/api/admin/users/{id}', ['get', 'put', 'delete']],
    ['/api/admin/discount-codes', ['get', 'post']],
    ['/api/admin/discount-codes/{id}', ['get', 'put', 'delete']],
    ['/api/admin/advisory-lines', ['get', 'post']],
    ['/api/admin/advisory-lines/{id}', ['get', 'put', 'delete']],
    ['/api/admin/audit-log', ['get']],
    ['/api/admin/audit-log/{id}', ['get']],
    ['/api/admin/time-logs', ['get']],
    ['/api/admin/sessions', ['get']],
    ['/api/admin/payments', ['get']],
    ['/api/admin/webhooks', ['get', 'post']],
    ['/api/admin/webhooks/{id}', ['get', 'put', 'delete']],
    ['/api/admin/webhooks/deliveries', ['get']],
    ['/api/admin/webhooks/deliveries/{id}', ['get']],
    ['/api/admin/webhooks/deliveries/{id}/redeliver', ['post']],
  ];

  it('GET /api/docs-json is an OpenAPI 3 document listing every route of docs/api.md with its methods', async () => {
    const response = await t.http().get('/api/docs-json');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const document = response.body;
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    const paths = Object.keys(document.paths);
    for (const [route, methods] of ROUTES) {
      expect(paths).toContain(route);
      for (const method of methods) expect(Object.keys(document.paths[route])).toContain(method);
    }
  });

  it('declares the bearer and application-token security schemes', async () => {
    const response = await t.http().get('/api/docs-json');
    const schemes = response.body.components?.securitySchemes ?? {};
    expect(Object.values(schemes)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'http', scheme: 'bearer' }),
        expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Application-Token' }),
      ]),
    );
  });

  it('GET /api/docs answers the HTML UI', async () => {
    const response = await t.http().get('/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.text).toMatch(/<html/i);
    expect(response.text).toMatch(/swagger/i);
  });
});

describe('security headers', () => {
  it.each(['/api/health', '/api/dropdowns', '/api/nope'])('are present on %s', async (path) => {
    const response = await t.http().get(path);
    expect(response.headers['content-security-policy']).toEqual(expect.stringContaining("default-src 'self'"));
    expect(response.headers['content-security-policy']).toEqual(expect.stringContaining("frame-ancestors 'none'"));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('errors in the one shape', () => {
  it.each([
    ['en', undefined, 'Not found.'],
    ['es', 'es', 'No encontrado.'],
    ['zh-CN', 'zh-CN', '未找到。'],
    ['zh (maps to zh-CN)', 'zh', '未找到。'],
    ['es-MX (maps to es)', 'es-MX', 'No encontrado.'],
    ['an unsupported language (falls back to en)', 'fr', 'Not found.'],
  ])('an unknown /api route answers 404 REQ-404 in %s', async (_name, language, message) => {
    const request = t.http().get('/api/no-such-route');
    if (language) request.set('Accept-Language', language);
    const response = await request;
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({ success: false, code: 'REQ-404', message });
  });

  it('an unknown method on a known /api path answers 404 REQ-404', async () => {
    const response = await t.http().delete('/api/health');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'REQ-404' });
  });

  it('a JSON body over the size limit answers 413 REQ-413 and stores nothing', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM sessions');
    const response = await t
      .http()
      .post('/api/session/upsert')
      .set('Content-Type', 'application/json')
      .set('Accept-Language', 'es')
      .send(JSON.stringify({ id: 'oversized-body-1', startTime: '2026-11-22T10:00:00-05:00', parentModule: 'x'.repeat(200 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, code: 'REQ-413', message: 'Lo enviado es demasiado grande.' });
    const after = await t.db.query('SELECT count(*)::int AS n FROM sessions');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('malformed JSON answers 400 REQ-400, translated', async () => {
    const response = await t
      .http()
      .post('/api/login')
      .set('Content-Type', 'application/json')
      .set('Accept-Language', 'zh')
      .send('{"email": "a@b.c",');
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, code: 'REQ-400', message: '无法读取该请求，请检查提交的内容。' });
  });

  it('Accept-Language zh maps to zh-CN messages for field errors too', async () => {
    const response = await t.http().get('/api/programs').set('Accept-Language', 'zh');
    expect(response.status).toBe(422);
    expect(response.body.message).toBe('有些字段需要您注意。');
    expect(response.body.errors.gender).toEqual(['必须是列表中的选项之一。']);
  });

  it('a 422 carries errors, other failures do not', async () => {
    const notFound = await t.http().get('/api/nope');
    expect(notFound.body).not.toHaveProperty('errors');
    const unauthorized = await t.http().get('/api/user');
    expect(unauthorized.status).toBe(401);
    expect(Object.keys(unauthorized.body).sort()).toEqual(['code', 'message', 'success']);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts the applications by status', async () => {
    const empty = await t
      .http()
      .get('/api/admin/stats')
      .set('Authorization', `Bearer ${await t.login()}`);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ total: 0, byStatus: {}, activeSessions: 0 });

    const first = await startApplication(t, { email: 'stats1@example.com' });
    await startApplication(t, { email: 'stats2@example.com' });
    const third = await startApplication(t, { email: 'stats3@example.com' });
    await t.db.query(`UPDATE applications SET status = 'submitted' WHERE id = $1`, [first.id]);
    await t.db.query(`UPDATE applications SET status = 'withdrawn' WHERE id = $1`, [third.id]);

    const response = await t
      .http()
      .get('/api/admin/stats')
      .set('Authorization', `Bearer ${await t.login()}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 3, byStatus: { draft: 1, submitted: 1, withdrawn: 1 } });
  });

  it('answers 401 anonymous and 403 for an applicant', async () => {
    const anonymous = await t.http().get('/api/admin/stats');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 'AUTH-401' });
    const registered = await t.http().post('/api/register').send({
      first_name: 'Stat',
      last_name: 'Seeker',
      email: 'stats.applicant@example.com',
      password: 'applicant-pass-1',
      password_confirmation: 'applicant-pass-1',
    });
    const applicant = await t.http().get('/api/admin/stats').set('Authorization', `Bearer ${registered.body.token}`);
    expect(applicant.status).toBe(403);
    expect(applicant.body).toMatchObject({ success: false, code: 'AUTH-403' });
  });
});

// Last on purpose: passport strategies are process-global, so booting (and closing) a second app replaces the
// 'bearer' strategy of the first one; nothing after this may rely on bearer tokens of `t`.
describe('a second app with MAIN_SITE_URL', () => {
  it('GET /api/config reports MAIN_SITE_URL when configured', async () => {
    const other = await createTestApp({ MAIN_SITE_URL: 'https://college.example.org' });
    try {
      const response = await other.http().get('/api/config');
      expect(response.body.mainSiteUrl).toBe('https://college.example.org');
    } finally {
      await other.close();
    }
  });
});
