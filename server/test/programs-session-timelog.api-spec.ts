import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { certifyAndPay } from './support/drafts.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const PROGRAM_KINDS = ['underGraduate', 'graduate', 'postGraduate', 'preRequisite'];
const FLAG_NAMES = [
  'highSchool',
  'bachelor',
  'master',
  'references',
  'unofficialGraduateTranscript',
  'undergraduateTranscript',
  'highSchoolTranscript',
  'gre',
  'recommendationLetters',
  'resume',
  'essay',
  'personalStatement',
];

interface Program {
  name: string;
  program: string;
  label: string;
  popup: { title: string; semesters: number; college: string };
  courses: { semester: string; locations: string[] }[];
  flags: Record<string, boolean>;
}

describe('GET /api/programs', () => {
  it('lists about 28 fields of interest for women, each with name/program/label/popup/courses/flags', async () => {
    const response = await t.http().get('/api/programs').query({ gender: 'female' });
    expect(response.status).toBe(200);
    const programs: Program[] = response.body;
    expect(programs.length).toBeGreaterThanOrEqual(25);
    expect(programs.length).toBeLessThanOrEqual(31);
    expect(new Set(programs.map((p) => p.name)).size).toBe(programs.length);
    const womensSemesters = ['Spring 2026', 'Fall 2026'];
    for (const p of programs) {
      expect(Object.keys(p).sort()).toEqual(['courses', 'flags', 'label', 'name', 'nextOpensAt', 'popup', 'program']);
      expect(p.name).toEqual(expect.any(String));
      expect(p.label).toEqual(expect.any(String));
      expect(PROGRAM_KINDS).toContain(p.program);
      expect(p.popup).toEqual({ title: expect.any(String), semesters: expect.any(Number), college: expect.any(String) });
      expect(Number.isInteger(p.popup.semesters)).toBe(true);
      expect(p.popup.semesters).toBeGreaterThanOrEqual(3);
      expect(p.popup.semesters).toBeLessThanOrEqual(8);
      expect(Array.isArray(p.courses)).toBe(true);
      for (const c of p.courses) {
        expect(womensSemesters).toContain(c.semester);
        expect(Array.isArray(c.locations)).toBe(true);
      }
      for (const [flag, value] of Object.entries(p.flags)) {
        expect(FLAG_NAMES).toContain(flag);
        expect(typeof value).toBe('boolean');
      }
    }
  });

  it("lists fewer fields of interest for men, with men's semesters", async () => {
    const female = await t.http().get('/api/programs').query({ gender: 'female' });
    const male = await t.http().get('/api/programs').query({ gender: 'male' });
    expect(male.status).toBe(200);
    expect(male.body.length).toBeGreaterThan(0);
    expect(male.body.length).toBeLessThan(female.body.length);
    const msw = male.body.find((p: Program) => p.name === 'MSW');
    expect(msw).toBeDefined();
    for (const p of male.body as Program[]) {
      for (const c of p.courses) expect(['Spring 2026', 'Summer 2026', 'Fall 2026']).toContain(c.semester);
    }
  });

  it.each([
    ['missing', {}],
    ['invalid', { gender: 'other' }],
    ['capitalised', { gender: 'Female' }],
  ])('answers 422 VAL-001 with a localized message when gender is %s', async (_name, query) => {
    const response = await t.http().get('/api/programs').query(query).set('Accept-Language', 'es');
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'VAL-001', message: 'Algunos campos necesitan su atención.' });
    expect(response.body.errors.gender).toEqual(['Debe ser una de las opciones de la lista.']);
  });
});

describe('GET /api/programs/semesters', () => {
  it('offers Spring 2026 and Fall 2026 to women', async () => {
    const response = await t.http().get('/api/programs/semesters').query({ gender: 'female' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { name: 'Spring 2026', begins: '2026-01', startsOn: '2026-01-01', label: 'Spring 2026' },
      { name: 'Fall 2026', begins: '2026-09', startsOn: '2026-09-01', label: 'Fall 2026' },
    ]);
  });

  it('adds Summer 2026 for men', async () => {
    const response = await t.http().get('/api/programs/semesters').query({ gender: 'male' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([
      { name: 'Spring 2026', begins: '2026-01', startsOn: '2026-01-01', label: 'Spring 2026' },
      { name: 'Summer 2026', begins: '2026-05', startsOn: '2026-05-01', label: 'Summer 2026' },
      { name: 'Fall 2026', begins: '2026-09', startsOn: '2026-09-01', label: 'Fall 2026' },
    ]);
  });

  it('answers 422 without a gender', async () => {
    const response = await t.http().get('/api/programs/semesters');
    expect(response.status).toBe(422);
    expect(response.body.errors.gender).toBeDefined();
  });
});

describe('session check and upsert', () => {
  const start = '2026-11-22T10:00:00-05:00';
  /** An application and its token: every session belongs to one (issue 11 item 7). */
  let app: { id: string; token: string };
  const upsert = (body: Record<string, unknown>, token: string | null = app.token) => {
    const call = t.http().post('/api/session/upsert');
    return (token ? call.set('X-Application-Token', token) : call).send(body);
  };

  beforeAll(async () => {
    app = await startApplication(t);
  });

  async function sessionRow(id: string) {
    const result = await t.db.query('SELECT * FROM sessions WHERE id = $1', [id]);
    return result.rows[0];
  }

  it('answers SES-000 for a new id, SES-001 once it is stored', async () => {
    const id = randomUUID();
    const free = await t.http().get('/api/session/check').query({ id });
    expect(free.status).toBe(200);
    expect(free.body).toEqual({ success: true, code: 'SES-000' });

    const stored = await upsert({ id, startTime: start, parentModule: 'application', parentId: app.id });
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual({
      success: true,
      data: {
        id,
        startTime: '2026-11-22T15:00:00.000Z',
        newStartTime: null,
        endTime: null,
        lastActivityTime: null,
        parentModule: 'application',
        parentId: app.id,
        renewed: false,
      },
    });
    const row = await sessionRow(id);
    expect(row).toMatchObject({
      id,
      parent_module: 'application',
      parent_id: app.id,
      renewed: false,
      end_time: null,
      last_activity_time: null,
    });
    expect(new Date(row.start_time).toISOString()).toBe('2026-11-22T15:00:00.000Z');

    const taken = await t.http().get('/api/session/check').query({ id });
    expect(taken.body).toEqual({ success: true, code: 'SES-001' });
  });

  it('updates only the fields sent: lastActivityTime, then endTime', async () => {
    const id = randomUUID();
    await upsert({ id, startTime: start, parentModule: 'application', parentId: app.id }).expect(200);

    const activity = await upsert({
      id,
      startTime: '2026-11-22T11:00:00-05:00',
      lastActivityTime: '2026-11-22T10:05:00-05:00',
      parentId: app.id,
    });
    expect(activity.status).toBe(200);
    expect(activity.body.data).toMatchObject({
      startTime: '2026-11-22T15:00:00.000Z',
      lastActivityTime: '2026-11-22T15:05:00.000Z',
      endTime: null,
      parentModule: 'application',
      parentId: app.id,
    });

    const ended = await upsert({ id, startTime: start, endTime: '2026-11-22T10:30:00Z', parentId: app.id });
    expect(ended.status).toBe(200);
    const row = await sessionRow(id);
    expect(new Date(row.start_time).toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(new Date(row.last_activity_time).toISOString()).toBe('2026-11-22T15:05:00.000Z');
    expect(new Date(row.end_time).toISOString()).toBe('2026-11-22T10:30:00.000Z');
    expect(row).toMatchObject({ parent_module: 'application', parent_id: app.id, renewed: false });
    const count = await t.db.query('SELECT count(*)::int AS n FROM sessions WHERE id = $1', [id]);
    expect(count.rows[0].n).toBe(1);
  });

  it('answers 200 to every one of several concurrent first upserts of the same new id, and keeps one row', async () => {
    const id = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        upsert({ id, startTime: start, parentId: app.id, lastActivityTime: `2026-11-22T10:${String(i).padStart(2, '0')}:00-05:00` }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const count = await t.db.query('SELECT count(*)::int AS n FROM sessions WHERE id = $1', [id]);
    expect(count.rows[0].n).toBe(1);
  });

  it('keeps renewed true once set, and stores the new start time', async () => {
    const id = randomUUID();
    await upsert({ id, startTime: start, parentId: app.id }).expect(200);
    const renewed = await upsert({ id, startTime: start, parentId: app.id, renewed: true, newStartTime: '2026-11-22T10:29:00-05:00' });
    expect(renewed.status).toBe(200);
    expect(renewed.body.data).toMatchObject({ renewed: true, newStartTime: '2026-11-22T15:29:00.000Z' });
    const again = await upsert({ id, startTime: start, parentId: app.id, renewed: false });
    expect(again.status).toBe(200);
    expect(again.body.data.renewed).toBe(true);
    expect((await sessionRow(id)).renewed).toBe(true);
  });

  it.each([
    ['an id that is too short', { id: 'abc1234', startTime: start }, 'id'],
    ['an id with bad characters', { id: 'abcd efgh/1234', startTime: start }, 'id'],
    ['a startTime without a zone', { id: 'session-no-zone-1', startTime: '2026-11-22T10:00:00' }, 'startTime'],
    ['a startTime that is not a date', { id: 'session-no-date-1', startTime: 'yesterday' }, 'startTime'],
    ['a missing startTime', { id: 'session-missing-1' }, 'startTime'],
    ['a non-boolean renewed', { id: 'session-renewed-1', startTime: start, renewed: 'yes' }, 'renewed'],
    ['an unknown field', { id: 'session-unknown-1', startTime: start, colour: 'red' }, 'colour'],
    ['an unknown parentModule', { id: 'session-module-1', startTime: start, parentModule: 'shop' }, 'parentModule'],
  ])('answers 422 VAL-001 for %s and stores nothing', async (_name, body, field) => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM sessions');
    const response = await upsert({ parentId: app.id, ...body });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'VAL-001' });
    expect(response.body.errors[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    const after = await t.db.query('SELECT count(*)::int AS n FROM sessions');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('answers 422 on the check for a missing or malformed id', async () => {
    for (const query of [{}, { id: 'short' }, { id: 'has spaces in it' }]) {
      const response = await t.http().get('/api/session/check').query(query);
      expect(response.status).toBe(422);
      expect(response.body.errors.id).toBeDefined();
    }
  });

  describe('who may write a session (issue 11 item 7)', () => {
    async function count() {
      return (await t.db.query('SELECT count(*)::int AS n FROM sessions')).rows[0].n as number;
    }

    it('refuses a write without token or login (401), with another application’s token (403) and without parentId (422); stores nothing', async () => {
      const other = await startApplication(t);
      const before = await count();
      const anonymous = await upsert({ id: randomUUID(), startTime: start, parentId: app.id }, null);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, code: 'AUTH-401' });
      const foreign = await upsert({ id: randomUUID(), startTime: start, parentId: app.id }, other.token);
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ success: false, code: 'AUTH-403' });
      const orphan = await upsert({ id: randomUUID(), startTime: start });
      expect(orphan.status).toBe(422);
      expect(orphan.body.errors.parentId).toBeDefined();
      const forged = await upsert({ id: randomUUID(), startTime: start, parentId: app.id }, 'not-a-real-token-000000000000000');
      expect(forged.status).toBeGreaterThanOrEqual(400);
      expect(forged.status).toBeLessThan(500);
      expect(await count()).toBe(before);
    });

    it('refuses to take over a session id of another application, even with that application’s valid token', async () => {
      const other = await startApplication(t);
      const id = randomUUID();
      await upsert({ id, startTime: start, parentId: app.id }).expect(200);
      const hijack = await upsert({ id, startTime: start, parentId: other.id, endTime: '2026-11-22T10:01:00-05:00' }, other.token);
      expect(hijack.status).toBe(403);
      expect(hijack.body).toMatchObject({ success: false, code: 'AUTH-403' });
      expect(await sessionRow(id)).toMatchObject({ parent_id: app.id, end_time: null });
    });

    it('accepts the token in the body (for a client that cannot set headers): the pagehide end', async () => {
      const id = randomUUID();
      await upsert({ id, startTime: start, parentModule: 'application', parentId: app.id }).expect(200);
      const beacon = await t
        .http()
        .post('/api/session/upsert')
        .send({ id, startTime: start, parentId: app.id, token: app.token, endTime: '2026-11-22T10:12:00-05:00' });
      expect(beacon.status).toBe(200);
      expect(new Date((await sessionRow(id)).end_time).toISOString()).toBe('2026-11-22T15:12:00.000Z');
    });

    it('accepts an admin’s login without the token', async () => {
      const bearer = await t.login();
      const id = randomUUID();
      const response = await t
        .http()
        .post('/api/session/upsert')
        .set('Authorization', `Bearer ${bearer}`)
        .send({ id, startTime: start, parentModule: 'details', parentId: app.id });
      expect(response.status).toBe(200);
      expect((await sessionRow(id)).parent_id).toBe(app.id);
    });
  });

  describe('stale sessions in the statistics (SESSION_STALE_MINUTES)', () => {
    it('counts an open session seen within the window and ignores a stale or ended one, on the dashboard and in the session list', async () => {
      const bearer = await t.login();
      const stats = async () =>
        (await t.http().get('/api/admin/stats').set('Authorization', `Bearer ${bearer}`).expect(200)).body.activeSessions as number;
      const [fresh, stale, ended] = [randomUUID(), randomUUID(), randomUUID()];
      const before = await stats();
      const iso = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
      await upsert({ id: fresh, startTime: iso(40), lastActivityTime: iso(2), parentId: app.id }).expect(200);
      await upsert({ id: stale, startTime: iso(40), lastActivityTime: iso(t.config.SESSION_STALE_MINUTES + 1), parentId: app.id }).expect(
        200,
      );
      await upsert({ id: ended, startTime: iso(5), endTime: iso(1), parentId: app.id }).expect(200);
      expect(await stats()).toBe(before + 1);
      const list = await t
        .http()
        .get('/api/admin/sessions')
        .query({ filter: JSON.stringify({ parentId: app.id }), range: '[0,99]' })
        .set('Authorization', `Bearer ${bearer}`)
        .expect(200);
      const active = Object.fromEntries((list.body as { id: string; active: boolean }[]).map((s) => [s.id, s.active]));
      expect(active).toMatchObject({ [fresh]: true, [stale]: false, [ended]: false });
    });
  });
});

describe('POST /api/timelog', () => {
  async function logsOf(applicationId: string) {
    const result = await t.db.query(
      'SELECT application_id, step, duration::text AS duration FROM time_logs WHERE application_id = $1 ORDER BY id',
      [applicationId],
    );
    return result.rows;
  }

  it('refuses a duration with more than 4 decimals (422) and stores nothing', async () => {
    const app = await startApplication(t, { email: 'timelog1@example.com' });
    const response = await t
      .http()
      .post('/api/timelog')
      .set('X-Application-Token', app.token)
      .send({ duration: 12.345678, step: 'personal' });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VAL-001');
    expect(response.body.errors.duration).toBeDefined();
    expect(await logsOf(app.id)).toEqual([]);
  });

  it("records 4 decimals against the token's application (201)", async () => {
    const app = await startApplication(t, { email: 'timelog2@example.com' });
    const response = await t
      .http()
      .post('/api/timelog')
      .set('X-Application-Token', app.token)
      .send({ duration: 12.3456, step: 'personal' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, data: { id: expect.any(String), duration: '12.3456', step: 'personal' } });
    expect(await logsOf(app.id)).toEqual([{ application_id: app.id, step: 'personal', duration: '12.3456' }]);
  });

  it('accepts the token in the query too', async () => {
    const app = await startApplication(t, { email: 'timelog3@example.com' });
    const response = await t.http().post('/api/timelog').query({ token: app.token }).send({ duration: 3, step: 'family' });
    expect(response.status).toBe(201);
    expect(response.body.data.duration).toBe('3.0000');
    expect(await logsOf(app.id)).toEqual([{ application_id: app.id, step: 'family', duration: '3.0000' }]);
  });

  it('answers 401 AUTH-401 without any token', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM time_logs');
    const response = await t.http().post('/api/timelog').send({ duration: 1.5, step: 'personal' });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'AUTH-401' });
    const after = await t.db.query('SELECT count(*)::int AS n FROM time_logs');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('answers 404 TKN-001 for an unknown application token', async () => {
    const response = await t
      .http()
      .post('/api/timelog')
      .set('X-Application-Token', 'not-a-token')
      .send({ duration: 1.5, step: 'personal' });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('TKN-001');
  });

  it.each([
    ['a negative duration', { duration: -1, step: 'personal' }, 'duration'],
    ['a duration sent as a string', { duration: '12.5', step: 'personal' }, 'duration'],
    ['a missing step', { duration: 2 }, 'step'],
    ['an unknown step name', { duration: 2, step: 'lunch' }, 'step'],
  ])('answers 422 for %s', async (_name, body, field) => {
    const app = await startApplication(t, { email: `timelog-${field}-${Math.random()}@example.com` });
    const response = await t.http().post('/api/timelog').set('X-Application-Token', app.token).send(body);
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VAL-001');
    expect(response.body.errors[field]).toBeDefined();
    expect(await logsOf(app.id)).toEqual([]);
  });

  it('lets an admin record against applicationId (201)', async () => {
    const app = await startApplication(t, { email: 'timelog4@example.com' });
    const adminToken = await t.login();
    const response = await t
      .http()
      .post('/api/timelog')
      .set('Authorization', `Bearer ${adminToken}`)
      .send({ duration: 0.5, step: 'review', applicationId: app.id });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ duration: '0.5000', step: 'review' });
    expect(await logsOf(app.id)).toEqual([{ application_id: app.id, step: 'review', duration: '0.5000' }]);
  });

  it('refuses a logged-in applicant who does not own the application (403)', async () => {
    const app = await startApplication(t, { email: 'timelog5@example.com' });
    const registered = await t.http().post('/api/register').send({
      first_name: 'Not',
      last_name: 'Owner',
      email: 'not.owner@example.com',
      password: 'not-owner-pass',
      password_confirmation: 'not-owner-pass',
    });
    expect(registered.status).toBe(201);
    const response = await t
      .http()
      .post('/api/timelog')
      .set('Authorization', `Bearer ${registered.body.token}`)
      .send({ duration: 1, step: 'personal', applicationId: app.id });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('AUTH-403');
    expect(await logsOf(app.id)).toEqual([]);
  });

  it('judges exponent durations instead of failing: 5e-323 is 422 (too many decimals), 1e-4 is stored', async () => {
    const app = await startApplication(t, { email: 'timelog-exp@example.com' });
    const post = (json: string) =>
      t.http().post('/api/timelog').set('X-Application-Token', app.token).set('Content-Type', 'application/json').send(json);
    const tiny = await post('{"duration":5e-323,"step":"personal"}');
    expect(tiny.status).toBe(422);
    expect(tiny.body).toMatchObject({ success: false, code: 'VAL-001', errors: { duration: [expect.stringContaining('4')] } });
    const ok = await post('{"duration":1e-4,"step":"personal"}');
    expect(ok.status).toBe(201);
    expect(await logsOf(app.id)).toEqual([{ application_id: app.id, step: 'personal', duration: '0.0001' }]);
  });

  it("records the payment step's time with the application token after payment submitted the application (201, no 410)", async () => {
    const app = await startApplication(t, { email: 'timelog-paid@example.com' });
    const paid = await certifyAndPay(t, app, 'Moshe Levi');
    expect(paid.status).toBe(201);
    expect((await t.db.query('SELECT status FROM applications WHERE id = $1', [app.id])).rows[0].status).toBe('submitted');
    // the application form is closed to this token (it now opens the details form, issue 11)…
    expect((await t.http().get('/api/token/check').query({ token: app.token })).body).toMatchObject({
      code: 'TKN-000',
      purpose: 'details',
    });
    // …but the thank-you page still logs the payment step's time
    const response = await t.http().post('/api/timelog').set('X-Application-Token', app.token).send({ duration: 41.25, step: 'payment' });
    expect(response.status).toBe(201);
    expect(await logsOf(app.id)).toEqual([{ application_id: app.id, step: 'payment', duration: '41.2500' }]);
  });

  it('still answers 410 TKN-002 to the token of a withdrawn application, storing nothing', async () => {
    const app = await startApplication(t, { email: 'timelog-withdrawn@example.com' });
    await t.db.query(`UPDATE applications SET status = 'withdrawn' WHERE id = $1`, [app.id]);
    const response = await t.http().post('/api/timelog').set('X-Application-Token', app.token).send({ duration: 2, step: 'payment' });
    expect(response.status).toBe(410);
    expect(response.body).toMatchObject({ success: false, code: 'TKN-002' });
    expect(await logsOf(app.id)).toEqual([]);
  });

  it("refuses application A's token with applicationId of application B (403), storing nothing", async () => {
    const a = await startApplication(t, { email: 'timelog-a@example.com' });
    const b = await startApplication(t, { email: 'timelog-b@example.com' });
    const response = await t
      .http()
      .post('/api/timelog')
      .set('X-Application-Token', a.token)
      .send({ duration: 1, step: 'personal', applicationId: b.id });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ success: false, code: 'AUTH-403' });
    expect(await logsOf(a.id)).toEqual([]);
    expect(await logsOf(b.id)).toEqual([]);
  });
});
