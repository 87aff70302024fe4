import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, logInToAdminConsole, newUser } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * Webhooks in the admin console (issue 14 item 5), in chromium: an admin registers an endpoint (a local
 * receiver that answers 500 to the first try of each event), sees its signing secret once, finds the
 * delivery in the log with both response codes after the automatic retry, redelivers it by hand, and
 * deletes the endpoint after confirming.
 */
let portal: RunningPortal;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let receiver: http.Server;
let receiverUrl: string;
const tries = new Map<string, number>();
const SHOTS = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const n = (tries.get(id) ?? 0) + 1;
      tries.set(id, n);
      response.writeHead(n === 1 ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/portal`;
  portal = await startPortal({ WEBHOOK_RETRY_BASE_SECONDS: '0.5', JOBS_POLL_SECONDS: '0.5' });
  browser = await launchBrowser();
  const user = await newUser(browser, { timezoneId: 'America/New_York', locale: 'en-US' });
  context = user.context;
  errors = user.errors;
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await portal?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** Starts an application through the API (the event the endpoint subscribes to). */
async function startApplication(): Promise<void> {
  type Program = { name: string; courses: { semester: string; locations: string[] }[] };
  const programs = (await (await fetch(`${portal.baseUrl}/api/programs?gender=male`)).json()) as Program[];
  const course = programs.find((p) => p.name === 'MSW')!.courses[0];
  const response = await fetch(`${portal.baseUrl}/api/applications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      gender: 'Male',
      fieldOfInterest: 'MSW',
      semester: course.semester,
      location: course.locations[0],
      firstName: 'Moshe',
      lastName: 'Levi',
      email: 'moshe@example.com',
      locale: 'en',
    }),
  });
  expect(response.status).toBe(201);
}

describe('Webhooks in the admin console (issue 14)', () => {
  it('registers an endpoint (secret once), shows the delivery log with response codes, redelivers, deletes after confirming', async () => {
    await logInToAdminConsole(page, portal.baseUrl, E2E_ADMIN);
    await page.getByRole('menuitem', { name: 'Webhooks', exact: true }).click();
    await page.waitForURL(/\/admin\/webhooks/);
    const empty = page.getByRole('status').filter({ hasText: 'No webhook endpoints yet.' });
    await empty.waitFor();
    await empty.getByRole('link', { name: 'Create' }).click();

    // the client refuses what the server would: a plain-http address elsewhere than localhost
    await page.getByLabel('URL', { exact: true }).fill('http://crm.example.edu/hooks');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter an https:// address (http:// only for localhost)').waitFor();
    await page.getByLabel('URL', { exact: true }).fill(receiverUrl);
    await page.getByLabel('Description').fill('CRM');
    await page.getByRole('checkbox', { name: 'Application started' }).check();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-create.png`, fullPage: true });
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: 'Webhook endpoint created' });
    await dialog.getByText('It is shown only once').waitFor();
    const secret = await dialog.getByTestId('new-webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-secret.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/admin\/webhooks\/?(\?|$)/);
    const row = page.locator('tbody tr').filter({ hasText: receiverUrl });
    await row.getByText('Application started').waitFor();
    await expect(row.textContent()).resolves.not.toContain(secret);

    await startApplication();
    await row.getByRole('link', { name: 'Delivery log' }).click();
    await page.waitForURL(/\/admin\/webhook-deliveries/);
    const delivery = page.locator('tbody tr').filter({ hasText: 'Application started' });
    for (let i = 0; i < 40 && !(await delivery.getByText('Delivered').isVisible()); i++) {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.waitForTimeout(250);
    }
    await delivery.getByText('Delivered').waitFor();
    await expect(delivery.textContent()).resolves.toContain('204');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-deliveries.png`, fullPage: true });

    await delivery.getByText('Application started').click();
    const log = page.getByRole('table', { name: 'Attempts' });
    await log.waitFor();
    await expect(log.locator('tbody tr').allTextContents()).resolves.toEqual([
      expect.stringContaining('500'),
      expect.stringContaining('204'),
    ]);
    await page.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByText('Redelivered: the receiver answered 204.').waitFor();
    await log.locator('tbody tr').nth(2).waitFor();
    await expect(log.locator('tbody tr').nth(2).textContent()).resolves.toContain('Yes');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/webhook-delivery.png`, fullPage: true });

    await page.getByRole('menuitem', { name: 'Webhooks', exact: true }).click();
    await row.click();
    await page.getByText('The signing secret starts with').waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('its delivery log is deleted').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').filter({ hasText: 'No webhook endpoints yet.' }).waitFor();
    expect(errors).toEqual([]);
  });
});
