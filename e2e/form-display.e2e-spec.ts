import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { apiClient, scheduleMaintenanceNow, startApplication, storedRecord, type ApiCall } from './support/api.js';
import { launchBrowser, newUser } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';
import { dateValue } from './support/date-fields.js';

/**
 * Issue 10 items 2 and 4 end to end, in chromium:
 * - on a phone-sized touch screen (390×844), an applicant types a date of birth with digits only, as a
 *   numeric keypad allows (no "/"), at a person's pace; the field shows MM/DD/YYYY as they type, and the
 *   server stores spec §3's MM/DD/YYYY, which a reload shows again;
 * - while a maintenance window is in progress, the banner says the form is offline now and until when
 *   (in the viewer's zone, here America/Los_Angeles), the step's fields are disabled under that message
 *   and "Save and continue" is disabled; once the window is gone the form is editable again.
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

describe('dates typed on a phone', () => {
  it('turns digits typed on a numeric keypad into MM/DD/YYYY, on the screen and on the server', async () => {
    const { token } = await startApplication(api, { firstName: 'Tova', lastName: 'Klein', email: 'tova.klein@example.com' }, 'Female');
    const { context, errors } = await newUser(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/application/1?token=${encodeURIComponent(token)}`);
    // the date of birth asks month, day and year in three fields (issue 27), each on a numeric keypad
    const born = page.getByRole('group', { name: /Date of birth/ });
    await born.waitFor();
    const month = born.getByLabel('Month');
    const day = born.getByLabel('Day');
    const year = born.getByLabel('Year');
    for (const part of [month, day, year]) await expect(part.getAttribute('inputmode')).resolves.toBe('numeric');

    await month.tap();
    await month.pressSequentially('04', { delay: 60 });
    await day.tap();
    await day.pressSequentially('12', { delay: 60 });
    await expect(dateValue(page, 'dateOfBirth')).resolves.toBe('04/12/');
    await year.tap();
    await year.pressSequentially('1996', { delay: 60 });
    await expect(dateValue(page, 'dateOfBirth')).resolves.toBe('04/12/1996');
    // the person taps elsewhere, as on a phone
    await page.getByRole('heading', { level: 2 }).first().tap();

    const deadline = Date.now() + 15_000;
    let onServer: unknown;
    while (Date.now() < deadline) {
      onServer = (await storedRecord(api, token)).dateOfBirth;
      if (onServer === '04/12/1996') break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(onServer).toBe('04/12/1996');

    await page.reload();
    await page
      .getByRole('group', { name: /Date of birth/ })
      .getByLabel('Year')
      .waitFor();
    await expect(dateValue(page, 'dateOfBirth')).resolves.toBe('04/12/1996');
    await expect(
      page
        .getByRole('group', { name: /Date of birth/ })
        .getByLabel('Day')
        .inputValue(),
    ).resolves.toBe('12');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('maintenance in progress', () => {
  it('says offline now until the end in the viewer’s zone and makes the step read-only', async () => {
    const { token } = await startApplication(api, { firstName: 'Leah', lastName: 'Gross', email: 'leah.gross@example.com' }, 'Female');
    const maintenance = await scheduleMaintenanceNow(api, E2E_ADMIN);

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
    const endHere = maintenance.end.setZone('America/Los_Angeles').toFormat('h:mm a');
    expect(text).toContain(endHere);
    expect(text).toMatch(/P[SD]T/);

    await page.getByTestId('maintenance-read-only').waitFor();
    await expect(page.getByLabel('First name', { exact: true }).isDisabled()).resolves.toBe(true);
    await expect(
      page
        .getByRole('group', { name: /Date of birth/ })
        .getByLabel('Month')
        .isDisabled(),
    ).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Save and continue' }).isDisabled()).resolves.toBe(true);

    // the window is removed: after a reload the banner is gone and the form is editable
    await maintenance.remove();
    await page.reload();
    await page.getByLabel('First name', { exact: true }).waitFor();
    await expect(banner.count()).resolves.toBe(0);
    await expect(page.getByLabel('First name', { exact: true }).isDisabled()).resolves.toBe(false);
    await expect(page.getByRole('button', { name: 'Save and continue' }).isDisabled()).resolves.toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
