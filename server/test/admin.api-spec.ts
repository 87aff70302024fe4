import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseCsv, requestExport } from './support/csv.js';
import { ADMIN, createTestApp, startApplication, type TestApp } from './support/test-app.js';

/**
 * The admissions office's API (issue 5): every `/api/admin/…` endpoint behind the admin role, in the
 * ra-data-simple-rest dialect, with the audit log written by every admin write.
 */
let t: TestApp;
let adminToken: string;
let adminId: string;
let applicantToken: string;
let applicantId: string;
let otherToken: string;

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const admin = () => auth(adminToken);

async function register(email: string, first = 'Dina', last = 'Applicant') {
  const response = await t
    .http()
    .post('/api/register')
    .send({ first_name: first, last_name: last, email, password: 'applicant-pass-1', password_confirmation: 'applicant-pass-1' });
  if (response.status !== 201) throw new Error(`register: ${response.status}`);
  return { token: response.body.token as string, id: response.body.user.id as string };
}

interface Seeded {
  id: string;
  ref: string;
}

/** Inserts an application directly (any status, step, dates) and answers its id and reference number. */
async function insertApplication(values: {
  first: string;
  last: string;
  email: string;
  gender?: 'Female' | 'Male';
  program?: string;
  field?: string;
  semester?: string;
  status?: string;
  step?: number;
  payment?: string;
  createdAt?: string;
  submittedAt?: string | null;
  completedAt?: string | null;
  userId?: string | null;
  answers?: Record<string, unknown>;
}): Promise<Seeded> {
  const result = await t.db.query(
    `INSERT INTO applications (email, first_name, last_name, gender, program, field_of_interest, semester, status, step_reached,
       payment_status, answers, created_at, submitted_at, completed_at, user_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id, reference_number::text AS ref`,
    [
      values.email,
      values.first,
      values.last,
      values.gender ?? 'Female',
      values.program ?? 'graduate',
      values.field ?? 'MSW',
      values.semester ?? 'Spring 2026',
      values.status ?? 'draft',
      values.step ?? 1,
      values.payment ?? 'Unpaid',
      JSON.stringify(values.answers ?? {}),
      values.createdAt ?? new Date().toISOString(),
      values.submittedAt ?? null,
      values.completedAt ?? null,
      values.userId ?? null,
    ],
  );
  return result.rows[0];
}

let goldberg: Seeded;
let weiss: Seeded;
let stern: Seeded;
let formula: Seeded;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await t.login();
  adminId = (await t.db.query('SELECT id FROM users WHERE email = $1', [ADMIN.email])).rows[0].id;
  ({ token: applicantToken, id: applicantId } = await register('dina@example.com'));
  ({ token: otherToken } = await register('other@example.com', 'Other', 'Person'));

  goldberg = await insertApplication({
    first: 'Chana',
    last: 'Goldberg',
    email: 'chana@example.com',
    field: 'BA in Psychology',
    program: 'underGraduate',
    semester: 'Fall 2026',
    status: 'submitted',
    step: 8,
    payment: 'Paid',
    createdAt: '2026-01-10T12:00:00Z',
    submittedAt: '2026-01-12T12:00:00Z',
    userId: applicantId,
    answers: {
      dateOfBirth: '05/17/2001',
      maritalStatus: 'Single',
      emergencyContact: { name: 'Mom', phone: '555', email: 'm@x.com', relationship: 'Mother' },
    },
  });
  weiss = await insertApplication({
    first: 'David',
    last: 'Weiss',
    email: 'david.weiss@example.com',
    gender: 'Male',
    field: 'MSW',
    semester: 'Spring 2026',
    status: 'draft',
    step: 3,
    createdAt: '2026-02-20T12:00:00Z',
  });
  stern = await insertApplication({
    first: 'Malka',
    last: 'Stern',
    email: 'malka@example.com',
    field: 'MSW',
    semester: 'Spring 2026',
    status: 'complete',
    step: 8,
    payment: 'Waived',
    createdAt: '2026-03-05T12:00:00Z',
    submittedAt: '2026-03-06T12:00:00Z',
    completedAt: '2026-03-09T12:00:00Z',
  });
  formula = await insertApplication({
    first: '=HYPERLINK("http://evil.example","x")',
    last: '+Plus',
    email: '@at@example.com',
    field: 'MBA',
    semester: 'Fall 2026',
    status: 'draft',
    step: 1,
    createdAt: '2026-03-20T12:00:00Z',
  });

  // time log: Goldberg 10/20/30/40 s on personal, Weiss 5 s on family
  for (const d of [10, 20, 30, 40]) {
    await t.db.query(`INSERT INTO time_logs (application_id, step, duration) VALUES ($1, 'personal', $2)`, [goldberg.id, d]);
  }
  await t.db.query(`INSERT INTO time_logs (application_id, step, duration) VALUES ($1, 'family', 5.1234)`, [weiss.id]);
  // sessions: one active, one ended, one idle for 31 minutes
  await t.db.query(
    `INSERT INTO sessions (id, start_time, last_activity_time, parent_id) VALUES ('s-active', now() - interval '10 min', now() - interval '1 min', $1)`,
    [goldberg.id],
  );
  await t.db.query(
    `INSERT INTO sessions (id, start_time, last_activity_time, end_time) VALUES ('s-ended', now() - interval '10 min', now() - interval '2 min', now())`,
  );
  await t.db.query(
    `INSERT INTO sessions (id, start_time, last_activity_time) VALUES ('s-idle', now() - interval '50 min', now() - interval '31 min')`,
  );
  // payments: Goldberg declined then approved (150 + 150 late), Stern waived
  await t.db.query(
    `INSERT INTO payments (application_id, request_id, amount_cents, late_fee_cents, total_cents, status, gateway, invoice_number, account_number, created_at)
     VALUES ($1, 'req-1', 15000, 15000, 30000, 'declined', 'fake', 'INV-1', 'XXXX0002', now() - interval '1 hour'),
            ($1, 'req-2', 15000, 15000, 30000, 'approved', 'fake', 'INV-1', 'XXXX1111', now()),
            ($2, 'req-3', 15000, 0, 0, 'waived', 'fake', 'INV-2', NULL, now())`,
    [goldberg.id, stern.id],
  );
  await t.db.query(
    `INSERT INTO attachments (application_id, slot, original_name, detected_type, size_bytes, sha256, storage_key)
     VALUES ($1, 'resume', 'cv.pdf', 'application/pdf', 1234, repeat('a', 64), 'k1')`,
    [goldberg.id],
  );
});

afterAll(async () => {
  await t.close();
});

describe('every admin endpoint is behind the admin role', () => {
  const endpoints: [string, () => string][] = [
    ['GET', () => '/api/admin/stats'],
    ['GET', () => '/api/admin/applications'],
    ['GET', () => `/api/admin/applications/${goldberg.id}`],
    ['GET', () => '/api/admin/applications/export.csv'],
    ['POST', () => `/api/admin/applications/${goldberg.id}/withdraw`],
    ['POST', () => `/api/admin/applications/${goldberg.id}/reopen`],
    ['PUT', () => `/api/admin/applications/${goldberg.id}/reference-statuses`],
    ['GET', () => '/api/admin/users'],
    ['GET', () => `/api/admin/users/${applicantId}`],
    ['PUT', () => `/api/admin/users/${applicantId}`],
    ['DELETE', () => `/api/admin/users/${applicantId}`],
    ['GET', () => '/api/admin/audit-log'],
    ['GET', () => '/api/admin/audit-log/1'],
    ['GET', () => '/api/admin/time-logs'],
    ['GET', () => '/api/admin/sessions'],
    ['GET', () => '/api/admin/discount-codes'],
    ['POST', () => '/api/admin/discount-codes'],
    ['PUT', () => '/api/admin/discount-codes/00000000-0000-4000-8000-000000000000'],
    ['DELETE', () => '/api/admin/discount-codes/00000000-0000-4000-8000-000000000000'],
    ['GET', () => '/api/admin/advisory-lines'],
    ['POST', () => '/api/admin/advisory-lines'],
    ['PUT', () => '/api/admin/advisory-lines/1'],
    ['DELETE', () => '/api/admin/advisory-lines/1'],
  ];

  it.each(endpoints)(
    '%s %s: 401 AUTH-401 anonymous, 403 AUTH-403 for the owner applicant and another applicant, changing nothing',
    async (method, path) => {
      const audit = (await t.db.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n;
      const call = (token?: string) => {
        const request = t.http()[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path());
        if (token) request.set(auth(token));
        return method === 'GET' ? request : request.send({});
      };
      const anonymous = await call();
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('AUTH-401');
      for (const token of [applicantToken, otherToken]) {
        const refused = await call(token);
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({ success: false, code: 'AUTH-403' });
      }
      expect((await t.db.query('SELECT count(*)::int AS n FROM audit_log')).rows[0].n).toBe(audit);
      expect((await t.db.query(`SELECT status FROM applications WHERE id = $1`, [goldberg.id])).rows[0].status).toBe('submitted');
    },
  );
});

describe('GET /api/admin/stats', () => {
  it('counts applications by status, program, semester and payment status, the funnel, time per step, active sessions and payments', async () => {
    const response = await t.http().get('/api/admin/stats').set(admin());
    expect(response.status).toBe(200);
    const s = response.body;
    expect(s.total).toBe(4);
    expect(s.byStatus).toEqual({ draft: 2, submitted: 1, complete: 1 });
    expect(s.byProgram).toEqual({ MSW: 2, 'BA in Psychology': 1, MBA: 1 });
    expect(s.bySemester).toEqual({ 'Spring 2026': 2, 'Fall 2026': 2 });
    // every migrated round has passed: no application is in a round now (issue 25)
    expect(s.byRound).toEqual({ '': 4 });
    expect(s.termOrder).toEqual(['Fall 2025', 'Spring 2026', 'Summer 2026', 'Fall 2026']);
    expect(s.byPaymentStatus).toEqual({ Unpaid: 2, Paid: 1, Waived: 1 });
    expect(s.byProgramGroup).toEqual({ graduate: 3, underGraduate: 1 });
    expect(s.funnel).toEqual([
      { step: 1, reached: 4 },
      { step: 2, reached: 3 },
      { step: 3, reached: 3 },
      { step: 4, reached: 2 },
      { step: 5, reached: 2 },
      { step: 6, reached: 2 },
      { step: 7, reached: 2 },
      { step: 8, reached: 2 },
    ]);
    expect(s.timePerStep).toEqual([
      { step: 'family', count: 1, medianSeconds: 5.1234, p90Seconds: 5.1234 },
      // percentile_cont over 10, 20, 30, 40: median 25, p90 = 30 + 0.7 × 10 = 37
      { step: 'personal', count: 4, medianSeconds: 25, p90Seconds: 37 },
    ]);
    expect(s.activeSessions).toBe(1);
    expect(s.payments).toEqual({
      attempts: 3,
      collected: 300,
      currency: 'USD',
      approved: 1,
      waived: 1,
      byStatus: { declined: { count: 1, amount: 300 }, approved: { count: 1, amount: 300 }, waived: { count: 1, amount: 0 } },
    });
  });
});

describe('GET /api/admin/applications (list)', () => {
  const list = (query: Record<string, unknown> = {}) =>
    t
      .http()
      .get('/api/admin/applications')
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
      .set(admin());
  const names = (body: { lastName: string }[]) => body.map((r) => r.lastName);

  it('answers the ra-data-simple-rest dialect: array with id on every record, Content-Range, newest first by default', async () => {
    const response = await list({ sort: ['createdAt', 'DESC'], range: [0, 1] });
    expect(response.status).toBe(200);
    expect(response.headers['content-range']).toBe('applications 0-1/4');
    expect(names(response.body)).toEqual(['+Plus', 'Stern']);
    expect(response.body[0]).toMatchObject({
      id: formula.id,
      referenceNumber: formula.ref,
      firstName: '=HYPERLINK("http://evil.example","x")',
      fieldOfInterest: 'MBA',
      semesterApplied: 'Fall 2026',
      status: 'draft',
      stepReached: '1',
      Payment_Status: 'Unpaid',
    });
    const second = await list({ sort: ['createdAt', 'DESC'], range: [2, 3] });
    expect(second.headers['content-range']).toBe('applications 2-3/4');
    expect(names(second.body)).toEqual(['Weiss', 'Goldberg']);
  });

  it.each([
    ['q by part of the name', { q: 'chana gold' }, ['Goldberg']],
    ['q by e-mail', { q: 'DAVID.WEISS@' }, ['Weiss']],
    ['q by reference number', 'ref', ['Stern']],
    ['status', { status: 'complete' }, ['Stern']],
    ['several statuses', { status: ['submitted', 'complete'] }, ['Goldberg', 'Stern']],
    ['fieldOfInterest', { fieldOfInterest: 'MSW' }, ['Stern', 'Weiss']],
    ['semester', { semester: 'Fall 2026' }, ['+Plus', 'Goldberg']],
    ['gender', { gender: 'Male' }, ['Weiss']],
    ['Payment_Status', { Payment_Status: 'Waived' }, ['Stern']],
    ['created from/to (inclusive days)', { createdFrom: '2026-02-20', createdTo: '2026-03-05' }, ['Stern', 'Weiss']],
    ['a combination', { fieldOfInterest: 'MSW', status: 'draft' }, ['Weiss']],
    ['id list (getMany)', 'ids', ['Goldberg', 'Weiss']],
  ])('filters by %s', async (_name, filter, expected) => {
    const resolved = filter === 'ref' ? { q: stern.ref } : filter === 'ids' ? { id: [goldberg.id, weiss.id] } : filter;
    const response = await list({ filter: resolved, sort: ['lastName', 'ASC'] });
    expect(response.status).toBe(200);
    expect(names(response.body)).toEqual(expected);
    expect(response.headers['content-range']).toMatch(new RegExp(`/${expected.length}$`));
  });

  it('sorts by lastName descending and by stepReached', async () => {
    expect(names((await list({ sort: ['lastName', 'DESC'] })).body)).toEqual(['Weiss', 'Stern', 'Goldberg', '+Plus']);
    expect(names((await list({ sort: ['stepReached', 'ASC'], filter: { status: 'draft' } })).body)).toEqual(['+Plus', 'Weiss']);
  });

  it('answers 400 REQ-400 for an unknown sort field, a bad range or a bad date filter', async () => {
    for (const query of [{ sort: ['password', 'ASC'] }, { range: [5, 1] }, { filter: { createdFrom: 'yesterday' } }]) {
      const response = await list(query);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('REQ-400');
    }
  });
});

describe('GET /api/admin/applications/:id', () => {
  it('answers every answer, the documents with their download link, the payments and the time log', async () => {
    const response = await t.http().get(`/api/admin/applications/${goldberg.id}`).set(admin());
    expect(response.status).toBe(200);
    const d = response.body;
    expect(d).toMatchObject({
      id: goldberg.id,
      referenceNumber: goldberg.ref,
      lastName: 'Goldberg',
      status: 'submitted',
      userId: applicantId,
    });
    expect(d.answers).toEqual({
      dateOfBirth: '05/17/2001',
      maritalStatus: 'Single',
      emergencyContact: { name: 'Mom', phone: '555', email: 'm@x.com', relationship: 'Mother' },
    });
    expect(d.attachments).toEqual([
      {
        id: expect.any(String),
        slot: 'resume',
        originalName: 'cv.pdf',
        detectedType: 'application/pdf',
        sizeBytes: 1234,
        sha256: 'a'.repeat(64),
        uploadedAt: expect.any(String),
        replacedAt: null,
        downloadUrl: `/api/details/attachments/${d.attachments[0].id}/download`,
      },
    ]);
    expect(d.payments.map((p: { requestId: string; status: string; total: number }) => [p.requestId, p.status, p.total])).toEqual([
      ['req-1', 'declined', 300],
      ['req-2', 'approved', 300],
    ]);
    expect(d.payments[1]).toMatchObject({ amount: 150, lateFee: 150, discount: 0, accountNumber: 'XXXX1111', invoiceNumber: 'INV-1' });
    expect(d.timeLog.map((e: { step: string; duration: number }) => e.duration)).toEqual([10, 20, 30, 40]);
  });

  it('answers 404 APP-404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await t.http().get(`/api/admin/applications/${id}`).set(admin());
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('APP-404');
    }
  });
});

describe('GET /api/admin/applications/export.csv', () => {
  const exportCsv = (query: Record<string, unknown> = {}) => requestExport(t, adminToken, query);

  it('streams a UTF-8 CSV (BOM, header row) of the filtered, sorted applications, as an attachment', async () => {
    const response = await exportCsv({ filter: { fieldOfInterest: 'MSW' }, sort: ['lastName', 'ASC'] });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = response.body as string;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      'referenceNumber',
      'id',
      'firstName',
      'lastName',
      'email',
      'gender',
      'program',
      'fieldOfInterest',
      'semesterApplied',
      'location',
      'status',
      'stepReached',
      'Payment_Status',
      'locale',
      'createdAt',
      'updatedAt',
      'submittedAt',
      'certifiedAt',
      'completedAt',
      'withdrawnAt',
      'firstReferenceStatus',
      'secondReferenceStatus',
      'addressCountry',
      'mailingAddress',
    ]);
    expect(rows.slice(1).map((r) => r[22])).toEqual(['United States', 'United States']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[10], r[12], r[14]])).toEqual([
      [stern.ref, 'Malka', 'Stern', 'complete', 'Waived', '2026-03-05T12:00:00.000Z'],
      [weiss.ref, 'David', 'Weiss', 'draft', 'Unpaid', '2026-02-20T12:00:00.000Z'],
    ]);
  });

  it("prefixes cells that start with = + - @ with ' so that spreadsheets do not run them", async () => {
    const rows = parseCsv(((await exportCsv({ filter: { q: formula.ref } })).body as string).slice(1));
    expect(rows).toHaveLength(2);
    expect(rows[1][2]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(rows[1][3]).toBe(`'+Plus`);
    expect(rows[1][4]).toBe(`'@at@example.com`);
  });

  it('exports every matching row beyond one batch (1,000) and records the export in the audit log', async () => {
    await t.db.query(
      `INSERT INTO applications (email, first_name, last_name, gender, program, field_of_interest, semester)
       SELECT 'bulk' || g || '@example.com', 'Bulk', 'Row' || g, 'Male', 'graduate', 'Bulk Program', 'Summer 2026' FROM generate_series(1, 1205) g`,
    );
    const rows = parseCsv(((await exportCsv({ filter: { fieldOfInterest: 'Bulk Program' } })).body as string).slice(1));
    expect(rows).toHaveLength(1206);
    expect(new Set(rows.slice(1).map((r) => r[1])).size).toBe(1205);
    const entry = await t.db.query(`SELECT actor_id, after FROM audit_log WHERE action = 'export' ORDER BY id DESC LIMIT 1`);
    expect(entry.rows[0]).toEqual({
      actor_id: adminId,
      after: { filter: { fieldOfInterest: 'Bulk Program' }, rows: 1205, complete: true },
    });
    await t.db.query(`DELETE FROM applications WHERE field_of_interest = 'Bulk Program'`);
  });
});

describe('POST /api/admin/applications/:id/withdraw and /reopen', () => {
  it('withdraws a draft (its link then answers TKN-002), refuses a second withdraw (409), and reopens it as a draft; both audited', async () => {
    const started = await startApplication(t, { email: 'withdraw.me@example.com' });
    expect((await t.http().get('/api/token/check').query({ token: started.token })).status).toBe(200);
    const withdrawn = await t.http().post(`/api/admin/applications/${started.id}/withdraw`).set(admin());
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ id: started.id, status: 'withdrawn', version: 2, withdrawnAt: expect.any(String) });
    const check = await t.http().get('/api/token/check').query({ token: started.token });
    expect(check.status).toBe(410);
    expect(check.body.code).toBe('TKN-002');

    const again = await t.http().post(`/api/admin/applications/${started.id}/withdraw`).set(admin());
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('STS-409');

    const reopened = await t.http().post(`/api/admin/applications/${started.id}/reopen`).set(admin());
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({ status: 'draft', withdrawnAt: null, version: 3 });
    expect((await t.http().get('/api/token/check').query({ token: started.token })).status).toBe(200);

    const audit = await t.db.query(
      `SELECT action, actor_id, actor_email, before->>'status' AS before, after->>'status' AS after FROM audit_log
       WHERE resource = 'applications' AND record_id = $1 ORDER BY id`,
      [started.id],
    );
    expect(audit.rows).toEqual([
      { action: 'withdraw', actor_id: adminId, actor_email: ADMIN.email, before: 'draft', after: 'withdrawn' },
      { action: 'reopen', actor_id: adminId, actor_email: ADMIN.email, before: 'withdrawn', after: 'draft' },
    ]);
  });

  it('reopens a withdrawn application in the status it had reached (complete), and refuses to reopen one that is not withdrawn', async () => {
    expect((await t.http().post(`/api/admin/applications/${stern.id}/reopen`).set(admin())).status).toBe(409);
    await t.http().post(`/api/admin/applications/${stern.id}/withdraw`).set(admin()).expect(200);
    const reopened = await t.http().post(`/api/admin/applications/${stern.id}/reopen`).set(admin());
    expect(reopened.body.status).toBe('complete');
  });

  it('answers 404 APP-404 for an unknown application', async () => {
    const response = await t.http().post('/api/admin/applications/00000000-0000-4000-8000-000000000000/withdraw').set(admin());
    expect(response.status).toBe(404);
  });
});

describe('/api/admin/users', () => {
  it('lists and searches accounts without password fields', async () => {
    const response = await t
      .http()
      .get('/api/admin/users')
      .query({ filter: JSON.stringify({ q: 'dina' }), sort: '["email","ASC"]' })
      .set(admin());
    expect(response.status).toBe(200);
    expect(response.headers['content-range']).toBe('users 0-0/1');
    expect(response.body).toEqual([
      {
        id: applicantId,
        first_name: 'Dina',
        last_name: 'Applicant',
        email: 'dina@example.com',
        role: 'applicant',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
    const admins = await t.http().get('/api/admin/users').query({ filter: '{"role":"admin"}' }).set(admin());
    expect(admins.body.map((u: { email: string }) => u.email)).toEqual([ADMIN.email]);
    expect(JSON.stringify(admins.body)).not.toMatch(/password|argon/i);
  });

  it('protects the last admin (409), makes another admin, then lets the first step down; audited', async () => {
    const lastAdmin = await t.http().put(`/api/admin/users/${adminId}`).set(admin()).send({ role: 'applicant' });
    expect(lastAdmin.status).toBe(409);
    expect(lastAdmin.body).toMatchObject({ code: 'USR-409', message: 'The last administrator cannot lose the admin role or be deleted.' });
    const deleteLast = await t.http().delete(`/api/admin/users/${adminId}`).set(admin());
    expect(deleteLast.status).toBe(409);

    const helper = await register('helper@example.com', 'Help', 'Er');
    const promoted = await t.http().put(`/api/admin/users/${helper.id}`).set(admin()).send({ role: 'admin' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('admin');
    // the promotion takes effect at once for the helper's existing token
    expect((await t.http().get('/api/admin/stats').set(auth(helper.token))).status).toBe(200);

    const selfDelete = await t.http().delete(`/api/admin/users/${helper.id}`).set(auth(helper.token));
    expect(selfDelete.status).toBe(409);
    expect(selfDelete.body.message).toBe('You cannot delete your own account.');

    const stepDown = await t.http().put(`/api/admin/users/${helper.id}`).set(admin()).send({ role: 'applicant' });
    expect(stepDown.status).toBe(200);
    expect((await t.http().get('/api/admin/stats').set(auth(helper.token))).status).toBe(403);

    const audit = await t.db.query(
      `SELECT action, before->>'role' AS before, after->>'role' AS after FROM audit_log WHERE resource = 'users' AND record_id = $1 ORDER BY id`,
      [helper.id],
    );
    expect(audit.rows).toEqual([
      { action: 'update', before: 'applicant', after: 'admin' },
      { action: 'update', before: 'admin', after: 'applicant' },
    ]);
  });

  it('two admins demoting each other at the same time leave one admin', async () => {
    const second = await register('second.admin@example.com', 'Second', 'Admin');
    await t.http().put(`/api/admin/users/${second.id}`).set(admin()).send({ role: 'admin' }).expect(200);
    const [a, b] = await Promise.all([
      t.http().put(`/api/admin/users/${second.id}`).set(admin()).send({ role: 'applicant' }),
      t.http().put(`/api/admin/users/${adminId}`).set(auth(second.token)).send({ role: 'applicant' }),
    ]);
    // one wins; the other is refused: 409 (the last-admin guard) when both got past authentication, 403
    // when the loser's own demotion had already committed before its request was authenticated
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const count = await t.db.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
    expect(count.rows[0].n).toBe(1);
    // put things back: the seeded admin must stay admin for the other tests
    const remaining = (await t.db.query(`SELECT id FROM users WHERE role = 'admin'`)).rows[0].id;
    if (remaining !== adminId) {
      await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [adminId]);
      await t.db.query(`UPDATE users SET role = 'applicant' WHERE id = $1`, [remaining]);
    }
  });

  it('deletes another account (its applications stay, without owner), audited with the record before', async () => {
    const leaving = await register('leaving@example.com', 'Leav', 'Ing');
    const app = await insertApplication({ first: 'Leav', last: 'Ing', email: 'leaving@example.com', userId: leaving.id });
    const response = await t.http().delete(`/api/admin/users/${leaving.id}`).set(admin());
    expect(response.status).toBe(200);
    expect(response.body.email).toBe('leaving@example.com');
    expect((await t.db.query('SELECT count(*)::int AS n FROM users WHERE id = $1', [leaving.id])).rows[0].n).toBe(0);
    expect((await t.db.query('SELECT user_id FROM applications WHERE id = $1', [app.id])).rows[0].user_id).toBeNull();
    expect((await t.http().get('/api/user').set(auth(leaving.token))).status).toBe(401);
    const entry = await t.db.query(
      `SELECT before->>'email' AS email, after FROM audit_log WHERE resource = 'users' AND action = 'delete' AND record_id = $1`,
      [leaving.id],
    );
    expect(entry.rows).toEqual([{ email: 'leaving@example.com', after: null }]);
  });

  it('refuses unknown fields and bad roles (422), and unknown ids (404)', async () => {
    expect((await t.http().put(`/api/admin/users/${applicantId}`).set(admin()).send({ role: 'root' })).status).toBe(422);
    expect((await t.http().put(`/api/admin/users/${applicantId}`).set(admin()).send({ email: 'x@y.z' })).status).toBe(422);
    expect((await t.http().get('/api/admin/users/00000000-0000-4000-8000-000000000000').set(admin())).status).toBe(404);
  });
});

describe('audit log of the existing admin writes (dropdowns, maintenance windows)', () => {
  it('records dropdown edits through PUT /api/admin/dropdowns/:id and POST /api/dropdowns/:id with before and after', async () => {
    const dropdown = (await t.db.query(`SELECT id, options FROM dropdowns WHERE key = 'yesNo'`)).rows[0];
    const options = [
      { value: 'Yes', label: 'Yes' },
      { value: 'No', label: 'No' },
      { value: 'Maybe', label: 'Maybe' },
    ];
    await t.http().put(`/api/admin/dropdowns/${dropdown.id}`).set(admin()).send({ options }).expect(200);
    await t.http().post(`/api/dropdowns/${dropdown.id}`).set(admin()).send({ options: dropdown.options }).expect(200);
    const entries = await t.db.query(
      `SELECT actor_email, action, before, after FROM audit_log WHERE resource = 'dropdowns' AND record_id = $1 ORDER BY id`,
      [String(dropdown.id)],
    );
    expect(entries.rows).toHaveLength(2);
    expect(entries.rows[0]).toMatchObject({ actor_email: ADMIN.email, action: 'update' });
    expect(entries.rows[0].before.options).toEqual(dropdown.options);
    // audited as stored (issue 11): a text label sets English and keeps the option's other languages
    expect(entries.rows[0].after.options).toEqual([
      { value: 'Yes', label: { en: 'Yes', es: 'Sí', 'zh-CN': '是' } },
      { value: 'No', label: { en: 'No', es: 'No', 'zh-CN': '否' } },
      { value: 'Maybe', label: { en: 'Maybe' } },
    ]);
    expect(entries.rows[1].after.options).toEqual(dropdown.options);
  });

  it('records maintenance windows created, rescheduled and deleted', async () => {
    const body = { startDate: '2027-01-10', startTime: '22:00', endDate: '2027-01-11', endTime: '02:00' };
    const created = await t.http().post('/api/admin/maintenance-windows').set(admin()).send(body);
    expect(created.status).toBe(201);
    await t
      .http()
      .put(`/api/admin/maintenance-windows/${created.body.id}`)
      .set(admin())
      .send({ ...body, endTime: '03:00' })
      .expect(200);
    await t.http().delete(`/api/admin/maintenance-windows/${created.body.id}`).set(admin()).expect(200);
    const entries = await t.db.query(
      `SELECT action, before->>'endTime' AS before, after->>'endTime' AS after FROM audit_log WHERE resource = 'maintenance-windows' AND record_id = $1 ORDER BY id`,
      [String(created.body.id)],
    );
    expect(entries.rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(entries.rows[1]).toMatchObject({ before: expect.stringMatching(/^02:00/), after: expect.stringMatching(/^03:00/) });
    expect(entries.rows[2].after).toBeNull();
  });
});

describe('GET /api/admin/audit-log', () => {
  it('lists entries newest first with Content-Range, filtered by resource, actor and date, and one by id', async () => {
    const all = await t.http().get('/api/admin/audit-log').set(admin());
    expect(all.status).toBe(200);
    expect(all.headers['content-range']).toMatch(/^audit-log 0-\d+\/\d+$/);
    const ids = all.body.map((e: { id: string }) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Object.keys(all.body[0]).sort()).toEqual([
      'action',
      'actorEmail',
      'actorId',
      'after',
      'before',
      'createdAt',
      'id',
      'recordId',
      'resource',
    ]);

    const byResource = await t.http().get('/api/admin/audit-log').query({ filter: '{"resource":"maintenance-windows"}' }).set(admin());
    expect(byResource.body.length).toBe(3);
    expect(byResource.body.every((e: { resource: string }) => e.resource === 'maintenance-windows')).toBe(true);

    const byActor = await t
      .http()
      .get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ actor: 'second.admin' }) })
      .set(admin());
    const bySecond = await t.db.query(`SELECT count(*)::int AS n FROM audit_log WHERE actor_email = 'second.admin@example.com'`);
    expect(byActor.body.length).toBe(bySecond.rows[0].n);
    expect(byActor.body.every((e: { actorEmail: string }) => e.actorEmail === 'second.admin@example.com')).toBe(true);
    const byActorId = await t
      .http()
      .get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ actor: adminId, resource: 'users' }) })
      .set(admin());
    expect(byActorId.body.length).toBeGreaterThan(0);
    expect(byActorId.body.every((e: { actorId: string }) => e.actorId === adminId)).toBe(true);

    const future = await t.http().get('/api/admin/audit-log').query({ filter: '{"createdFrom":"2999-01-01"}' }).set(admin());
    expect(future.body).toEqual([]);
    expect(future.headers['content-range']).toBe('audit-log 0-0/0');
    const today = new Date().toISOString().slice(0, 10);
    const todays = await t
      .http()
      .get('/api/admin/audit-log')
      .query({ filter: JSON.stringify({ createdFrom: today, createdTo: today }) })
      .set(admin());
    expect(todays.body.length).toBe(Math.min(25, all.body.length));

    const one = await t.http().get(`/api/admin/audit-log/${all.body[0].id}`).set(admin());
    expect(one.body).toEqual(all.body[0]);
    expect((await t.http().get('/api/admin/audit-log/999999').set(admin())).status).toBe(404);
  });

  it('is read-only: no create, update or delete routes', async () => {
    for (const method of ['post', 'put', 'delete'] as const) {
      const response = await t.http()[method]('/api/admin/audit-log/1').set(admin()).send({});
      expect(response.status).toBe(404);
    }
  });
});

describe('/api/admin/time-logs and /api/admin/sessions', () => {
  it('lists the time log, filtered by application and step', async () => {
    const response = await t
      .http()
      .get('/api/admin/time-logs')
      .query({ filter: JSON.stringify({ applicationId: goldberg.id }), sort: '["duration","ASC"]' })
      .set(admin());
    expect(response.status).toBe(200);
    expect(response.headers['content-range']).toBe('time-logs 0-3/4');
    expect(response.body.map((e: { duration: number }) => e.duration)).toEqual([10, 20, 30, 40]);
    expect(response.body[0]).toEqual({
      id: expect.any(String),
      applicationId: goldberg.id,
      step: 'personal',
      duration: 10,
      createdAt: expect.any(String),
    });
    const family = await t.http().get('/api/admin/time-logs').query({ filter: '{"step":"family"}' }).set(admin());
    expect(family.body).toEqual([expect.objectContaining({ duration: 5.1234, applicationId: weiss.id })]);
  });

  it('lists sessions with `active` (no end, activity within 30 min), filterable by active', async () => {
    const all = await t.http().get('/api/admin/sessions').query({ sort: '["id","ASC"]' }).set(admin());
    expect(all.status).toBe(200);
    expect(all.body.map((s: { id: string; active: boolean }) => [s.id, s.active])).toEqual([
      ['s-active', true],
      ['s-ended', false],
      ['s-idle', false],
    ]);
    const active = await t.http().get('/api/admin/sessions').query({ filter: '{"active":true}' }).set(admin());
    expect(active.body.map((s: { id: string }) => s.id)).toEqual(['s-active']);
    expect(active.body[0].parentId).toBe(goldberg.id);
    const inactive = await t.http().get('/api/admin/sessions').query({ filter: '{"active":false}', sort: '["id","ASC"]' }).set(admin());
    expect(inactive.body.map((s: { id: string }) => s.id)).toEqual(['s-ended', 's-idle']);
  });
});

describe('/api/admin/discount-codes', () => {
  const create = (body: Record<string, unknown>) => t.http().post('/api/admin/discount-codes').set(admin()).send(body);

  it('creates a code (upper-cased), refuses a duplicate in another case and a percentage over 100, and audits', async () => {
    const response = await create({ code: 'spring25', kind: 'percent', value: 25, description: 'Spring promo', maxUses: 10 });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      code: 'SPRING25',
      appliesTo: 'application_fee',
      kind: 'percent',
      value: 25,
      description: 'Spring promo',
      expiresAt: null,
      maxUses: 10,
      usageCount: 0,
      active: true,
      usable: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const duplicate = await create({ code: 'Spring25', kind: 'fixed', value: 10 });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.code).toEqual(['A discount code with this code already exists.']);
    const tooMuch = await create({ code: 'HALFPLUS', kind: 'percent', value: 101 });
    expect(tooMuch.status).toBe(422);
    expect(Object.keys(tooMuch.body.errors)).toEqual(['value']);
    const bad = await create({ code: 'a b', kind: 'bogus' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['code', 'kind']);
    const audit = await t.db.query(
      `SELECT action, after->>'code' AS code FROM audit_log WHERE resource = 'discount-codes' AND record_id = $1`,
      [response.body.id],
    );
    expect(audit.rows).toEqual([{ action: 'create', code: 'SPRING25' }]);
  });

  it('expires a code with PUT (usable false), lists it with its usage count, deletes an unused code and refuses a used one (409)', async () => {
    const code = (await create({ code: 'WAIVE1', kind: 'waiver' })).body;
    expect(code.value).toBe(0);
    const expired = await t
      .http()
      .put(`/api/admin/discount-codes/${code.id}`)
      .set(admin())
      .send({ code: 'WAIVE1', kind: 'waiver', expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(expired.status).toBe(200);
    expect(expired.body).toMatchObject({ usable: false, active: true });
    await t.db.query(`UPDATE discount_codes SET usage_count = 3 WHERE id = $1`, [code.id]);
    const listed = await t.http().get('/api/admin/discount-codes').query({ filter: '{"q":"waive"}' }).set(admin());
    expect(listed.headers['content-range']).toBe('discount-codes 0-0/1');
    expect(listed.body[0]).toMatchObject({ code: 'WAIVE1', usageCount: 3 });
    const refused = await t.http().delete(`/api/admin/discount-codes/${code.id}`).set(admin());
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('DSC-409');

    const unused = (await create({ code: 'FIXED10', kind: 'fixed', value: 10 })).body;
    const deleted = await t.http().delete(`/api/admin/discount-codes/${unused.id}`).set(admin());
    expect(deleted.status).toBe(200);
    expect((await t.http().get(`/api/admin/discount-codes/${unused.id}`).set(admin())).status).toBe(404);
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE resource = 'discount-codes' AND record_id IN ($1, $2) ORDER BY id`, [
      code.id,
      unused.id,
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'create', 'delete']);
  });
});

describe('advisory banner: GET /api/advisory and /api/admin/advisory-lines', () => {
  it('keeps the seeded spec line, in all three languages, but shows it only until its deadline (issue 25: never a past deadline)', async () => {
    const admin = await t
      .http()
      .get('/api/admin/advisory-lines')
      .set('Authorization', `Bearer ${await t.login()}`);
    const seeded = (admin.body as { textEn: string; textEs: string; textZhCn: string; showUntil: string | null }[]).find((line) =>
      line.textEn.startsWith('Spring 2026 – MSW'),
    )!;
    expect(seeded).toMatchObject({
      textEn: 'Spring 2026 – MSW in Social Work (Men): apply by November 11, 2025.',
      textEs: 'Primavera 2026 – Maestría en Trabajo Social (MSW) (hombres): presente su solicitud antes del 11 de noviembre de 2025.',
      textZhCn: '2026 年春季 – 社会工作硕士（MSW）（男生）：请于 2025 年 11 月 11 日前申请。',
      showUntil: '2025-11-12T04:59:59.000Z',
    });
    const en = await t.http().get('/api/advisory');
    expect(en.status).toBe(200);
    expect(en.body.data.map((line: { text: string }) => line.text)).not.toContain(seeded.textEn);
  });

  it('admins add, reorder, hide and delete lines; the public banner follows; every change audited', async () => {
    const line = {
      textEn: 'Fall 2026 – MBA: apply by June 1, 2026.',
      textEs: 'Otoño 2026 – MBA: solicite antes del 1 de junio de 2026.',
      textZhCn: '2026 年秋季 – MBA：请于 2026 年 6 月 1 日前申请。',
    };
    const created = await t
      .http()
      .post('/api/admin/advisory-lines')
      .set(admin())
      .send({ ...line, sortOrder: -1 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...line, sortOrder: -1, active: true, showUntil: null });
    let banner = await t.http().get('/api/advisory').set('Accept-Language', 'es');
    expect(banner.body.data.map((l: { text: string }) => l.text)).toEqual([line.textEs]);

    const list = await t.http().get('/api/admin/advisory-lines').set(admin());
    expect(list.headers['content-range']).toBe('advisory-lines 0-1/2');

    const hidden = await t
      .http()
      .put(`/api/admin/advisory-lines/${created.body.id}`)
      .set(admin())
      .send({ ...line, showUntil: new Date(Date.now() - 1000).toISOString() });
    expect(hidden.status).toBe(200);
    banner = await t.http().get('/api/advisory');
    expect(banner.body.data).toHaveLength(0);
    await t
      .http()
      .put(`/api/admin/advisory-lines/${created.body.id}`)
      .set(admin())
      .send({ ...line, showUntil: null, active: false })
      .expect(200);
    expect((await t.http().get('/api/advisory')).body.data).toHaveLength(0);

    const missing = await t.http().post('/api/admin/advisory-lines').set(admin()).send({ textEn: 'Only English' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['textEs', 'textZhCn']);

    await t.http().delete(`/api/admin/advisory-lines/${created.body.id}`).set(admin()).expect(200);
    const audit = await t.db.query(`SELECT action FROM audit_log WHERE resource = 'advisory-lines' AND record_id = $1 ORDER BY id`, [
      String(created.body.id),
    ]);
    expect(audit.rows.map((r) => r.action)).toEqual(['create', 'update', 'update', 'delete']);
  });
});

describe('getMany: filter {"id": [...]} on every admin list (react-admin ReferenceField, audit-log links)', () => {
  const resources = ['dropdowns', 'maintenance-windows', 'advisory-lines', 'users', 'discount-codes', 'audit-log', 'applications'];

  beforeAll(async () => {
    // At least two records in every list, so a list that ignores the filter answers more than asked.
    for (const [i, code] of ['GETMANY1', 'GETMANY2'].entries()) {
      await t
        .http()
        .post('/api/admin/discount-codes')
        .set(admin())
        .send({ code, kind: 'fixed', value: 10 + i });
    }
    for (const day of ['2031-03-01', '2031-03-02']) {
      await t
        .http()
        .post('/api/admin/maintenance-windows')
        .set(admin())
        .send({ startDate: day, startTime: '01:00', endDate: day, endTime: '02:00' });
    }
    await t
      .http()
      .post('/api/admin/advisory-lines')
      .set(admin())
      .send({ textEn: 'Second line', textEs: 'Segunda línea', textZhCn: '第二行', sortOrder: 5, active: true });
  });

  it.each(resources)('%s answers exactly the listed records', async (resource) => {
    const all = await t.http().get(`/api/admin/${resource}`).query({ range: '[0,49]' }).set(admin());
    expect(all.status).toBe(200);
    const ids = (all.body as { id: string | number }[]).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const wanted = [ids[ids.length - 1], ids[0]];
    const many = await t
      .http()
      .get(`/api/admin/${resource}`)
      .query({ filter: JSON.stringify({ id: wanted }) })
      .set(admin());
    expect(many.status).toBe(200);
    expect((many.body as { id: string | number }[]).map((r) => String(r.id)).sort()).toEqual(wanted.map(String).sort());
    expect(many.headers['content-range']).toMatch(/\/2$/);
  });

  it.each(resources)('%s answers nothing for an id list of only malformed ids', async (resource) => {
    const none = await t
      .http()
      .get(`/api/admin/${resource}`)
      .query({ filter: JSON.stringify({ id: ['not-an-id'] }) })
      .set(admin());
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });
});
