import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { DecisionsService } from '../src/modules/decisions/decisions.service.js';
import { ReplyRemindersService } from '../src/modules/replies/reply-reminders.service.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/**
 * Runs the release job and waits until the application's release is committed: the release request also
 * queues the job, whose run may hold the row (FOR UPDATE SKIP LOCKED) when this call comes, so the release
 * may be committed by that run a moment later. Waits at most 10 s.
 */
async function releaseNow(a: TestApp, id: string): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    await a.app.get(DecisionsService).releaseDue();
    const row = await a.db.query(`SELECT decision_released_at IS NOT NULL AS released FROM applications WHERE id = $1`, [id]);
    if (row.rows[0].released) return;
    if (Date.now() > until) throw new Error(`application ${id} was not released within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Issue 29 item 1, the applicant's reply to a released decision, through the API: admitted applicants
 * accept, decline with a reason from the office's list, or ask to defer to a later semester that accepts
 * deferrals; waitlisted ones stay or withdraw; the reply deadline (from the offering, or set at release) is
 * judged by the server's clock (moved with a fake `Date`, never slept) and named in the applicant's zone and
 * language; every reply is audited and sent as a signed `application.replied` webhook; a rescinded decision
 * takes its reply with it; other applicants' links are refused.
 */
describe('Replies to a released decision', () => {
  let a: TestApp;
  let adminToken: string;
  let receiver: WebhookReceiver;
  let secret: string;
  let sink: SmtpSink;
  let b: TestApp;
  let seq = 0;
  const admin = () => auth(adminToken);

  /** A decided application whose decision is released now, the reply deadline `deadline` (ISO) or none. */
  async function released(
    decision: 'admitted' | 'waitlisted' | 'denied',
    options: { deadline?: string; locale?: string; timeZone?: string } = {},
  ) {
    seq += 1;
    const started = await startApplication(a, { email: `reply${seq}@example.com`, locale: options.locale ?? 'en' });
    await a.db.query(
      `UPDATE applications SET status = 'decided', payment_status = 'Paid', submitted_at = now(), completed_at = now(),
              decision = $2, decided_at = now(), decision_release_at = now(), decision_released_at = now(),
              reply_deadline_at = $3, time_zone = $4
        WHERE id = $1`,
      [started.id, decision, options.deadline ?? null, options.timeZone ?? null],
    );
    return { id: started.id, token: started.token };
  }

  const getReply = (app: { id: string; token: string }, language = 'en') =>
    a.http().get(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token).set('Accept-Language', language);
  const putReply = (app: { id: string; token: string }, body: Record<string, unknown>, language = 'en') =>
    a.http().put(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token).set('Accept-Language', language).send(body);

  beforeAll(async () => {
    sink = await startSmtpSink();
    // the reminder job runs when a test calls it, on two replicas at once
    const env = { JOBS_POLL_SECONDS: '0.5', SMTP_URL: sink.url, REPLY_REMINDER_INTERVAL_SECONDS: '0', REPLY_REMINDER_DAYS_BEFORE: '3' };
    a = await createTestApp(env);
    b = await createTestApp(env, { sameDatabaseAs: a });
    adminToken = await a.login();
    receiver = await startWebhookReceiver();
    const endpoint = await a
      .http()
      .post('/api/admin/webhooks')
      .set(admin())
      .send({ url: receiver.url('/replies'), events: ['application.replied', 'deferral.requested'] });
    expect(endpoint.status).toBe(201);
    secret = endpoint.body.secret as string;
  }, 60_000);
  afterAll(async () => {
    jest.useRealTimers();
    await receiver?.close();
    await b?.close();
    await a?.close();
    await sink?.close();
  });

  it('offers an admitted applicant accept, decline or defer, records an accept, audits it and sends one signed webhook', async () => {
    const app = await released('admitted');
    const before = await getReply(app);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ decision: 'admitted', reply: null, choices: ['accept', 'decline', 'defer'], closedCode: null });

    const accepted = await putReply(app, { choice: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ reply: 'accepted', choices: ['accept', 'decline', 'defer'] });
    expect(Number.isNaN(Date.parse(accepted.body.repliedAt))).toBe(false);

    const audit = await a.db.query(`SELECT action, before, after FROM audit_log WHERE record_id = $1 AND action = 'reply'`, [app.id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].before.reply).toBeNull();
    expect(audit.rows[0].after).toMatchObject({ reply: 'accepted', by: 'applicant link' });

    const [delivery] = await receiver.waitFor((got) => got.some((r) => r.body.includes(app.id)), 15_000);
    const payload = new Webhook(secret).verify(delivery!.body, delivery!.headers) as {
      type: string;
      data: { application: { id: string }; reply: { decision: string; reply: string } };
    };
    expect(payload.type).toBe('application.replied');
    expect(payload.data.application.id).toBe(app.id);
    expect(payload.data.reply).toMatchObject({ decision: 'admitted', reply: 'accepted' });
  });

  it('declines with a reason from the office’s list (another value is refused, nothing written), and may change the answer before the deadline', async () => {
    const app = await released('admitted');
    const bad = await putReply(app, { choice: 'decline', reason: 'not-in-the-list' }, 'es');
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VAL-001');
    expect(bad.body.errors.reason[0]).toBe('Elija un motivo de la lista.');
    const missing = await putReply(app, { choice: 'decline' });
    expect(missing.status).toBe(422);
    expect((await getReply(app)).body.reply).toBeNull();

    const reasons = (await a.http().get('/api/dropdowns').set('Accept-Language', 'zh-CN')).body.find(
      (list: { key: string }) => list.key === 'declineReasons',
    );
    expect(reasons.options.map((o: { value: string }) => o.value)).toContain('I will attend another school');
    expect(reasons.options.find((o: { value: string }) => o.value === 'Cost or financial aid').label).toBe('费用或经济资助');

    const declined = await putReply(app, {
      choice: 'decline',
      reason: 'I will attend another school',
      attendingInstead: '  State University ',
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      reply: 'declined',
      reason: 'I will attend another school',
      attendingInstead: 'State University',
    });
    expect((await getReply(app, 'es')).body.reasonLabel).toBe('Asistiré a otra institución');
    const changed = await putReply(app, { choice: 'accept' });
    expect(changed.body).toMatchObject({ reply: 'accepted', reason: null, attendingInstead: null });
  });

  it('offers deferral only to later semesters of the same program that accept deferrals, and refuses any other', async () => {
    const app = await released('admitted');
    expect((await getReply(app)).body.deferralSemesters).toEqual([]);
    // the office lets the later offerings of this program take deferrals
    const own = await a.db.query(
      `SELECT o.program_id, t.starts_on FROM applications a JOIN offerings o ON o.id = a.offering_id JOIN terms t ON t.id = o.term_id WHERE a.id = $1`,
      [app.id],
    );
    const later = await a.db.query(
      `UPDATE offerings o SET accepts_deferrals = true FROM terms t
        WHERE t.id = o.term_id AND o.program_id = $1 AND t.starts_on > $2 RETURNING t.key, t.starts_on`,
      [own.rows[0].program_id, own.rows[0].starts_on],
    );
    expect(later.rows.length).toBeGreaterThan(0);
    await a.changesSeen();
    const offered = (await getReply(app, 'es')).body.deferralSemesters as { key: string; label: string }[];
    expect(offered.map((s) => s.key).sort()).toEqual(later.rows.map((r: { key: string }) => r.key).sort());
    expect(offered.every((s) => s.label !== s.key || !/[A-Za-z]/.test(s.key))).toBe(true);

    const wrong = await putReply(app, { choice: 'defer', deferTo: 'Fall 1999', deferralNote: 'Military service' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.deferTo).toBeDefined();
    const noNote = await putReply(app, { choice: 'defer', deferTo: offered[0]!.key });
    expect(noNote.status).toBe(422);
    const deferred = await putReply(app, { choice: 'defer', deferTo: offered[0]!.key, deferralNote: 'Military service this year' });
    expect(deferred.status).toBe(200);
    expect(deferred.body).toMatchObject({
      reply: 'deferral_requested',
      deferTo: offered[0]!.key,
      deferralNote: 'Military service this year',
    });
    // integrators hear of the request as such, besides the reply
    const got = await receiver.waitFor(
      (all) => all.some((r) => r.body.includes(app.id) && r.body.includes('"deferral.requested"')),
      15_000,
    );
    const request = got.find((r) => r.body.includes(app.id) && r.body.includes('"deferral.requested"'))!;
    const payload = new Webhook(secret).verify(request.body, request.headers) as { data: { deferral: { deferTo: string; note: string } } };
    expect(payload.data.deferral).toMatchObject({ deferTo: offered[0]!.key, note: 'Military service this year' });
  });

  it('lets a waitlisted applicant stay or withdraw, refuses an admit’s choices; a denial takes no reply', async () => {
    const waitlisted = await released('waitlisted');
    expect((await getReply(waitlisted)).body.choices).toEqual(['stay', 'withdraw']);
    const accept = await putReply(waitlisted, { choice: 'accept' });
    expect(accept.status).toBe(422);
    expect(accept.body).toMatchObject({ code: 'RPL-422-choice', data: { choices: ['stay', 'withdraw'] } });
    expect((await putReply(waitlisted, { choice: 'stay' })).body.reply).toBe('staying_on_waitlist');
    expect((await putReply(waitlisted, { choice: 'withdraw' })).body.reply).toBe('withdrawn_from_waitlist');

    const denied = await released('denied');
    expect((await getReply(denied)).body).toMatchObject({ choices: [], closedCode: 'RPL-409-no-reply' });
    const refused = await putReply(denied, { choice: 'decline', reason: 'Cost or financial aid' }, 'zh-CN');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'RPL-409-no-reply', message: '此决定无需回复。' });
  });

  it('judges the deadline by the server’s clock, naming it in the applicant’s zone and language once it has passed', async () => {
    // two days ahead (the application link's token must still be valid at the fake instants), New York time
    const deadline = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 1000) * 1000 - 1).toISOString();
    const zone = 'America/New_York';
    const day = new Intl.DateTimeFormat('es', { timeZone: zone, dateStyle: 'long' }).format(new Date(deadline));
    const zoneName = new Intl.DateTimeFormat('es', { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(new Date(deadline))
      .find((part) => part.type === 'timeZoneName')!.value;
    const app = await released('admitted', { deadline, locale: 'es', timeZone: zone });
    jest.useFakeTimers({
      doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask'],
    });
    try {
      jest.setSystemTime(Date.parse(deadline) - 1);
      const open = await getReply(app, 'es');
      expect(open.body).toMatchObject({ choices: ['accept', 'decline', 'defer'], deadlineAt: deadline });
      expect(open.body.deadlineText).toContain(day);
      expect((await putReply(app, { choice: 'accept' }, 'es')).status).toBe(200);

      jest.setSystemTime(Date.parse(deadline));
      expect((await getReply(app)).body).toMatchObject({ choices: [], closedCode: 'RPL-422-late', reply: 'accepted' });
      const late = await putReply(app, { choice: 'decline', reason: 'Cost or financial aid' }, 'es');
      expect(late.status).toBe(422);
      expect(late.body.code).toBe('RPL-422-late');
      expect(late.body.message).toContain(day);
      expect(late.body.message).toContain(zoneName);
      expect((await getReply(app)).body.reply).toBe('accepted');
    } finally {
      jest.useRealTimers();
    }
  });

  it('copies the offering’s reply deadline at release unless the release sets one; rescinding the decision clears the reply', async () => {
    seq += 1;
    const started = await startApplication(a, { email: `reply${seq}@example.com` });
    await a.db.query(
      `UPDATE applications SET status = 'complete', payment_status = 'Paid', submitted_at = now(), completed_at = now() WHERE id = $1`,
      [started.id],
    );
    const offeringDeadline = new Date(Date.now() + 30 * 86_400_000);
    await a.db.query(`UPDATE offerings SET reply_deadline_at = $2 WHERE id = (SELECT offering_id FROM applications WHERE id = $1)`, [
      started.id,
      offeringDeadline,
    ]);
    await a.http().put(`/api/admin/applications/${started.id}/decision`).set(admin()).send({ decision: 'admitted' }).expect(200);
    await a
      .http()
      .post('/api/admin/decisions/release')
      .set(admin())
      .send({ ids: [started.id] })
      .expect(200);
    await releaseNow(a, started.id);
    const view = await getReply(started);
    expect(view.status).toBe(200);
    expect(view.body.deadlineAt).toBe(offeringDeadline.toISOString());

    await putReply(started, { choice: 'accept' }).expect(200);
    await a.http().post(`/api/admin/applications/${started.id}/decision/rescind`).set(admin()).expect(200);
    expect((await getReply(started)).status).toBe(404);
    const row = await a.db.query(`SELECT reply, reply_deadline_at FROM applications WHERE id = $1`, [started.id]);
    expect(row.rows[0]).toEqual({ reply: null, reply_deadline_at: null });

    // decided again and released with a deadline of its own
    const own = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await a.http().put(`/api/admin/applications/${started.id}/decision`).set(admin()).send({ decision: 'waitlisted' }).expect(200);
    await a
      .http()
      .post('/api/admin/decisions/release')
      .set(admin())
      .send({ ids: [started.id], replyBy: own })
      .expect(200);
    await releaseNow(a, started.id);
    expect((await getReply(started)).body).toMatchObject({ decision: 'waitlisted', deadlineAt: own });
  });

  it('reminds an applicant who has not replied once, N days before the deadline, in her language and zone — never twice, even from two replicas at once', async () => {
    const DAY = 86_400_000;
    const deadline = new Date(Math.ceil((Date.now() + 5 * DAY) / 1000) * 1000 - 1);
    const zone = 'Asia/Shanghai';
    const waiting = await released('admitted', { deadline: deadline.toISOString(), locale: 'zh-CN', timeZone: zone });
    const replied = await released('waitlisted', { deadline: deadline.toISOString() });
    await putReply(replied, { choice: 'stay' }).expect(200);
    const denied = await released('denied', { deadline: deadline.toISOString() });
    const email = (await a.db.query(`SELECT email FROM applications WHERE id = $1`, [waiting.id])).rows[0].email as string;
    const mine = () => sink.messages.filter((m) => m.to.includes(email) && m.subject.includes('回复您的录取决定'));
    const run = (at: number) => Promise.all([a, b].map((t) => t.app.get(ReplyRemindersService).run(new Date(at))));

    // five days ahead: not yet (3 days before)
    await run(Date.now());
    const remindedAt = async (id: string) =>
      (await a.db.query(`SELECT reply_reminded_at FROM applications WHERE id = $1`, [id])).rows[0].reply_reminded_at as Date | null;
    expect(await remindedAt(waiting.id)).toBeNull();
    // 3 days before the deadline, both replicas run at once: one e-mail (one of them claimed it)
    await run(deadline.getTime() - 3 * DAY + 1000);
    expect(await remindedAt(waiting.id)).not.toBeNull();
    await sink.waitFor((m) => m.to.includes(email) && m.subject.includes('回复您的录取决定'), 10_000);
    const [mail] = mine();
    const when = new Intl.DateTimeFormat('zh-CN', { timeZone: zone, dateStyle: 'long' }).format(deadline);
    expect(mail!.subject).toContain('回复您的录取决定');
    expect(mail!.subject).toContain(when);
    expect(mail!.text).toMatch(/\/validation\?token=/);
    // later runs, up to the deadline: nothing more; the one who replied and the denied one get nothing
    await run(deadline.getTime() - DAY);
    await run(deadline.getTime() - 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine()).toHaveLength(1);
    const remindedOthers = await a.db.query(
      `SELECT count(*)::int AS n FROM applications WHERE id = ANY($1) AND reply_reminded_at IS NOT NULL`,
      [[replied.id, denied.id]],
    );
    expect(remindedOthers.rows[0].n).toBe(0);
  });

  it('refuses another applicant’s link, and answers DEC-404 before release', async () => {
    const mine = await released('admitted');
    const other = await released('admitted');
    expect(
      (
        await a
          .http()
          .put(`/api/applications/${mine.id}/reply`)
          .set('X-Application-Token', other.token)
          .send({ choice: 'decline', reason: 'Cost or financial aid' })
      ).status,
    ).toBe(403);
    expect((await getReply(mine)).body.reply).toBeNull();
    seq += 1;
    const draft = await startApplication(a, { email: `reply${seq}@example.com` });
    const none = await getReply(draft);
    expect(none.status).toBe(404);
    expect(none.body.code).toBe('DEC-404');
    expect((await putReply(draft, { choice: 'accept' })).status).toBe(404);
    expect((await putReply(mine, { choice: 'maybe' })).status).toBe(422);
  });
});
