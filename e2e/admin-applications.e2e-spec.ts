import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { apiClient, arrangeMbaAtPayment, makePdf, startApplication, type ApiCall } from './support/api.js';
import { launchBrowser, logInToAdminConsole, newUser } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * Issue 5 (admin console: Dashboard Home and Applications) end to end. Two applications are made
 * through the public API: Eli Cohen's (MBA) is certified, paid with the fake gateway, has a résumé
 * uploaded with the details token and one time-log record; Dina Levi's is a fresh draft. In chromium
 * the admin logs in, reads the dashboard's numbers, filters the list by status, exports that filtered
 * list as CSV (its rows match the filter), opens Eli's application, downloads the résumé (the bytes
 * equal the upload), withdraws and reopens it through the confirmation dialogs, and sees the server's
 * STS-409 message when the status changed behind the page's back.
 */
let portal: RunningPortal;
let browser: Browser;
let api: ApiCall;

const ELI = { firstName: 'Eli', lastName: 'Cohen', email: 'eli.cohen@example.com' };
const DINA = { firstName: 'Dina', lastName: 'Levi', email: 'dina.levi@example.com' };
/** Eli's program (men's graduate program), as the dashboard shows it: its label in the admin's language. */
const PROGRAM = 'Master of Business Administration (MBA)';

beforeAll(async () => {
  // the fake gateway is refused in production: run the built portal as a test deployment
  portal = await startPortal({ NODE_ENV: 'test', PAYMENT_GATEWAY: 'fake' });
  api = apiClient(portal.baseUrl);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/**
 * Eli's application: every required answer, certified, paid with the fake gateway (approved), a time-log
 * record, and a résumé uploaded with the details token. Resolves with what the checks need.
 */
async function arrangePaidApplicationWithDocument(): Promise<{ id: string; reference: string; total: number; pdf: Buffer }> {
  const { id, token } = await arrangeMbaAtPayment(api, ELI);
  const headers = { 'X-Application-Token': token };
  await api('POST', '/timelog', { duration: 346.5, step: 'personal' }, headers, 201);

  const exp = DateTime.now().plus({ years: 2 }).toFormat('MM/yy');
  const opaqueData = {
    descriptor: 'FAKE.TEST.PAYMENT',
    value: Buffer.from(JSON.stringify({ cardNumber: '1111', exp, nonce: randomUUID() })).toString('base64'),
  };
  const paid = await api<{ data: { status: string; total: number; detailsToken: string; referenceNumber: string } }>(
    'POST',
    '/payments',
    {
      applicationId: id,
      opaqueData,
      creditCardFullName: `${ELI.firstName} ${ELI.lastName}`,
      creditCardBillingZip: '11219',
      requestId: `e2e-${randomUUID()}`,
    },
    headers,
    201,
  );
  expect(paid.data.status).toBe('approved');

  const pdf = await makePdf('Resume of Eli Cohen');
  const form = new FormData();
  form.append('parentId', id);
  form.append('field', 'resume');
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'eli-cohen-cv.pdf');
  const upload = await fetch(`${portal.baseUrl}/api/details/attachments`, {
    method: 'POST',
    headers: { 'X-Application-Token': paid.data.detailsToken, 'accept-language': 'en' },
    body: form,
  });
  expect(upload.status).toBe(201);
  return { id, reference: paid.data.referenceNumber, total: paid.data.total, pdf };
}

/** The visually hidden table of a dashboard chart as rows of cell texts. */
async function chartRows(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .evaluate((table) => [...table.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((c) => (c.textContent ?? '').trim())));
}

describe('admin console: dashboard and applications', () => {
  it('shows the dashboard, filters and exports applications, downloads a document, withdraws and reopens', async () => {
    const eli = await arrangePaidApplicationWithDocument();
    const dina = await startApplication(api, DINA, 'Female');
    expect(dina.data.status).toBe('draft');

    const { context, errors } = await newUser(browser, { locale: 'en-US', acceptDownloads: true });
    const page = await context.newPage();

    // Log in through the shared login page.
    await logInToAdminConsole(page, portal.baseUrl, E2E_ADMIN);

    // Dashboard Home: the numbers, with each chart's text alternative.
    await page.getByTestId('stat-total').waitFor();
    await expect(page.getByTestId('stat-total').textContent()).resolves.toBe('2');
    await expect(page.getByTestId('stat-draft').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('stat-submitted').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('stat-approved').textContent()).resolves.toBe('1');
    await expect(page.getByTestId('stat-collected').textContent()).resolves.toBe(
      new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(eli.total),
    );
    await expect(chartRows(page, 'chart-status')).resolves.toEqual([
      ['Draft', '1', '50%'],
      ['Submitted', '1', '50%'],
    ]);
    const funnel = await chartRows(page, 'chart-funnel');
    expect(funnel).toHaveLength(8);
    expect(funnel[0]).toEqual(['Step 1: Personal', '2', '100%']);
    expect(funnel[7]).toEqual(['Step 8: Payment', '1', '50%']);
    await expect(chartRows(page, 'chart-time')).resolves.toEqual([['Personal', '5 min, 47 sec', '5 min, 47 sec', '1']]);
    expect(await chartRows(page, 'chart-program')).toContainEqual([PROGRAM, '1']);
    // the charts themselves are drawn (SVG) and hidden from assistive technology
    await page.locator('[aria-hidden="true"] svg').first().waitFor();
    await page.getByRole('button', { name: 'Refresh statistics' }).click();
    await page.getByTestId('stats-updated').waitFor();
    // Background jobs (pg-boss on the embedded PostgreSQL): one row per queue; the upload clean-up ran at start-up.
    const jobs = page.getByTestId('jobs-card');
    await jobs.getByRole('rowheader', { name: 'Payment settlement' }).waitFor();
    await jobs.getByRole('rowheader', { name: 'Upload clean-up' }).waitFor();
    await expect(jobs.getByTestId('jobs-attachments-orphan-cleanup-failed').textContent()).resolves.toBe('0');

    // On a phone the dashboard (charts and their screen-reader tables) is no wider than the screen.
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${portal.baseUrl}/admin/`);
    await phone.getByTestId('chart-funnel').waitFor({ state: 'attached' });
    await phone.locator('[aria-hidden="true"] svg').first().waitFor();
    const widths = await phone.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(widths[0]).toBe(widths[1]);
    await phone.close();

    // Applications: both, newest first; filter by status Submitted.
    await page.getByRole('menuitem', { name: 'Applications' }).click();
    await page.waitForURL(/\/admin\/applications/);
    const rows = page.locator('tbody tr');
    await page.getByText(`${DINA.firstName} ${DINA.lastName}`).waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Status', exact: true }).click();
    await page.getByRole('combobox', { name: 'Status', exact: true }).click();
    await page.getByRole('option', { name: 'Submitted' }).click();
    await page.waitForURL(/filter=.*submitted/);
    await page.getByText(`${DINA.firstName} ${DINA.lastName}`).waitFor({ state: 'detached' });
    await expect(rows.count()).resolves.toBe(1);
    await expect(rows.first().textContent()).resolves.toContain(ELI.email);

    // Export the filtered list: every row matches the filter.
    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^applications-\d{4}-\d\d-\d\d\.csv$/);
    const csv = (await readFile((await csvDownload.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trim().split(/\r?\n/);
    const columns = header!.split(',');
    expect(columns).toEqual(expect.arrayContaining(['referenceNumber', 'email', 'status']));
    expect(lines).toHaveLength(1);
    const cells = lines[0]!.split(',');
    expect(cells[columns.indexOf('email')]).toBe(ELI.email);
    expect(cells[columns.indexOf('status')]).toBe('submitted');
    expect(cells[columns.indexOf('referenceNumber')]).toBe(eli.reference);
    await page.getByTestId('export-status').filter({ hasText: 'Downloaded applications-' }).waitFor();

    // Open Eli's application: every section, the document, the payment and the time log.
    await rows.first().click();
    await page.waitForURL(new RegExp(`/admin/applications/${eli.id}/show`));
    await page.getByRole('heading', { name: `${ELI.firstName} ${ELI.lastName} — application ${eli.reference}` }).waitFor();
    for (const section of [
      'Summary',
      'Step 1 · Personal',
      'Step 2 · Family',
      'Step 3 · Education',
      'Step 6 · References',
      'Step 7 · Review and signature',
      'Documents',
      'Payments',
      'Time log',
    ]) {
      await page.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    await expect(page.getByTestId('answers-family').textContent()).resolves.toContain('Moshe Cohen');
    await expect(page.getByTestId('payments').textContent()).resolves.toContain('Approved');
    await expect(page.getByTestId('time-log').textContent()).resolves.toContain('5 min, 47 sec');
    await expect(page.getByTestId('documents').textContent()).resolves.toContain('Résumé');

    // Download the document (fetched with the admin's token): the bytes are those uploaded.
    const [docDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download eli-cohen-cv.pdf' }).click(),
    ]);
    expect(docDownload.suggestedFilename()).toBe('eli-cohen-cv.pdf');
    const bytes = await readFile((await docDownload.path())!);
    expect(bytes.equals(eli.pdf)).toBe(true);

    // Withdraw, with the confirmation dialog.
    const statusChip = page.getByTestId('summary').getByTestId('status-chip');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Withdraw application ${eli.reference}?`).waitFor();
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText(`Application ${eli.reference} withdrawn`).waitFor();
    await statusChip.filter({ hasText: 'Withdrawn' }).waitFor();

    // Reopen, with the confirmation dialog: back to submitted.
    await page.getByRole('button', { name: 'Reopen' }).click();
    await dialog.getByText(`Reopen application ${eli.reference}?`).waitFor();
    await dialog.getByRole('button', { name: 'Reopen' }).click();
    await page.getByText(`Application ${eli.reference} reopened`).waitFor();
    await statusChip.filter({ hasText: 'Submitted' }).waitFor();

    // Someone else withdraws it meanwhile: the page's Withdraw answers STS-409 with the server's message.
    const login = await api<{ token: string }>('POST', '/login', E2E_ADMIN);
    const auth = { Authorization: `Bearer ${login.token}` };
    await api('POST', `/admin/applications/${eli.id}/withdraw`, undefined, auth);
    const conflict = await api<{ code: string; message: string }>('POST', `/admin/applications/${eli.id}/withdraw`, undefined, auth, 409);
    expect(conflict.code).toBe('STS-409');
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await page.getByText(conflict.message).waitFor();
    // the page reloads the record and offers Reopen
    await statusChip.filter({ hasText: 'Withdrawn' }).waitFor();
    await page.getByRole('button', { name: 'Reopen' }).waitFor();

    const after = await api<{ status: string }>('GET', `/admin/applications/${eli.id}`, undefined, auth);
    expect(after.status).toBe('withdrawn');
    expect(errors).toEqual([]);
    await context.close();
  });
});
