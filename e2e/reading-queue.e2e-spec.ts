import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { apiClient, startApplication, type ApiCall } from './support/api.js';
import { launchBrowser, logInToAdminConsole, newUser } from './support/browser.js';
import { rateWithKeyboard } from './support/reading.js';
import { createTestDatabase, type TestDatabase } from './support/database.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * The reading queue (issue 15 item 2) end to end in chromium: an admin assigns a complete application to
 * a reader from its page; the reader logs in, lands on My queue, opens it, rates every criterion and
 * recommends with the keyboard only, saves; the admin sees the averages. The portal runs on its own
 * database on the test PostgreSQL server so the application can be marked complete directly.
 */
const READER = { first_name: 'Ruth', last_name: 'Reader', email: 'ruth.reader@example.com', password: 'reader-password-1' };

let portal: RunningPortal;
let browser: Browser;
let api: ApiCall;
let database: TestDatabase;
let db: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  portal = await startPortal({ NODE_ENV: 'test', DATABASE_URL: database.url });
  api = apiClient(portal.baseUrl);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await database?.drop();
});

describe('reading queue', () => {
  it('admin assigns, the reader rates from My queue with the keyboard, the admin sees the average', async () => {
    const started = await startApplication(api, { firstName: 'Eli', lastName: 'Cohen', email: 'eli.cohen@example.com' }, 'Male');
    const id = started.id;
    await db.query(`UPDATE applications SET status = 'complete', submitted_at = now(), completed_at = now() WHERE id = $1`, [id]);
    await api('POST', '/register', { ...READER, password_confirmation: READER.password }, {}, 201);

    // the admin makes the account a reader on the Users screen (role select, confirmed)
    const { context: adminContext, errors: adminErrors } = await newUser(browser);
    const adminPage = await adminContext.newPage();
    await logInToAdminConsole(adminPage, portal.baseUrl, E2E_ADMIN);
    await adminPage.getByRole('menuitem', { name: 'Users' }).click();
    await adminPage.getByRole('textbox', { name: 'Search' }).fill(READER.email);
    // the search is debounced: wait until the list is filtered, so the row click is not undone by it
    await adminPage.waitForURL(/filter=/);
    await adminPage.locator('tbody tr').filter({ hasText: READER.email }).getByText('Applicant').waitFor();
    await adminPage.locator('tbody tr').filter({ hasText: READER.email }).getByText(READER.email).click();
    await adminPage.waitForURL(/\/admin\/users\/[0-9a-f-]{36}$/);
    await adminPage.getByRole('textbox', { name: 'First name' }).waitFor();
    await adminPage.getByTestId('role-select').getByRole('combobox').click();
    await adminPage.getByRole('option', { name: 'Reader' }).click();
    await adminPage.getByRole('dialog').getByText('Ruth Reader will become: Reader.').waitFor();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await adminPage.getByText('Ruth Reader is now: Reader.').waitFor();
    await adminPage.getByTestId('user-role').filter({ hasText: 'Reader' }).waitFor();
    await adminPage.screenshot({ path: '/tmp/i15-users-role.png' });
    expect((await db.query(`SELECT role FROM users WHERE email = $1`, [READER.email])).rows[0].role).toBe('reader');

    // the admin assigns the application from its page
    await adminPage.goto(`${portal.baseUrl}/admin/applications/${id}/show`);
    await adminPage.getByRole('button', { name: 'Assign to readers' }).click();
    await adminPage.getByRole('combobox', { name: 'Readers' }).fill('Ruth');
    await adminPage.getByRole('option', { name: /ruth\.reader@example\.com/ }).click();
    await adminPage.screenshot({ path: '/tmp/i15-assign.png' });
    await adminPage.getByRole('button', { name: 'Assign', exact: true }).click();
    await adminPage.getByText('1 application(s) matched; 1 assignment(s) added.').waitFor();
    await adminPage.getByText('Ruth Reader (ruth.reader@example.com) — not reviewed yet').waitFor();

    // the reader logs in and lands on My queue
    const { context: readerContext, errors: readerErrors } = await newUser(browser);
    const page = await readerContext.newPage();
    await logInToAdminConsole(page, portal.baseUrl, READER, '/admin/queue');
    await page.getByRole('menuitem', { name: 'My queue' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Manage Dropdowns' }).count()).toBe(0);
    await page.getByText('To review').first().waitFor();
    await page.screenshot({ path: '/tmp/i15-queue.png' });
    await page.getByRole('link', { name: started.data.referenceNumber }).click();
    await page.getByTestId('review-form').waitFor();

    // keyboard only: focus the first rating, arrows choose, Tab moves to the next group
    await rateWithKeyboard(page, 'Academic preparation', [4, 5, 3, 4], 'Thoughtful essay.');
    await page.screenshot({ path: '/tmp/i15-review-form.png', fullPage: true });
    await page.keyboard.press('Enter');
    await page.getByText('Your review is saved.').waitFor();
    expect(await page.getByRole('radio', { name: '4 of 5: Academic preparation' }).isChecked()).toBe(true);

    const rows = await db.query(`SELECT ratings, recommendation, comments FROM application_reviews WHERE application_id = $1`, [id]);
    expect(rows.rows).toHaveLength(1);
    expect(Object.values(rows.rows[0].ratings).sort()).toEqual([3, 4, 4, 5]);
    expect(rows.rows[0]).toMatchObject({ recommendation: 'admit', comments: 'Thoughtful essay.' });

    // the admin sees the averages
    await adminPage.reload();
    await adminPage.getByTestId('review-overall').filter({ hasText: '4.0' }).waitFor();
    await adminPage.getByText('Admit: 1').waitFor();
    await adminPage.getByText('Under review').first().waitFor();
    await adminPage.screenshot({ path: '/tmp/i15-averages.png', fullPage: true });

    // the criteria are the admin's to edit, in every language
    await adminPage.getByRole('menuitem', { name: 'Review criteria' }).click();
    await adminPage.getByText('Adecuación al programa').waitFor();
    await adminPage.screenshot({ path: '/tmp/i15-criteria.png' });
    expect(adminErrors).toEqual([]);
    expect(readerErrors).toEqual([]);
    await adminContext.close();
    await readerContext.close();
  });
});
