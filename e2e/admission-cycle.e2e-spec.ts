import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DateTime } from 'luxon';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, logInToAdminConsole, newUser, settle, typeLikeAPerson } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * Issue 25 in chromium: the office runs its cycle in the console. An admin creates a term and an offering
 * of the women's MSW with names in three languages; an applicant on a phone sees it in Spanish, another in
 * Chinese, and starts; the admin closes the offering (confirming); a third applicant no longer sees it and
 * cannot start it; the admin rolls the term over to the next cycle, seeing the preview before saving.
 * The portal's catalogue is as the server made it (the embedded default: the upcoming terms), nothing opened
 * by the harness. Dates are computed from today — the test names no year.
 */

let portal: RunningPortal;
let browser: Browser;
let admin: Page;

const nextYear = DateTime.now().year + 1;
/** A term of the test's own, named from next year (never a fixed year). */
const TERM = {
  key: `Intensive ${nextYear}`,
  en: `Intensive session ${nextYear}`,
  es: `Sesión intensiva ${nextYear}`,
  zh: `${nextYear} 年强化学期`,
  startsOn: DateTime.now().plus({ months: 4 }).toISODate()!,
};
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const pause = (page: Page, ms = 250) => page.waitForTimeout(ms);
/** A `datetime-local` value `days` from now in the browser's zone (the console enters times in the admin's zone). */
const localInput = (days: number) => DateTime.now().plus({ days }).startOf('minute').toFormat("yyyy-MM-dd'T'HH:mm");

beforeAll(async () => {
  portal = await startPortal({}, { openSeededTerms: false });
  browser = await launchBrowser();
  const { context } = await newUser(browser, { locale: 'en-US', timezoneId: 'America/New_York' });
  admin = await context.newPage();
  await logInToAdminConsole(admin, portal.baseUrl, E2E_ADMIN);
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${portal.baseUrl}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Opens the welcome page as an applicant on a phone in `locale`, chooses women's MSW: the term choices shown. */
async function welcomeOnAPhone(locale: 'es' | 'zh-CN', browserLocale: string, zone: string) {
  const { context, errors } = await newUser(browser, { ...PHONE, locale: browserLocale, timezoneId: zone });
  await context.addCookies([{ name: 'locale', value: locale, url: portal.baseUrl }]);
  const page = await context.newPage();
  await page.goto(`${portal.baseUrl}/`);
  const female = locale === 'es' ? 'Mujer' : '女';
  await page.getByLabel(female, { exact: true }).check();
  await pause(page);
  const msw = locale === 'es' ? 'Maestría en Trabajo Social (MSW)' : '社会工作硕士（MSW）';
  await page.getByLabel(msw, { exact: true }).check();
  const semester = page.getByLabel(locale === 'es' ? '3. Semestre' : '3. 学期', { exact: true });
  await semester.waitFor();
  return { context, page, errors, semester };
}

describe('the admission cycle, run from the console (issue 25)', () => {
  it('an admin creates a term and an offering in three languages; phone applicants see it in es and zh-CN and start', async () => {
    // the term, typed as a person would, with the names in three languages
    await admin.getByRole('menuitem', { name: 'Terms' }).click();
    await admin.waitForURL(/\/admin\/terms/);
    await admin.getByRole('link', { name: 'Create' }).click();
    await admin.waitForURL(/\/admin\/terms\/create/);
    await typeLikeAPerson(admin.locator('input[name="key"]'), TERM.key);
    await admin.locator('input[name="startsOn"]').fill(TERM.startsOn);
    await typeLikeAPerson(admin.locator('input[name="labels.en"]'), TERM.en);
    await admin.locator('input[name="labels.es"]').fill(TERM.es);
    await admin.locator('input[name="labels.zh-CN"]').fill(TERM.zh);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/admin\/terms\/\d+/);
    const termId = Number(/\/admin\/terms\/(\d+)/.exec(admin.url())![1]);

    // its offering: the women's MSW, online, open from yesterday for two months, one round, a fee of 95.50
    await admin.getByRole('link', { name: 'Add an offering' }).click();
    await admin.waitForURL(/\/admin\/offerings\/create/);
    const program = admin.getByRole('combobox', { name: 'Program' });
    await program.click();
    await program.pressSequentially('MSW', { delay: 40 });
    await admin.getByRole('option', { name: /Female.*MSW/ }).click();
    await expect(admin.getByRole('combobox', { name: 'Term' }).inputValue()).resolves.toContain(TERM.key.split(' ')[0]);
    const locations = admin.getByRole('combobox', { name: 'Locations' });
    await locations.fill('Online');
    await locations.press('Enter');
    await admin.locator('input[name="opensAt"]').fill(localInput(-1));
    await admin.locator('input[name="closesAt"]').fill(localInput(60));
    await admin.getByRole('button', { name: 'Add' }).first().click();
    await admin.locator('input[name="rounds.0.key"]').fill('regular');
    await admin.locator('input[name="rounds.0.labels.en"]').fill('Regular deadline');
    await admin.locator('input[name="rounds.0.labels.es"]').fill('Plazo regular');
    await admin.locator('input[name="rounds.0.labels.zh-CN"]').fill('常规截止');
    await admin.locator('input[name="rounds.0.deadlineAt"]').fill(localInput(50));
    const fee = admin.locator('input[name="applicationFee"]');
    await fee.fill('95.5');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.waitForURL(/\/admin\/offerings(\/\d+)?\/?(\?|$)/);
    await settle(admin);

    // a Mexican applicant on a phone sees the new term by its Spanish name, with its deadline, and starts
    const es = await welcomeOnAPhone('es', 'es-MX', 'America/Mexico_City');
    const option = es.semester.locator('option', { hasText: TERM.es });
    await expect(option.count()).resolves.toBe(1);
    await es.semester.selectOption({ label: TERM.es });
    await es.page.getByText(/Presente su solicitud a más tardar el/).waitFor();
    await pause(es.page);
    await es.page.getByLabel('Sede', { exact: true }).selectOption('Online');
    await typeLikeAPerson(es.page.getByLabel('Nombre', { exact: true }), 'Lucía');
    await pause(es.page);
    await typeLikeAPerson(es.page.getByLabel('Apellido', { exact: true }), 'Fernández');
    await typeLikeAPerson(es.page.getByLabel('Correo electrónico', { exact: true }), 'lucia.fernandez@example.com');
    await es.semester.scrollIntoViewIfNeeded();
    await es.page.screenshot({ path: '/tmp/admission-cycle-es-phone.png' });
    await es.page.getByRole('button', { name: 'Comenzar la solicitud' }).click();
    await es.page.waitForURL(/\/application\/1\?token=/);
    const token = new URL(es.page.url()).searchParams.get('token')!;
    const record = await api<{ data: { semesterApplied: string; location: string } }>(`/token/check?token=${encodeURIComponent(token)}`);
    expect(record.body.data).toMatchObject({ semesterApplied: TERM.key, location: 'Online' });
    // her fee is the offering's, and no late fee (none set)
    const quote = await fetch(`${portal.baseUrl}/api/payments/quote?applicationId=${(record.body.data as unknown as { id: string }).id}`, {
      headers: { 'X-Application-Token': token },
    });
    expect(((await quote.json()) as { data: { amount: number; lateFee: number } }).data).toMatchObject({ amount: 95.5, lateFee: 0 });
    expect(es.errors).toEqual([]);
    await es.context.close();

    // a Chinese applicant sees it by its Chinese name
    const zh = await welcomeOnAPhone('zh-CN', 'zh-CN', 'Asia/Shanghai');
    await expect(zh.semester.locator('option', { hasText: TERM.zh }).count()).resolves.toBe(1);
    await zh.semester.scrollIntoViewIfNeeded();
    await zh.page.screenshot({ path: '/tmp/admission-cycle-zh-phone.png' });
    await zh.context.close();
    expect(termId).toBeGreaterThan(0);
  });

  it('the admin closes the offering (confirming); the next applicant no longer sees it and cannot start it', async () => {
    // the term's page lists its offerings
    await admin.getByRole('menuitem', { name: 'Terms' }).click();
    await admin.waitForURL(/\/admin\/terms/);
    await admin.getByText(TERM.key, { exact: true }).first().click();
    await admin.waitForURL(/\/admin\/terms\/\d+/);
    await admin.getByRole('heading', { name: 'Offerings in this term' }).waitFor();
    await admin
      .getByText(/Female · MSW/)
      .first()
      .click();
    await admin.waitForURL(/\/admin\/offerings\/\d+/);
    const open = admin.getByRole('switch', { name: 'Open' });
    await open.focus();
    await admin.keyboard.press('Space');
    await expect(open.isChecked()).resolves.toBe(false);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByRole('button', { name: 'Close applications' }).click();
    await admin.waitForURL(/\/admin\/offerings\/?(\?|$)/);
    await settle(admin);

    const es = await welcomeOnAPhone('es', 'es-MX', 'America/Mexico_City');
    await expect(es.semester.locator('option', { hasText: TERM.es }).count()).resolves.toBe(0);
    await es.context.close();
    const refused = await api<{ code: string; errors: Record<string, string[]> }>('/applications', {
      method: 'POST',
      headers: { 'accept-language': 'es' },
      body: JSON.stringify({
        gender: 'Female',
        fieldOfInterest: 'MSW',
        semester: TERM.key,
        location: 'Online',
        firstName: 'Ana',
        lastName: 'Ruiz',
        email: 'ana.ruiz@example.com',
        locale: 'es',
      }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.semester![0]).toMatch(/cerradas/);
  });

  it('rolls the term over to the next cycle in one step, shown before it is saved', async () => {
    await admin.getByRole('menuitem', { name: 'Terms' }).click();
    await admin.waitForURL(/\/admin\/terms/);
    await admin.getByText(TERM.key, { exact: true }).first().click();
    await admin.waitForURL(/\/admin\/terms\/\d+/);
    const source = admin.url();
    await admin.getByRole('button', { name: 'Roll over to next cycle' }).click();
    const dialog = admin.getByRole('dialog');
    const nextKey = `Intensive ${nextYear + 1}`;
    await dialog.getByText('What will be created').waitFor();
    await dialog.getByText(/MSW/).first().waitFor(); // the offering that will be copied, in the preview
    await expect(dialog.getByLabel("New term's key", { exact: true }).inputValue()).resolves.toBe(nextKey);
    await admin.screenshot({ path: '/tmp/admission-cycle-roll-over.png' });
    await dialog.getByRole('button', { name: 'Create the term and its offering' }).click();
    await admin.waitForURL((url) => /\/admin\/terms\/\d+/.test(url.pathname) && url.href !== source);
    const terms = await api<{ name: string; label: string }[]>('/programs/terms');
    expect(terms.body.map((term) => term.name)).toContain(nextKey);
  });
});
