import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/** The continue links by e-mail (issue 3): when an application starts, and from POST /api/continue, over real SMTP. */

let t: TestApp;
let sink: SmtpSink;
const RATE_LIMIT = 8;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://apply.example.edu/', RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT) });
});

afterAll(async () => {
  await t.close();
  await sink.close();
});

/** The token of the /validation link in a message. */
function tokenOf(mail: ReceivedMail): string {
  const match = /https:\/\/apply\.example\.edu\/validation\?token=([\w%-]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in: ${mail.text}`);
  return decodeURIComponent(match[1]!);
}

describe('the e-mail when an application starts', () => {
  it('delivers the continue link in the applicant’s language, and the link opens the application', async () => {
    const started = await startApplication(t, { email: 'ana.start@example.com', firstName: 'Ana', locale: 'es' });
    const mail = await sink.waitFor((m) => m.to.includes('ana.start@example.com'));
    // the program's label in the application's language, not its key (issue 11 item 3)
    expect(mail.subject).toBe('Su solicitud para Maestría en Trabajo Social (MSW): continúe cuando quiera');
    expect(mail.text).toContain('Estimado/a Ana');
    expect(mail.text).toContain(`Su número de referencia es ${started.data.referenceNumber}`);
    expect(mail.html).toContain('<a href="https://apply.example.edu/validation?token=');
    // the e-mail's link carries a token of its own, issued by the mail job (no raw token in the job table)
    const token = tokenOf(mail);
    expect(token).not.toBe(started.token);
    const check = await t.http().get('/api/token/check').query({ token });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ code: 'TKN-000', purpose: 'application', data: { Id: started.id } });
  });

  it('writes zh-CN e-mails in Chinese', async () => {
    await startApplication(t, { email: 'li.start@example.com', firstName: 'Li', locale: 'zh-CN' });
    const mail = await sink.waitFor((m) => m.to.includes('li.start@example.com'));
    expect(mail.subject).toBe('您的社会工作硕士（MSW）申请：随时可以继续');
    expect(mail.text).toContain('Li，您好');
  });

  it('greets a Chinese name by the full name, family name first, in any language (issue 27: 王芳，您好, never 芳，您好)', async () => {
    await startApplication(t, { email: 'wang.start@example.com', firstName: '芳', lastName: '王', locale: 'zh-CN' });
    await startApplication(t, { email: 'wang.en@example.com', firstName: '芳', lastName: '王', locale: 'en' });
    const zh = await sink.waitFor((m) => m.to.includes('wang.start@example.com'));
    const en = await sink.waitFor((m) => m.to.includes('wang.en@example.com'));
    expect(zh.text.split('\n')[0]).toBe('王芳，您好：');
    expect(en.text.split('\n')[0]).toBe('Dear 王芳,');
  });
});

describe('POST /api/continue', () => {
  it('e-mails a fresh link for each open application of the address (draft → form, submitted → details), none for closed ones', async () => {
    const draft = await startApplication(t, { email: 'Moshe.Continue@example.com' });
    const submitted = await startApplication(t, { email: 'moshe.continue@example.com' });
    const withdrawn = await startApplication(t, { email: 'moshe.continue@example.com' });
    const toMoshe = () => sink.messages.filter((m) => m.to.map((a) => a.toLowerCase()).includes('moshe.continue@example.com'));
    const deadline = Date.now() + 10_000;
    while (toMoshe().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // each start e-mailed a link of its own, opening its own application
    expect(toMoshe()).toHaveLength(3);
    const openedBy = async (m: ReceivedMail) =>
      (
        await t
          .http()
          .get('/api/token/check')
          .query({ token: tokenOf(m) })
      ).body.data?.Id as string;
    expect((await Promise.all(toMoshe().map(openedBy))).sort()).toEqual([draft.id, submitted.id, withdrawn.id].sort());
    await t.db.query(`UPDATE applications SET status = 'submitted' WHERE id = $1`, [submitted.id]);
    await t.db.query(`UPDATE applications SET status = 'withdrawn' WHERE id = $1`, [withdrawn.id]);

    const response = await t.http().post('/api/continue').send({ email: 'MOSHE.continue@example.com' });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      success: true,
      message: 'If this address has an open application, we have sent it a link to continue. Please check your e-mail.',
    });

    const form = await sink.waitFor((m) => m.subject === 'Your link to continue your application');
    const details = await sink.waitFor((m) => m.subject === 'Your link to finish your application documents');
    await new Promise((r) => setTimeout(r, 300));
    expect(toMoshe()).toHaveLength(5);
    expect(form.to).toEqual(['Moshe.Continue@example.com']);
    expect(tokenOf(form)).not.toBe(draft.token);

    const opened = await t
      .http()
      .get('/api/token/check')
      .query({ token: tokenOf(form) });
    expect(opened.body).toMatchObject({ code: 'TKN-000', purpose: 'application', data: { Id: draft.id } });
    const detailsCheck = await t
      .http()
      .get('/api/token/check')
      .query({ token: tokenOf(details) });
    expect(detailsCheck.body).toMatchObject({ code: 'TKN-000', purpose: 'details', data: { Id: submitted.id } });
  });

  it('answers identically for an unknown address, and sends nothing', async () => {
    const before = sink.messages.length;
    const known = await t.http().post('/api/continue').set('Accept-Language', 'es').send({ email: 'ana.start@example.com' });
    await sink.waitFor((m) => m.to.includes('ana.start@example.com') && m.subject === 'Su enlace para continuar su solicitud');
    const unknown = await t.http().post('/api/continue').set('Accept-Language', 'es').send({ email: 'nobody.here@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.body.message).toBe(
      'Si esta dirección tiene una solicitud abierta, le hemos enviado un enlace para continuar. Revise su correo electrónico.',
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(sink.messages.length - before).toBe(1);
    expect(sink.messages.some((m) => m.to.includes('nobody.here@example.com'))).toBe(false);
  });

  it('refuses a malformed address (422)', async () => {
    const response = await t.http().post('/api/continue').send({ email: 'not-an-address' });
    expect(response.status).toBe(422);
    expect(response.body.errors.email).toBeDefined();
  });

  it('is rate limited per client (429 AUTH-429 with Retry-After)', async () => {
    let limited: { status: number; headers: Record<string, string>; body: { code: string } } | undefined;
    for (let i = 0; i < RATE_LIMIT + 1 && !limited; i++) {
      const response = await t.http().post('/api/continue').send({ email: 'nobody.again@example.com' });
      if (response.status === 429) limited = response as never;
      else expect(response.status).toBe(202);
    }
    expect(limited?.body.code).toBe('AUTH-429');
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
