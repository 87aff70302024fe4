import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DateTime } from 'luxon';
import type { Browser } from 'playwright-core';
import { apiClient, startApplication, type ApiCall } from './support/api.js';
import { launchBrowser, newUser } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * Issue 10 item 4 end to end: while a maintenance window is in progress, the banner says the form is
 * offline now and until when (in the viewer's zone, here America/Los_Angeles), the step's fields are
 * disabled under that message and Next is disabled; once the window is gone the form is editable again.
 */
let portal: RunningPortal;
let browser: Browser;
let api: ApiCall;

beforeAll(async () => {
  portal = await startPortal();
  api = apiClient(portal.baseUrl);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('maintenance in progress', () => {
  it('says offline now until the end in the viewer’s zone and makes the step read-only', async () => {
    const { token } = await startApplication(api, { firstName: 'Leah', lastName: 'Gross', email: 'leah.gross@example.com' }, 'Female');
    const login = await api<{ token: string }>('POST', '/login', E2E_ADMIN);
    const auth = { Authorization: `Bearer ${login.token}` };
    const now = DateTime.now().setZone('America/New_York');
    const from = now.minus({ minutes: 5 });
    const to = now.plus({ hours: 1 }).set({ second: 0, millisecond: 0 });
    const window = await api<{ id: number }>(
      'POST',
      '/admin/maintenance-windows',
      { startDate: from.toISODate(), startTime: from.toFormat('HH:mm'), endDate: to.toISODate(), endTime: to.toFormat('HH:mm') },
      auth,
      201,
    );

    const { context, errors } = await newUser(browser, { locale: 'en-US', timezoneId: 'America/Los_Angeles' });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/application/1?token=${encodeURIComponent(token)}`);
    const banner = page.getByTestId('maintenance-banner');
    await banner.waitFor();
    await expect(banner.getAttribute('data-phase')).resolves.toBe('in-progress');
    const text = (await banner.textContent()) ?? '';
    expect(text).toContain('offline for scheduled maintenance now, until');
    expect(text).not.toContain('will be offline');
    // the end, shown in Los Angeles time with its zone's short name (PST or PDT)
    const endHere = to.setZone('America/Los_Angeles').toFormat('h:mm a');
    expect(text).toContain(endHere);
    expect(text).toMatch(/P[SD]T/);

    await page.getByTestId('maintenance-read-only').waitFor();
    await expect(page.getByLabel('First name', { exact: true }).isDisabled()).resolves.toBe(true);
    await expect(page.getByLabel('Date of birth').isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Save and continue' }).isDisabled()).resolves.toBe(true);

    // the window is removed: after a reload the banner is gone and the form is editable
    await api('DELETE', `/admin/maintenance-windows/${window.id}`, undefined, auth);
    await page.reload();
    await page.getByLabel('First name', { exact: true }).waitFor();
    await expect(banner.count()).resolves.toBe(0);
    await expect(page.getByLabel('First name', { exact: true }).isDisabled()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Save and continue' }).isDisabled()).resolves.toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
