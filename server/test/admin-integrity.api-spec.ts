import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Response } from 'supertest';
import { AdminApplicationsService } from '../src/modules/admin/admin-applications.service.js';
import { parseCsv, requestExport } from './support/csv.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/**
 * Integrity of the admin API (docs/decisions.md "Accounts and the admissions office"): every audited
 * write and its audit entry commit together or not at all, and the CSV export is one consistent pass in
 * the list's order. The app runs with `EXPORT_BATCH_SIZE=3` so that a dozen rows span several batches.
 */
let t: TestApp;
let adminToken: string;
const BATCH = 3;

const admin = () => ({ Authorization: `Bearer ${adminToken}` });

beforeAll(async () => {
  t = await createTestApp({ EXPORT_BATCH_SIZE: String(BATCH) });
  adminToken = await t.login();
  await t.db.query(`
    CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit_log refused by the test'; END $$`);
});

afterAll(async () => {
  await t.close();
});

describe('an audited write whose audit entry cannot be written is rolled back (500, record unchanged)', () => {
  let windowId: number;
  let codeId: string;
  let lineId: number;
  const windowBody = { startDate: '2027-05-01', startTime: '22:00', endDate: '2027-05-02', endTime: '02:00' };
  const codeBody = { code: 'KEEP10', kind: 'fixed', value: 10 };

  /** Every row of `table` as JSON, in id order. */
  const snapshot = async (table: string) => (await t.db.query(`SELECT to_jsonb(x) AS row FROM ${table} x ORDER BY id`)).rows;
  const auditCount = async () => Number((await t.db.query('SELECT count(*) AS n FROM audit_log')).rows[0].n);
  const silenceErrorLog = () => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  let logged: ReturnType<typeof silenceErrorLog>;
  /** A 500 in the error shape, caused by the refused audit insert (the filter logs the cause). */
  const expectServerError = (response: Response) => {
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ success: false, code: 'SRV-500', message: expect.any(String) });
    expect(logged).toHaveBeenLastCalledWith(expect.stringContaining('audit_log refused by the test'));
  };
  const allowAudit = () => t.db.query('DROP TRIGGER IF EXISTS test_refuse_audit ON audit_log');

  beforeAll(async () => {
    windowId = (await t.http().post('/api/admin/maintenance-windows').set(admin()).send(windowBody).expect(201)).body.id;
    codeId = (await t.http().post('/api/admin/discount-codes').set(admin()).send(codeBody).expect(201)).body.id;
    lineId = (await t.db.query('SELECT id FROM advisory_lines ORDER BY id LIMIT 1')).rows[0].id;
  });

  beforeEach(async () => {
    logged = silenceErrorLog();
    await t.db.query('CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()');
  });

  afterEach(async () => {
    logged.mockRestore();
    await allowAudit();
  });

  it('dropdowns: PUT /api/admin/dropdowns/:id and POST /api/dropdowns/:id leave the options as they were', async () => {
    const id = (await t.db.query(`SELECT id FROM dropdowns WHERE key = 'yesNo'`)).rows[0].id;
    const options = [{ value: 'Maybe', label: 'Maybe' }];
    const [rows, entries] = [await snapshot('dropdowns'), await auditCount()];
    expectServerError(await t.http().put(`/api/admin/dropdowns/${id}`).set(admin()).send({ options }));
    expectServerError(await t.http().post(`/api/dropdowns/${id}`).set(admin()).send({ options }));
    expect((await t.http().put('/api/admin/dropdowns/999999').set(admin()).send({ options })).status).toBe(404);
    expect(await snapshot('dropdowns')).toEqual(rows);
    expect(await auditCount()).toBe(entries);

    await allowAudit();
    const saved = await t.http().put(`/api/admin/dropdowns/${id}`).set(admin()).send({ options });
    expect(saved.status).toBe(200);
    expect(saved.body.options).toEqual([{ value: 'Maybe', label: { en: 'Maybe' } }]); // the admin shape, per language (issue 11)
    expect(await auditCount()).toBe(entries + 1);
  });

  it('maintenance windows: create, reschedule and delete all leave the windows as they were', async () => {
    const [rows, entries] = [await snapshot('maintenance_windows'), await auditCount()];
    const path = `/api/admin/maintenance-windows/${windowId}`;
    expectServerError(
      await t
        .http()
        .post('/api/admin/maintenance-windows')
        .set(admin())
        .send({ ...windowBody, startDate: '2027-06-01', endDate: '2027-06-02' }),
    );
    expectServerError(
      await t
        .http()
        .put(path)
        .set(admin())
        .send({ ...windowBody, endTime: '04:00' }),
    );
    expectServerError(await t.http().delete(path).set(admin()));
    expect(
      (
        await t
          .http()
          .put(path)
          .set(admin())
          .send({ ...windowBody, endDate: '2027-04-01' })
      ).status,
    ).toBe(422);
    expect(await snapshot('maintenance_windows')).toEqual(rows);
    expect(await auditCount()).toBe(entries);

    await allowAudit();
    await t.http().delete(path).set(admin()).expect(200);
    expect(await snapshot('maintenance_windows')).toHaveLength(rows.length - 1);
    expect(await auditCount()).toBe(entries + 1);
  });

  it('discount codes: create, update and delete all leave the codes as they were', async () => {
    const [rows, entries] = [await snapshot('discount_codes'), await auditCount()];
    const path = `/api/admin/discount-codes/${codeId}`;
    expectServerError(await t.http().post('/api/admin/discount-codes').set(admin()).send({ code: 'NEW20', kind: 'percent', value: 20 }));
    expectServerError(
      await t
        .http()
        .put(path)
        .set(admin())
        .send({ ...codeBody, value: 15, active: false }),
    );
    expectServerError(await t.http().delete(path).set(admin()));
    const taken = await t
      .http()
      .post('/api/admin/discount-codes')
      .set(admin())
      .send({ ...codeBody, code: 'keep10' });
    expect(taken.status).toBe(422);
    expect(await snapshot('discount_codes')).toEqual(rows);
    expect(await auditCount()).toBe(entries);

    await allowAudit();
    const updated = await t
      .http()
      .put(path)
      .set(admin())
      .send({ ...codeBody, value: 15 });
    expect(updated.status).toBe(200);
    expect(updated.body.value).toBe(15);
    expect(await auditCount()).toBe(entries + 1);
  });

  it('advisory lines: create, update and delete all leave the lines (and the public banner) as they were', async () => {
    const [rows, entries] = [await snapshot('advisory_lines'), await auditCount()];
    const banner = (await t.http().get('/api/advisory')).body;
    const line = { textEn: 'New line', textEs: 'Línea nueva', textZhCn: '新的一行' };
    const path = `/api/admin/advisory-lines/${lineId}`;
    expectServerError(await t.http().post('/api/admin/advisory-lines').set(admin()).send(line));
    expectServerError(
      await t
        .http()
        .put(path)
        .set(admin())
        .send({ ...line, active: false }),
    );
    expectServerError(await t.http().delete(path).set(admin()));
    expect((await t.http().delete('/api/admin/advisory-lines/999999').set(admin())).status).toBe(404);
    expect(await snapshot('advisory_lines')).toEqual(rows);
    expect((await t.http().get('/api/advisory')).body).toEqual(banner);
    expect(await auditCount()).toBe(entries);

    await allowAudit();
    await t.http().post('/api/admin/advisory-lines').set(admin()).send(line).expect(201);
    expect(await snapshot('advisory_lines')).toHaveLength(rows.length + 1);
    expect(await auditCount()).toBe(entries + 1);
  });
});

describe('CSV export over several batches (EXPORT_BATCH_SIZE=3)', () => {
  const FIELD = 'Keyset Program';
  const LAST_NAMES = ['Cohen', 'Levi', 'Cohen', 'Adler', 'Levi', 'Cohen', 'Zimmer', 'Cohen', 'Levi', 'Baum', 'Adler', 'Cohen'];

  /** Inserts one application per last name; created_at takes 3 values and submitted_at is null for every other row. */
  const insertRows = (field: string, lastNames: string[]) =>
    t.db.query(
      `INSERT INTO applications (email, first_name, last_name, gender, program, field_of_interest, semester, created_at, submitted_at)
       SELECT 'keyset' || g || '@example.com', 'Row' || g, ($2::text[])[g], CASE WHEN g % 3 = 0 THEN 'Male' ELSE 'Female' END,
              'graduate', $1, 'Fall 2026', timestamptz '2026-01-01T12:00:00Z' + (g % 3) * interval '1 day',
              CASE WHEN g % 2 = 0 THEN timestamptz '2026-02-01T12:00:00Z' END
       FROM generate_series(1, cardinality($2::text[])) g`,
      [field, lastNames],
    );

  /** Ids in the order of the admin list (one page holding every row). */
  const listIds = async (filter: Record<string, unknown>, sort: [string, 'ASC' | 'DESC']) => {
    const response = await t
      .http()
      .get('/api/admin/applications')
      .query({ filter: JSON.stringify(filter), sort: JSON.stringify(sort), range: '[0,99]' })
      .set(admin());
    expect(response.status).toBe(200);
    return (response.body as { id: string }[]).map((row) => row.id);
  };

  /** Ids in the order of the CSV export (column 2). */
  const exportIds = async (filter: Record<string, unknown>, sort: [string, 'ASC' | 'DESC']) => {
    const response = await requestExport(t, adminToken, { filter, sort });
    expect(response.status).toBe(200);
    return parseCsv((response.body as string).slice(1))
      .slice(1)
      .map((row) => row[1]);
  };

  beforeAll(async () => {
    await insertRows(FIELD, LAST_NAMES);
  });

  it.each([
    ['lastName', 'ASC'],
    ['lastName', 'DESC'],
    ['createdAt', 'DESC'],
    ['submittedAt', 'ASC'],
    ['submittedAt', 'DESC'],
  ] as [string, 'ASC' | 'DESC'][])(
    'sorted by %s %s: every row exactly once, in the list order, ties included (12 rows = 4 full batches)',
    async (field, order) => {
      const filter = { fieldOfInterest: FIELD };
      const ids = await exportIds(filter, [field, order]);
      expect(ids).toHaveLength(LAST_NAMES.length);
      expect(new Set(ids).size).toBe(LAST_NAMES.length);
      expect(ids).toEqual(await listIds(filter, [field, order]));
    },
  );

  it('a filtered export ending on a partial batch (8 rows) matches the list too', async () => {
    const filter = { fieldOfInterest: FIELD, gender: 'Female' };
    const ids = await exportIds(filter, ['lastName', 'ASC']);
    expect(ids).toHaveLength(8);
    expect(ids).toEqual(await listIds(filter, ['lastName', 'ASC']));
  });

  it('reads one snapshot: rows moved, deleted or added while it runs neither skip, repeat nor appear', async () => {
    const field = 'Snapshot Program';
    await insertRows(field, LAST_NAMES);
    const expected = await listIds({ fieldOfInterest: field }, ['lastName', 'ASC']);
    const batches = t.app.get(AdminApplicationsService).batches({ fieldOfInterest: field }, 'lastName', 'ASC', BATCH);
    const first = await batches.next();
    const ids = (first.value as { id: string }[]).map((row) => row.id);
    expect(ids).toEqual(expected.slice(0, BATCH));
    // under OFFSET paging, moving the last row to the front would repeat a row and the delete would skip one
    await t.db.query(`UPDATE applications SET last_name = 'Aaronson' WHERE id = $1`, [expected.at(-1)]);
    await t.db.query(`DELETE FROM applications WHERE id = $1`, [expected[BATCH + 1]]);
    await insertRows(field, ['Abel']);
    for await (const batch of batches) ids.push(...batch.map((row) => row.id));
    expect(ids).toEqual(expected);
  });

  /** Connections of this database left inside a transaction after a FETCH (an export's open cursor). */
  const openCursors = async () =>
    Number(
      (
        await t.db.query(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction' AND query LIKE 'FETCH%'`,
        )
      ).rows[0].n,
    );

  it('frees its database connection when the reader stops early', async () => {
    const batches = t.app.get(AdminApplicationsService).batches({ fieldOfInterest: FIELD }, 'createdAt', 'DESC', BATCH);
    await batches.next();
    expect(await openCursors()).toBe(1);
    await batches.return(undefined);
    expect(await openCursors()).toBe(0);
  });

  it('stops, frees its connection and records a partial export when the client disconnects midway', async () => {
    const field = 'Abandoned Program';
    await insertRows(
      field,
      Array.from({ length: 20_000 }, (_, i) => `Row${i}`),
    );
    const server = t.app.getHttpServer() as Server;
    if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const exports = async () => Number((await t.db.query(`SELECT count(*) AS n FROM audit_log WHERE action = 'export'`)).rows[0].n);
    const recorded = await exports();
    await new Promise<void>((resolve, reject) => {
      const filter = encodeURIComponent(JSON.stringify({ fieldOfInterest: field }));
      const req = get({ host: '127.0.0.1', port, path: `/api/admin/applications/export.csv?filter=${filter}`, headers: admin() }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.once('error', reject);
    });
    for (let i = 0; i < 50 && (await openCursors()) > 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await openCursors()).toBe(0);
    for (let i = 0; i < 50 && (await exports()) === recorded; i += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await exports()).toBe(recorded + 1);
    const entry = (await t.db.query(`SELECT after FROM audit_log WHERE action = 'export' ORDER BY id DESC LIMIT 1`)).rows[0].after;
    expect(entry.complete).toBe(false);
    expect(entry.filter).toEqual({ fieldOfInterest: field });
    expect(entry.rows).toBeLessThan(20_000);
  });
});
