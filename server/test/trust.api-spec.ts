import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { makePdf } from './support/files.js';
import { startOAuthProvider, type OAuthProviderDouble } from './support/oauth-provider.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * Issue 11 "trust": ownership by proof (item 1). Registration e-mails a verification link over real SMTP
 * (the in-process sink); an account claims applications by e-mail only once its address is verified, or
 * one application by presenting its token; OAuth sign-ins count as verified only with `email_verified`.
 */
const PUBLIC_URL = 'http://portal.test';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let t: TestApp;
let sink: SmtpSink;
let provider: OAuthProviderDouble;

beforeAll(async () => {
  sink = await startSmtpSink();
  provider = await startOAuthProvider();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL, OAUTH_PROVIDERS: JSON.stringify({ acme: provider.config() }) });
});

afterAll(async () => {
  await t.close();
  await sink.close();
  await provider.close();
});

/** Registers an account and answers its bearer token and id. */
async function register(email: string, locale = 'en', password = 'attacker-pass-1') {
  const response = await t
    .http()
    .post('/api/register')
    .set('Accept-Language', locale)
    .send({ first_name: 'Eve', last_name: 'Mallory', email, password, password_confirmation: password });
  if (response.status !== 201) throw new Error(`register: ${response.status} ${JSON.stringify(response.body)}`);
  return { token: response.body.token as string, id: response.body.user.id as string, user: response.body.user };
}

/** The verification mail the sink received for `email` after `since` messages, with the token of its link. */
async function verificationMail(email: string, since = 0): Promise<{ mail: ReceivedMail; token: string; link: string }> {
  const mail = await sink.waitFor((m) => m.to.includes(email) && sink.messages.indexOf(m) >= since && /\/email\/verify\//.test(m.text));
  const link = /http:\/\/portal\.test\/email\/verify\/\S+/.exec(mail.text)![0];
  return { mail, link, token: decodeURIComponent(new URL(link).pathname.split('/').pop()!) };
}

const listIds = async (bearer: string) => {
  const response = await t.http().get('/api/applications').set('Authorization', `Bearer ${bearer}`);
  expect(response.status).toBe(200);
  return (response.body.data as { id: string }[]).map((a) => a.id);
};

describe('ownership by proof (issue 11 item 1)', () => {
  it('the takeover fails: registering with someone else’s address hands over none of their applications', async () => {
    // The real owner started an application anonymously and answered personal questions.
    const victim = await startApplication(t, { email: 'rachel.owner@example.com', firstName: 'Rachel', lastName: 'Owner' });
    await t
      .http()
      .patch(`/api/applications/${victim.id}`)
      .set('X-Application-Token', victim.token)
      .send({ version: victim.data.version, stepReached: '2', dateOfBirth: '02/14/1999' })
      .expect(200);

    // Someone else registers with her address…
    const eve = await register('Rachel.Owner@example.com');
    expect(eve.user.email_verified).toBe(false);
    // …and gets nothing: not in the list, no fresh link, no record.
    expect(await listIds(eve.token)).toEqual([]);
    expect((await t.http().post(`/api/applications/${victim.id}/link`).set('Authorization', `Bearer ${eve.token}`)).status).toBe(403);
    expect((await t.http().get(`/api/applications/${victim.id}/requirements`).set('Authorization', `Bearer ${eve.token}`)).status).toBe(
      403,
    );
    expect((await t.db.query('SELECT user_id FROM applications WHERE id = $1', [victim.id])).rows[0].user_id).toBeNull();
    // The verification link went to the mailbox of the address, which the attacker does not read.
    const { mail } = await verificationMail('Rachel.Owner@example.com');
    expect(mail.to).toEqual(['Rachel.Owner@example.com']);

    // The real owner takes the account back through the password reset e-mailed to her; that proves the
    // address too, ends the attacker's sessions, and her application is hers.
    const before = sink.messages.length;
    await t.http().post('/api/password/email').send({ email: 'rachel.owner@example.com' }).expect(200);
    const reset = await sink.waitFor((m) => sink.messages.indexOf(m) >= before && /password\/reset\//.test(m.text));
    const resetToken = decodeURIComponent(
      new URL(/http:\/\/portal\.test\/password\/reset\/\S+/.exec(reset.text)![0]).pathname.split('/').pop()!,
    );
    await t
      .http()
      .post('/api/password/reset')
      .send({ token: resetToken, email: 'rachel.owner@example.com', password: 'owner-pass-12', password_confirmation: 'owner-pass-12' })
      .expect(200);
    expect((await t.http().get('/api/user').set('Authorization', `Bearer ${eve.token}`)).status).toBe(401);
    const owner = await t.login('rachel.owner@example.com', 'owner-pass-12');
    expect((await t.http().get('/api/user').set('Authorization', `Bearer ${owner}`)).body.email_verified).toBe(true);
    expect(await listIds(owner)).toEqual([victim.id]);
  });

  it('a verified owner sees their applications: the e-mailed link (hashed at rest, 24 h) verifies the account once', async () => {
    const draft = await startApplication(t, { email: 'vera@example.com', firstName: 'Vera' });
    const since = sink.messages.length;
    const vera = await register('vera@example.com');
    const { token, mail } = await verificationMail('vera@example.com', since);
    expect(mail.subject).toBe('Please confirm your e-mail address');
    expect(mail.text).toContain('within 24 hours');
    const rows = await t.db.query('SELECT token_hash, expires_at, used_at FROM email_verifications WHERE user_id = $1', [vera.id]);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].token_hash).toBe(sha256(token));
    const hours = (new Date(rows.rows[0].expires_at).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await t.db.query('SELECT count(*)::int AS n FROM email_verifications WHERE token_hash = $1', [token])).rows[0].n).toBe(0);

    expect(await listIds(vera.token)).toEqual([]); // not yet
    const verified = await t.http().post('/api/email/verify').send({ token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, verified: true, message: 'Thank you: your e-mail address is verified.' });
    expect((await t.http().get('/api/user').set('Authorization', `Bearer ${vera.token}`)).body.email_verified).toBe(true);
    expect(await listIds(vera.token)).toEqual([draft.id]);

    // single use
    const again = await t.http().post('/api/email/verify').set('Accept-Language', 'es').send({ token });
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ success: false, code: 'EMV-001', message: expect.stringContaining('enlace de verificación') });
  });

  it('refuses an expired link (older than 24 hours) and an unknown one, and the account stays unverified', async () => {
    const since = sink.messages.length;
    const late = await register('late@example.com');
    const { token } = await verificationMail('late@example.com', since);
    await t.db.query(`UPDATE email_verifications SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [late.id]);
    expect((await t.http().post('/api/email/verify').send({ token })).body.code).toBe('EMV-001');
    expect((await t.http().post('/api/email/verify').send({ token: 'not-a-real-token' })).status).toBe(410);
    expect((await t.http().post('/api/email/verify').send({})).status).toBe(422);
    expect((await t.http().get('/api/user').set('Authorization', `Bearer ${late.token}`)).body.email_verified).toBe(false);
  });

  it('resend: logged in only, replaces the older link, one per minute per account (429 with Retry-After), in the caller’s language', async () => {
    expect((await t.http().post('/api/email/resend')).status).toBe(401);
    const since = sink.messages.length;
    const sam = await register('sam@example.com', 'zh-CN');
    const first = await verificationMail('sam@example.com', since);
    expect(first.mail.subject).toBe('请确认您的电子邮件地址');
    const tooSoon = await t.http().post('/api/email/resend').set('Authorization', `Bearer ${sam.token}`);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('AUTH-429');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);

    await t.db.query(`UPDATE email_verifications SET created_at = now() - interval '2 minutes' WHERE user_id = $1`, [sam.id]);
    const before = sink.messages.length;
    const resent = await t.http().post('/api/email/resend').set('Authorization', `Bearer ${sam.token}`).set('Accept-Language', 'es');
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ success: true, verified: false, message: expect.stringContaining('sam@example.com') });
    const second = await verificationMail('sam@example.com', before);
    expect(second.mail.subject).toBe('Confirme su dirección de correo electrónico');
    expect((await t.http().post('/api/email/verify').send({ token: first.token })).status).toBe(410); // replaced
    expect((await t.http().post('/api/email/verify').send({ token: second.token })).status).toBe(200);

    const done = await t.http().post('/api/email/resend').set('Authorization', `Bearer ${sam.token}`);
    expect(done.body).toMatchObject({ success: true, verified: true });
  });

  it('an unverified account claims an application by presenting its token, and only that one', async () => {
    const mine = await startApplication(t, { email: 'tom@example.com' });
    const other = await startApplication(t, { email: 'tom@example.com' });
    const tom = await register('tom@example.com');
    const opened = await t
      .http()
      .get(`/api/applications/${mine.id}/requirements`)
      .set('Authorization', `Bearer ${tom.token}`)
      .set('X-Application-Token', mine.token);
    expect(opened.status).toBe(200);
    expect(await listIds(tom.token)).toEqual([mine.id]);
    expect((await t.db.query('SELECT user_id FROM applications WHERE id = $1', [other.id])).rows[0].user_id).toBeNull();
  });

  it('OAuth: a new account is verified only when the provider says email_verified; an unverified one claims nothing', async () => {
    const draft = await startApplication(t, { email: 'oauth.unverified@example.com' });
    const signIn = async () => {
      const started = await t.http().post('/api/oauth/acme');
      const cookie = (started.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('oauth_state='))!;
      const authorize = await fetch(started.body.url, { redirect: 'manual' });
      const back = new URL(authorize.headers.get('location')!);
      const callback = await t
        .http()
        .get(back.pathname + back.search)
        .set('Cookie', cookie.split(';')[0]);
      return Object.fromEntries(new URLSearchParams(new URL(callback.headers.location).hash.slice(1))).oauth_token;
    };
    provider.user = { sub: 'acme-u1', email: 'oauth.unverified@example.com', email_verified: false, given_name: 'U', family_name: 'V' };
    const unverified = await signIn();
    expect((await t.http().get('/api/user').set('Authorization', `Bearer ${unverified}`)).body.email_verified).toBe(false);
    expect(await listIds(unverified)).toEqual([]);
    // the same identity, now vouched for by the provider, verifies the account
    provider.user = { sub: 'acme-u1', email: 'oauth.unverified@example.com', email_verified: true };
    const later = await signIn();
    expect((await t.http().get('/api/user').set('Authorization', `Bearer ${later}`)).body.email_verified).toBe(true);
    expect(await listIds(later)).toEqual([draft.id]);

    provider.user = { sub: 'acme-v1', email: 'oauth.verified@example.com', email_verified: true, given_name: 'A', family_name: 'B' };
    const verified = await signIn();
    expect((await t.http().get('/api/user').set('Authorization', `Bearer ${verified}`)).body.email_verified).toBe(true);
  });
});

describe('after payment nothing dead-ends (issue 11 item 7)', () => {
  it('the first e-mailed link of a paid application opens its details form; a withdrawn one still answers TKN-002', async () => {
    const paid = await startApplication(t, { email: 'paid.link@example.com' });
    await t.db.query(`UPDATE applications SET status = 'submitted', payment_status = 'Paid', submitted_at = now() WHERE id = $1`, [
      paid.id,
    ]);
    const check = await t.http().get('/api/token/check').query({ token: paid.token });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ code: 'TKN-000', purpose: 'details', data: { Id: paid.id, status: 'submitted' } });
    // the same token works on the details endpoints (the documents list)
    await t.http().get(`/api/applications/${paid.id}/attachments`).set('X-Application-Token', paid.token).expect(200);
    // but it still cannot change the application form
    const save = await t
      .http()
      .patch(`/api/applications/${paid.id}`)
      .set('X-Application-Token', paid.token)
      .send({ version: 1, stepReached: '2' });
    expect(save.status).toBe(410);

    await t.db.query(`UPDATE applications SET status = 'withdrawn' WHERE id = $1`, [paid.id]);
    expect((await t.http().get('/api/token/check').query({ token: paid.token })).body.code).toBe('TKN-002');
  });

  it('refuses to remove a document of a complete application (409 ATT-409-complete, localised) and keeps it', async () => {
    const app = await startApplication(t, { email: 'complete.docs@example.com' });
    await t.db.query(`UPDATE applications SET status = 'submitted', payment_status = 'Paid', submitted_at = now() WHERE id = $1`, [app.id]);
    const uploaded = await t
      .http()
      .post('/api/details/attachments')
      .set('X-Application-Token', app.token)
      .field('parentId', app.id)
      .field('field', 'resume')
      .attach('file', await makePdf('resume'), 'resume.pdf');
    expect(uploaded.status).toBe(201);
    const id = uploaded.body.data.data.id as string;
    await t.db.query(`UPDATE applications SET status = 'complete', completed_at = now() WHERE id = $1`, [app.id]);

    const refused = await t
      .http()
      .delete(`/api/details/attachments/${id}`)
      .set('X-Application-Token', app.token)
      .set('Accept-Language', 'es');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      code: 'ATT-409-complete',
      message: expect.stringContaining('ya no se pueden eliminar'),
    });
    const admin = await t.login();
    expect((await t.http().delete(`/api/details/attachments/${id}`).set('Authorization', `Bearer ${admin}`)).status).toBe(409);
    expect((await t.db.query('SELECT deleted_at FROM attachments WHERE id = $1', [id])).rows[0].deleted_at).toBeNull();

    // while submitted (not yet complete) the applicant may still remove a file
    await t.db.query(`UPDATE applications SET status = 'submitted', completed_at = NULL WHERE id = $1`, [app.id]);
    await t.http().delete(`/api/details/attachments/${id}`).set('X-Application-Token', app.token).expect(200);
  });
});

describe('yeshivas for men (issue 11 item 5)', () => {
  const save = (app: { id: string; token: string }, version: number, body: Record<string, unknown>) =>
    t
      .http()
      .patch(`/api/applications/${app.id}`)
      .set('X-Application-Token', app.token)
      .send({ version, stepReached: '3', ...body });

  it('a man’s seminaryName is one of the yeshivas list, a woman’s one of the seminaries list', async () => {
    const dropdowns = (await t.http().get('/api/dropdowns')).body as { key: string; options: { value: string }[] }[];
    const yeshivas = dropdowns.find((d) => d.key === 'yeshivas')!.options.map((o) => o.value);
    expect(yeshivas).toEqual(expect.arrayContaining(['Yeshivat Shaalvim', 'Ohr Somayach', 'Other']));

    const man = await startApplication(t, { email: 'yeshiva.man@example.com' });
    const refused = await save(man, man.data.version, { seminary: 'Yes', seminaryName: 'Michlalah Jerusalem College' });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors)).toEqual(['seminaryName']);
    const saved = await save(man, man.data.version, { seminary: 'Yes', seminaryName: 'Yeshivat Shaalvim' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.seminaryName).toBe('Yeshivat Shaalvim');

    const programs = (await t.http().get('/api/programs?gender=female')).body as {
      name: string;
      courses: { semester: string; locations: string[] }[];
    }[];
    const course = programs[0]!.courses[0]!;
    const woman = await startApplication(t, {
      gender: 'Female',
      fieldOfInterest: programs[0]!.name,
      semester: course.semester,
      location: course.locations[0],
      email: 'seminary.woman@example.com',
    });
    expect((await save(woman, woman.data.version, { seminary: 'Yes', seminaryName: 'Yeshivat Shaalvim' })).status).toBe(422);
    expect((await save(woman, woman.data.version, { seminary: 'Yes', seminaryName: 'Michlalah Jerusalem College' })).status).toBe(200);
  });

  it('is admin-editable: an added yeshiva is accepted at once (audited like every list)', async () => {
    const admin = await t.login();
    const list = await t.http().get('/api/admin/dropdowns').query({ filter: '{"q":"yeshivas"}' }).set('Authorization', `Bearer ${admin}`);
    const row = (list.body as { id: number; key: string; label: string; options: { value: string; label: string }[] }[]).find(
      (d) => d.key === 'yeshivas',
    )!;
    const options = [...row.options, { value: 'Yeshivat Migdal HaTorah', label: 'Yeshivat Migdal HaTorah' }];
    await t
      .http()
      .put(`/api/admin/dropdowns/${row.id}`)
      .set('Authorization', `Bearer ${admin}`)
      .send({ label: row.label, options })
      .expect(200);
    const man = await startApplication(t, { email: 'yeshiva.new@example.com' });
    expect((await save(man, man.data.version, { seminary: 'Yes', seminaryName: 'Yeshivat Migdal HaTorah' })).status).toBe(200);
    const audited = await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE resource = 'dropdowns' AND record_id = $1`, [
      String(row.id),
    ]);
    expect(audited.rows[0].n).toBeGreaterThan(0);
  });
});

describe('reference statuses (issue 11 item 8)', () => {
  it('start at Not requested; an admin sets them (audited); they show in the record and the CSV; other values are refused', async () => {
    const app = await startApplication(t, { email: 'references@example.com', lastName: 'Referencewala' });
    const admin = await t.login();
    const auth = { Authorization: `Bearer ${admin}` };
    const before = await t.http().get(`/api/admin/applications/${app.id}`).set(auth);
    expect(before.body).toMatchObject({ firstReferenceStatus: 'Not requested', secondReferenceStatus: 'Not requested' });

    const set = await t
      .http()
      .put(`/api/admin/applications/${app.id}/reference-statuses`)
      .set(auth)
      .send({ firstReferenceStatus: 'Received' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: app.id, firstReferenceStatus: 'Received', secondReferenceStatus: 'Not requested' });
    await t
      .http()
      .put(`/api/admin/applications/${app.id}/reference-statuses`)
      .set(auth)
      .send({ secondReferenceStatus: 'Waived' })
      .expect(200);

    const bad = await t.http().put(`/api/admin/applications/${app.id}/reference-statuses`).set(auth).send({ firstReferenceStatus: 'Lost' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['firstReferenceStatus']);
    expect(
      (await t.http().put(`/api/admin/applications/00000000-0000-4000-8000-000000000000/reference-statuses`).set(auth).send({})).status,
    ).toBe(404);
    const applicant = await register('not.admin@example.com');
    const forbidden = await t
      .http()
      .put(`/api/admin/applications/${app.id}/reference-statuses`)
      .set('Authorization', `Bearer ${applicant.token}`)
      .send({ firstReferenceStatus: 'Waived' });
    expect(forbidden.status).toBe(403);

    const audit = await t.db.query(`SELECT before, after FROM audit_log WHERE action = 'reference-status' AND record_id = $1 ORDER BY id`, [
      app.id,
    ]);
    expect(audit.rows).toEqual([
      {
        before: { firstReferenceStatus: 'Not requested', secondReferenceStatus: 'Not requested' },
        after: { firstReferenceStatus: 'Received', secondReferenceStatus: 'Not requested' },
      },
      {
        before: { firstReferenceStatus: 'Received', secondReferenceStatus: 'Not requested' },
        after: { firstReferenceStatus: 'Received', secondReferenceStatus: 'Waived' },
      },
    ]);

    const csv = await t
      .http()
      .get('/api/admin/applications/export.csv')
      .query({ filter: JSON.stringify({ q: 'Referencewala' }) })
      .set(auth)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => done(null, text));
      });
    const lines = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const header = lines[0]!.split(',');
    const row = lines.find((l) => l.includes(app.id))!.split(',');
    expect(row[header.indexOf('firstReferenceStatus')]).toBe('Received');
    expect(row[header.indexOf('secondReferenceStatus')]).toBe('Waived');
  });
});
