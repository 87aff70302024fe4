import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import type { Response } from 'supertest';
import { loadConfig, type AppConfig } from '../src/config/app-config.js';
import { DemoDataService } from '../src/modules/demo/demo-data.service.js';
import { RECEIPT_MAIL_QUEUE } from '../src/modules/payments/payments.service.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let adminToken: string;
/** What the first seed answered and printed. */
let seeded: { count: number; printed: string[] };

/** Row counts of every table the demo writes. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = ['applications', 'payments', 'time_logs', 'sessions', 'attachments', 'discount_codes', 'audit_log', 'application_tokens'];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = (await t.db.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  return counts;
}

/** A response body collected as raw bytes (supertest otherwise guesses a text or JSON parser). */
function binary(res: Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

beforeAll(async () => {
  // as a fresh development start: the demo's terms are the upcoming ones of today (issue 25), never rot
  t = await createTestApp({ DEMO_DATA: 'true', CATALOGUE_UPCOMING_TERMS: 'true' }, { openSeededTerms: false });
  adminToken = await t.login();
  const log = jest.spyOn(Logger.prototype, 'log');
  const count = await t.app.get(DemoDataService).seed('http://localhost:3000');
  seeded = { count, printed: log.mock.calls.map((call) => String(call[0])) };
  log.mockRestore();
});

afterAll(async () => {
  await t.close();
});

describe('DemoDataService', () => {
  it('seeds ten applications of both genders, several programs and every semester', async () => {
    expect(seeded.count).toBe(10);
    const rows = (await t.db.query(`SELECT first_name, gender, field_of_interest, semester FROM applications ORDER BY reference_number`))
      .rows;
    expect(rows.map((r) => r.first_name)).toEqual([
      'Leah',
      'Yosef',
      'Chana',
      'David',
      'Esther',
      'Shmuel',
      'Rivka',
      'Avraham',
      'Sara',
      'Dina',
    ]);
    expect(rows.filter((r) => r.gender === 'Female')).toHaveLength(6);
    expect(rows.filter((r) => r.gender === 'Male')).toHaveLength(4);
    expect(new Set(rows.map((r) => r.field_of_interest)).size).toBeGreaterThanOrEqual(8);
    // every upcoming term the catalogue made for today is used by some applicant
    const upcoming = await t.db.query(`SELECT key FROM terms WHERE starts_on > now()`);
    expect(new Set(rows.map((r) => r.semester))).toEqual(new Set(upcoming.rows.map((r) => r.key)));
  });

  it('leaves drafts at steps 1–5 holding the answers of those steps, and one on review', async () => {
    const drafts = (
      await t.db.query(
        `SELECT first_name, step_reached, answers FROM applications WHERE status = 'draft' AND certified_at IS NULL ORDER BY step_reached`,
      )
    ).rows;
    expect(drafts.map((r) => r.step_reached)).toEqual([1, 2, 3, 4, 5, 7]);
    const [step1, step2, step3, step4, step5, review] = drafts.map((r) => r.answers);
    expect(step1).toMatchObject({ dateOfBirth: '11/02/2006', addressState: 'NJ', maritalStatus: 'Single' });
    expect(step2).toMatchObject({ maritalStatus: 'Married', SpouseFirstName: 'Miriam' });
    expect(step3).toMatchObject({ emergencyContact: { relationship: 'Mother' }, highSchoolName: 'Bais Yaakov of Brooklyn' });
    expect(step4).toMatchObject({ bachelorCollege: 'Lander College for Men', currentlyEmployed: 'Yes', employmentType: 'Part time' });
    expect(step5).toMatchObject({ OTDCourse1: { status: 'Completed' }, seminaryName: 'Bnos Chava' });
    expect(review).toMatchObject({ firstReferenceNameAndNumber: { relationship: 'Principal' } });
    expect(review.certifyAllInformation).toBeUndefined();
  });

  it('shows the story on the dashboard: statuses, payments collected and waived, time per step, an active session', async () => {
    const res = await t.http().get('/api/admin/stats').set('Authorization', `Bearer ${adminToken}`);
    expect(res.status).toBe(200);
    const stats = res.body.data ?? res.body;
    expect(stats.total).toBe(10);
    expect(stats.byStatus).toEqual({ draft: 7, submitted: 2, withdrawn: 1 });
    expect(stats.byPaymentStatus).toEqual({ Unpaid: 7, Paid: 1, Waived: 1, Declined: 1 });
    // the demo's applications are in terms that begin after today, ordered by the office's calendar
    const starts = await t.db.query(`SELECT key, starts_on FROM terms WHERE key = ANY($1)`, [Object.keys(stats.bySemester)]);
    expect(starts.rows).toHaveLength(Object.keys(stats.bySemester).length);
    expect(starts.rows.length).toBeGreaterThanOrEqual(2);
    for (const row of starts.rows) expect((row.starts_on as Date).getTime()).toBeGreaterThan(Date.now());
    expect(stats.termOrder.filter((key: string) => key in stats.bySemester)).toEqual(
      [...starts.rows].sort((a, b) => a.starts_on - b.starts_on).map((row) => row.key),
    );
    // nobody paid a late fee: the demo's late fees start at the priority deadline, ahead
    expect(stats.byRound).toMatchObject({ priority: 10 });
    expect(stats.funnel.find((f: { step: number }) => f.step === 8).reached).toBe(3);

    const paid = (await t.db.query(`SELECT total, discount FROM payments WHERE status = 'approved'`)).rows;
    expect(paid).toHaveLength(1);
    expect(Number(paid[0].discount)).toBeGreaterThan(0);
    expect(stats.payments).toMatchObject({ attempts: 3, approved: 1, waived: 1, collected: Number(paid[0].total) });
    expect(stats.payments.byStatus.declined.count).toBe(1);

    const steps = stats.timePerStep.map((s: { step: string }) => s.step).sort();
    expect(steps).toEqual(['education', 'employment', 'family', 'payment', 'personal', 'prerequisites', 'references', 'review']);
    for (const step of stats.timePerStep) {
      expect(step.count).toBeGreaterThan(0);
      expect(step.medianSeconds).toBeGreaterThan(30);
      expect(step.medianSeconds).toBeLessThan(900);
    }
    expect(stats.activeSessions).toBe(1);
  });

  it('records the payments as the payment service does: the fake gateway with DEMO25, a waiver with DEMOWAIVER, a decline', async () => {
    const payments = (
      await t.db.query(
        `SELECT p.status, p.gateway, p.account_number, p.transaction_id, d.code, a.status AS app_status, a.payment_status, a.submitted_at
         FROM payments p JOIN applications a ON a.id = p.application_id LEFT JOIN discount_codes d ON d.id = p.discount_code_id
         ORDER BY p.status`,
      )
    ).rows;
    expect(payments).toEqual([
      expect.objectContaining({
        status: 'approved',
        gateway: 'fake',
        account_number: 'XXXX1111',
        code: 'DEMO25',
        app_status: 'submitted',
        payment_status: 'Paid',
      }),
      expect.objectContaining({ status: 'declined', gateway: 'fake', code: null, app_status: 'draft', payment_status: 'Declined' }),
      expect.objectContaining({ status: 'waived', gateway: 'none', code: 'DEMOWAIVER', app_status: 'submitted', payment_status: 'Waived' }),
    ]);
    expect(payments[0].transaction_id).toMatch(/^\d+$/);
    const codes = (await t.db.query(`SELECT code, kind, value, usage_count FROM discount_codes ORDER BY code`)).rows;
    expect(codes).toEqual([
      { code: 'DEMO25', kind: 'percent', value: '25.00', usage_count: 1 },
      { code: 'DEMOWAIVER', kind: 'waiver', value: '0.00', usage_count: 1 },
    ]);
  });

  it('withdraws one application and records the admin actions in the audit log', async () => {
    const withdrawn = (await t.db.query(`SELECT first_name, withdrawn_at FROM applications WHERE status = 'withdrawn'`)).rows;
    expect(withdrawn).toEqual([expect.objectContaining({ first_name: 'Sara' })]);
    const audit = (await t.db.query(`SELECT actor_email, action, resource FROM audit_log ORDER BY id`)).rows;
    expect(audit).toEqual([
      { actor_email: 'admin@example.com', action: 'create', resource: 'discount-codes' },
      { actor_email: 'admin@example.com', action: 'create', resource: 'discount-codes' },
      { actor_email: 'admin@example.com', action: 'withdraw', resource: 'applications' },
    ]);
  });

  it("lets an admin download the paid applicant's document byte for byte as a PDF", async () => {
    const [paid] = (await t.db.query(`SELECT id FROM applications WHERE payment_status = 'Paid'`)).rows;
    const detail = await t.http().get(`/api/admin/applications/${paid.id}`).set('Authorization', `Bearer ${adminToken}`);
    expect(detail.status).toBe(200);
    const record = detail.body.data ?? detail.body;
    expect(record.attachments).toHaveLength(1);
    const [attachment] = record.attachments;
    expect(attachment).toMatchObject({ slot: 'personalStatement', detectedType: 'application/pdf' });
    expect(record.timeLog.map((l: { step: string }) => l.step)).toEqual([
      'personal',
      'family',
      'education',
      'employment',
      'references',
      'review',
      'payment',
    ]);

    const download = await t.http().get(attachment.downloadUrl).set('Authorization', `Bearer ${adminToken}`).buffer(true).parse(binary);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toMatch(/^application\/pdf/);
    const bytes = download.body as Buffer;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBe(attachment.sizeBytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(attachment.sha256);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  });

  it('prints one link that opens the draft mid-way', async () => {
    const lines = seeded.printed.filter((line) => line.includes('Try one:'));
    expect(lines).toHaveLength(1);
    const url = new URL(/Try one: (\S+)/.exec(lines[0])![1]);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/validation');
    const check = await t
      .http()
      .get('/api/token/check')
      .query({ token: url.searchParams.get('token') });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ code: 'TKN-000', purpose: 'application' });
    expect(check.body.data).toMatchObject({ firstName: 'Chana', status: 'draft', stepReached: '3' });
  });

  it('adds nothing when seeded again (the database has applications)', async () => {
    // the receipts of the demo's payments are e-mailed by jobs, each with a new details token: let them finish
    for (let waited = 0; waited < 15_000; waited += 100) {
      const { rows } = await t.db.query(
        `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
        [RECEIPT_MAIL_QUEUE],
      );
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const before = await tableCounts();
    expect(await t.app.get(DemoDataService).seed('http://localhost:3000')).toBe(0);
    expect(await tableCounts()).toEqual(before);
  });

  it('is on by default only in development, and in production only when DEMO_DATA=true', async () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.internal:25',
      PAYMENT_GATEWAY: 'authorizenet',
      AUTHNET_API_LOGIN_ID: 'login',
      AUTHNET_TRANSACTION_KEY: 'key',
      AUTHNET_CLIENT_KEY: 'client',
      AUTHNET_ENVIRONMENT: 'sandbox',
    };
    expect(loadConfig({ NODE_ENV: 'development' }).DEMO_DATA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_DATA).toBe(false);
    expect(loadConfig(production).DEMO_DATA).toBe(false);
    expect(loadConfig({ ...production, DEMO_DATA: 'true' }).DEMO_DATA).toBe(true);
    // Off: answers before touching anything else it depends on (none is given here).
    const off = new (DemoDataService as unknown as new (config: AppConfig) => DemoDataService)({ DEMO_DATA: false } as AppConfig);
    expect(await off.seed('http://localhost:3000')).toBe(0);
  });
});
