import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, logInToAdminConsole, newUser } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * API keys for integrators (issue 14 item 5) end to end, in chromium: an admin creates a key in the
 * console, sees it once in a dialog, and finds it listed as active without the key; the key then reads
 * applications through the API but may not change them; the admin revokes it in the console and the
 * key is refused from then on.
 */
let portal: RunningPortal;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  portal = await startPortal();
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
});

/** A request to the API with the key as bearer; answers the status. */
async function withKey(key: string, method: 'GET' | 'POST', path: string): Promise<number> {
  const response = await fetch(`${portal.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${key}` } });
  await response.arrayBuffer();
  return response.status;
}

describe('API keys in the admin console (issue 14)', () => {
  it('creates a key shown once, which reads applications only, and revokes it', async () => {
    await logInToAdminConsole(page, portal.baseUrl, E2E_ADMIN);
    await page.getByRole('menuitem', { name: 'API keys' }).click();
    await page.waitForURL(/\/admin\/api-keys/);
    const empty = page.getByRole('status').filter({ hasText: 'No API keys yet.' });
    await empty.waitFor();
    await empty.getByRole('link', { name: 'Create' }).click();

    // the client refuses what the server would: no scope
    await page.getByLabel('Name', { exact: true }).fill('CRM sync');
    await page.getByRole('checkbox', { name: 'Read applications' }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Choose at least one scope').waitFor();
    await page.getByRole('checkbox', { name: 'Read applications' }).check();
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: 'API key “CRM sync” created' });
    await dialog.getByText('It is shown only once').waitFor();
    const key = await dialog.getByTestId('new-api-key').inputValue();
    expect(key).toMatch(/^pak_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.waitForURL(/\/admin\/api-keys\/?(\?|$)/);
    const row = page.locator('tbody tr').filter({ hasText: 'CRM sync' });
    await row.getByTestId('api-key-state').filter({ hasText: 'Active' }).waitFor();
    await expect(row.textContent()).resolves.toContain(`${key.slice(0, 12)}…`);
    await expect(row.textContent()).resolves.not.toContain(key);
    await expect(row.textContent()).resolves.toContain('Never used');

    expect(await withKey(key, 'GET', '/api/admin/applications')).toBe(200);
    expect(await withKey(key, 'GET', '/api/admin/users')).toBe(403);
    expect(await withKey(key, 'GET', '/api/admin/api-keys')).toBe(403);

    await page.reload();
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog').getByText('Requests with this key are refused from this moment.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('“CRM sync” is revoked.').waitFor();
    await row.getByTestId('api-key-state').filter({ hasText: 'Revoked' }).waitFor();
    expect(await withKey(key, 'GET', '/api/admin/applications')).toBe(401);
    expect(errors).toEqual([]);
  });
});
