import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { makePng } from './support/files.js';
import { createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * The reading queue (issue 15 item 2): readers see and rate only what is assigned to them, every other
 * `/api/admin` route refuses them; admins assign in bulk (by ids or filter); reviews are validated,
 * averaged and audited; the first review moves a complete application to under_review.
 */
let t: TestApp;
let adminToken: string;
let readerToken: string;
let readerId: string;
let secondReaderToken: string;
let secondReaderId: string;
let assigned: string;
let unassigned: string;
let criteria: { id: number; labelEn: string }[];

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Registers an account, makes it a reader through the Users API, and answers its id and token. */
async function newReader(email: string): Promise<{ id: string; token: string }> {
  const body = {
    first_name: 'Ruth',
    last_name: email.split('@')[0],
    email,
    password: 'reader-password-1',
    password_confirmation: 'reader-password-1',
  };
  const registered = await t.http().post('/api/register').send(body);
  expect(registered.status).toBe(201);
  const id = (await t.db.query('SELECT id FROM users WHERE email = $1', [email])).rows[0].id as string;
  const made = await t.http().put(`/api/admin/users/${id}`).set(bearer(adminToken)).send({ role: 'reader' });
  expect(made.status).toBe(200);
  expect(made.body.role).toBe('reader');
  return { id, token: await t.login(email, 'reader-password-1') };
}

/** Starts an application and marks it complete (as the details form would). */
async function completeApplication(email: string, fieldOfInterest?: string): Promise<string> {
  const { id } = await startApplication(t, { email });
  await t.db.query(`UPDATE applications SET status = 'complete', submitted_at = now(), completed_at = now() WHERE id = $1`, [id]);
  if (fieldOfInterest) await t.db.query(`UPDATE applications SET field_of_interest = $2 WHERE id = $1`, [id, fieldOfInterest]);
  return id;
}

/** PUT the caller's review of an application. */
const saveReview = (token: string, id: string, body: Record<string, unknown>) =>
  t.http().put(`/api/admin/applications/${id}/reviews/mine`).set(bearer(token)).send(body);

function ratingsFor(values: number[]) {
  return criteria.map((c, i) => ({ criterionId: c.id, rating: values[i] ?? 3 }));
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  ({ id: readerId, token: readerToken } = await newReader('reader.one@example.com'));
  ({ id: secondReaderId, token: secondReaderToken } = await newReader('reader.two@example.com'));
  assigned = await completeApplication('assigned@example.com');
  unassigned = await completeApplication('unassigned@example.com');
  const response = await t
    .http()
    .post('/api/admin/assignments')
    .set(bearer(adminToken))
    .send({ applicationIds: [assigned], readerIds: [readerId] });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ applications: 1, changed: 1 });
  criteria = (await t.http().get('/api/admin/review-criteria').set(bearer(readerToken))).body;
});

afterAll(async () => {
  await t?.close();
});

describe('reader access', () => {
  it('lists only the applications assigned to the reader, and shows no unassigned one', async () => {
    const list = await t.http().get('/api/admin/applications').set(bearer(readerToken));
    expect(list.status).toBe(200);
    expect(list.body.map((a: { id: string }) => a.id)).toEqual([assigned]);
    expect(list.headers['content-range']).toBe('applications 0-0/1');
    // a filter naming the unassigned application does not widen the list
    const asked = await t
      .http()
      .get('/api/admin/applications')
      .query({ filter: JSON.stringify({ id: [unassigned], assignedTo: secondReaderId }) })
      .set(bearer(readerToken));
    expect(asked.body).toEqual([]);
    const shown = await t.http().get(`/api/admin/applications/${assigned}`).set(bearer(readerToken));
    expect(shown.status).toBe(200);
    expect(shown.body.payments).toBeNull();
    const hidden = await t.http().get(`/api/admin/applications/${unassigned}`).set(bearer(readerToken));
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ success: false, code: 'APP-404' });
  });

  it("downloads an assigned application's documents, never an unassigned one's, and cannot write to either", async () => {
    // a real PNG (the upload re-encodes images, issue 26 item 3: a damaged one is refused)
    const png = makePng();
    const upload = async (id: string) => {
      const response = await t
        .http()
        .post('/api/details/attachments')
        .set(bearer(adminToken))
        .field('parentId', id)
        .field('field', 'picture')
        .attach('file', png, { filename: 'me.png', contentType: 'image/png' });
      expect(response.status).toBe(201);
      return (await t.db.query(`SELECT id FROM attachments WHERE application_id = $1 AND deleted_at IS NULL`, [id])).rows[0].id as string;
    };
    const mine = await upload(assigned);
    const other = await upload(unassigned);
    const ok = await t.http().get(`/api/details/attachments/${mine}/download`).set(bearer(readerToken));
    expect(ok.status).toBe(200);
    const refused = await t.http().get(`/api/details/attachments/${other}/download`).set(bearer(readerToken));
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('AUTH-403');
    const removal = await t.http().delete(`/api/details/attachments/${mine}`).set(bearer(readerToken));
    expect(removal.status).toBe(403);
    const reviews = await t.http().get(`/api/admin/applications/${unassigned}/reviews`).set(bearer(readerToken));
    expect(reviews.status).toBe(404);
    const review = await saveReview(readerToken, unassigned, { ratings: ratingsFor([5, 5, 5, 5]), recommendation: 'admit' });
    expect(review.status).toBe(404);
  });

  it('cannot change roles, dropdowns, maintenance, withdraw, assign or edit criteria', async () => {
    const attempts: [string, string, Record<string, unknown>?][] = [
      ['put', `/api/admin/users/${readerId}`, { role: 'admin' }],
      ['get', '/api/admin/users'],
      ['get', '/api/admin/dropdowns'],
      ['put', '/api/admin/dropdowns/1', { options: [] }],
      ['get', '/api/admin/maintenance-windows'],
      ['post', `/api/admin/applications/${assigned}/withdraw`],
      ['post', `/api/admin/applications/${assigned}/reopen`],
      ['get', '/api/admin/applications/export.csv'],
      ['post', '/api/admin/assignments', { applicationIds: [unassigned], readerIds: [readerId] }],
      ['post', '/api/admin/review-criteria', { labelEn: 'x', labelEs: 'x', labelZhCn: 'x' }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await (t.http() as unknown as Record<string, (p: string) => import('supertest').Test>)[method]!(path)
        .set(bearer(readerToken))
        .send(body ?? {});
      expect({ method, path, status: response.status, code: response.body.code }).toEqual({ method, path, status: 403, code: 'AUTH-403' });
    }
    const role = (await t.db.query('SELECT role FROM users WHERE id = $1', [readerId])).rows[0].role;
    expect(role).toBe('reader');
    const status = (await t.db.query('SELECT status FROM applications WHERE id = $1', [assigned])).rows[0].status;
    expect(status).not.toBe('withdrawn');
  });

  it('answers 403 to a reader on every /api/admin route except the ones that opt in (x-allow-readers)', async () => {
    const document = SwaggerModule.createDocument(t.app, new DocumentBuilder().build());
    const allowed: string[] = [];
    let swept = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/admin')) continue;
      for (const [method, operation] of Object.entries(item as Record<string, Record<string, unknown>>)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        if (operation['x-allow-readers'] === true) {
          allowed.push(`${method.toUpperCase()} ${path}`);
          continue;
        }
        const url = path.replace(/\{[^}]+\}/g, assigned);
        const response = await (t.http() as unknown as Record<string, (p: string) => import('supertest').Test>)[method]!(url)
          .set(bearer(readerToken))
          .send({});
        expect({ route: `${method} ${path}`, status: response.status }).toEqual({ route: `${method} ${path}`, status: 403 });
        swept += 1;
      }
    }
    expect(swept).toBeGreaterThan(30);
    expect(allowed.sort()).toEqual(
      [
        'GET /api/admin/applications',
        'GET /api/admin/application-fields',
        'GET /api/admin/applications/{id}',
        'GET /api/admin/applications/{id}/reviews',
        'PUT /api/admin/applications/{id}/reviews/mine',
        'GET /api/admin/queue',
        'GET /api/admin/review-criteria',
        'GET /api/admin/review-criteria/{id}',
      ].sort(),
    );
  });

  it('keeps the last admin: demoting them to reader is refused', async () => {
    const adminId = (await t.db.query(`SELECT id FROM users WHERE role = 'admin'`)).rows[0].id;
    const response = await t.http().put(`/api/admin/users/${adminId}`).set(bearer(adminToken)).send({ role: 'reader' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('USR-409');
    const roles = await t
      .http()
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ role: 'reader' }) })
      .set(bearer(adminToken));
    expect(roles.body.map((u: { email: string }) => u.email).sort()).toEqual(['reader.one@example.com', 'reader.two@example.com']);
  });
});

describe('assignments', () => {
  it('assigns by the list filter in bulk, to several readers, skips pairs already assigned, audits each pair, and unassigns', async () => {
    const a = await completeApplication('bulk.a@example.com', 'Bulk Program');
    const b = await completeApplication('bulk.b@example.com', 'Bulk Program');
    await completeApplication('bulk.other@example.com');
    await t
      .http()
      .post('/api/admin/assignments')
      .set(bearer(adminToken))
      .send({ applicationIds: [a], readerIds: [readerId] });
    const bulk = await t
      .http()
      .post('/api/admin/assignments')
      .set(bearer(adminToken))
      .send({ filter: { fieldOfInterest: 'Bulk Program', status: 'complete' }, readerIds: [readerId, secondReaderId] });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toEqual({ applications: 2, changed: 3 });
    const pairs = await t.db.query(
      `SELECT application_id, reader_id FROM application_assignments WHERE application_id = ANY($1::uuid[]) ORDER BY 1, 2`,
      [[a, b]],
    );
    expect(pairs.rowCount).toBe(4);
    const audit = await t.db.query(
      `SELECT record_id, after FROM audit_log WHERE resource = 'assignments' AND action = 'assign' AND record_id = ANY($1)`,
      [[a, b]],
    );
    expect(audit.rowCount).toBe(4);
    expect(audit.rows.map((r) => r.after.readerEmail).sort()).toContain('reader.two@example.com');
    const listed = await t
      .http()
      .get('/api/admin/applications')
      .query({ filter: JSON.stringify({ assignedTo: secondReaderId }) })
      .set(bearer(adminToken));
    expect(listed.body.map((x: { id: string }) => x.id).sort()).toEqual([a, b].sort());

    const removed = await t
      .http()
      .post('/api/admin/assignments/unassign')
      .set(bearer(adminToken))
      .send({ applicationIds: [b], readerIds: [secondReaderId] });
    expect(removed.body).toEqual({ applications: 1, changed: 1 });
    const unassignAudit = await t.db.query(
      `SELECT before, after FROM audit_log WHERE resource = 'assignments' AND action = 'unassign' AND record_id = $1`,
      [b],
    );
    expect(unassignAudit.rows).toEqual([{ before: { readerId: secondReaderId, readerEmail: 'reader.two@example.com' }, after: null }]);
    const queue = await t.http().get('/api/admin/queue').set(bearer(secondReaderToken));
    expect(queue.body.map((x: { id: string }) => x.id)).toEqual([a]);
  });

  it('refuses an applicant as reader, both or neither of ids and filter, an unknown id, a bad filter', async () => {
    const applicantId = (await t.db.query(`SELECT id FROM users WHERE role = 'applicant' LIMIT 1`)).rows[0]?.id;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ applicationIds: [assigned], readerIds: [applicantId ?? '00000000-0000-4000-8000-000000000000'] }, 422, 'VAL-001'],
      [{ applicationIds: [assigned], filter: {}, readerIds: [readerId] }, 422, 'ASG-422-target'],
      [{ readerIds: [readerId] }, 422, 'ASG-422-target'],
      [{ applicationIds: ['00000000-0000-4000-8000-000000000000'], readerIds: [readerId] }, 404, 'APP-404'],
      [{ filter: { userId: 'nope' }, readerIds: [readerId] }, 400, 'REQ-400'],
      [{ applicationIds: [assigned], readerIds: ['not-a-uuid'] }, 422, 'VAL-001'],
    ];
    for (const [body, status, code] of cases) {
      const response = await t.http().post('/api/admin/assignments').set(bearer(adminToken)).send(body);
      expect({ body, status: response.status, code: response.body.code }).toEqual({ body, status, code });
    }
  });
});

describe('reviews', () => {
  it('refuses ratings outside 1–5, an unknown recommendation, an unknown criterion (422) and missing criteria', async () => {
    const put = (body: Record<string, unknown>) => saveReview(readerToken, assigned, body);
    const zero = await put({ ratings: ratingsFor([0, 3, 3, 3]), recommendation: 'admit' });
    expect(zero.status).toBe(422);
    expect(Object.keys(zero.body.errors)).toEqual(['ratings.0.rating']);
    const six = await put({ ratings: ratingsFor([3, 6, 3, 3]), recommendation: 'admit' });
    expect(Object.keys(six.body.errors)).toEqual(['ratings.1.rating']);
    const half = await put({ ratings: ratingsFor([3, 2.5, 3, 3]), recommendation: 'admit' });
    expect(half.status).toBe(422);
    const recommendation = await put({ ratings: ratingsFor([3, 3, 3, 3]), recommendation: 'maybe' });
    expect(recommendation.status).toBe(422);
    expect(Object.keys(recommendation.body.errors)).toEqual(['recommendation']);
    const unknown = await put({ ratings: [...ratingsFor([3, 3, 3, 3]), { criterionId: 999999, rating: 3 }], recommendation: 'admit' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors[`ratings.${criteria.length}.criterionId`]).toHaveLength(1);
    const missing = await put({ ratings: ratingsFor([3, 3, 3, 3]).slice(1), recommendation: 'admit' });
    expect(missing.status).toBe(422);
    expect(missing.body.data.missing).toEqual([criteria[0]!.id]);
    expect((await t.db.query('SELECT count(*)::int AS n FROM application_reviews')).rows[0].n).toBe(0);
  });

  it('moves a complete application to under_review on the first review (audited), averages several readers', async () => {
    expect(criteria.map((c) => c.labelEn)).toEqual(['Academic preparation', 'Essay', 'Recommendations', 'Fit with program']);
    await t
      .http()
      .post('/api/admin/assignments')
      .set(bearer(adminToken))
      .send({ applicationIds: [assigned], readerIds: [secondReaderId] });
    const first = await saveReview(readerToken, assigned, {
      ratings: ratingsFor([5, 4, 3, 2]),
      recommendation: 'admit',
      comments: '  Strong essay.  ',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ applicationId: assigned, readerId, recommendation: 'admit', comments: 'Strong essay.' });
    const row = (await t.db.query('SELECT status, version FROM applications WHERE id = $1', [assigned])).rows[0];
    expect(row.status).toBe('under_review');
    const statusAudit = await t.db.query(`SELECT actor_id, before, after FROM audit_log WHERE action = 'under-review' AND record_id = $1`, [
      assigned,
    ]);
    expect(statusAudit.rows).toEqual([{ actor_id: readerId, before: { status: 'complete' }, after: { status: 'under_review' } }]);

    const second = await saveReview(secondReaderToken, assigned, { ratings: ratingsFor([4, 4, 4, 4]), recommendation: 'discuss' });
    expect(second.status).toBe(200);
    // the first reader changes their mind: one review per pair, updated in place
    const again = await saveReview(readerToken, assigned, { ratings: ratingsFor([5, 5, 3, 2]), recommendation: 'waitlist' });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);

    const summary = await t.http().get(`/api/admin/applications/${assigned}/reviews`).set(bearer(adminToken));
    expect(summary.status).toBe(200);
    expect(summary.body.reviews).toHaveLength(2);
    expect(summary.body.averages).toEqual([
      { criterionId: criteria[0]!.id, average: 4.5, count: 2 },
      { criterionId: criteria[1]!.id, average: 4.5, count: 2 },
      { criterionId: criteria[2]!.id, average: 3.5, count: 2 },
      { criterionId: criteria[3]!.id, average: 3, count: 2 },
    ]);
    expect(summary.body.overall).toBe(3.88); // (5+5+3+2+4+4+4+4)/8 = 3.875
    expect(summary.body.recommendations).toEqual({ admit: 0, waitlist: 1, deny: 0, discuss: 1 });
    expect(summary.body.readers.map((r: { email: string; reviewed: boolean }) => [r.email, r.reviewed])).toEqual([
      ['reader.one@example.com', true],
      ['reader.two@example.com', true],
    ]);
    // blind reading: a reader sees only their own review and no averages
    const asReader = await t.http().get(`/api/admin/applications/${assigned}/reviews`).set(bearer(readerToken));
    expect(asReader.body.reviews.map((r: { readerId: string }) => r.readerId)).toEqual([readerId]);
    expect(asReader.body.mine.recommendation).toBe('waitlist');
    expect(asReader.body.averages).toEqual([]);
    expect(asReader.body.overall).toBeNull();

    const reviewAudit = await t.db.query(
      `SELECT action, actor_id FROM audit_log WHERE resource = 'reviews' AND record_id = $1 ORDER BY id`,
      [assigned],
    );
    expect(reviewAudit.rows).toEqual([
      { action: 'review-create', actor_id: readerId },
      { action: 'review-create', actor_id: secondReaderId },
      { action: 'review-update', actor_id: readerId },
    ]);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'under-review'`)).rows[0].n).toBe(1);

    const queue = await t.http().get('/api/admin/queue').set(bearer(readerToken));
    expect(queue.status).toBe(200);
    expect(queue.body[0]).toMatchObject({ id: assigned, status: 'under_review', recommendation: 'waitlist' });
    expect(queue.body[0].reviewedAt).not.toBeNull();
    const notYet = await t
      .http()
      .get('/api/admin/queue')
      .query({ filter: JSON.stringify({ reviewed: false }) })
      .set(bearer(readerToken));
    expect(notYet.body.map((x: { id: string }) => x.id)).not.toContain(assigned);
  });

  it('refuses a review of an application that is not complete yet (409)', async () => {
    const { id } = await startApplication(t, { email: 'draft@example.com' });
    await t
      .http()
      .post('/api/admin/assignments')
      .set(bearer(adminToken))
      .send({ applicationIds: [id], readerIds: [readerId] });
    const response = await saveReview(readerToken, id, { ratings: ratingsFor([3, 3, 3, 3]), recommendation: 'deny' });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('STS-409');
  });
});

describe('review criteria', () => {
  it('lets an admin add and archive a criterion (audited); an archived one is refused in a review', async () => {
    const created = await t
      .http()
      .post('/api/admin/review-criteria')
      .set(bearer(adminToken))
      .send({ labelEn: 'Interview', labelEs: 'Entrevista', labelZhCn: '面试' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ labelEn: 'Interview', active: true, position: 5 });
    const archived = await t.http().put(`/api/admin/review-criteria/${created.body.id}`).set(bearer(adminToken)).send({ active: false });
    expect(archived.body.active).toBe(false);
    const bad = await t
      .http()
      .post('/api/admin/review-criteria')
      .set(bearer(adminToken))
      .send({ labelEn: '', labelEs: 'x', labelZhCn: 'x' });
    expect(bad.status).toBe(422);
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE resource = 'review-criteria' AND record_id = $1 ORDER BY id`, [
      String(created.body.id),
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update']);
    const review = await saveReview(readerToken, assigned, {
      ratings: [...ratingsFor([3, 3, 3, 3]), { criterionId: created.body.id, rating: 4 }],
      recommendation: 'admit',
    });
    expect(review.status).toBe(422);
  });
});
