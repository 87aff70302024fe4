import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Application deadlines in the admin console (issue 15): `/api/admin/deadlines` in the ra-data-simple-rest
 * dialect (list with Content-Range, get, create, update, delete), validation 422s, 409 DDL-409 on a
 * duplicate (semester, field) pair, 404, 403 for readers, an audit row per change, and the applicant's
 * checklist showing a deadline created through the API (a field's own row wins over the semester's).
 */
describe('Admin deadlines', () => {
  let t: TestApp;
  let adminToken: string;
  const admin = () => bearer(adminToken);
  const audits = async (id: number) =>
    (await t.db.query(`SELECT action FROM audit_log WHERE resource = 'deadlines' AND record_id = $1 ORDER BY id`, [String(id)])).rows.map(
      (r: { action: string }) => r.action,
    );

  beforeAll(async () => {
    t = await createTestApp();
    adminToken = await t.login();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('creates, lists sorted by deadline with Content-Range, reads, updates and deletes, auditing each change', async () => {
    const created = await t
      .http()
      .post('/api/admin/deadlines')
      .set(admin())
      .send({ semester: 'Fall 2026', deadlineAt: '2026-06-30T23:59:00-04:00' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      semester: 'Fall 2026',
      fieldOfInterest: null,
      deadlineAt: '2026-07-01T03:59:00.000Z',
    });
    const id = created.body.id as number;

    const list = await t.http().get('/api/admin/deadlines?sort=["deadlineAt","ASC"]&range=[0,9]').set(admin());
    expect(list.status).toBe(200);
    expect(list.headers['content-range']).toBe(`deadlines 0-1/2`); // the seeded Spring 2026 MSW row and ours
    expect(list.body.map((d: { deadlineAt: string }) => d.deadlineAt)).toEqual(['2025-11-12T04:59:59.000Z', '2026-07-01T03:59:00.000Z']);
    const filtered = await t
      .http()
      .get(`/api/admin/deadlines?filter=${encodeURIComponent('{"semester":"Fall 2026"}')}`)
      .set(admin());
    expect(filtered.body.map((d: { id: number }) => d.id)).toEqual([id]);

    expect((await t.http().get(`/api/admin/deadlines/${id}`).set(admin())).body.semester).toBe('Fall 2026');
    const updated = await t
      .http()
      .put(`/api/admin/deadlines/${id}`)
      .set(admin())
      .send({ semester: 'Fall 2026', fieldOfInterest: 'MSW', deadlineAt: '2026-07-15T12:00:00Z' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, fieldOfInterest: 'MSW', deadlineAt: '2026-07-15T12:00:00.000Z' });

    const removed = await t.http().delete(`/api/admin/deadlines/${id}`).set(admin());
    expect(removed.status).toBe(200);
    expect((await t.http().get(`/api/admin/deadlines/${id}`).set(admin())).status).toBe(404);
    expect(await audits(id)).toEqual(['create', 'update', 'delete']);
  });

  it('answers 422 for an unknown semester or field, or a time without an offset, and 404 for unknown ids', async () => {
    const bad = [
      { semester: 'Winter 2030', deadlineAt: '2026-06-30T23:59:00Z' },
      { semester: 'Fall 2026', fieldOfInterest: 'Astrology', deadlineAt: '2026-06-30T23:59:00Z' },
      { semester: 'Fall 2026', deadlineAt: '2026-06-30T23:59:00' },
      { semester: 'Fall 2026', deadlineAt: 'tomorrow' },
    ];
    for (const body of bad) {
      const response = await t.http().post('/api/admin/deadlines').set(admin()).send(body);
      expect({ body, status: response.status, code: response.body.code }).toEqual({ body, status: 422, code: 'VAL-001' });
    }
    for (const id of ['999999', 'abc']) {
      const response = await t.http().get(`/api/admin/deadlines/${id}`).set(admin());
      expect({ id, status: response.status, code: response.body.code }).toEqual({ id, status: 404, code: 'REQ-404' });
      expect((await t.http().delete(`/api/admin/deadlines/${id}`).set(admin())).status).toBe(404);
    }
  });

  it('refuses a second deadline for the same (semester, field) pair with 409 DDL-409, semester-wide rows included', async () => {
    const first = await t
      .http()
      .post('/api/admin/deadlines')
      .set(admin())
      .send({ semester: 'Summer 2026', deadlineAt: '2026-03-01T00:00:00Z' });
    expect(first.status).toBe(201);
    const again = await t
      .http()
      .post('/api/admin/deadlines')
      .set(admin())
      .send({ semester: 'Summer 2026', fieldOfInterest: null, deadlineAt: '2026-04-01T00:00:00Z' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DDL-409', data: { id: first.body.id } });
    expect(again.body.message).toMatch(/already exists/);
    // moving another row onto a taken pair is refused too
    const other = await t
      .http()
      .post('/api/admin/deadlines')
      .set(admin())
      .send({ semester: 'Summer 2026', fieldOfInterest: 'MSW', deadlineAt: '2026-03-15T00:00:00Z' });
    expect(other.status).toBe(201);
    const moved = await t
      .http()
      .put(`/api/admin/deadlines/${other.body.id}`)
      .set(admin())
      .send({ semester: 'Summer 2026', deadlineAt: '2026-03-15T00:00:00Z' });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe('DDL-409');
  });

  it('answers 403 to a reader', async () => {
    const email = 'deadline.reader@example.com';
    const registered = await t
      .http()
      .post('/api/register')
      .send({ first_name: 'Rea', last_name: 'Der', email, password: 'reader-password-1', password_confirmation: 'reader-password-1' });
    await t.http().put(`/api/admin/users/${registered.body.user.id}`).set(admin()).send({ role: 'reader' });
    const reader = bearer(await t.login(email, 'reader-password-1'));
    expect((await t.http().get('/api/admin/deadlines').set(reader)).status).toBe(403);
    expect(
      (await t.http().post('/api/admin/deadlines').set(reader).send({ semester: 'Fall 2026', deadlineAt: '2026-06-30T23:59:00Z' })).status,
    ).toBe(403);
  });

  it('shows a deadline created through the API on the applicant checklist, the field’s own row winning over the semester’s', async () => {
    const app = await startApplication(t, { email: 'deadline-applicant@example.com', semester: 'Fall 2026' });
    const checklist = async () =>
      (await t.http().get(`/api/applications/${app.id}/checklist`).set('X-Application-Token', app.token)).body.deadline as string | null;
    expect(await checklist()).toBeNull();
    const wide = await t
      .http()
      .post('/api/admin/deadlines')
      .set(admin())
      .send({ semester: 'Fall 2026', deadlineAt: '2026-08-01T23:59:00-04:00' });
    expect(wide.status).toBe(201);
    expect(await checklist()).toBe('2026-08-02T03:59:00.000Z');
    const own = await t
      .http()
      .post('/api/admin/deadlines')
      .set(admin())
      .send({ semester: 'Fall 2026', fieldOfInterest: 'MSW', deadlineAt: '2026-07-20T17:00:00+02:00' });
    expect(own.status).toBe(201);
    expect(await checklist()).toBe('2026-07-20T15:00:00.000Z');
  });
});
