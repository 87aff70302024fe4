import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Webhook } from 'standardwebhooks';
import { en } from '../src/common/i18n/messages.en.js';
import { DecisionsService } from '../src/modules/decisions/decisions.service.js';
import { DataSource } from 'typeorm';
import { WaitlistRanks1764210000000 } from '../../migrations/1764210000000-waitlist-ranks.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const DAY = 86_400_000;

/**
 * Runs the release job until the application's release is committed (the admit also queues the job, whose run
 * may hold the row when this one comes: FOR UPDATE SKIP LOCKED). Waits at most 10 s.
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

/** What `GET …/waitlist` answers of each entry, as the tests compare it. */
interface Entry {
  id: string;
  rank: number | null;
  name: string;
  reply: string | null;
  decidedAt: string | null;
  releasedAt: string | null;
}

/**
 * Issue 29 items 4 and 6, the ranked waitlist per offering through the API: ranks in the order decisions are
 * made (names in their own order, replies, dates), reorder (whole order, one moved, conditional on the version),
 * withdrawal leaving the ranking, the admit from the waitlist (one and bulk, all or none) releasing the admit
 * letter through the release job (e-mail, `decision.released` webhook) and opening the admit reply with its
 * deadline, the seat check (409 with the figures, then acknowledged; accepted offers count, declined and lapsed
 * do not) on the waitlist admit and on the decision endpoint, and who may call what (admins; API keys with
 * `enrollment:read` read the waitlist, class view and deferral queue, with `applications:read` one reply).
 */
describe('The waitlist (GET/PUT /api/admin/offerings/{id}/waitlist, POST …/admit)', () => {
  let a: TestApp;
  let sink: SmtpSink;
  let receiver: WebhookReceiver;
  let secret: string;
  let adminToken: string;
  let msw: number;
  let seq = 0;
  const admin = () => auth(adminToken);

  /** A new term `years` ahead with an offering of men's MSW in it; `seats` null: no limit. */
  async function newOffering(seats: number | null, replyDeadlineAt: Date | null = null): Promise<number> {
    seq += 1;
    const term = (
      await a.db.query(
        `INSERT INTO terms (key, labels, starts_on) VALUES ($1, $2, (current_date + make_interval(years => 5, days => $3))::date) RETURNING id`,
        [`Waitlist term ${seq}`, JSON.stringify({ en: `Waitlist term ${seq}`, es: `Semestre ${seq}`, 'zh-CN': `学期 ${seq}` }), seq],
      )
    ).rows[0].id as number;
    const offering = (
      await a.db.query(
        `INSERT INTO offerings (program_id, term_id, opens_at, closes_at, application_fee_cents, seats, reply_deadline_at)
         VALUES ($1, $2, now() - interval '1 day', now() + interval '30 days', 0, $3, $4) RETURNING id`,
        [msw, term, seats, replyDeadlineAt],
      )
    ).rows[0].id as number;
    await a.changesSeen();
    return offering;
  }

  /** A complete application in `offeringId` (not decided), started in `locale`. */
  async function complete(offeringId: number, names: { firstName?: string; lastName?: string; locale?: string } = {}) {
    seq += 1;
    const email = `waitlist${seq}@example.com`;
    const started = await startApplication(a, { email, ...names });
    await a.db.query(
      `UPDATE applications SET offering_id = $2, status = 'complete', payment_status = 'Paid', submitted_at = now(), completed_at = now()
        WHERE id = $1`,
      [started.id, offeringId],
    );
    return { id: started.id, token: started.token, email };
  }

  /** A complete application in `offeringId` with a decision recorded through the API (released when told). */
  async function decided(offeringId: number, decision: 'admitted' | 'waitlisted', options: { released?: boolean; names?: object } = {}) {
    const app = await complete(offeringId, options.names);
    const response = await a.http().put(`/api/admin/applications/${app.id}/decision`).set(admin()).send({ decision });
    expect(response.status).toBe(200);
    if (options.released)
      await a.db.query(`UPDATE applications SET decision_release_at = now(), decision_released_at = now() WHERE id = $1`, [app.id]);
    return app;
  }

  /** An application arranged with SQL in `offeringId`: a released decision and a reply (no API path makes a lapse). */
  async function arranged(offeringId: number, decision: 'admitted' | 'waitlisted', reply: string | null, deadline: Date | null = null) {
    const app = await complete(offeringId);
    await a.db.query(
      `UPDATE applications SET status = 'decided', decision = $2, decided_at = now(), decision_release_at = now(),
              decision_released_at = now(), reply = $3, replied_at = CASE WHEN $3::text IS NULL THEN NULL ELSE now() END,
              reply_deadline_at = $4
        WHERE id = $1`,
      [app.id, decision, reply, deadline],
    );
    return app;
  }

  const waitlist = (offeringId: number, language = 'en') =>
    a
      .http()
      .get(`/api/admin/offerings/${offeringId}/waitlist`)
      .set({ ...admin(), 'Accept-Language': language });
  const reorder = (offeringId: number, body: object) => a.http().put(`/api/admin/offerings/${offeringId}/waitlist`).set(admin()).send(body);
  const admit = (offeringId: number, body: object, language = 'en') =>
    a
      .http()
      .post(`/api/admin/offerings/${offeringId}/waitlist/admit`)
      .set({ ...admin(), 'Accept-Language': language })
      .send(body);
  const ranked = async (offeringId: number) =>
    ((await waitlist(offeringId)).body.entries as Entry[]).filter((e) => e.rank !== null).map((e) => [e.rank, e.id]);

  beforeAll(async () => {
    sink = await startSmtpSink();
    a = await createTestApp({ SMTP_URL: sink.url, JOBS_POLL_SECONDS: '0.5' });
    adminToken = await a.login();
    msw = (await a.db.query(`SELECT id FROM programs WHERE gender = 'male' AND name = 'MSW'`)).rows[0].id as number;
    receiver = await startWebhookReceiver();
    const endpoint = await a
      .http()
      .post('/api/admin/webhooks')
      .set(admin())
      .send({ url: receiver.url('/waitlist'), events: ['decision.released'] });
    expect(endpoint.status).toBe(201);
    secret = endpoint.body.secret as string;
  }, 60_000);
  afterAll(async () => {
    await receiver?.close();
    await a?.close();
    await sink?.close();
  });

  it('ranks waitlisted applicants in the order they were decided, names in their own order, then those who withdrew', async () => {
    const offering = await newOffering(40);
    const first = await decided(offering, 'waitlisted', { released: true, names: { firstName: 'Ana', lastName: 'Ruiz' } });
    const second = await decided(offering, 'waitlisted', { names: { firstName: '芳', lastName: '王', locale: 'zh-CN' } });
    const third = await decided(offering, 'waitlisted', { released: true });
    await a.db.query(`UPDATE applications SET reply = 'staying_on_waitlist', replied_at = now() WHERE id = $1`, [third.id]);
    const gone = await arranged(offering, 'waitlisted', 'withdrawn_from_waitlist');
    // not on it: an admit, a denial, a waitlist place in another offering
    await decided(offering, 'admitted');
    await decided(await newOffering(null), 'waitlisted');

    const response = await waitlist(offering, 'es');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      offeringId: offering,
      programName: 'MSW',
      gender: 'male',
      termLabel: expect.stringMatching(/^Semestre \d+$/),
      seats: { seats: 40, taken: 0, offersOut: 1, seatsLeft: 40 },
      ranked: 3,
      version: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const entries = response.body.entries as Entry[];
    expect(entries.map((e) => [e.rank, e.id, e.name, e.reply])).toEqual([
      [1, first.id, 'Ana Ruiz', null],
      [2, second.id, '王芳', null],
      [3, third.id, expect.any(String), 'staying_on_waitlist'],
      [null, gone.id, expect.any(String), 'withdrawn_from_waitlist'],
    ]);
    expect(Date.parse(entries[0]!.decidedAt!)).not.toBeNaN();
    expect(entries[0]!.releasedAt).toEqual(expect.any(String));
    expect(entries[1]!.releasedAt).toBeNull();
    // the stored ranks are unique in the offering
    const stored = await a.db.query(`SELECT waitlist_rank FROM applications WHERE offering_id = $1 AND waitlist_rank IS NOT NULL`, [
      offering,
    ]);
    expect(new Set(stored.rows.map((r) => r.waitlist_rank)).size).toBe(3);

    expect((await waitlist(999_999)).status).toBe(404);
    expect((await a.http().get('/api/admin/offerings/abc/waitlist').set(admin())).body.code).toBe('REQ-404');
  });

  it('reorders the whole list or moves one to a rank; a stale version or list is refused (409), a bad one 422; audited', async () => {
    const offering = await newOffering(null);
    const apps = [];
    for (let i = 0; i < 4; i += 1) apps.push((await decided(offering, 'waitlisted')).id);
    const [w, x, y, z] = apps as [string, string, string, string];
    const before = (await waitlist(offering)).body.version as string;

    const whole = await reorder(offering, { ids: [z, x, y, w], version: before });
    expect(whole.status).toBe(200);
    expect((whole.body.entries as Entry[]).map((e) => e.id)).toEqual([z, x, y, w]);
    expect(whole.body.version).not.toBe(before);
    // the version it was made from is stale now
    const stale = await reorder(offering, { ids: [w, x, y, z], version: before });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'WTL-409-stale', data: { ids: [z, x, y, w], version: whole.body.version } });

    const moved = await reorder(offering, { id: w, rank: 2, version: whole.body.version });
    expect(moved.status).toBe(200);
    expect(await ranked(offering)).toEqual([
      [1, z],
      [2, w],
      [3, x],
      [4, y],
    ]);

    // a list that is not the waitlist (one missing): stale; a duplicate, a rank past the end, both forms: 422
    expect((await reorder(offering, { ids: [z, w, x] })).body.code).toBe('WTL-409-stale');
    const twice = await reorder(offering, { ids: [z, w, x, x] });
    expect([twice.status, twice.body.code, Object.keys(twice.body.errors)]).toEqual([422, 'VAL-001', ['ids']]);
    const far = await reorder(offering, { id: z, rank: 5 });
    expect([far.status, far.body.errors.rank[0]]).toEqual([422, 'The rank must be between 1 and 4.']);
    expect((await reorder(offering, { ids: [z, w, x, y], id: z, rank: 1 })).status).toBe(422);
    expect((await reorder(offering, { id: z })).body.errors.rank).toBeDefined();
    expect((await reorder(offering, { id: 'nope', rank: 1 })).status).toBe(422);
    const stranger = (await decided(await newOffering(null), 'waitlisted')).id;
    expect((await reorder(offering, { id: stranger, rank: 1 })).body).toMatchObject({
      code: 'WTL-409-not-waitlisted',
      data: { ids: [stranger] },
    });

    const audit = await a.db.query(
      `SELECT before, after, actor_email FROM audit_log WHERE resource = 'offerings' AND action = 'reorder-waitlist' AND record_id = $1 ORDER BY id`,
      [String(offering)],
    );
    expect(audit.rows.map((r) => [r.before.waitlist, r.after.waitlist, r.actor_email])).toEqual([
      [[w, x, y, z], [z, x, y, w], 'admin@example.com'],
      [[z, x, y, w], [z, w, x, y], 'admin@example.com'],
    ]);
  });

  it('takes an applicant who withdraws out of the ranking (the others move up); a new waitlisted decision gets the next rank', async () => {
    const offering = await newOffering(null);
    const one = await decided(offering, 'waitlisted', { released: true });
    const two = await decided(offering, 'waitlisted', { released: true });
    const three = await decided(offering, 'waitlisted', { released: true });
    const withdrew = await a
      .http()
      .put(`/api/applications/${two.id}/reply`)
      .set('X-Application-Token', two.token)
      .send({ choice: 'withdraw' });
    expect(withdrew.status).toBe(200);
    expect(await ranked(offering)).toEqual([
      [1, one.id],
      [2, three.id],
    ]);
    const four = await decided(offering, 'waitlisted');
    expect(await ranked(offering)).toEqual([
      [1, one.id],
      [2, three.id],
      [3, four.id],
    ]);
    // choosing to stay again (before the deadline) joins the end of the list; a rescind takes the place away
    await a.http().put(`/api/applications/${two.id}/reply`).set('X-Application-Token', two.token).send({ choice: 'stay' });
    await a.http().post(`/api/admin/applications/${one.id}/decision/rescind`).set(admin());
    expect(await ranked(offering)).toEqual([
      [1, three.id],
      [2, four.id],
      [3, two.id],
    ]);
  });

  it('admits one from the waitlist: the admit letter is released and e-mailed, the reply opens with the admit choices and the deadline, webhook, audit', async () => {
    const offering = await newOffering(10);
    const keep = await decided(offering, 'waitlisted', { released: true });
    const chosen = await decided(offering, 'waitlisted', { released: true });
    await a.http().put(`/api/applications/${chosen.id}/reply`).set('X-Application-Token', chosen.token).send({ choice: 'stay' });
    const replyBy = new Date(Date.now() + 14 * DAY).toISOString();

    const response = await admit(offering, { ids: [chosen.id], replyBy });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      admitted: 1,
      ids: [chosen.id],
      replyBy,
      seats: { seats: 10, taken: 0, offersOut: 0, requested: 1, freeAfter: 9, overCapacity: false },
    });
    expect((response.body.waitlist.entries as Entry[]).map((e) => [e.rank, e.id])).toEqual([[1, keep.id]]);

    await releaseNow(a, chosen.id);
    const mail = await sink.waitFor((m) => m.to.includes(chosen.email) && m.subject === en.mail.decisionSubject, 10_000);
    expect(mail.text).toMatch(/\/validation\?token=/);
    const reply = await a.http().get(`/api/applications/${chosen.id}/reply`).set('X-Application-Token', chosen.token);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ decision: 'admitted', reply: null, choices: ['accept', 'decline', 'defer'], deadlineAt: replyBy });
    const letter = await a.http().get(`/api/applications/${chosen.id}/decision`).set('X-Application-Token', chosen.token);
    expect(letter.body).toMatchObject({ decision: 'admitted' });

    const [delivery] = await receiver.waitFor((got) => got.some((r) => r.body.includes(chosen.id)), 15_000);
    const payload = new Webhook(secret).verify(delivery!.body, delivery!.headers) as {
      type: string;
      data: { decision: { decision: string } };
    };
    expect(payload).toMatchObject({ type: 'decision.released', data: { decision: { decision: 'admitted' } } });

    const audit = await a.db.query(`SELECT action, before, after FROM audit_log WHERE record_id = $1 ORDER BY id`, [chosen.id]);
    const admitted = audit.rows.find((r) => r.action === 'admit-from-waitlist');
    expect(admitted.before).toMatchObject({ decision: 'waitlisted', reply: 'staying_on_waitlist', waitlistRank: 2 });
    expect(admitted.after).toMatchObject({ decision: 'admitted', reply: null, waitlistRank: null, decisionReleasedAt: null });
    expect(audit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['admit-from-waitlist', 'schedule-release']));
    // once admitted it is no longer on the waitlist: a second admit is refused
    expect((await admit(offering, { ids: [chosen.id] })).body).toMatchObject({
      code: 'WTL-409-not-waitlisted',
      data: { ids: [chosen.id] },
    });
  });

  it("admits in bulk, all or none, the reply deadline the offering's when none is given; a past deadline is refused", async () => {
    const deadline = new Date(Date.now() + 30 * DAY);
    const offering = await newOffering(null, deadline);
    const apps = [await decided(offering, 'waitlisted'), await decided(offering, 'waitlisted'), await decided(offering, 'waitlisted')];
    const withdrawn = await arranged(offering, 'waitlisted', 'withdrawn_from_waitlist');
    const elsewhere = await decided(await newOffering(null), 'waitlisted');

    const refused = await admit(offering, { ids: [apps[0]!.id, withdrawn.id, elsewhere.id] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'WTL-409-not-waitlisted',
      data: { ids: expect.arrayContaining([withdrawn.id, elsewhere.id]) },
    });
    expect(refused.body.data.ids).toHaveLength(2);
    expect((await ranked(offering)).length).toBe(3); // nothing changed
    const past = await admit(offering, { ids: [apps[0]!.id], replyBy: new Date(Date.now() - DAY).toISOString() });
    expect([past.status, Object.keys(past.body.errors)]).toEqual([422, ['replyBy']]);
    expect((await admit(offering, { ids: [] })).status).toBe(422);

    const bulk = await admit(offering, { ids: [apps[0]!.id, apps[2]!.id] });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ admitted: 2, replyBy: deadline.toISOString() });
    expect((bulk.body.waitlist.entries as Entry[]).filter((e) => e.rank !== null).map((e) => [e.rank, e.id])).toEqual([[1, apps[1]!.id]]);
    for (const app of [apps[0]!, apps[2]!]) {
      await releaseNow(a, app.id);
      await sink.waitFor((m) => m.to.includes(app.email) && m.subject === en.mail.decisionSubject, 10_000);
      const reply = await a.http().get(`/api/applications/${app.id}/reply`).set('X-Application-Token', app.token);
      expect(reply.body).toMatchObject({
        decision: 'admitted',
        deadlineAt: deadline.toISOString(),
        choices: ['accept', 'decline', 'defer'],
      });
    }

    // the offering's deadline has passed: the office must give one
    const closed = await newOffering(null, new Date(Date.now() - DAY));
    const late = await decided(closed, 'waitlisted');
    expect((await admit(closed, { ids: [late.id] })).body.errors.replyBy).toBeDefined();
    expect((await admit(closed, { ids: [late.id], replyBy: new Date(Date.now() + DAY).toISOString() })).status).toBe(200);
  });

  it('warns past the seats with the figures (409 SEAT-409-over-capacity) until acknowledged — on the waitlist admit and on the decision', async () => {
    const offering = await newOffering(3);
    await arranged(offering, 'admitted', 'accepted'); // takes a seat
    await arranged(offering, 'admitted', null, new Date(Date.now() + 10 * DAY)); // an offer out
    // no seat, no offer out: declined, lapsed, an offer whose deadline passed without a reply
    await arranged(offering, 'admitted', 'declined');
    await arranged(offering, 'admitted', 'lapsed');
    await arranged(offering, 'admitted', null, new Date(Date.now() - DAY));
    const [p, q] = [await decided(offering, 'waitlisted'), await decided(offering, 'waitlisted')];
    expect((await waitlist(offering)).body.seats).toEqual({ seats: 3, taken: 1, offersOut: 1, seatsLeft: 2 });

    const over = await admit(offering, { ids: [p.id, q.id] }, 'es');
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: 'SEAT-409-over-capacity',
      message:
        'Admitir a 2 superaría las 3 plazas de esta oferta: 1 aceptadas y 1 ofertas aún abiertas. Confirme para admitir de todos modos.',
      data: { seats: 3, taken: 1, offersOut: 1, requested: 2, seatsLeft: 2, freeAfter: -1, overCapacity: true },
    });
    expect((await ranked(offering)).length).toBe(2); // nothing changed
    // one fits exactly
    expect((await admit(offering, { ids: [p.id] })).body.seats).toMatchObject({ freeAfter: 0, overCapacity: false });
    const acknowledged = await admit(offering, { ids: [q.id], acknowledgeOverCapacity: true });
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.seats).toMatchObject({ seats: 3, taken: 1, offersOut: 2, requested: 1, freeAfter: -1, overCapacity: true });
    const audit = await a.db.query(`SELECT after FROM audit_log WHERE record_id = $1 AND action = 'admit-from-waitlist'`, [q.id]);
    expect(audit.rows[0].after.overCapacity).toMatchObject({ seats: 3, requested: 1, overCapacity: true });

    // the decision endpoint: an admit past the seats warns the same way; other decisions and an unlimited offering never
    const next = await complete(offering);
    const warned = await a.http().put(`/api/admin/applications/${next.id}/decision`).set(admin()).send({ decision: 'admitted' });
    expect(warned.status).toBe(409);
    expect(warned.body).toMatchObject({ code: 'SEAT-409-over-capacity', data: { seats: 3, taken: 1, offersOut: 3, requested: 1 } });
    expect((await a.db.query(`SELECT status, decision FROM applications WHERE id = $1`, [next.id])).rows[0]).toEqual({
      status: 'complete',
      decision: null,
    });
    expect((await a.http().put(`/api/admin/applications/${next.id}/decision`).set(admin()).send({ decision: 'waitlisted' })).status).toBe(
      200,
    );
    const decided2 = await a
      .http()
      .put(`/api/admin/applications/${next.id}/decision`)
      .set(admin())
      .send({ decision: 'admitted', acknowledgeOverCapacity: true });
    expect([decided2.status, decided2.body.decision]).toEqual([200, 'admitted']);
    const decideAudit = await a.db.query(`SELECT after FROM audit_log WHERE record_id = $1 AND action = 'decide' ORDER BY id`, [next.id]);
    expect(decideAudit.rows.map((r) => r.after.overCapacity?.requested ?? null)).toEqual([null, 1]);
    expect(
      (
        await a
          .http()
          .put(`/api/admin/applications/${next.id}/decision`)
          .set(admin())
          .send({ decision: 'admitted', acknowledgeOverCapacity: 'yes' })
      ).status,
    ).toBe(422);
  });

  it('is for admins: 401 anonymous, 403 applicant and reader; API keys read with enrollment:read (reply: applications:read), never write', async () => {
    const offering = await newOffering(5);
    const app = await decided(offering, 'waitlisted', { released: true });
    const base = `/api/admin/offerings/${offering}/waitlist`;
    const applicant = await a.http().post('/api/register').send({
      first_name: 'Dina',
      last_name: 'Applicant',
      email: 'waitlist-dina@example.com',
      password: 'applicant-pass-1',
      password_confirmation: 'applicant-pass-1',
    });
    const reader = await a.http().post('/api/register').send({
      first_name: 'Rita',
      last_name: 'Reader',
      email: 'waitlist-reader@example.com',
      password: 'reader-pass-12',
      password_confirmation: 'reader-pass-12',
    });
    await a.db.query(`UPDATE users SET role = 'reader' WHERE id = $1`, [reader.body.user.id]);
    const key = async (scopes: string[]) => {
      const created = await a
        .http()
        .post('/api/admin/api-keys')
        .set(admin())
        .send({ name: scopes.join(' '), scopes });
      expect(created.status).toBe(201);
      return created.body.key as string;
    };
    const enrollment = await key(['enrollment:read']);
    const applications = await key(['applications:read']);

    const calls = [
      () => a.http().get(base),
      () =>
        a
          .http()
          .put(base)
          .send({ ids: [app.id] }),
      () =>
        a
          .http()
          .post(`${base}/admit`)
          .send({ ids: [app.id] }),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      for (const token of [applicant.body.token as string, reader.body.token as string, applications]) {
        const refused = await call().set(auth(token));
        expect([refused.status, refused.body.code]).toEqual([403, 'AUTH-403']);
      }
    }
    // enrollment:read reads the waitlist, the class view (and its CSV) and the deferral queue; writes stay refused
    const read = await a.http().get(base).set(auth(enrollment));
    expect([read.status, read.body.entries[0].id]).toEqual([200, app.id]);
    expect(read.headers['ratelimit-policy']).toMatch(/^"api-key";q=\d+;w=60$/);
    for (const path of ['/api/admin/class-shape', '/api/admin/class-shape/export.csv', '/api/admin/deferrals'])
      expect({ path, status: (await a.http().get(path).set(auth(enrollment))).status }).toEqual({ path, status: 200 });
    for (const call of calls.slice(1)) expect((await call().set(auth(enrollment))).status).toBe(403);
    expect((await a.http().get(`/api/applications/${app.id}/reply`).set(auth(enrollment))).status).toBe(403);
    // applications:read reads one application's reply, and cannot answer it
    const reply = await a.http().get(`/api/applications/${app.id}/reply`).set(auth(applications));
    expect([reply.status, reply.body.decision, reply.body.choices]).toEqual([200, 'waitlisted', ['stay', 'withdraw']]);
    expect((await a.http().put(`/api/applications/${app.id}/reply`).set(auth(applications)).send({ choice: 'stay' })).status).toBe(403);
    expect((await a.http().get('/api/admin/class-shape').set(auth(applications))).status).toBe(403);

    // the OpenAPI document names the scopes
    const doc = (await a.http().get('/api/docs-json')).body as { paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.paths['/api/admin/offerings/{id}/waitlist']!.get!['x-api-key-scope']).toBe('enrollment:read');
    expect(doc.paths['/api/admin/offerings/{id}/waitlist']!.put!['x-api-key-scope']).toBeUndefined();
    expect(doc.paths['/api/admin/class-shape']!.get!['x-api-key-scope']).toBe('enrollment:read');
    expect(doc.paths['/api/admin/deferrals']!.get!['x-api-key-scope']).toBe('enrollment:read');
    expect(doc.paths['/api/applications/{id}/reply']!.get!['x-api-key-scope']).toBe('applications:read');
  });
  it('the migration ranks the waitlisted applications it finds by decision date (down, then up again, on this database)', async () => {
    const offering = await newOffering(null);
    const apps = [await complete(offering), await complete(offering), await complete(offering)];
    // decided (recorded here in the order 0, 1, 2) 2, 1 and 3 days ago: by decision date 2, 0, 1; the withdrawn one not ranked
    for (const [i, daysAgo] of [
      [0, 2],
      [1, 1],
      [2, 3],
    ] as const)
      await a.db.query(
        `UPDATE applications SET status = 'decided', decision = 'waitlisted', decided_at = now() - make_interval(days => $2) WHERE id = $1`,
        [apps[i]!.id, daysAgo],
      );
    const gone = await arranged(offering, 'waitlisted', 'withdrawn_from_waitlist');
    const migration = new WaitlistRanks1764210000000();
    const runner = a.app.get(DataSource).createQueryRunner();
    try {
      await migration.down(runner);
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await ranked(offering)).toEqual([
      [1, apps[2]!.id],
      [2, apps[0]!.id],
      [3, apps[1]!.id],
    ]);
    expect((await a.db.query(`SELECT waitlist_rank FROM applications WHERE id = $1`, [gone.id])).rows[0].waitlist_rank).toBeNull();
    // and the trigger is back: a new waitlisted decision is ranked next
    const next = await decided(offering, 'waitlisted');
    expect((await ranked(offering)).at(-1)).toEqual([4, next.id]);
  });
});
