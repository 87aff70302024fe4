import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { RecommendationRemindersService } from '../src/modules/recommendations/recommendation-reminders.service.js';
import { startClamdDouble, type ClamdDouble } from './support/clamd-double.js';
import { makePdf } from './support/files.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * Issue 15 item 1 "Recommenders answer by link, with no account": the applicant names recommenders and
 * requests letters; each recommender gets an e-mail (real SMTP, the in-process sink) whose link opens its
 * own request and nothing else; a letter goes through the checks of every document; answering ends the
 * link; waived letters stay hidden from the applicant; resends are rate limited; and reminders, run by two
 * app instances on one database at once, are e-mailed exactly once each (e-mails counted).
 */
const PUBLIC_URL = 'http://portal.test';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const EICAR = Buffer.from('%EICAR-STANDARD-ANTIVIRUS-TEST-FILE\n');

type Started = Awaited<ReturnType<typeof startApplication>>;

/** The sink's request or reminder e-mails to `email`, and the token of the newest one's link. */
function linkMails(sink: SmtpSink, email: string): ReceivedMail[] {
  return sink.messages.filter((m) => m.to.includes(email) && /\/recommendation\?token=/.test(m.text));
}
const tokenOf = (mail: ReceivedMail) => decodeURIComponent(/\/recommendation\?token=([^\s]+)/.exec(mail.text)![1]);

/** Waits for the `count`-th link e-mail to `email` and answers its token. */
async function nthLinkToken(sink: SmtpSink, email: string, count = 1): Promise<string> {
  await sink.waitFor(() => linkMails(sink, email).length >= count, 15_000);
  return tokenOf(linkMails(sink, email)[count - 1]);
}

describe('recommendations (issue 15 item 1)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let clamd: ClamdDouble;
  let app: Started;

  const asApplicant = (method: 'get' | 'post' | 'delete', path: string, token = app.token) =>
    t.http()[method](path).set('X-Application-Token', token).set('Accept-Language', 'en');
  const asRecommender = (method: 'get' | 'post', path: string, token: string) =>
    t.http()[method](path).set('X-Recommendation-Token', token).set('Accept-Language', 'en');
  const ask = (body: Record<string, unknown>, started = app) =>
    asApplicant('post', `/api/applications/${started.id}/recommendations`, started.token).send({
      relationship: 'Professor',
      waived: false,
      ...body,
    });
  const referenceStatuses = async (id: string) =>
    (await t.db.query('SELECT first_reference_status AS first, second_reference_status AS second FROM applications WHERE id = $1', [id]))
      .rows[0];

  beforeAll(async () => {
    sink = await startSmtpSink();
    clamd = await startClamdDouble();
    t = await createTestApp({
      SMTP_URL: sink.url,
      PUBLIC_URL,
      JOBS_POLL_SECONDS: '0.5',
      CLAMAV_HOST: clamd.host,
      CLAMAV_PORT: String(clamd.port),
      RECOMMENDATION_REMINDER_INTERVAL_SECONDS: '0',
    });
    app = await startApplication(t, { email: 'moshe.app@example.com', locale: 'es', timeZone: 'America/Toronto' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
    await clamd.close();
  });

  it('happy path: request → e-mail in the application’s language → opened → letter received; statuses follow; the link ends', async () => {
    const created = await ask({ slot: 'first', name: 'Dr. Miriam Gold', email: 'miriam@example.edu' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      slot: 'first',
      name: 'Dr. Miriam Gold',
      status: 'requested',
      waived: false,
      answeredWith: null,
    });
    expect(await referenceStatuses(app.id)).toEqual({ first: 'Requested', second: 'Not requested' });

    const mail = (await sink.waitFor((m) => m.to.includes('miriam@example.edu'), 15_000)) as ReceivedMail;
    expect(mail.subject).toBe('Moshe Levi le pide una recomendación'); // the application is in Spanish
    // wholly Spanish (issue 11): the program's and the semester's Spanish labels, the expiry in the applicant's zone, named
    expect(mail.text).toContain('Maestría en Trabajo Social (MSW) (Primavera 2026)');
    expect(mail.text).toMatch(/\(hora (estándar|de verano) oriental\)/); // the zone's Spanish name, never its id (issue 27)
    expect(mail.text).not.toContain('Spring 2026');
    expect(mail.text).toContain(`${PUBLIC_URL}/recommendation?token=`);
    const token = tokenOf(mail);

    // the page opens in the request's language (`locale`) and asks in it
    const opened = await asRecommender('get', '/api/recommendations/request', token).set('Accept-Language', 'es');
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({
      applicantName: 'Moshe Levi',
      semester: 'Primavera 2026',
      recommenderName: 'Dr. Miriam Gold',
      waived: false,
      locale: 'es',
    });
    expect(opened.body.data.program).toBe('Maestría en Trabajo Social (MSW)'); // the program's label in the page's language
    // the page asks in its own language once the recommender switches (issue 27 item 5): program and term
    // follow Accept-Language, the request's language stays the page's default
    const inChinese = await asRecommender('get', '/api/recommendations/request', token).set('Accept-Language', 'zh-CN');
    expect(inChinese.body.data).toMatchObject({ program: '社会工作硕士（MSW）', semester: '2026 年春季', locale: 'es' });
    let list = await asApplicant('get', `/api/applications/${app.id}/recommendations`);
    expect(list.body.data[0]).toMatchObject({ status: 'opened' });

    const letter = await asRecommender('post', '/api/recommendations/letter', token).attach(
      'file',
      await makePdf('Letter for Moshe'),
      'letter.pdf',
    );
    expect(letter.status).toBe(200);
    expect(letter.body).toEqual({ success: true, status: 'received' });
    list = await asApplicant('get', `/api/applications/${app.id}/recommendations`);
    expect(list.body.data[0]).toMatchObject({ status: 'received', answeredWith: 'letter' });
    expect(await referenceStatuses(app.id)).toEqual({ first: 'Received', second: 'Not requested' });
    const attachments = await asApplicant('get', `/api/applications/${app.id}/attachments`);
    expect(attachments.body.data.map((a: { field: string }) => a.field)).toContain('firstLetterOfRecommendation');

    // reused link: refused, 410 TKN-004, for reading and for sending again
    const again = await asRecommender('get', '/api/recommendations/request', token);
    expect([again.status, again.body.code]).toEqual([410, 'TKN-004']);
    const twice = await asRecommender('post', '/api/recommendations/letter', token).attach('file', await makePdf('Again'), 'again.pdf');
    expect([twice.status, twice.body.code]).toEqual([410, 'TKN-004']);
    // an answered recommender can be neither replaced nor removed
    const replace = await ask({ slot: 'first', name: 'Someone Else', email: 'else@example.com' });
    expect([replace.status, replace.body.code]).toEqual([409, 'REC-409-received']);
  });

  it('keeps the token hashed at rest: neither the table nor the job queue holds the raw token', async () => {
    const started = await startApplication(t, { email: 'hash.app@example.com' });
    await ask({ slot: 'first', name: 'Hash Tester', email: 'hash.rec@example.com' }, started);
    const token = await nthLinkToken(sink, 'hash.rec@example.com');
    const { rows } = await t.db.query('SELECT to_jsonb(r)::text AS json, token_hash FROM recommendations r WHERE application_id = $1', [
      started.id,
    ]);
    expect(rows[0].token_hash).toBe(sha256(token));
    expect(rows[0].json).not.toContain(token);
    const jobs = await t.db.query(
      `SELECT count(*)::int AS n FROM (SELECT data::text AS d FROM pgboss.job UNION ALL SELECT data::text FROM pgboss.archive) j WHERE d LIKE $1`,
      [`%${token}%`],
    );
    expect(jobs.rows[0].n).toBe(0);
  });

  it('expires: a link past its expiry answers 410 TKN-003; a resend renews it', async () => {
    const started = await startApplication(t, { email: 'expiry.app@example.com' });
    const created = await ask({ slot: 'second', name: 'Late Larry', email: 'larry@example.com' }, started);
    const token = await nthLinkToken(sink, 'larry@example.com');
    const { rows } = await t.db.query('SELECT expires_at, requested_at FROM recommendations WHERE id = $1', [created.body.data.id]);
    const days = (rows[0].expires_at.getTime() - rows[0].requested_at.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(60, 1);
    await t.db.query(`UPDATE recommendations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [created.body.data.id]);
    const expired = await asRecommender('get', '/api/recommendations/request', token);
    expect([expired.status, expired.body.code]).toEqual([410, 'TKN-003']);

    const resend = await asApplicant(
      'post',
      `/api/applications/${started.id}/recommendations/${created.body.data.id}/resend`,
      started.token,
    );
    expect(resend.status).toBe(200);
    const fresh = await nthLinkToken(sink, 'larry@example.com', 2);
    expect((await asRecommender('get', '/api/recommendations/request', fresh)).status).toBe(200);
  });

  it('revokes the link when the applicant removes or replaces the recommender; statuses go back', async () => {
    const started = await startApplication(t, { email: 'revoke.app@example.com' });
    const first = await ask({ slot: 'second', name: 'Removed Rita', email: 'rita@example.com' }, started);
    const ritaToken = await nthLinkToken(sink, 'rita@example.com');
    expect((await referenceStatuses(started.id)).second).toBe('Requested');

    const removed = await asApplicant('delete', `/api/applications/${started.id}/recommendations/${first.body.data.id}`, started.token);
    expect(removed.status).toBe(200);
    const gone = await asRecommender('get', '/api/recommendations/request', ritaToken);
    expect([gone.status, gone.body.code]).toEqual([404, 'TKN-001']);
    expect((await referenceStatuses(started.id)).second).toBe('Not requested');
    expect((await asApplicant('get', `/api/applications/${started.id}/recommendations`, started.token)).body.data).toEqual([]);

    await ask({ slot: 'second', name: 'Old Oscar', email: 'oscar@example.com' }, started);
    const oscarToken = await nthLinkToken(sink, 'oscar@example.com');
    await ask({ slot: 'second', name: 'New Nora', email: 'nora@example.com' }, started); // replaces Oscar
    await nthLinkToken(sink, 'nora@example.com');
    const replaced = await asRecommender('post', '/api/recommendations/letter', oscarToken).attach('file', await makePdf('Oscar'), 'o.pdf');
    expect([replaced.status, replaced.body.code]).toEqual([404, 'TKN-001']);
    const list = await asApplicant('get', `/api/applications/${started.id}/recommendations`, started.token);
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['New Nora']);
    const unknown = await asApplicant('delete', `/api/applications/${started.id}/recommendations/${first.body.data.id}`, started.token);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'REC-404']);
  });

  it('a recommender’s link opens nothing but its own request', async () => {
    const started = await startApplication(t, { email: 'scope.app@example.com' });
    const other = await startApplication(t, { email: 'scope.other@example.com' });
    await ask({ slot: 'first', name: 'Scoped Sam', email: 'sam@example.com' }, started);
    const otherRequest = await ask({ slot: 'first', name: 'Other Olga', email: 'olga@example.com' }, other);
    const token = await nthLinkToken(sink, 'sam@example.com');

    // it shows who asked and for what, and no more: no e-mail addresses, ids or answers
    const own = await asRecommender('get', '/api/recommendations/request', token);
    expect(Object.keys(own.body.data).sort()).toEqual([
      'applicantName',
      'expiresAt',
      'locale',
      'program',
      'recommenderName',
      'semester',
      'status',
      'waived',
    ]);
    expect(JSON.stringify(own.body)).not.toContain('scope.app@example.com');

    // as an application token it opens nothing
    for (const path of [
      `/api/applications/${started.id}/requirements`,
      `/api/applications/${started.id}/recommendations`,
      `/api/applications/${started.id}/attachments`,
    ]) {
      const asAppToken = await t.http().get(path).set('X-Application-Token', token);
      expect([asAppToken.status, asAppToken.body.code]).toEqual([404, 'TKN-001']);
      const withHeader = await t.http().get(path).set('X-Recommendation-Token', token);
      expect(withHeader.status).toBe(401);
    }
    const check = await t.http().get(`/api/token/check?token=${encodeURIComponent(token)}`);
    expect(check.status).toBe(404);
    // nor another application's requests
    const foreign = await t
      .http()
      .post(`/api/applications/${other.id}/recommendations/${otherRequest.body.data.id}/resend`)
      .set('X-Recommendation-Token', token);
    expect(foreign.status).toBe(401);
    // and the applicant's token of one application does not reach another's requests
    const cross = await asApplicant('get', `/api/applications/${other.id}/recommendations`, started.token);
    expect([cross.status, cross.body.code]).toEqual([403, 'AUTH-403']);
    const crossDelete = await asApplicant(
      'delete',
      `/api/applications/${started.id}/recommendations/${otherRequest.body.data.id}`,
      started.token,
    );
    expect([crossDelete.status, crossDelete.body.code]).toEqual([404, 'REC-404']);
  });

  it('never shows a waived letter to the applicant (list or download); the office sees it', async () => {
    const started = await startApplication(t, { email: 'waive.app@example.com' });
    await ask({ slot: 'second', name: 'Confidential Clara', email: 'clara@example.com', waived: true }, started);
    const token = await nthLinkToken(sink, 'clara@example.com');
    expect((await asRecommender('get', '/api/recommendations/request', token)).body.data.waived).toBe(true);
    const sent = await asRecommender('post', '/api/recommendations/letter', token).attach('file', await makePdf('Confidential'), 'c.pdf');
    expect(sent.status).toBe(200);
    const row = (
      await t.db.query(`SELECT id, confidential FROM attachments WHERE application_id = $1 AND slot = 'secondLetterOfRecommendation'`, [
        started.id,
      ])
    ).rows[0];
    expect(row.confidential).toBe(true);

    const listed = await asApplicant('get', `/api/applications/${started.id}/attachments?history=true`, started.token);
    expect(listed.body.data).toEqual([]);
    const download = await asApplicant('get', `/api/details/attachments/${row.id}/download`, started.token);
    expect([download.status, download.body.code]).toEqual([404, 'ATT-404']);
    const remove = await asApplicant('delete', `/api/details/attachments/${row.id}`, started.token);
    expect(remove.status).toBe(404);
    // nor can the applicant upload over it from the documents form
    const overwrite = await asApplicant('post', '/api/details/attachments', started.token)
      .field('parentId', started.id)
      .field('field', 'secondLetterOfRecommendation')
      .attach('file', await makePdf('My own letter'), 'mine.pdf');
    expect([overwrite.status, overwrite.body.code]).toEqual([409, 'ATT-409-confidential']);
    const status = await asApplicant('get', `/api/applications/${started.id}/recommendations`, started.token);
    expect(status.body.data[0]).toMatchObject({ status: 'received', waived: true });

    const admin = await t.login();
    const adminList = await t.http().get(`/api/applications/${started.id}/attachments`).set('Authorization', `Bearer ${admin}`);
    expect(adminList.body.data.map((a: { field: string }) => a.field)).toEqual(['secondLetterOfRecommendation']);
    const adminDownload = await t.http().get(`/api/details/attachments/${row.id}/download`).set('Authorization', `Bearer ${admin}`);
    expect(adminDownload.status).toBe(200);
  });

  it('takes the short form instead of a letter (the third recommender), which ends the link too', async () => {
    const started = await startApplication(t, { email: 'form.app@example.com' });
    await ask({ slot: 'third', name: 'Form Fay', email: 'fay@example.com' }, started);
    const token = await nthLinkToken(sink, 'fay@example.com');
    const invalid = await asRecommender('post', '/api/recommendations/answers', token).send({ acquaintance: '', overall: 'maybe' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['acquaintance', 'overall', 'strengths']);
    const answered = await asRecommender('post', '/api/recommendations/answers', token).send({
      acquaintance: 'Two years, as her supervisor',
      strengths: 'Diligent and kind',
      overall: 'strongly',
    });
    expect(answered.status).toBe(200);
    const list = await asApplicant('get', `/api/applications/${started.id}/recommendations`, started.token);
    expect(list.body.data[0]).toMatchObject({ slot: 'third', status: 'received', answeredWith: 'form' });
    expect(
      (await asRecommender('post', '/api/recommendations/answers', token).send({ acquaintance: 'x', strengths: 'y', overall: 'not' }))
        .status,
    ).toBe(410);
  });

  it('rate-limits resends (3 an hour per recommender, then 429 with Retry-After); each resend replaces the link', async () => {
    const started = await startApplication(t, { email: 'resend.app@example.com' });
    const created = await ask({ slot: 'first', name: 'Resend Rob', email: 'rob@example.com' }, started);
    const firstToken = await nthLinkToken(sink, 'rob@example.com');
    const resend = () =>
      asApplicant('post', `/api/applications/${started.id}/recommendations/${created.body.data.id}/resend`, started.token);
    for (let i = 0; i < 3; i++) expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect([limited.status, limited.body.code]).toEqual([429, 'AUTH-429']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const newest = await nthLinkToken(sink, 'rob@example.com', 4);
    expect(linkMails(sink, 'rob@example.com')).toHaveLength(4);
    expect((await asRecommender('get', '/api/recommendations/request', firstToken)).body.code).toBe('TKN-001');
    expect((await asRecommender('get', '/api/recommendations/request', newest)).status).toBe(200);
  });

  it('checks a letter like every document: no file, empty, wrong type, infected — and the link keeps working', async () => {
    const started = await startApplication(t, { email: 'checks.app@example.com' });
    await ask({ slot: 'first', name: 'Checked Chen', email: 'chen@example.com' }, started);
    const token = await nthLinkToken(sink, 'chen@example.com');
    const post = () => asRecommender('post', '/api/recommendations/letter', token);

    const none = await post().field('note', 'no file');
    expect([none.status, none.body.code]).toEqual([422, 'ATT-001']);
    const empty = await post().attach('file', Buffer.alloc(0), 'empty.pdf');
    expect([empty.status, empty.body.code]).toEqual([422, 'ATT-002']);
    const text = await post().attach('file', Buffer.from('just some text, not a letter\n'.repeat(20)), 'letter.pdf');
    expect([text.status, text.body.code]).toEqual([422, 'ATT-004']);
    const infected = await post().attach('file', Buffer.concat([await makePdf('Letter'), EICAR]), 'letter.pdf');
    expect([infected.status, infected.body.code]).toEqual([422, 'ATT-005']);
    const json = await post().send({ file: 'letter' });
    expect([json.status, json.body.code]).toEqual([422, 'VAL-001']);

    const stored = await t.db.query('SELECT count(*)::int AS n FROM attachments WHERE application_id = $1', [started.id]);
    expect(stored.rows[0].n).toBe(0);
    expect((await asRecommender('get', '/api/recommendations/request', token)).status).toBe(200);
    expect((await post().attach('file', await makePdf('Good letter'), 'letter.pdf')).status).toBe(200);
  });

  it('refuses bad requests with field errors, and anonymous callers', async () => {
    const bad = await ask({ slot: 'fourth', name: '', email: 'not-an-address', waived: 'yes' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'name', 'slot', 'waived']);
    const anonymous = await t.http().get(`/api/applications/${app.id}/recommendations`);
    expect(anonymous.status).toBe(401);
    const noToken = await t.http().get('/api/recommendations/request');
    expect([noToken.status, noToken.body.code]).toEqual([404, 'TKN-001']);
  });
});

describe('recommendation reminders on two app instances sharing one database (issue 15 Done-when)', () => {
  let a: TestApp;
  let b: TestApp;
  let sink: SmtpSink;
  const recommenders = ['r1@example.com', 'r2@example.com', 'r3@example.com', 'r4@example.com'];
  const applicants = recommenders.map((r) => r.replace('@', '.applicant@'));

  const reminders = (email: string) => sink.messages.filter((m) => m.to.includes(email) && m.subject.startsWith('Reminder:'));
  const notices = (email: string) => sink.messages.filter((m) => m.to.includes(email) && m.subject.startsWith('We reminded'));
  /** Makes every waiting request look as if its last e-mail went out 8 days ago. */
  const age = () =>
    a.db.query(
      `UPDATE recommendations SET requested_at = requested_at - interval '8 days', last_sent_at = last_sent_at - interval '8 days',
              last_reminded_at = last_reminded_at - interval '8 days'`,
    );
  /** Lets both instances' periodic jobs run, and runs the job on both instances at once, twice each. */
  const runEverywhere = async () => {
    const [ra, rb] = [a.app.get(RecommendationRemindersService), b.app.get(RecommendationRemindersService)];
    const reports = await Promise.all([ra.run(), rb.run(), ra.run(), rb.run()]);
    await new Promise((resolve) => setTimeout(resolve, 2500)); // the pg-boss job (every second) runs too
    return reports;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    const env = {
      SMTP_URL: sink.url,
      PUBLIC_URL,
      JOBS_POLL_SECONDS: '0.5',
      RECOMMENDATION_REMINDER_INTERVAL_SECONDS: '1',
      RECOMMENDATION_REMINDER_DAYS: '7',
    };
    a = await createTestApp(env);
    b = await createTestApp(env, { sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await sink.close();
  });

  it('e-mails each recommender who has not answered once per round, at most 3 times, and tells the applicant; never twice', async () => {
    const tokens: string[] = [];
    for (const [i, email] of recommenders.entries()) {
      const started = await startApplication(i % 2 ? b : a, { email: applicants[i], firstName: `Applicant${i}` });
      const response = await (i % 2 ? b : a)
        .http()
        .post(`/api/applications/${started.id}/recommendations`)
        .set('X-Application-Token', started.token)
        .send({ slot: 'first', name: `Recommender ${i}`, email, relationship: 'Teacher', waived: false });
      expect(response.status).toBe(201);
      tokens.push(await nthLinkToken(sink, email));
    }
    // r4 answers: never reminded
    const answered = await a
      .http()
      .post('/api/recommendations/letter')
      .set('X-Recommendation-Token', tokens[3])
      .attach('file', await makePdf('Done'), 'l.pdf');
    expect(answered.status).toBe(200);

    // not due yet (fresh requests): nothing is sent
    await runEverywhere();
    expect(recommenders.map((r) => reminders(r).length)).toEqual([0, 0, 0, 0]);

    for (let round = 1; round <= 4; round++) {
      await age();
      const reports = await runEverywhere();
      const expected = Math.min(round, 3);
      expect(recommenders.map((r) => reminders(r).length)).toEqual([expected, expected, expected, 0]);
      expect(applicants.map((r) => notices(r).length)).toEqual([expected, expected, expected, 0]);
      // the direct runs on both instances claimed each due reminder at most once between them
      expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBeLessThanOrEqual(round <= 3 ? 3 : 0);
    }
    const { rows } = await a.db.query('SELECT reminders_sent FROM recommendations ORDER BY email');
    expect(rows.map((r) => r.reminders_sent)).toEqual([3, 3, 3, 0]);
    // the reminder's link is the working one; the request e-mail's link was replaced
    const latest = tokenOf(reminders('r1@example.com').at(-1)!);
    expect((await b.http().get('/api/recommendations/request').set('X-Recommendation-Token', latest)).status).toBe(200);
    expect((await b.http().get('/api/recommendations/request').set('X-Recommendation-Token', tokens[0])).status).toBe(404);
    expect(reminders('r1@example.com')[0].text).toContain('Recommender 0');
  }, 60_000);
});
