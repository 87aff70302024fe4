import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { startOAuthProvider, type OAuthProviderDouble } from './support/oauth-provider.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { ADMIN, createTestApp, type TestApp } from './support/test-app.js';

/**
 * Accounts of issue 5: password reset by e-mail (over SMTP to the sink), the per-account login lockout
 * (memory store), and OAuth sign-in against a local provider double.
 */
const PUBLIC_URL = 'http://portal.test';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let t: TestApp;
let sink: SmtpSink;
let provider: OAuthProviderDouble;

beforeAll(async () => {
  sink = await startSmtpSink();
  provider = await startOAuthProvider();
  t = await createTestApp({
    SMTP_URL: sink.url,
    PUBLIC_URL,
    OAUTH_PROVIDERS: JSON.stringify({ acme: provider.config(), broken: { ...provider.config(), clientSecret: 'wrong-secret' } }),
  });
});

afterAll(async () => {
  await t.close();
  await sink.close();
  await provider.close();
});

let registered = 0;
/** Registers a new applicant; answers its e-mail, password and token. */
async function applicant(overrides: Record<string, string> = {}) {
  registered += 1;
  const body = {
    first_name: 'Sara',
    last_name: 'Katz',
    email: `sara${registered}@example.com`,
    password: 'first-password-1',
    password_confirmation: 'first-password-1',
    ...overrides,
  };
  const response = await t.http().post('/api/register').send(body);
  if (response.status !== 201) throw new Error(`register: ${response.status} ${JSON.stringify(response.body)}`);
  // registering e-mails a verification link (issue 11); wait for it so that later counts of the sink are stable
  await sink.waitFor((m) => m.to.includes(body.email) && m.text.includes('/email/verify/'));
  return { email: body.email, password: body.password, token: response.body.token as string, id: response.body.user.id as string };
}

/** Asks for a reset link and answers the token from the e-mail the sink received. */
async function resetTokenFor(email: string, locale = 'en'): Promise<{ token: string; link: string; text: string; subject: string }> {
  const before = sink.messages.length;
  const response = await t.http().post('/api/password/email').set('Accept-Language', locale).send({ email });
  expect(response.status).toBe(200);
  const mail = await sink.waitFor((m) => m.to.includes(email) && sink.messages.indexOf(m) >= before && m.text.includes('/password/reset/'));
  const link = /http:\/\/portal\.test\/password\/reset\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no link in ${mail.text}`);
  const url = new URL(link);
  return { token: decodeURIComponent(url.pathname.split('/').pop()!), link, text: mail.text, subject: mail.subject };
}

describe('POST /api/password/email', () => {
  it('e-mails a link /password/reset/{token}?email= over SMTP and stores only the sha256 of the token, valid 30 minutes', async () => {
    const user = await applicant();
    const { token, link, subject } = await resetTokenFor(user.email);
    expect(subject).toBe('Reset your password');
    expect(link).toBe(`${PUBLIC_URL}/password/reset/${token}?email=${encodeURIComponent(user.email)}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.query('SELECT token_hash, expires_at, used_at FROM password_resets WHERE user_id = $1', [user.id]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].token_hash).toBe(sha256(token));
    expect(rows.rows[0].used_at).toBeNull();
    const minutes = (new Date(rows.rows[0].expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('answers exactly the same for an unknown e-mail, and sends nothing', async () => {
    const user = await applicant();
    const known = await t.http().post('/api/password/email').send({ email: user.email });
    await sink.waitFor((m) => m.to.includes(user.email) && m.text.includes('/password/reset/'));
    const sent = sink.messages.length;
    const resetsBefore = (await t.db.query('SELECT count(*)::int AS n FROM password_resets')).rows[0].n;
    const unknown = await t.http().post('/api/password/email').send({ email: 'nobody-here@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body).toEqual({
      success: true,
      message: 'If an account exists for this e-mail address, we have sent a link to reset the password.',
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sink.messages.length).toBe(sent);
    expect((await t.db.query('SELECT count(*)::int AS n FROM password_resets')).rows[0].n).toBe(resetsBefore);
  });

  it("writes the e-mail in the caller's language (es)", async () => {
    const user = await applicant();
    const { subject, text } = await resetTokenFor(user.email, 'es');
    expect(subject).toBe('Restablezca su contraseña');
    expect(text).toContain('Hola Sara Katz');
    expect(text).toContain('30 minutos');
  });

  it('a new request replaces the older unused link', async () => {
    const user = await applicant();
    const first = await resetTokenFor(user.email);
    const second = await resetTokenFor(user.email);
    const old = await t
      .http()
      .post('/api/password/reset')
      .send({ token: first.token, email: user.email, password: 'new-password-22', password_confirmation: 'new-password-22' });
    expect(old.status).toBe(422);
    const fresh = await t
      .http()
      .post('/api/password/reset')
      .send({ token: second.token, email: user.email, password: 'new-password-22', password_confirmation: 'new-password-22' });
    expect(fresh.status).toBe(200);
  });

  it('answers 422 VAL-001 for a malformed e-mail', async () => {
    const response = await t.http().post('/api/password/email').send({ email: 'nope' });
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual(['email']);
  });
});

describe('POST /api/password/reset', () => {
  const reset = (body: Record<string, string>, locale = 'en') =>
    t.http().post('/api/password/reset').set('Accept-Language', locale).send(body);

  it('sets the new password, uses the token once, and revokes every access token of the account', async () => {
    const user = await applicant();
    const secondSession = (await t.http().post('/api/login').send({ email: user.email, password: user.password })).body.token;
    const { token } = await resetTokenFor(user.email);
    const response = await reset({ token, email: user.email, password: 'brand-new-pass-1', password_confirmation: 'brand-new-pass-1' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Your password has been reset. Please log in.' });
    for (const old of [user.token, secondSession]) {
      expect((await t.http().get('/api/user').set('Authorization', `Bearer ${old}`)).status).toBe(401);
    }
    const live = await t.db.query('SELECT count(*)::int AS n FROM access_tokens WHERE user_id = $1 AND revoked_at IS NULL', [user.id]);
    expect(live.rows[0].n).toBe(0);
    expect((await t.http().post('/api/login').send({ email: user.email, password: user.password })).status).toBe(401);
    expect((await t.http().post('/api/login').send({ email: user.email, password: 'brand-new-pass-1' })).status).toBe(200);
    const row = await t.db.query('SELECT used_at FROM password_resets WHERE token_hash = $1', [sha256(token)]);
    expect(row.rows[0].used_at).not.toBeNull();

    const again = await reset({ token, email: user.email, password: 'third-password-1', password_confirmation: 'third-password-1' });
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({
      code: 'VAL-001',
      errors: { email: ['This password reset link is invalid or has expired. Please ask for a new one.'] },
    });
    expect((await t.http().post('/api/login').send({ email: user.email, password: 'third-password-1' })).status).toBe(401);
  });

  it('refuses an expired token (older than 30 minutes) and keeps the password', async () => {
    const user = await applicant();
    const { token } = await resetTokenFor(user.email);
    await t.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [sha256(token)]);
    const response = await reset(
      { token, email: user.email, password: 'never-applied-1', password_confirmation: 'never-applied-1' },
      'zh-CN',
    );
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toEqual(['此密码重置链接无效或已过期。请重新申请。']);
    expect((await t.http().post('/api/login').send({ email: user.email, password: user.password })).status).toBe(200);
  });

  it("refuses a token presented with another account's e-mail, or an unknown e-mail, without using it up", async () => {
    const owner = await applicant();
    const other = await applicant();
    const { token } = await resetTokenFor(owner.email);
    for (const email of [other.email, 'ghost@example.com']) {
      const response = await reset({ token, email, password: 'hijacked-pass-1', password_confirmation: 'hijacked-pass-1' });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('VAL-001');
    }
    expect((await t.http().post('/api/login').send({ email: other.email, password: other.password })).status).toBe(200);
    const ok = await reset({
      token,
      email: owner.email.toUpperCase(),
      password: 'owner-new-pass-1',
      password_confirmation: 'owner-new-pass-1',
    });
    expect(ok.status).toBe(200);
  });

  it('refuses an unknown token, and a confirmation that does not match', async () => {
    const user = await applicant();
    const unknown = await reset({
      token: 'x'.repeat(43),
      email: user.email,
      password: 'whatever-pass-1',
      password_confirmation: 'whatever-pass-1',
    });
    expect(unknown.status).toBe(422);
    const { token } = await resetTokenFor(user.email);
    const mismatch = await reset({ token, email: user.email, password: 'whatever-pass-1', password_confirmation: 'other-pass-11' });
    expect(mismatch.status).toBe(422);
    expect(Object.keys(mismatch.body.errors)).toEqual(['password_confirmation']);
    const still = await t.db.query('SELECT used_at FROM password_resets WHERE token_hash = $1', [sha256(token)]);
    expect(still.rows[0].used_at).toBeNull();
  });
});

describe('login lockout per account (memory store)', () => {
  const attempt = (email: string, password: string, locale = 'en') =>
    t.http().post('/api/login').set('Accept-Language', locale).send({ email, password });

  it('locks the account e-mail for 60 s at the 5th failure (429 AUTH-429, Retry-After, localised), even for the right password', async () => {
    const user = await applicant();
    for (let i = 1; i <= 4; i += 1) expect((await attempt(user.email, `wrong-${i}-password`)).status).toBe(401);
    const fifth = await attempt(user.email.toUpperCase(), 'wrong-5-password');
    expect(fifth.status).toBe(429);
    expect(fifth.headers['retry-after']).toBe('60');
    expect(fifth.body).toEqual({
      success: false,
      code: 'AUTH-429',
      message: 'Too many failed logins for this account. Please wait 60 seconds (about 1 min) or reset your password.',
    });
    const right = await attempt(user.email, user.password, 'es');
    expect(right.status).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(55);
    expect(right.body.message).toMatch(/^Demasiados inicios de sesión fallidos para esta cuenta\. Espere \d+ segundos/);
    // other accounts are not affected
    expect((await attempt(ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('counts unknown e-mails the same way (no hint that an account exists)', async () => {
    for (let i = 1; i <= 4; i += 1) expect((await attempt('not-registered@example.com', 'whatever-1')).status).toBe(401);
    expect((await attempt('not-registered@example.com', 'whatever-1')).status).toBe(429);
  });

  it('a successful login before the limit clears the count', async () => {
    const user = await applicant();
    for (let i = 1; i <= 4; i += 1) expect((await attempt(user.email, 'wrong-password-x')).status).toBe(401);
    expect((await attempt(user.email, user.password)).status).toBe(200);
    for (let i = 1; i <= 4; i += 1) expect((await attempt(user.email, 'wrong-password-x')).status).toBe(401);
  });

  it('a password reset lifts the lock', async () => {
    const user = await applicant();
    for (let i = 1; i <= 5; i += 1) await attempt(user.email, 'wrong-password-y');
    expect((await attempt(user.email, user.password)).status).toBe(429);
    const { token } = await resetTokenFor(user.email);
    await t
      .http()
      .post('/api/password/reset')
      .send({ token, email: user.email, password: 'after-lock-pass-1', password_confirmation: 'after-lock-pass-1' })
      .expect(200);
    expect((await attempt(user.email, 'after-lock-pass-1')).status).toBe(200);
  });
});

/** Runs the browser's part: POST /api/oauth/acme, the double's /authorize, and our callback with the cookie. */
async function signIn(options: { cookie?: boolean; tamperState?: string; provider?: string; callbackAs?: string } = {}) {
  const name = options.provider ?? 'acme';
  const started = await t.http().post(`/api/oauth/${name}`);
  expect(started.status).toBe(200);
  const cookie = (started.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('oauth_state='))!;
  const authorize = await fetch(started.body.url, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const back = new URL(authorize.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${PUBLIC_URL}/api/oauth/${name}/callback`);
  if (options.tamperState) back.searchParams.set('state', options.tamperState);
  if (options.callbackAs) back.pathname = `/api/oauth/${options.callbackAs}/callback`;
  const request = t.http().get(back.pathname + back.search);
  if (options.cookie !== false) request.set('Cookie', cookie.split(';')[0]);
  const callback = await request;
  expect(callback.status).toBe(302);
  const landing = new URL(callback.headers.location);
  const fragment = Object.fromEntries(new URLSearchParams(landing.hash.slice(1)));
  return { started, cookie, landing, fragment, callbackPath: back.pathname + back.search };
}

describe('OAuth sign-in (POST /api/oauth/{provider}, GET /api/oauth/{provider}/callback)', () => {
  it('answers {url} with client_id, redirect_uri, scope, state and an S256 PKCE challenge, sets an httpOnly state cookie, and stores only the state hash', async () => {
    const response = await t.http().post('/api/oauth/acme');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['url']);
    const url = new URL(response.body.url);
    expect(url.origin + url.pathname).toBe(`${provider.url}/authorize`);
    const p = url.searchParams;
    expect(p.get('response_type')).toBe('code');
    expect(p.get('client_id')).toBe('portal-client');
    expect(p.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/oauth/acme/callback`);
    expect(p.get('scope')).toBe('openid email profile');
    expect(p.get('code_challenge_method')).toBe('S256');
    expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = p.get('state')!;
    const cookie = (response.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('oauth_state='))!;
    expect(cookie).toContain(`oauth_state=${state}`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const rows = await t.db.query('SELECT state_hash, expires_at FROM oauth_states WHERE state_hash = $1', [sha256(state)]);
    expect(rows.rows).toHaveLength(1);
    const minutes = (new Date(rows.rows[0].expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
    expect((await t.db.query('SELECT count(*)::int AS n FROM oauth_states WHERE state_hash = $1', [state])).rows[0].n).toBe(0);
  });

  it('answers 404 for a provider that is not configured', async () => {
    const response = await t.http().post('/api/oauth/nope');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'REQ-404', message: 'This sign-in provider is not configured.' });
  });

  it('creates an applicant from userinfo, links the identity, and lands on /login#oauth_token=… with a working token', async () => {
    provider.user = { sub: 'acme-100', email: 'new.oauth@example.com', email_verified: true, given_name: 'Malka', family_name: 'Stern' };
    const { landing, fragment } = await signIn();
    expect(landing.origin + landing.pathname).toBe(`${PUBLIC_URL}/login`);
    expect(landing.search).toBe('');
    expect(fragment).toEqual({
      oauth_token: expect.any(String),
      token_type: 'bearer',
      expires_in: String(t.config.ACCESS_TOKEN_TTL_SECONDS),
    });
    const me = await t.http().get('/api/user').set('Authorization', `Bearer ${fragment.oauth_token}`);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ first_name: 'Malka', last_name: 'Stern', email: 'new.oauth@example.com', role: 'applicant' });
    const identity = await t.db.query('SELECT user_id, email FROM oauth_identities WHERE provider = $1 AND subject = $2', [
      'acme',
      'acme-100',
    ]);
    expect(identity.rows).toEqual([{ user_id: me.body.id, email: 'new.oauth@example.com' }]);
    const pw = await t.db.query('SELECT password_hash FROM users WHERE id = $1', [me.body.id]);
    expect(pw.rows[0].password_hash).toBeNull();
    // the code was exchanged with the PKCE verifier and the client secret (client_secret_post)
    const exchange = provider.tokenRequests.at(-1)!;
    expect(exchange).toMatchObject({ grant_type: 'authorization_code', client_id: 'portal-client', client_secret: 'portal-secret' });
    expect(exchange.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);

    // a second sign-in with the same subject reaches the same account, even if the e-mail changed at the provider
    const users = (await t.db.query('SELECT count(*)::int AS n FROM users')).rows[0].n;
    provider.user = { sub: 'acme-100', email: 'renamed@example.com', email_verified: true };
    const again = await signIn();
    const me2 = await t.http().get('/api/user').set('Authorization', `Bearer ${again.fragment.oauth_token}`);
    expect(me2.body.id).toBe(me.body.id);
    expect((await t.db.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBe(users);
  });

  it('links to an existing account with the same verified e-mail', async () => {
    const user = await applicant();
    provider.user = { sub: 'acme-200', email: user.email.toUpperCase(), email_verified: true, given_name: 'X', family_name: 'Y' };
    const { fragment } = await signIn();
    const me = await t.http().get('/api/user').set('Authorization', `Bearer ${fragment.oauth_token}`);
    expect(me.body).toMatchObject({ id: user.id, first_name: 'Sara' });
  });

  it('refuses an unverified e-mail that belongs to an existing account (OAU-003) and creates nothing', async () => {
    const user = await applicant();
    provider.user = { sub: 'acme-300', email: user.email, email_verified: false };
    const { fragment } = await signIn();
    expect(fragment).toEqual({ oauth_error: 'OAU-003' });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM oauth_identities WHERE subject = 'acme-300'`)).rows[0].n).toBe(0);
  });

  it('refuses a callback without the state cookie, with a foreign state, or with a state used before (OAU-001)', async () => {
    provider.user = { sub: 'acme-400', email: 'state.test@example.com', email_verified: true };
    expect((await signIn({ cookie: false })).fragment).toEqual({ oauth_error: 'OAU-001' });
    expect((await signIn({ tamperState: 'forged-state-value' })).fragment).toEqual({ oauth_error: 'OAU-001' });
    const first = await signIn();
    expect(first.fragment.oauth_token).toEqual(expect.any(String));
    const replay = await t.http().get(first.callbackPath).set('Cookie', first.cookie.split(';')[0]);
    expect(new URLSearchParams(new URL(replay.headers.location).hash.slice(1)).get('oauth_error')).toBe('OAU-001');
  });

  it('refuses an expired state (older than 10 minutes) with OAU-001', async () => {
    provider.user = { sub: 'acme-500', email: 'late@example.com', email_verified: true };
    const started = await t.http().post('/api/oauth/acme');
    await t.db.query(`UPDATE oauth_states SET expires_at = now() - interval '1 second'`);
    const cookie = (started.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('oauth_state='))!;
    const back = new URL((await fetch(started.body.url, { redirect: 'manual' })).headers.get('location')!);
    const callback = await t
      .http()
      .get(back.pathname + back.search)
      .set('Cookie', cookie.split(';')[0]);
    expect(callback.headers.location).toBe(`${PUBLIC_URL}/login#oauth_error=OAU-001`);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM users WHERE email = 'late@example.com'`)).rows[0].n).toBe(0);
  });

  it('refuses a state started for another provider (OAU-001)', async () => {
    provider.user = { sub: 'acme-600', email: 'cross@example.com', email_verified: true };
    expect((await signIn({ provider: 'broken', callbackAs: 'acme' })).fragment).toEqual({ oauth_error: 'OAU-001' });
  });

  it('lands on OAU-002 when the code exchange fails (wrong client secret) and creates nothing', async () => {
    provider.user = { sub: 'acme-700', email: 'broken@example.com', email_verified: true };
    expect((await signIn({ provider: 'broken' })).fragment).toEqual({ oauth_error: 'OAU-002' });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM users WHERE email = 'broken@example.com'`)).rows[0].n).toBe(0);
  });

  it('lands on OAU-003 when the provider gives no e-mail for a new identity', async () => {
    provider.user = { sub: 'acme-800', given_name: 'No', family_name: 'Mail' };
    expect((await signIn()).fragment).toEqual({ oauth_error: 'OAU-003' });
  });

  it('lands on /login#oauth_error=OAU-002 when the user denies access at the provider', async () => {
    provider.user = 'deny';
    expect((await signIn()).fragment).toEqual({ oauth_error: 'OAU-002' });
  });

  it('sends a random nonce, keeps it with the state, and signs in with the ID token the double signed (RS256, discovery, JWKS)', async () => {
    provider.user = { sub: 'acme-900', email: 'nonce.ok@example.com', email_verified: true, given_name: 'Nia', family_name: 'Once' };
    const started = await t.http().post('/api/oauth/acme');
    const url = new URL(started.body.url);
    const nonce = url.searchParams.get('nonce')!;
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.query('SELECT nonce FROM oauth_states WHERE state_hash = $1', [sha256(url.searchParams.get('state')!)]);
    expect(stored.rows).toEqual([{ nonce }]);
    const { fragment } = await signIn();
    expect(fragment.oauth_token).toEqual(expect.any(String));
    expect((await t.http().get('/api/user').set('Authorization', `Bearer ${fragment.oauth_token}`)).body).toMatchObject({
      email: 'nonce.ok@example.com',
      email_verified: true,
    });
  });

  it.each([
    ['a nonce other than the one sent', { nonce: 'replayed-nonce' }],
    ['a signature by a key not in the JWKS', { foreignKey: true }],
    ['another issuer', { issuer: 'https://evil.example.com' }],
    ['another audience', { audience: 'someone-else' }],
  ])('refuses an ID token with %s (OAU-002) and creates nothing', async (_what, tamper) => {
    const email = `tampered.${Object.keys(tamper)[0].toLowerCase()}@example.com`;
    provider.user = { sub: `acme-t-${Object.keys(tamper)[0]}`, email, email_verified: true };
    provider.tamper = tamper;
    try {
      expect((await signIn()).fragment).toEqual({ oauth_error: 'OAU-002' });
    } finally {
      provider.tamper = undefined;
    }
    expect((await t.db.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [email])).rows[0].n).toBe(0);
    // the same identity signs in once the ID token is right
    expect((await signIn()).fragment.oauth_token).toEqual(expect.any(String));
  });
});

// Last on purpose: a second app replaces the process-wide passport 'bearer' strategy of `t`.
describe('lockout doubling (LOGIN_LOCKOUT_BASE_SECONDS=1)', () => {
  let fast: TestApp;
  beforeAll(async () => {
    fast = await createTestApp({ LOGIN_LOCKOUT_BASE_SECONDS: '1', LOGIN_LOCKOUT_MAX_SECONDS: '3' });
  });
  afterAll(async () => {
    await fast.close();
  });

  it('doubles the lock with each further failure up to the maximum, and a success after the lock clears it', async () => {
    const attempt = (password: string) => fast.http().post('/api/login').send({ email: ADMIN.email, password });
    for (let i = 1; i <= 4; i += 1) expect((await attempt('wrong-password-z')).status).toBe(401);
    const locks: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const refused = await attempt('wrong-password-z');
      expect(refused.status).toBe(429);
      locks.push(refused.headers['retry-after']);
      await new Promise((resolve) => setTimeout(resolve, Number(refused.headers['retry-after']) * 1000 + 100));
    }
    expect(locks).toEqual(['1', '2', '3']);
    expect((await attempt(ADMIN.password)).status).toBe(200);
    expect((await attempt('wrong-password-z')).status).toBe(401);
  });
});
