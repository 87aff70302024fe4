import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { ADMIN, createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Rivka',
    last_name: 'Cohen',
    email: 'rivka@example.com',
    password: 'correct-horse-9',
    password_confirmation: 'correct-horse-9',
    ...overrides,
  };
}

async function userCount(): Promise<number> {
  const result = await t.db.query('SELECT count(*)::int AS n FROM users');
  return result.rows[0].n;
}

describe('POST /api/register', () => {
  it('answers 201 with a bearer token and the applicant user, and stores the account', async () => {
    const response = await t
      .http()
      .post('/api/register')
      .send(registration({ email: 'new.applicant@example.com' }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      token: expect.any(String),
      token_type: 'bearer',
      expires_in: t.config.ACCESS_TOKEN_TTL_SECONDS,
    });
    const row = await t.db.query('SELECT id, first_name, last_name, role FROM users WHERE email = $1', ['new.applicant@example.com']);
    expect(row.rows).toHaveLength(1);
    expect(row.rows[0]).toMatchObject({ first_name: 'Rivka', last_name: 'Cohen', role: 'applicant' });
    // the contract: register answers "same as login plus user"
    expect(response.body.user).toEqual({
      id: row.rows[0].id,
      first_name: 'Rivka',
      last_name: 'Cohen',
      email: 'new.applicant@example.com',
      role: 'applicant',
      email_verified: false, // until the e-mailed link is opened (issue 11)
    });
    const me = await t.http().get('/api/user').set('Authorization', `Bearer ${response.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'new.applicant@example.com', role: 'applicant' });
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const body = registration({ email: 'hash.check@example.com' });
    await t.http().post('/api/register').send(body).expect(201);
    const row = await t.db.query('SELECT password_hash FROM users WHERE email = $1', ['hash.check@example.com']);
    expect(row.rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(row.rows[0].password_hash).not.toContain(body.password);
  });

  it('stores only the 64-hex sha256 of the issued token in access_tokens', async () => {
    const response = await t
      .http()
      .post('/api/register')
      .send(registration({ email: 'token.check@example.com' }));
    expect(response.status).toBe(201);
    const token: string = response.body.token;
    const rows = await t.db.query(`SELECT t.token_hash FROM access_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1`, [
      'token.check@example.com',
    ]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.rows[0].token_hash).toBe(sha256(token));
    const anywhere = await t.db.query('SELECT count(*)::int AS n FROM access_tokens WHERE token_hash = $1', [token]);
    expect(anywhere.rows[0].n).toBe(0);
  });

  it.each([
    ['every field missing', {}, ['first_name', 'last_name', 'email', 'password', 'password_confirmation']],
    ['an invalid e-mail', registration({ email: 'not-an-email' }), ['email']],
    ['a password shorter than 8 characters', registration({ password: 'short', password_confirmation: 'short' }), ['password']],
    ['an empty first name and a numeric last name', registration({ first_name: '', last_name: 42 }), ['first_name', 'last_name']],
    ['an unknown extra field', registration({ role: 'admin' }), ['role']],
  ])('answers 422 VAL-001 for %s and creates nothing', async (_name, body, fields) => {
    const before = await userCount();
    const response = await t.http().post('/api/register').send(body);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'VAL-001', message: expect.any(String) });
    expect(Object.keys(response.body.errors).sort()).toEqual([...fields].sort());
    expect(await userCount()).toBe(before);
  });

  it('answers 422 on password_confirmation when it does not match', async () => {
    const before = await userCount();
    const response = await t
      .http()
      .post('/api/register')
      .send(registration({ email: 'mismatch@example.com', password_confirmation: 'something-else-1' }));
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VAL-001');
    expect(Object.keys(response.body.errors)).toEqual(['password_confirmation']);
    expect(await userCount()).toBe(before);
  });

  it('answers 422 on email when the address is already taken in a different case', async () => {
    await t
      .http()
      .post('/api/register')
      .send(registration({ email: 'Taken.Case@Example.com' }))
      .expect(201);
    const before = await userCount();
    const response = await t
      .http()
      .post('/api/register')
      .set('Accept-Language', 'es')
      .send(registration({ email: 'taken.case@EXAMPLE.COM' }));
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'VAL-001' });
    expect(response.body.errors.email).toEqual(['Esta dirección de correo electrónico ya está registrada.']);
    expect(await userCount()).toBe(before);
    const rows = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE lower(email) = 'taken.case@example.com'`);
    expect(rows.rows[0].n).toBe(1);
  });
});

describe('POST /api/login', () => {
  it('answers 200 {token, token_type: bearer, expires_in} for the right credentials', async () => {
    const response = await t.http().post('/api/login').send({ email: ADMIN.email, password: ADMIN.password });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ token: expect.any(String), token_type: 'bearer', expires_in: t.config.ACCESS_TOKEN_TTL_SECONDS });
    expect(response.body.token.length).toBeGreaterThanOrEqual(32);
    const row = await t.db.query('SELECT expires_at FROM access_tokens WHERE token_hash = $1', [sha256(response.body.token)]);
    expect(row.rows).toHaveLength(1);
    const lifetime = (new Date(row.rows[0].expires_at).getTime() - Date.now()) / 1000;
    expect(Math.abs(lifetime - t.config.ACCESS_TOKEN_TTL_SECONDS)).toBeLessThan(60);
  });

  it('accepts the e-mail in another case', async () => {
    const response = await t.http().post('/api/login').send({ email: ADMIN.email.toUpperCase(), password: ADMIN.password });
    expect(response.status).toBe(200);
  });

  it('gives a 365-day token (expires_in 31536000) with remember: true', async () => {
    const response = await t.http().post('/api/login').send({ email: ADMIN.email, password: ADMIN.password, remember: true });
    expect(response.status).toBe(200);
    expect(response.body.expires_in).toBe(31536000);
    const row = await t.db.query('SELECT expires_at FROM access_tokens WHERE token_hash = $1', [sha256(response.body.token)]);
    const lifetime = (new Date(row.rows[0].expires_at).getTime() - Date.now()) / 1000;
    expect(Math.abs(lifetime - 31536000)).toBeLessThan(60);
  });

  it('answers 401 AUTH-401 with the same message for a wrong password and an unknown e-mail', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM access_tokens');
    const wrongPassword = await t.http().post('/api/login').send({ email: ADMIN.email, password: 'wrong-password-1' });
    const unknownEmail = await t.http().post('/api/login').send({ email: 'nobody@example.com', password: ADMIN.password });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, code: 'AUTH-401', message: 'These credentials do not match our records.' });
    }
    expect(wrongPassword.body.message).toBe(unknownEmail.body.message);
    const after = await t.db.query('SELECT count(*)::int AS n FROM access_tokens');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it.each([
    ['es', 'Estas credenciales no coinciden con nuestros registros.'],
    ['zh-CN', '这些凭据与我们的记录不符。'],
  ])('localizes the bad-credentials message with Accept-Language %s', async (locale, message) => {
    const wrongPassword = await t
      .http()
      .post('/api/login')
      .set('Accept-Language', locale)
      .send({ email: ADMIN.email, password: 'wrong-password-1' });
    const unknownEmail = await t
      .http()
      .post('/api/login')
      .set('Accept-Language', locale)
      .send({ email: 'nobody@example.com', password: 'x-password' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ success: false, code: 'AUTH-401', message });
    }
  });

  it('answers 422 VAL-001 for a malformed body', async () => {
    const response = await t.http().post('/api/login').send({ email: 'not-an-email', remember: 'yes' });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VAL-001');
    expect(Object.keys(response.body.errors).sort()).toEqual(['email', 'password', 'remember']);
  });
});

describe('GET /api/user', () => {
  it('answers exactly {id, first_name, last_name, email, role, email_verified} with no password fields', async () => {
    const token = await t.login();
    const response = await t.http().get('/api/user').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(200);
    const row = await t.db.query('SELECT id FROM users WHERE email = $1', [ADMIN.email]);
    expect(response.body).toEqual({
      id: row.rows[0].id,
      first_name: 'Admissions',
      last_name: 'Office',
      email: ADMIN.email,
      role: 'admin',
      email_verified: true, // the seeded admin's address comes from the operator's configuration
    });
    expect(JSON.stringify(response.body)).not.toMatch(/password|argon2/i);
  });

  it("records the token's last use", async () => {
    const token = await t.login();
    await t.http().get('/api/user').set('Authorization', `Bearer ${token}`).expect(200);
    const row = await t.db.query('SELECT last_used_at FROM access_tokens WHERE token_hash = $1', [sha256(token)]);
    expect(row.rows[0].last_used_at).not.toBeNull();
  });

  it.each([
    ['no Authorization header', undefined],
    ['an unknown bearer token', 'Bearer not-a-real-token'],
    ['a malformed Authorization header', 'Basic YWRtaW46YWRtaW4='],
  ])('answers 401 AUTH-401 with %s', async (_name, header) => {
    const request = t.http().get('/api/user');
    if (header) request.set('Authorization', header);
    const response = await request;
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ success: false, code: 'AUTH-401', message: 'Please log in.' });
  });

  it('answers 401 for an expired token', async () => {
    const token = await t.login();
    await t.db.query(`UPDATE access_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    const response = await t.http().get('/api/user').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('AUTH-401');
  });
});

describe('POST /api/logout', () => {
  it('revokes the token server-side: the same token then gets 401 on /api/user', async () => {
    const token = await t.login();
    const other = await t.login();
    await t.http().get('/api/user').set('Authorization', `Bearer ${token}`).expect(200);
    const response = await t.http().post('/api/logout').set('Authorization', `Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const row = await t.db.query('SELECT revoked_at FROM access_tokens WHERE token_hash = $1', [sha256(token)]);
    expect(row.rows[0].revoked_at).not.toBeNull();
    const after = await t.http().get('/api/user').set('Authorization', `Bearer ${token}`);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('AUTH-401');
    // another session of the same user is not affected
    await t.http().get('/api/user').set('Authorization', `Bearer ${other}`).expect(200);
  });

  it('answers 401 AUTH-401 without a token', async () => {
    const response = await t.http().post('/api/logout');
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('AUTH-401');
  });
});

// Last on purpose: passport strategies are process-global, so the second app replaces the 'bearer' strategy of `t`.
describe('rate limit on POST /api/login (RATE_LIMIT_PER_MINUTE=3)', () => {
  let limited: TestApp;

  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
  });

  afterAll(async () => {
    await limited.close();
  });

  it('answers the 4th login from the same client with 429 AUTH-429, Retry-After in whole seconds, and the wait in the message', async () => {
    for (let i = 0; i < 3; i += 1) {
      const ok = await limited.http().post('/api/login').send({ email: ADMIN.email, password: ADMIN.password });
      expect(ok.status).toBe(200);
    }
    const before = await limited.db.query('SELECT count(*)::int AS n FROM access_tokens');
    const refused = await limited.http().post('/api/login').send({ email: ADMIN.email, password: ADMIN.password });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'AUTH-429' });
    const retryAfter = refused.headers['retry-after'];
    expect(retryAfter).toMatch(/^\d+$/);
    const seconds = Number(retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(refused.body.message).toContain(retryAfter);
    expect(refused.body.message).toBe(`Too many attempts. Please wait ${retryAfter} seconds and try again.`);
    const after = await limited.db.query('SELECT count(*)::int AS n FROM access_tokens');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('localizes the 429 message', async () => {
    const refused = await limited
      .http()
      .post('/api/login')
      .set('Accept-Language', 'es')
      .send({ email: ADMIN.email, password: ADMIN.password });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(`Demasiados intentos. Espere ${refused.headers['retry-after']} segundos y vuelva a intentarlo.`);
  });
});
