import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Issue 29 item 3, the office's deferral queue, through the API: an admitted applicant asks (PUT …/reply) to
 * start in a later semester; the request waits in `GET /api/admin/deferrals`; approving moves the
 * application to the new offering (keep-decision: still admitted, reply reset, the new offering's reply
 * deadline; reopen: the decision cleared for review), audited from → to, sent as `deferral.decided` and
 * e-mailed in the application's language; denying resets the reply and shows the office's note; a second
 * answer, or an answer without a request, is 409; non-admins are refused.
 */
describe('Deferral requests in the console', () => {
  let a: TestApp;
  let reopen: TestApp;
  let adminToken: string;
  let receiver: WebhookReceiver;
  let sink: SmtpSink;
  let seq = 0;
  const admin = () => auth(adminToken);

  /** A released admitted application in `locale` whose program's later offerings accept deferrals. */
  async function admitted(locale = 'en') {
    seq += 1;
    const started = await startApplication(a, { email: `defer${seq}@example.com`, locale });
    await a.db.query(
      `UPDATE applications SET status = 'decided', payment_status = 'Paid', submitted_at = now(), completed_at = now(),
              decision = 'admitted', decided_at = now(), decision_release_at = now(), decision_released_at = now()
        WHERE id = $1`,
      [started.id],
    );
    const own = await a.db.query(
      `SELECT a.offering_id, a.semester, o.program_id, t.starts_on FROM applications a JOIN offerings o ON o.id = a.offering_id
         JOIN terms t ON t.id = o.term_id WHERE a.id = $1`,
      [started.id],
    );
    await a.db.query(
      `UPDATE offerings o SET accepts_deferrals = true FROM terms t WHERE t.id = o.term_id AND o.program_id = $1 AND t.starts_on > $2`,
      [own.rows[0].program_id, own.rows[0].starts_on],
    );
    await a.changesSeen();
    return {
      id: started.id,
      token: started.token,
      offeringId: own.rows[0].offering_id as number,
      semester: own.rows[0].semester as string,
    };
  }

  /** Asks to defer to the first semester offered; returns its key and the target offering's id. */
  async function requestDeferral(app: { id: string; token: string }, note = 'Military service this year') {
    const view = await a.http().get(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token);
    const to = (view.body.deferralSemesters as { key: string }[])[0]!.key;
    const put = await a
      .http()
      .put(`/api/applications/${app.id}/reply`)
      .set('X-Application-Token', app.token)
      .send({ choice: 'defer', deferTo: to, deferralNote: note });
    expect(put.status).toBe(200);
    expect(put.body.reply).toBe('deferral_requested');
    const target = await a.db.query(
      `SELECT o.id FROM offerings o JOIN terms t ON t.id = o.term_id
        WHERE t.key = $2 AND o.program_id = (SELECT program_id FROM offerings WHERE id = (SELECT offering_id FROM applications WHERE id = $1))`,
      [app.id, to],
    );
    return { to, targetId: target.rows[0].id as number };
  }

  const list = (status?: string, t: TestApp = a) =>
    t
      .http()
      .get('/api/admin/deferrals')
      .query(status ? { filter: JSON.stringify({ status }) } : {})
      .set(admin());

  beforeAll(async () => {
    sink = await startSmtpSink();
    const env = { JOBS_POLL_SECONDS: '0.5', SMTP_URL: sink.url, REPLY_REMINDER_INTERVAL_SECONDS: '0' };
    a = await createTestApp(env);
    reopen = await createTestApp({ ...env, DEFERRAL_APPROVAL: 'reopen' }, { sameDatabaseAs: a });
    adminToken = await a.login();
    receiver = await startWebhookReceiver();
    await a
      .http()
      .post('/api/admin/webhooks')
      .set(admin())
      .send({ url: receiver.url('/deferrals'), events: ['deferral.requested', 'deferral.decided'] })
      .expect(201);
  }, 90_000);
  afterAll(async () => {
    await receiver?.close();
    await reopen?.close();
    await a?.close();
    await sink?.close();
  });

  it('lists a pending request and approves it (keep-decision): moved to the new offering, reply reset, audited from → to, webhook, e-mail in es', async () => {
    const app = await admitted('es');
    const { to, targetId } = await requestDeferral(app);
    const deadline = new Date(Date.now() + 40 * 86_400_000);
    await a.db.query(`UPDATE offerings SET reply_deadline_at = $2 WHERE id = $1`, [targetId, deadline]);
    await a.changesSeen();

    const pending = await list();
    expect(pending.status).toBe(200);
    expect(pending.headers['content-range']).toMatch(/^deferrals \d+-\d+\/\d+$/);
    const row = (pending.body as { id: string; requestedAt: string }[]).find((r) => r.id === app.id);
    expect(row).toMatchObject({
      status: 'pending',
      fromTerm: app.semester,
      toTerm: to,
      note: 'Military service this year',
      decisionNote: null,
    });
    expect(Number.isNaN(Date.parse(row!.requestedAt))).toBe(false);

    const approved = await a
      .http()
      .post(`/api/admin/applications/${app.id}/deferral/approve`)
      .set(admin())
      .send({ note: 'Welcome next year' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approval: 'keep-decision', fromTerm: app.semester, toTerm: to });

    const moved = await a.db.query(
      `SELECT offering_id, semester, status, decision, decision_released_at IS NOT NULL AS released, reply, reply_deadline_at,
              deferral_term, deferral_decision, deferral_decision_note, deferred_from_offering_id
         FROM applications WHERE id = $1`,
      [app.id],
    );
    expect(moved.rows[0]).toMatchObject({
      offering_id: targetId,
      semester: to,
      status: 'decided',
      decision: 'admitted',
      released: true,
      reply: null,
      deferral_term: to,
      deferral_decision: 'approved',
      deferral_decision_note: 'Welcome next year',
      deferred_from_offering_id: app.offeringId,
    });
    expect(new Date(moved.rows[0].reply_deadline_at).toISOString()).toBe(deadline.toISOString());

    const audit = await a.db.query(`SELECT before, after FROM audit_log WHERE record_id = $1 AND action = 'approve-deferral'`, [app.id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].before).toMatchObject({ offeringId: app.offeringId, reply: 'deferral_requested' });
    expect(audit.rows[0].after.offering).toEqual({
      from: { id: app.offeringId, semester: app.semester },
      to: { id: targetId, semester: to },
    });

    const events = await a.db.query(`SELECT payload FROM webhook_events WHERE application_id = $1 AND type = 'deferral.decided'`, [app.id]);
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0].payload.data.deferral).toMatchObject({ decision: 'approved', note: 'Welcome next year', from: app.semester, to });

    const mail = await sink.waitFor((m) => m.to.includes(`defer${seq}@example.com`) && m.subject.includes('Se aprobó'), 10_000);
    expect(mail.text).toContain('Nota de la oficina de admisiones: Welcome next year');

    // the applicant sees the answer and confirms for the new semester
    const view = await a.http().get(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token);
    expect(view.body).toMatchObject({ reply: null, deferralDecision: 'approved', deferralDecisionNote: 'Welcome next year', deferTo: to });
    expect(view.body.choices).toContain('accept');
    // no longer pending; a second answer is refused
    expect(((await list()).body as { id: string }[]).some((r) => r.id === app.id)).toBe(false);
    expect(((await list('approved')).body as { id: string }[]).some((r) => r.id === app.id)).toBe(true);
    const again = await a.http().post(`/api/admin/applications/${app.id}/deferral/deny`).set(admin()).send({ note: 'No' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DFR-409-not-pending');
  });

  it('denies with a note (required): the reply is reset, the note shown to the applicant, nothing moved', async () => {
    const app = await admitted('en');
    const { to } = await requestDeferral(app);
    const noNote = await a.http().post(`/api/admin/applications/${app.id}/deferral/deny`).set(admin()).send({});
    expect(noNote.status).toBe(422);
    const tooLong = await a
      .http()
      .post(`/api/admin/applications/${app.id}/deferral/deny`)
      .set(admin())
      .send({ note: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(422);

    const denied = await a
      .http()
      .post(`/api/admin/applications/${app.id}/deferral/deny`)
      .set(admin())
      .send({ note: 'All places for that semester are taken' });
    expect(denied.status).toBe(200);
    expect(denied.body).toMatchObject({ status: 'denied', decisionNote: 'All places for that semester are taken', toTerm: to });

    const row = await a.db.query(`SELECT offering_id, semester, reply, deferral_decision FROM applications WHERE id = $1`, [app.id]);
    expect(row.rows[0]).toMatchObject({ offering_id: app.offeringId, semester: app.semester, reply: null, deferral_decision: 'denied' });
    const view = await a.http().get(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token);
    expect(view.body).toMatchObject({
      reply: null,
      deferralDecision: 'denied',
      deferralDecisionNote: 'All places for that semester are taken',
      choices: ['accept', 'decline', 'defer'],
    });
    expect(((await list('denied')).body as { id: string }[]).some((r) => r.id === app.id)).toBe(true);
    const audit = await a.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE record_id = $1 AND action = 'deny-deferral'`, [app.id]);
    expect(audit.rows[0].n).toBe(1);
    await sink.waitFor((m) => m.to.includes(`defer${seq}@example.com`) && m.subject.includes('was declined'), 10_000);

    // a new request replaces the answered one and waits again
    await requestDeferral(app, 'Family reasons');
    const again = ((await list()).body as { id: string; note: string; decisionNote: string | null }[]).find((r) => r.id === app.id);
    expect(again).toMatchObject({ note: 'Family reasons', decisionNote: null });
  });

  it('with DEFERRAL_APPROVAL=reopen clears the decision for review in the new semester', async () => {
    const app = await admitted('zh-CN');
    const { to, targetId } = await requestDeferral(app);
    const approved = await reopen.http().post(`/api/admin/applications/${app.id}/deferral/approve`).set(admin()).send({});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ approval: 'reopen', decisionNote: null });
    const row = await a.db.query(
      `SELECT offering_id, semester, status, decision, decision_released_at, reply, deferred_from_offering_id FROM applications WHERE id = $1`,
      [app.id],
    );
    expect(row.rows[0]).toEqual({
      offering_id: targetId,
      semester: to,
      status: 'complete',
      decision: null,
      decision_released_at: null,
      reply: null,
      deferred_from_offering_id: app.offeringId,
    });
    await sink.waitFor((m) => m.to.includes(`defer${seq}@example.com`) && m.subject.includes('已获批准'), 10_000);
  });

  it('answers 409 without a pending request, 403 to a non-admin, 400 for an unknown status', async () => {
    const app = await admitted('en');
    const none = await a.http().post(`/api/admin/applications/${app.id}/deferral/approve`).set(admin()).send({});
    expect(none.status).toBe(409);
    expect(none.body.code).toBe('DFR-409-not-pending');
    await a.http().put(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token).send({ choice: 'accept' }).expect(200);
    expect((await a.http().post(`/api/admin/applications/${app.id}/deferral/deny`).set(admin()).send({ note: 'x' })).status).toBe(409);

    const registered = await a.http().post('/api/register').send({
      first_name: 'Ana',
      last_name: 'Ruiz',
      email: 'defer-stranger@example.com',
      password: 'applicant-pass-1',
      password_confirmation: 'applicant-pass-1',
    });
    expect(registered.status).toBe(201);
    const applicant = auth(registered.body.token as string);
    expect((await a.http().get('/api/admin/deferrals').set(applicant)).status).toBe(403);
    expect((await a.http().post(`/api/admin/applications/${app.id}/deferral/approve`).set(applicant).send({})).status).toBe(403);
    expect((await list('lost')).status).toBe(400);
  });
});
