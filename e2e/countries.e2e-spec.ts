import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { DateTime } from 'luxon';
import { apiClient, arrangeMbaAnswered, startApplication, storedRecord, type ApiCall } from './support/api.js';
import { launchBrowser, newUser } from './support/browser.js';
import { startPortal, type RunningPortal } from './support/portal.js';
import { typeDate } from './support/date-fields.js';

/**
 * Issue 11 item 2 "applicants from anywhere", in chromium: an applicant in Toronto picks Canada on step 1;
 * the US state and ZIP give way to a province and a postal code, a US ZIP is refused as a Canadian
 * postal code, a real one is accepted, the phone is stored as E.164 and shown back in national format;
 * then pays with a Canadian billing postal code (the billing country starts as the applicant's).
 */
let portal: RunningPortal;
let browser: Browser;
let api: ApiCall;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  api = apiClient(portal.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('step 1 for an applicant outside the United States', () => {
  it('in Toronto: country select, province and postal code, E.164 phone shown nationally', async () => {
    const started = await startApplication(api, { firstName: 'Leah', lastName: 'Cohen', email: 'leah.toronto@example.com' }, 'Female');
    const { context, errors } = await newUser(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/application/1?token=${started.token}`);
    const country = page.getByLabel('Country', { exact: true });
    await expect(country.inputValue()).resolves.toBe('United States');
    await page.getByLabel('State', { exact: true }).waitFor();

    await country.selectOption('Canada');
    await page.getByLabel('Province / state / region', { exact: true }).waitFor();
    expect(await page.getByLabel('State', { exact: true }).count()).toBe(0);
    await page.getByLabel('Province / state / region', { exact: true }).fill('Ontario');
    await page.getByLabel('Postal code', { exact: true }).fill('11230');
    await typeDate(page, 'dateOfBirth', '03/15/1998');
    await page.getByLabel('Marital status', { exact: true }).selectOption('Single');
    await page.getByLabel('Cell phone', { exact: true }).fill('416 555 0199');

    await page.locator('form.step-form button[type="submit"]').click();
    // the field's message (held by the autosave it reads "Not saved: …") and the error summary's link both name it
    await page.getByText('Enter a postal code of the chosen country.').first().waitFor();
    await expect(page.getByLabel('Postal code', { exact: true }).getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByLabel('Postal code', { exact: true }).fill('M5V 3L9');
    await page.locator('form.step-form button[type="submit"]').click();
    await page.waitForURL(/\/application\/2\?token=/);

    const record = await storedRecord(api, started.token);
    expect(record).toMatchObject({ addressCountry: 'Canada', addressRegion: 'Ontario', addressZip: 'M5V 3L9', cellPhone: '+14165550199' });
    expect(record.addressState).toBeUndefined();

    await page.goto(`${portal.baseUrl}/application/1?token=${started.token}`);
    await expect(page.getByLabel('Cell phone', { exact: true }).inputValue()).resolves.toBe('(416) 555-0199');
    await expect(page.getByLabel('Postal code', { exact: true }).inputValue()).resolves.toBe('M5V 3L9');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in Toronto: pays with a Canadian billing postal code', async () => {
    const person = { firstName: 'Eli', lastName: 'Katz', email: 'eli.toronto@example.com' };
    const { id, token, record } = await arrangeMbaAnswered(api, person);
    const headers = { 'X-Application-Token': token };
    const moved = await api<{ data: { version: number } }>(
      'PATCH',
      `/applications/${id}`,
      { version: record.version, addressCountry: 'Canada', addressState: null, addressRegion: 'Ontario', addressZip: 'M5V 3L9' },
      headers,
    );
    const signed = {
      certifyAllInformation: true,
      fullNameSignature: 'Eli Katz',
      dateSignature: DateTime.now().setZone('America/New_York').toFormat('MM/dd/yyyy'),
      version: moved.data.version,
    };
    await api('POST', `/applications/${id}/submit`, signed, headers);

    const { context, errors } = await newUser(browser, { locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/application/8?token=${token}`);
    const country = page.getByLabel('Billing country', { exact: true });
    await country.waitFor();
    await expect(country.inputValue()).resolves.toBe('Canada');
    await page.getByLabel('Billing postal code', { exact: true }).fill('11219');
    await page.getByLabel('Card number').fill('4111 1111 1111 1111');
    await page.getByLabel('Expiry month').selectOption('12');
    await page.getByLabel('Expiry year').selectOption(String(DateTime.now().year + 2));
    await page.getByLabel('Security code (CVV)').fill('123');
    const pay = page.getByRole('button', { name: /^Pay / });
    await pay.click();
    await page.getByText('Enter the billing postal code of the chosen country.', { exact: true }).waitFor();
    await page.getByLabel('Billing postal code', { exact: true }).fill('M5V 3L9');
    await pay.click();
    await page.waitForURL(`${portal.baseUrl}/application/thank-you`);
    await page.getByRole('heading', { name: 'Thank you — your application is submitted' }).waitFor();
    await expect(page.getByTestId('receipt').textContent()).resolves.toContain('Paid');
    expect(errors).toEqual([]);
    await context.close();
  });
});
