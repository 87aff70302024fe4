import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { startSmtpSink, type SmtpSink } from '../server/test/support/smtp-sink.js';
import { apiClient, startApplication } from './support/api.js';
import { launchBrowser, logInToAdminConsole, newUser } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * Issue 11 item 1 in chromium: an account registered with an address sees none of the applications
 * started with it until it opens the verification link e-mailed there (over an in-process SMTP server);
 * then /home lists them and the notice is gone; the used link is refused the second time.
 */
let portal: RunningPortal;
let browser: Browser;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  browser = await launchBrowser();
  portal = await startPortal({ SMTP_URL: sink.url });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await sink?.close();
});

describe('ownership by proof: the e-mailed verification link', () => {
  it('lists the applications started with the address only after the link is opened, in the browser', async () => {
    const email = 'leah.verify@example.com';
    const started = await startApplication(apiClient(portal.baseUrl), { firstName: 'Leah', lastName: 'Gold', email }, 'Female');

    const { context, errors } = await newUser(browser);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/register`);
    await page.getByLabel('First name').fill('Leah');
    await page.getByLabel('Last name').fill('Gold');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('leah-password-1');
    await page.getByLabel('Confirm password').fill('leah-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${portal.baseUrl}/home`);

    // Not verified yet: the notice, and none of the applications started with the address.
    const notice = page.getByTestId('verify-email-notice');
    await notice.getByText(`we sent a link to ${email}`).waitFor();
    await page.getByTestId('home-empty').waitFor();

    // "Send the link again" right away is refused with the wait, in words.
    await notice.getByRole('button', { name: 'Send the link again' }).click();
    await notice.getByRole('alert').getByText('Too many attempts').waitFor();

    // The link e-mailed to the address verifies the account.
    const mail = await sink.waitFor((m) => m.to.includes(email) && m.text.includes('/email/verify/'), 10_000);
    expect(mail.subject).toBe('Please confirm your e-mail address');
    const link = new RegExp(`${portal.baseUrl.replace(/[.:/]/g, '\\$&')}/email/verify/[A-Za-z0-9_-]+`).exec(mail.text)![0];
    await page.goto(link);
    await page.getByTestId('email-verified').getByText('Thank you: your e-mail address is verified.').waitFor();
    await page.getByRole('link', { name: 'Go to my applications' }).click();
    await page.waitForURL(`${portal.baseUrl}/home`);
    const item = page.getByTestId('home-application');
    await item.waitFor();
    await expect(item.innerText()).resolves.toContain(started.data.referenceNumber);
    expect(await page.getByTestId('verify-email-notice').count()).toBe(0);

    // The link works once.
    await page.goto(link);
    await page.getByTestId('email-verify-failed').getByText('This verification link is invalid').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the application’s locale travels with its links (issue 11 item 6)', () => {
  it('opens a link of an application started in Chinese in Chinese on a new device, unless the device chose a language', async () => {
    const api = apiClient(portal.baseUrl);
    const programs = await api<{ name: string; courses: { semester: string; locations: string[] }[] }[]>('GET', '/programs?gender=female');
    const course = programs[0]!.courses[0]!;
    const started = await api<{ token: string }>(
      'POST',
      '/applications',
      {
        gender: 'Female',
        fieldOfInterest: programs[0]!.name,
        semester: course.semester,
        ...(course.locations[0] ? { location: course.locations[0] } : {}),
        firstName: '美玲',
        lastName: '王',
        email: 'meiling.link@example.com',
        locale: 'zh-CN',
      },
      {},
      201,
    );
    const link = `${portal.baseUrl}/validation?token=${encodeURIComponent(started.token)}`;

    // a new device whose browser prefers English, no locale cookie: the application's language
    const fresh = await newUser(browser, { locale: 'en-US' });
    const page = await fresh.context.newPage();
    await page.goto(link);
    await page.waitForURL(/\/application\/1\?token=/);
    await page.locator('html[lang="zh-CN"]').waitFor();
    await page.getByText('个人信息').first().waitFor();
    expect((await fresh.context.cookies(portal.baseUrl)).find((c) => c.name === 'locale')?.value).toBe('zh-CN');
    expect(fresh.errors).toEqual([]);
    await fresh.context.close();

    // a device where Spanish was chosen before: the cookie wins
    const chosen = await newUser(browser, { locale: 'en-US' });
    await chosen.context.addCookies([{ name: 'locale', value: 'es', url: portal.baseUrl }]);
    const page2 = await chosen.context.newPage();
    await page2.goto(link);
    await page2.waitForURL(/\/application\/1\?token=/);
    await page2.getByText('Información personal').first().waitFor();
    await expect(page2.locator('html').getAttribute('lang')).resolves.toBe('es');
    await chosen.context.close();
  });
});

describe('names the way people write them (issue 11 item 4)', () => {
  it('asks 姓 before 名 in zh-CN; English keeps the first name first', async () => {
    const { context } = await newUser(browser, { locale: 'zh-CN' });
    await context.addCookies([{ name: 'locale', value: 'zh-CN', url: portal.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/register`);
    const labels = page.locator('form .field__label');
    await labels.first().waitFor();
    expect((await labels.allInnerTexts()).slice(0, 2).map((l) => l.replace(/[*\s]/g, ''))).toEqual(['姓', '名']);
    await context.addCookies([{ name: 'locale', value: 'en', url: portal.baseUrl }]);
    await page.reload();
    await page.locator('form .field__label').first().waitFor();
    expect((await page.locator('form .field__label').allInnerTexts()).slice(0, 2).map((l) => l.replace(/[*\s]/g, ''))).toEqual([
      'Firstname',
      'Lastname',
    ]);
    await context.close();
  });
});

describe('reference statuses on the admin application page (issue 11 item 8)', () => {
  it('an admin sets the first reference to Received on the application page; the stored record has it', async () => {
    const api = apiClient(portal.baseUrl);
    const started = await startApplication(api, { firstName: 'Rina', lastName: 'Refs', email: 'rina.refs@example.com' }, 'Male');
    const { context, errors } = await newUser(browser);
    const page = await context.newPage();
    await logInToAdminConsole(page, portal.baseUrl, E2E_ADMIN);
    await page.goto(`${portal.baseUrl}/admin/applications/${started.id}/show`);
    const select = page.getByRole('combobox', { name: "First recommender's letter" });
    await expect(select.innerText()).resolves.toBe('Not requested');
    await select.click();
    await page.getByRole('option', { name: 'Received' }).click();
    await page.getByText('Reference status saved').waitFor();
    await expect(page.getByRole('combobox', { name: "First recommender's letter" }).innerText()).resolves.toBe('Received');

    const { token } = await api<{ token: string }>('POST', '/login', E2E_ADMIN);
    const record = await api<{ firstReferenceStatus: string; secondReferenceStatus: string }>(
      'GET',
      `/admin/applications/${started.id}`,
      undefined,
      { Authorization: `Bearer ${token}` },
    );
    expect(record).toMatchObject({ firstReferenceStatus: 'Received', secondReferenceStatus: 'Not requested' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
