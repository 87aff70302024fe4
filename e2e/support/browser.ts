import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';

/** Debian's chromium (never a downloaded browser: this machine has no network for that). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Launches headless chromium with the flags that keep it off the (closed) network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * A browser context for one user: own cookies and storage, a given time zone and locale.
 * Page errors and failed API calls are collected so tests can assert there were none.
 */
export async function newUser(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const errors: string[] = [];
  context.on('page', (page) => {
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  });
  context.on('response', (response) => {
    if (response.status() >= 500) errors.push(`${response.status()} ${response.url()}`);
  });
  return { context, errors };
}

/**
 * Opens the admin console at `<baseUrl>/admin/`, which sends a guest to the shared login page
 * (`/login?redirect=…`), logs in with `credentials` and waits until the console shows `landing`
 * (`/admin/` for an admin; a reader lands on `/admin/queue`).
 * @throws playwright's TimeoutError when a step does not happen (e.g. the credentials are refused)
 */
export async function logInToAdminConsole(
  page: Page,
  baseUrl: string,
  credentials: { email: string; password: string },
  landing = '/admin/',
): Promise<void> {
  await page.goto(`${baseUrl}/admin/`);
  await page.waitForURL(/\/login\?redirect=/);
  await page.getByLabel('E-mail', { exact: true }).fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${baseUrl}${landing}`);
}

/** Types like a person: click into the field, then one key at a time. */
export async function typeLikeAPerson(field: Locator, text: string): Promise<void> {
  await field.click();
  await field.pressSequentially(text, { delay: 25 });
}

/** Waits until the page has settled: no request for 500 ms and no busy indicator (react-admin's or `aria-busy`). */
export async function settle(page: Page): Promise<void> {
  const pending = new Set<string>();
  const add = (request: { url: () => string }) => pending.add(request.url());
  const done = (request: { url: () => string }) => pending.delete(request.url());
  page.on('request', add);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  try {
    await page.waitForLoadState('networkidle');
  } catch (error) {
    // name what kept the network busy (only requests started while waiting are seen)
    const waiting = [...pending].join(', ') || '(none seen)';
    throw new Error(`${(error as Error).message} — still pending on ${page.url()}: ${waiting}`, { cause: error });
  } finally {
    page.off('request', add);
    page.off('requestfinished', done);
    page.off('requestfailed', done);
  }
  await page
    .waitForFunction(() => !document.querySelector('.RaLoading, [aria-busy="true"]'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(100);
}
