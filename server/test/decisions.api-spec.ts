import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { en } from '../src/common/i18n/messages.en.js';
import { es } from '../src/common/i18n/messages.es.js';
import { startMba } from './support/drafts.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { startWebhookReceiver } from './support/webhook-receiver.js';
import { Webhook } from 'standardwebhooks';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Decisions released to applicants and the applicant's checklist (issue 15 items 2–4): deciding (admin
 * only, audited), letter templates (merge fields checked), preview, release now and at a chosen time by the
 * pg-boss job exactly once across two replicas (e-mails counted in a real SMTP sink), the letter hidden
 * before release and from other applicants, the PDF, and the checklist endpoint.
 */
describe('Decisions', () => {
  let sink: SmtpSink;
  let a: TestApp;
  let b: TestApp;
  let adminToken: string;
  let seq = 0;

  const admin = () => auth(adminToken);

  async function register(email: string) {
    const response = await a
      .http()
      .post('/api/register')
      .send({ first_name: 'Ana', last_name: 'Ruiz', email, password: 'applicant-pass-1', password_confirmation: 'applicant-pass-1' });
    if (response.status !== 201) throw new Error(`register: ${response.status}`);
    return { token: response.body.token as string, id: response.body.user.id as string };
  }

  /** A complete (paid, details finished) application, started in `locale`, owned by `userId` when given. */
  async function completeApplication(locale: string, overrides: Record<string, unknown> = {}, userId: string | null = null) {
    seq += 1;
    const started = await startApplication(a, {
      locale,
      email: `applicant${seq}@example.com`,
      firstName: 'Ana',
      lastName: 'Ruiz',
      ...overrides,
    });
    await a.db.query(
      `UPDATE applications SET status = 'complete', payment_status = 'Paid', submitted_at = now(), completed_at = now(), user_id = $2 WHERE id = $1`,
      [started.id, userId],
    );
    return { id: started.id, token: started.token, email: `applicant${seq}@example.com` };
  }

  const decisionMails = (to: string) =>
    sink.messages.filter((m) => m.to.includes(to) && [en.mail.decisionSubject, es.mail.decisionSubject].includes(m.subject));

  beforeAll(async () => {
    sink = await startSmtpSink();
    const env = { SMTP_URL: sink.url, DECISION_RELEASE_INTERVAL_SECONDS: '1', JOBS_POLL_SECONDS: '0.5' };
    a = await createTestApp(env);
    b = await createTestApp(env, { sameDatabaseAs: a });
    adminToken = await a.login();
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await sink?.close();
  });

  it('records a decision (admin only), lets it change before release, and audits every change', async () => {
    const app = await completeApplication('en');
    const applicant = await register('decide-applicant@example.com');
    expect(
      (await a.http().put(`/api/admin/applications/${app.id}/decision`).set(auth(applicant.token)).send({ decision: 'admitted' })).status,
    ).toBe(403);
    expect((await a.http().put(`/api/admin/applications/${app.id}/decision`).send({ decision: 'admitted' })).status).toBe(401);
    expect((await a.http().put(`/api/admin/applications/${app.id}/decision`).set(admin()).send({ decision: 'accepted' })).status).toBe(422);

    const first = await a.http().put(`/api/admin/applications/${app.id}/decision`).set(admin()).send({ decision: 'waitlisted' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'decided', decision: 'waitlisted', decisionReleasedAt: null });
    expect(first.body.decidedAt).toEqual(expect.any(String));
    const second = await a.http().put(`/api/admin/applications/${app.id}/decision`).set(admin()).send({ decision: 'admitted' });
    expect(second.body.decision).toBe('admitted');

    const audit = await a.db.query(`SELECT action, before, after, actor_email FROM audit_log WHERE record_id = $1 ORDER BY id`, [app.id]);
    expect(audit.rows.map((r) => [r.action, r.before.decision, r.after.decision, r.actor_email])).toEqual([
      ['decide', null, 'waitlisted', 'admin@example.com'],
      ['decide', 'waitlisted', 'admitted', 'admin@example.com'],
    ]);
    // a draft cannot be decided
    const draft = await startApplication(a, { email: 'draft-decide@example.com' });
    expect((await a.http().put(`/api/admin/applications/${draft.id}/decision`).set(admin()).send({ decision: 'denied' })).body.code).toBe(
      'STS-409',
    );
  });

  it('refuses a template with an unknown merge field (422) and saves a valid one (audited)', async () => {
    const list = await a.http().get('/api/admin/decision-templates').set(admin());
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(9);
    expect(list.headers['content-range']).toBe('decision-templates 0-8/9');

    for (const body of [
      'Hello {{middleName}}',
      'Hi {{{firstName}}}',
      '{{#if firstName}}x{{/if}}',
      'Hi {{firstName',
      '{{lookup firstName}}',
    ]) {
      const refused = await a.http().put('/api/admin/decision-templates/denied:en').set(admin()).send({ subject: 'S', body });
      expect({ body, status: refused.status, code: refused.body.code }).toEqual({ body, status: 422, code: 'VAL-001' });
      expect(refused.body.errors.body).toEqual(expect.any(Array));
    }
    const unknown = await a
      .http()
      .put('/api/admin/decision-templates/denied:en')
      .set(admin())
      .send({ subject: 'S {{nickname}}', body: 'B' });
    expect(unknown.body.errors.subject[0]).toContain('nickname');
    expect((await a.http().put('/api/admin/decision-templates/denied:fr').set(admin()).send({ subject: 'S', body: 'B' })).status).toBe(404);

    const saved = await a.http().put('/api/admin/decision-templates/denied:en').set(admin()).send({
      subject: 'Decision for {{referenceNumber}}',
      body: 'Dear {{firstName}} {{lastName}},\n\nRegarding {{program}}, {{semester}}.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: 'denied:en', subject: 'Decision for {{referenceNumber}}' });
    const audit = await a.db.query(`SELECT action FROM audit_log WHERE resource = 'decision-templates' AND record_id = 'denied:en'`);
    expect(audit.rows).toEqual([{ action: 'update' }]);
  });

  it('previews the letter in the application language with the program label, values HTML-escaped', async () => {
    const app = await completeApplication('es', { firstName: '<b>Ana</b>' });
    expect((await a.http().get(`/api/admin/applications/${app.id}/decision/preview`).set(admin())).body.code).toBe('DEC-409-undecided');
    await a.http().put(`/api/admin/applications/${app.id}/decision`).set(admin()).send({ decision: 'admitted' });
    const preview = await a.http().get(`/api/admin/applications/${app.id}/decision/preview`).set(admin());
    expect(preview.status).toBe(200);
    // the program's Spanish label (issue 11), not its English one nor its key
    const label = (await a.db.query(`SELECT translations->'es'->>'label' AS label FROM programs WHERE name = 'MSW' AND gender = 'male'`))
      .rows[0].label as string;
    expect(label).toMatch(/Maestría/);
    expect(preview.body).toMatchObject({
      decision: 'admitted',
      locale: 'es',
      subject: 'Su decisión de admisión',
      releasedAt: null,
      pdfAvailable: true,
    });
    expect(preview.body.text).toContain(`¡Felicidades! Nos complace ofrecerle la admisión a ${label} para Primavera 2026.`);
    expect(preview.body.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
    expect(preview.body.html).not.toContain('<b>');
    const other = await a.http().get(`/api/admin/applications/${app.id}/decision/preview?decision=denied`).set(admin());
    expect(other.body.text).toContain('lamentamos');
  });

  it("names the applicant in the name's own order in every language's seeded letter (issue 27: 王芳, never 芳 王)", async () => {
    const greetings: Record<string, string> = {};
    for (const [locale, firstName, lastName] of [
      ['en', '芳', '王'],
      ['zh-CN', '芳', '王'],
      ['es', 'María José', 'Pérez'],
      ['zh-CN', 'María José', 'Pérez'],
    ] as const) {
      const app = await completeApplication(locale, { firstName, lastName });
      await a.http().put(`/api/admin/applications/${app.id}/decision`).set(admin()).send({ decision: 'admitted' });
      const preview = await a.http().get(`/api/admin/applications/${app.id}/decision/preview`).set(admin());
      greetings[`${locale} ${lastName}`] = String(preview.body.text).split('\n')[0]!;
    }
    expect(greetings).toEqual({
      'en 王': 'Dear 王芳,',
      'zh-CN 王': '王芳，您好：',
      'es Pérez': 'Estimado/a María José Pérez:',
      'zh-CN Pérez': 'María José Pérez，您好：',
    });
  });

  it('releases now through the job exactly once across two replicas: one e-mail, then the letter, the PDF', async () => {
    const owner = await register('owner-release@example.com');
    const stranger = await register('stranger-release@example.com');
    const apps = [await completeApplication('es', {}, owner.id), await completeApplication('en')];
    for (const app of apps) await a.http().put(`/api/admin/applications/${app.id}/decision`).set(admin()).send({ decision: 'admitted' });

    // never visible before release: token, owner, checklist
    expect((await a.http().get(`/api/applications/${apps[0]!.id}/decision`).set('X-Application-Token', apps[0]!.token)).body.code).toBe(
      'DEC-404',
    );
    expect((await a.http().get(`/api/applications/${apps[0]!.id}/decision`).set(auth(owner.token))).status).toBe(404);
    expect((await a.http().get(`/api/applications/${apps[0]!.id}/decision/pdf`).set(auth(owner.token))).status).toBe(404);
    expect((await a.http().get(`/api/applications/${apps[0]!.id}/checklist`).set(auth(owner.token))).body.decision).toBeNull();

    // a reader-less applicant (and an anonymous caller) cannot release
    expect(
      (
        await a
          .http()
          .post('/api/admin/decisions/release')
          .set(auth(owner.token))
          .send({ ids: [apps[0]!.id] })
      ).status,
    ).toBe(403);

    const released = await b
      .http()
      .post('/api/admin/decisions/release')
      .set(admin())
      .send({ ids: apps.map((x) => x.id) });
    expect(released.status).toBe(200);
    expect(released.body.scheduled).toBe(2);
    const mail = await sink.waitFor((m) => m.to.includes(apps[0]!.email) && m.subject === es.mail.decisionSubject, 10_000);
    expect(mail.text).toMatch(/\/validation\?token=/);
    await sink.waitFor((m) => m.to.includes(apps[1]!.email) && m.subject === en.mail.decisionSubject, 10_000);
    await sleep(3000); // both replicas keep running the job every second
    expect(decisionMails(apps[0]!.email)).toHaveLength(1);
    expect(decisionMails(apps[1]!.email)).toHaveLength(1);
    const audit = await a.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'release-decision' AND record_id = ANY($1)`, [
      apps.map((x) => x.id),
    ]);
    expect(audit.rows[0].n).toBe(2);

    const letter = await a.http().get(`/api/applications/${apps[0]!.id}/decision`).set(auth(owner.token));
    expect(letter.status).toBe(200);
    expect(letter.body).toMatchObject({ decision: 'admitted', locale: 'es' });
    expect(letter.body.releasedAt).toEqual(expect.any(String));
    expect(letter.body.html).toContain('¡Felicidades!');
    const byToken = await a.http().get(`/api/applications/${apps[0]!.id}/decision`).set('X-Application-Token', apps[0]!.token);
    expect(byToken.status).toBe(200);
    // another applicant, or another application's token, sees nothing
    expect((await a.http().get(`/api/applications/${apps[0]!.id}/decision`).set(auth(stranger.token))).status).toBe(403);
    expect((await a.http().get(`/api/applications/${apps[0]!.id}/decision`).set('X-Application-Token', apps[1]!.token)).status).toBe(403);

    const pdf = await a.http().get(`/api/applications/${apps[0]!.id}/decision/pdf`).set(auth(owner.token)).buffer(true);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((pdf.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const checklist = await a.http().get(`/api/applications/${apps[0]!.id}/checklist`).set(auth(owner.token));
    expect(checklist.body.decision).toEqual({ decision: 'admitted', releasedAt: letter.body.releasedAt });

    // after release: changing needs a rescind (which hides the letter again)
    expect(
      (await a.http().put(`/api/admin/applications/${apps[0]!.id}/decision`).set(admin()).send({ decision: 'denied' })).body.code,
    ).toBe('DEC-409-released');
    expect(
      (
        await a
          .http()
          .post('/api/admin/decisions/release')
          .set(admin())
          .send({ ids: [apps[0]!.id] })
      ).body.code,
    ).toBe('DEC-409-undecided');
    const rescinded = await a.http().post(`/api/admin/applications/${apps[0]!.id}/decision/rescind`).set(admin());
    expect(rescinded.body).toMatchObject({ status: 'complete', decision: null, decisionReleasedAt: null });
    expect((await a.http().get(`/api/applications/${apps[0]!.id}/decision`).set(auth(owner.token))).status).toBe(404);
  }, 30_000);

  it('releases at a chosen instant: hidden until then, then released once (one e-mail)', async () => {
    const app = await completeApplication('en');
    await a.http().put(`/api/admin/applications/${app.id}/decision`).set(admin()).send({ decision: 'denied' });
    const at = new Date(Date.now() + 2500).toISOString();
    const scheduled = await a
      .http()
      .post('/api/admin/decisions/release')
      .set(admin())
      .send({ ids: [app.id], at });
    expect(scheduled.body).toEqual({ scheduled: 1, at });
    expect((await a.http().get(`/api/applications/${app.id}/decision`).set('X-Application-Token', app.token)).status).toBe(404);
    const mail = await sink.waitFor((m) => m.to.includes(app.email) && m.subject === en.mail.decisionSubject, 10_000);
    const releasedAt = (await a.db.query(`SELECT decision_released_at FROM applications WHERE id = $1`, [app.id])).rows[0]
      .decision_released_at as Date;
    expect(releasedAt.getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
    expect(mail).toBeDefined();
    await sleep(2500);
    expect(decisionMails(app.email)).toHaveLength(1);
    expect((await a.http().get(`/api/applications/${app.id}/decision`).set('X-Application-Token', app.token)).status).toBe(200);
  }, 20_000);

  it('sends one signed decision.released webhook per release, written with the claim (issue 14 outbox)', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await a
        .http()
        .post('/api/admin/webhooks')
        .set(admin())
        .send({ url: receiver.url('/decisions'), events: ['decision.released'] });
      expect(endpoint.status).toBe(201);
      const app = await completeApplication('es');
      await a.http().put(`/api/admin/applications/${app.id}/decision`).set(admin()).send({ decision: 'waitlisted' }).expect(200);
      await a
        .http()
        .post('/api/admin/decisions/release')
        .set(admin())
        .send({ ids: [app.id] })
        .expect(200);
      const [delivery] = await receiver.waitFor((got) => got.some((r) => r.body.includes(app.id)), 15_000);
      const payload = new Webhook(endpoint.body.secret as string).verify(delivery!.body, delivery!.headers) as {
        type: string;
        data: { application: { id: string; status: string }; decision: { decision: string; releasedAt: string } };
      };
      expect(payload.type).toBe('decision.released');
      expect(payload.data.application).toMatchObject({ id: app.id, status: 'decided' });
      expect(payload.data.decision.decision).toBe('waitlisted');
      expect(Number.isNaN(Date.parse(payload.data.decision.releasedAt))).toBe(false);
      await sleep(2500); // both replicas keep running the job: still one event for this release
      expect(receiver.received.filter((r) => r.body.includes(app.id))).toHaveLength(1);
      const events = await a.db.query(
        `SELECT count(*)::int AS n FROM webhook_events WHERE application_id = $1 AND type = 'decision.released'`,
        [app.id],
      );
      expect(events.rows[0].n).toBe(1);
    } finally {
      await receiver.close();
    }
  }, 30_000);

  it('answers 422 for the PDF of a zh-CN letter (no CJK font) while the HTML letter shows', async () => {
    const app = await completeApplication('zh-CN');
    await a.http().put(`/api/admin/applications/${app.id}/decision`).set(admin()).send({ decision: 'waitlisted' });
    await a
      .http()
      .post('/api/admin/decisions/release')
      .set(admin())
      .send({ ids: [app.id] });
    await sink.waitFor((m) => m.to.includes(app.email) && m.subject === '您的申请已有决定', 10_000);
    const letter = await a.http().get(`/api/applications/${app.id}/decision`).set('X-Application-Token', app.token);
    expect(letter.body).toMatchObject({ locale: 'zh-CN', pdfAvailable: false });
    expect(letter.body.text).toContain('候补名单');
    const pdf = await a.http().get(`/api/applications/${app.id}/decision/pdf`).set('X-Application-Token', app.token);
    expect([pdf.status, pdf.body.code]).toEqual([422, 'DEC-422-pdf']);
  }, 15_000);
});

describe('Checklist', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists form steps, fee, document slots and recommendations with their state, actions and the deadline', async () => {
    const app = await startApplication(t, { email: 'checklist@example.com' });
    // the deadline is the applicant's own offering's current round (issue 25); the migrated one has passed
    const before = await t.http().get(`/api/applications/${app.id}/checklist`).set('X-Application-Token', app.token);
    expect(before.body.deadline).toBeNull();
    const deadline = new Date(Date.now() + 10 * 86_400_000).toISOString();
    await t.db.query(
      `UPDATE offerings SET rounds = jsonb_build_array(jsonb_build_object('key', 'regular', 'labels', rounds -> 0 -> 'labels', 'deadlineAt', $1::text))
        WHERE id = (SELECT offering_id FROM applications WHERE id = $2)`,
      [deadline, app.id],
    );
    await t.changesSeen();
    const first = await t.http().get(`/api/applications/${app.id}/checklist`).set('X-Application-Token', app.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ semester: 'Spring 2026', status: 'draft', decision: null, deadline });
    const item = (kind: string, key: string) =>
      first.body.items.find((i: { kind: string; key: string }) => i.kind === kind && i.key === key);
    expect(item('step', 'personal')).toEqual({ kind: 'step', key: 'personal', state: 'awaiting', action: 'continue' });
    expect(item('step', 'review')).toEqual({ kind: 'step', key: 'review', state: 'awaiting', action: 'continue' });
    expect(item('fee', 'fee')).toEqual({ kind: 'fee', key: 'fee', state: 'awaiting', action: null });
    expect(item('document', 'picture')).toEqual({ kind: 'document', key: 'picture', state: 'awaiting', action: null });
    expect(first.body.items.some((i: { kind: string; key: string }) => i.kind === 'step' && i.key === 'payment')).toBe(false);

    // MSW (recommenders): one item per recommendation, following firstReferenceStatus / secondReferenceStatus;
    // never a document item for the letters recommenders send (issue 24)
    await t.db.query(
      `UPDATE applications SET status = 'submitted', payment_status = 'Paid', certified_at = now(), submitted_at = now(),
         first_reference_status = 'Received', second_reference_status = 'Waived' WHERE id = $1`,
      [app.id],
    );
    const msw = await t.http().get(`/api/applications/${app.id}/checklist`).set('X-Application-Token', app.token);
    expect(msw.body.items.filter((i: { kind: string }) => i.kind === 'recommendation')).toEqual([
      { kind: 'recommendation', key: 'first', state: 'received', action: null },
      { kind: 'recommendation', key: 'second', state: 'waived', action: null },
    ]);
    expect(msw.body.items.filter((i: { key: string }) => /LetterOfRecommendation$/.test(i.key))).toEqual([]);

    // MBA (references only: the letters of reference are the applicant's uploads, no recommendation item);
    // fee waived; documents open on the details form; no deadline known for that intake
    const mba = await startMba(t, { email: 'checklist-mba@example.com' });
    await t.db.query(
      `UPDATE applications SET status = 'submitted', payment_status = 'Waived', certified_at = now(), submitted_at = now() WHERE id = $1`,
      [mba.id],
    );
    const later = await t.http().get(`/api/applications/${mba.id}/checklist`).set('X-Application-Token', mba.token);
    expect(later.body.deadline).toBeNull();
    const find = (kind: string, key: string) =>
      later.body.items.find((i: { kind: string; key: string }) => i.kind === kind && i.key === key);
    expect(find('fee', 'fee').state).toBe('waived');
    expect(find('step', 'review').state).toBe('received');
    expect(find('step', 'personal')).toEqual({ kind: 'step', key: 'personal', state: 'awaiting', action: null });
    expect(find('document', 'picture')).toEqual({ kind: 'document', key: 'picture', state: 'awaiting', action: 'details' });
    expect(find('document', 'firstLetterOfReference')).toEqual({
      kind: 'document',
      key: 'firstLetterOfReference',
      state: 'awaiting',
      action: 'details',
    });
    expect(later.body.items.filter((i: { kind: string }) => i.kind === 'recommendation')).toEqual([]);
  });

  it('is the caller’s own: another token 403, anonymous 401', async () => {
    const mine = await startApplication(t, { email: 'mine@example.com' });
    const theirs = await startApplication(t, { email: 'theirs@example.com' });
    expect((await t.http().get(`/api/applications/${mine.id}/checklist`).set('X-Application-Token', theirs.token)).status).toBe(403);
    expect((await t.http().get(`/api/applications/${mine.id}/checklist`)).status).toBe(401);
  });
});
