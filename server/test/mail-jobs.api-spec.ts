import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { APPLICATION_MAIL_QUEUE } from '../src/modules/applications/application-mail.service.js';
import { RESET_MAIL_QUEUE } from '../src/modules/auth/password-reset.service.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * Transactional e-mail on pg-boss (issue 15 item 5): the start, continue, details, verification, reset and
 * receipt e-mails are jobs carrying ids only — the job issues the link's token — so a mail server that is down
 * when the applicant acts delays the e-mail instead of losing it, and no raw token is ever stored.
 */

let t: TestApp;
let sink: SmtpSink | undefined;
let port: number;

beforeAll(async () => {
  // a port with no mail server behind it yet: the first delivery attempts fail
  const probe = await startSmtpSink();
  port = Number(new URL(probe.url).port);
  await probe.close();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, JOBS_POLL_SECONDS: '0.5' });
});

afterAll(async () => {
  await t.close();
  await sink?.close();
});

/** The states of a queue's jobs (pg-boss's live table), polled until `done` holds or 15 s pass. */
async function jobsOf(queue: string, done: (rows: { state: string; data: unknown; retry_count: number }[]) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = (await t.db.query('SELECT state::text AS state, data, retry_count FROM pgboss.job WHERE name = $1', [queue])).rows;
    if (done(rows) || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('e-mail jobs', () => {
  it('retries the start e-mail after the mail server was down, and the late link opens the application', async () => {
    const started = await startApplication(t, { email: 'late.mail@example.com' });
    // the request succeeded; the delivery failed and waits for its retry
    const failed = await jobsOf(APPLICATION_MAIL_QUEUE, (rows) => rows.some((r) => r.state === 'retry'));
    expect(failed.map((r) => r.state)).toEqual(['retry']);
    // ids only: neither the applicant's token nor any other secret is in the job
    expect(failed[0]!.data).toEqual({ applicationId: started.id, kind: 'start' });
    expect(JSON.stringify(failed[0]!.data)).not.toContain(started.token);

    sink = await startSmtpSink(port);
    await t.db.query(`UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND state = 'retry'`, [APPLICATION_MAIL_QUEUE]); // skip the 30 s back-off
    const mail = await sink.waitFor((m) => m.to.includes('late.mail@example.com'), 15_000);
    const token = decodeURIComponent(/validation\?token=([\w%-]+)/.exec(mail.text)![1]!);
    const check = await t.http().get('/api/token/check').query({ token });
    expect(check.body).toMatchObject({ code: 'TKN-000', data: { Id: started.id } });
    const done = await jobsOf(APPLICATION_MAIL_QUEUE, (rows) => rows.every((r) => r.state === 'completed'));
    expect(done).toEqual([expect.objectContaining({ state: 'completed', retry_count: 1 })]);
  });

  it('answers a reset request the same for a known and an unknown address: both queue one job, only the account gets mail', async () => {
    sink ??= await startSmtpSink(port);
    const registered = await t.http().post('/api/register').send({
      email: 'known@example.com',
      first_name: 'Kay',
      last_name: 'Known',
      password: 'known-pass-12',
      password_confirmation: 'known-pass-12',
    });
    expect(registered.status).toBe(201);
    const known = await t.http().post('/api/password/email').send({ email: 'known@example.com' });
    const unknown = await t.http().post('/api/password/email').send({ email: 'unknown@example.com' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const jobs = await jobsOf(RESET_MAIL_QUEUE, (rows) => rows.length === 2 && rows.every((r) => r.state === 'completed'));
    expect(jobs.map((r) => r.data)).toEqual(
      expect.arrayContaining([
        { email: 'known@example.com', locale: 'en' },
        { email: 'unknown@example.com', locale: 'en' },
      ]),
    );
    expect(jobs.every((r) => r.state === 'completed')).toBe(true);
    await sink.waitFor((m) => m.to.includes('known@example.com') && m.text.includes('/password/reset/'), 15_000);
    expect(sink.messages.some((m) => m.to.includes('unknown@example.com'))).toBe(false);
  });
});
