import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let adminToken: string;
let applicantToken: string;

const DECEMBER = { startDate: '2026-12-01', startTime: '22:00', endDate: '2026-12-02', endTime: '02:00' };
const URL = '/api/admin/maintenance-windows';

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  const registered = await t.http().post('/api/register').send({
    first_name: 'Leah',
    last_name: 'Applicant',
    email: 'leah@example.com',
    password: 'applicant-pass-1',
    password_confirmation: 'applicant-pass-1',
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status}`);
  applicantToken = registered.body.token;
});

afterEach(async () => {
  await t.db.query('DELETE FROM maintenance_windows');
  await t.changesSeen();
});

afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function create(body: Record<string, string>) {
  return t.http().post(URL).set(bearer(adminToken)).send(body);
}

async function rows() {
  const result = await t.db.query(
    `SELECT id, start_date::text, start_time::text, end_date::text, end_time::text, starts_at, ends_at FROM maintenance_windows ORDER BY id`,
  );
  return result.rows;
}

/** Inserts a window directly, with UTC instants relative to now (hours). */
async function insertRelative(startHours: number, endHours: number, startDate: string, endDate: string): Promise<number> {
  const result = await t.db.query(
    `INSERT INTO maintenance_windows (start_date, start_time, end_date, end_time, starts_at, ends_at)
     VALUES ($1, '10:00', $2, '11:00', now() + make_interval(hours => $3), now() + make_interval(hours => $4)) RETURNING id`,
    [startDate, endDate, startHours, endHours],
  );
  await t.changesSeen(); // the app holds the windows in memory; it hears of this insert by NOTIFY
  return result.rows[0].id;
}

describe('GET /api/maintenance/check', () => {
  it('answers MAI-001 with data null when no window is scheduled', async () => {
    const response = await t.http().get('/api/maintenance/check');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, code: 'MAI-001', data: null });
  });

  it('answers MAI-001 when the only window has already ended', async () => {
    await insertRelative(-5, -1, '2020-01-01', '2020-01-01');
    const response = await t.http().get('/api/maintenance/check');
    expect(response.body).toEqual({ success: true, code: 'MAI-001', data: null });
  });

  it('answers the next window that has not ended (not a past one, not a later one)', async () => {
    await insertRelative(-48, -24, '2001-01-01', '2001-01-02');
    const later = await insertRelative(24 * 30, 24 * 30 + 2, '2003-03-03', '2003-03-03');
    const next = await insertRelative(24, 26, '2002-02-02', '2002-02-02');
    expect(later).not.toBe(next);
    const response = await t.http().get('/api/maintenance/check');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      code: 'MAI-000',
      data: { Start_Date__c: '2002-02-02', End_Date__c: '2002-02-02' },
    });
  });

  it('answers a window in progress (started, not ended) before a future one', async () => {
    await insertRelative(24, 26, '2002-02-02', '2002-02-02');
    await insertRelative(-1, 1, '2004-04-04', '2004-04-04');
    const response = await t.http().get('/api/maintenance/check');
    expect(response.body.data.Start_Date__c).toBe('2004-04-04');
  });
});

describe('POST /api/admin/maintenance-windows', () => {
  it('creates a window from Eastern wall-clock times (EST) and the check reports it', async () => {
    const response = await create(DECEMBER);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      ...DECEMBER,
      startsAt: '2026-12-02T03:00:00.000Z',
      endsAt: '2026-12-02T07:00:00.000Z',
      createdAt: expect.any(String),
    });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: response.body.id,
      start_date: '2026-12-01',
      start_time: '22:00:00',
      end_date: '2026-12-02',
      end_time: '02:00:00',
    });
    expect(new Date(stored[0].starts_at).toISOString()).toBe('2026-12-02T03:00:00.000Z');
    expect(new Date(stored[0].ends_at).toISOString()).toBe('2026-12-02T07:00:00.000Z');

    const check = await t.http().get('/api/maintenance/check');
    expect(check.status).toBe(200);
    expect(check.body).toEqual({
      success: true,
      code: 'MAI-000',
      data: {
        Start_Date__c: '2026-12-01',
        Start_Time__c: '22:00:00',
        End_Date__c: '2026-12-02',
        End_Time__c: '02:00:00',
        startsAt: '2026-12-02T03:00:00.000Z',
        endsAt: '2026-12-02T07:00:00.000Z',
      },
    });
  });

  it('uses the EDT offset (UTC-4) for a July window', async () => {
    const response = await create({ startDate: '2027-07-04', startTime: '09:30', endDate: '2027-07-04', endTime: '11:00' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ startsAt: '2027-07-04T13:30:00.000Z', endsAt: '2027-07-04T15:00:00.000Z' });
  });

  it('accepts HH:mm:ss times', async () => {
    const response = await create({ startDate: '2027-01-10', startTime: '08:15:00', endDate: '2027-01-10', endTime: '09:00:00' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ startTime: '08:15', endTime: '09:00', startsAt: '2027-01-10T13:15:00.000Z' });
  });

  it.each([
    ['the end equals the start', { ...DECEMBER, endDate: '2026-12-01', endTime: '22:00' }, 'endTime'],
    ['the end is before the start', { ...DECEMBER, endDate: '2026-11-30' }, 'endTime'],
    [
      'a start time in the spring-forward gap',
      { startDate: '2026-03-08', startTime: '02:30', endDate: '2026-03-08', endTime: '05:00' },
      'startTime',
    ],
    [
      'an end time in the spring-forward gap',
      { startDate: '2026-03-08', startTime: '01:00', endDate: '2026-03-08', endTime: '02:15' },
      'endTime',
    ],
    ['an impossible date', { ...DECEMBER, startDate: '2026-02-30' }, 'startDate'],
    ['a date written MM/DD/YYYY', { ...DECEMBER, startDate: '12/01/2026' }, 'startDate'],
    ['a month 13', { ...DECEMBER, endDate: '2026-13-02' }, 'endDate'],
    ['an hour 24', { ...DECEMBER, startTime: '24:00' }, 'startTime'],
    ['a time without minutes', { ...DECEMBER, endTime: '2' }, 'endTime'],
    ['a time with am/pm', { ...DECEMBER, startTime: '10:00 PM' }, 'startTime'],
  ])('answers 422 VAL-001 when %s, and stores nothing', async (_name, body, field) => {
    const response = await create(body);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ success: false, code: 'VAL-001' });
    expect(response.body.errors[field]).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(await rows()).toHaveLength(0);
  });

  it('answers 422 naming every missing field', async () => {
    const response = await create({});
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors).sort()).toEqual(['endDate', 'endTime', 'startDate', 'startTime']);
  });

  it('localizes the order error', async () => {
    const response = await t
      .http()
      .post(URL)
      .set(bearer(adminToken))
      .set('Accept-Language', 'es')
      .send({ ...DECEMBER, endDate: '2026-11-30' });
    expect(response.status).toBe(422);
    expect(response.body.errors.endTime).toEqual(['El final debe ser posterior al inicio.']);
  });
});

describe('admin maintenance windows: get, update, delete, list', () => {
  it('gets one window', async () => {
    const created = (await create(DECEMBER)).body;
    const response = await t.http().get(`${URL}/${created.id}`).set(bearer(adminToken));
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
  });

  it('updates a window with PUT (new instants stored) and the check follows', async () => {
    const created = (await create(DECEMBER)).body;
    const body = { ...created, startDate: '2026-12-05', startTime: '23:30', endDate: '2026-12-06', endTime: '01:30' };
    const response = await t.http().put(`${URL}/${created.id}`).set(bearer(adminToken)).send(body);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: created.id,
      startDate: '2026-12-05',
      startTime: '23:30',
      endDate: '2026-12-06',
      endTime: '01:30',
      startsAt: '2026-12-06T04:30:00.000Z',
      endsAt: '2026-12-06T06:30:00.000Z',
    });
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ start_date: '2026-12-05', start_time: '23:30:00' });
    expect(new Date(stored[0].starts_at).toISOString()).toBe('2026-12-06T04:30:00.000Z');
    const check = await t.http().get('/api/maintenance/check');
    expect(check.body.data).toMatchObject({ Start_Date__c: '2026-12-05', Start_Time__c: '23:30:00' });
  });

  it('refuses an invalid update (422) and keeps the window as it was', async () => {
    const created = (await create(DECEMBER)).body;
    const before = await rows();
    const response = await t
      .http()
      .put(`${URL}/${created.id}`)
      .set(bearer(adminToken))
      .send({ ...DECEMBER, endDate: '2026-11-01' });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe('VAL-001');
    expect(await rows()).toEqual(before);
  });

  it('deletes a window, answering the record; then 404 REQ-404', async () => {
    const created = (await create(DECEMBER)).body;
    const response = await t.http().delete(`${URL}/${created.id}`).set(bearer(adminToken));
    expect(response.status).toBe(200);
    expect(response.body).toEqual(created);
    expect(await rows()).toHaveLength(0);
    const again = await t.http().delete(`${URL}/${created.id}`).set(bearer(adminToken));
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ success: false, code: 'REQ-404' });
    const get = await t.http().get(`${URL}/${created.id}`).set(bearer(adminToken));
    expect(get.status).toBe(404);
    const put = await t.http().put(`${URL}/${created.id}`).set(bearer(adminToken)).send(DECEMBER);
    expect(put.status).toBe(404);
    expect(await rows()).toHaveLength(0);
    const check = await t.http().get('/api/maintenance/check');
    expect(check.body.code).toBe('MAI-001');
  });

  it('answers 400 REQ-400 for a non-integer id', async () => {
    const response = await t.http().get(`${URL}/abc`).set(bearer(adminToken));
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('REQ-400');
  });

  it('lists windows with Content-Range, sorted and paged', async () => {
    await create({ startDate: '2027-02-01', startTime: '10:00', endDate: '2027-02-01', endTime: '11:00' });
    await create({ startDate: '2027-01-01', startTime: '10:00', endDate: '2027-01-01', endTime: '11:00' });
    await create({ startDate: '2027-03-01', startTime: '10:00', endDate: '2027-03-01', endTime: '11:00' });
    const response = await t.http().get(URL).query({ sort: '["startsAt","ASC"]', range: '[0,1]', filter: '{}' }).set(bearer(adminToken));
    expect(response.status).toBe(200);
    expect(response.headers['content-range']).toBe('maintenance-windows 0-1/3');
    expect(response.body.map((w: { startDate: string }) => w.startDate)).toEqual(['2027-01-01', '2027-02-01']);
    const rest = await t.http().get(URL).query({ sort: '["startsAt","ASC"]', range: '[2,9]' }).set(bearer(adminToken));
    expect(rest.headers['content-range']).toBe('maintenance-windows 2-2/3');
    expect(rest.body.map((w: { startDate: string }) => w.startDate)).toEqual(['2027-03-01']);
    const bad = await t.http().get(URL).query({ sort: '["nope","ASC"]' }).set(bearer(adminToken));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('REQ-400');
  });

  it('answers 401 anonymous and 403 for an applicant on every admin route, changing nothing', async () => {
    const created = (await create(DECEMBER)).body;
    const before = await rows();
    const other = { startDate: '2027-05-01', startTime: '10:00', endDate: '2027-05-01', endTime: '12:00' };
    const calls = [
      () => t.http().get(URL),
      () => t.http().get(`${URL}/${created.id}`),
      () => t.http().post(URL).send(other),
      () => t.http().put(`${URL}/${created.id}`).send(other),
      () => t.http().delete(`${URL}/${created.id}`),
    ];
    for (const call of calls) {
      const anonymous = await call();
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, code: 'AUTH-401' });
      const applicant = await call().set(bearer(applicantToken));
      expect(applicant.status).toBe(403);
      expect(applicant.body).toMatchObject({ success: false, code: 'AUTH-403' });
    }
    expect(await rows()).toEqual(before);
  });
});
