import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PNG } from 'pngjs';
import type { Browser, BrowserContext, FileChooser, Page } from 'playwright-core';
import { apiClient, arrangeMbaAtPayment, makePdf, payWithTestCard, type ApiCall } from './support/api.js';
import { launchBrowser, newUser, settle } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * Keyboard only (issue 13, WCAG 2.1.1): in chromium, with nothing but `page.keyboard` (Tab, Shift+Tab,
 * arrow keys, Space, Enter and typing; no click, no `fill`), a person starts an application on `/`,
 * uploads a document on the documents step of an application arranged through the API (the file chooser
 * opened with Space on the file control, whose focus is kept through the upload; a refused file is announced with role=alert and focus stays on
 * the control, a stored one with role=status), and, in the admin console, logs in, skips to the content
 * and opens an application from the list. Navigation by URL (`page.goto`) stands for following an e-mailed link.
 */
let portal: RunningPortal;
let browser: Browser;
let api: ApiCall;

/** Most Tab presses a test may need to reach a control before it counts as unreachable. */
const MAX_TABS = 80;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  api = apiClient(portal.baseUrl);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** A fresh English context at `viewport` with a page whose steps wait at most 15 s. */
async function keyboardUser(viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, errors } = await newUser(browser, { viewport, locale: 'en-US' });
  await context.addCookies([{ name: 'locale', value: 'en', url: portal.baseUrl }]);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page, errors };
}

/** Whether the focused element matches `selector`. */
const focusIs = (page: Page, selector: string) => page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);

/** A short description of the focused element (for failure messages). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.getAttribute('name') ? `[name=${el.getAttribute('name')}]` : ''}`;
  });

/**
 * Presses Tab (Shift+Tab when `back`) until the focused element matches `selector`.
 * @throws Error naming the selector and the last focused element when {@link MAX_TABS} presses do not reach it
 */
async function tabTo(page: Page, selector: string, back = false): Promise<void> {
  for (let i = 0; i < MAX_TABS; i++) {
    if (i > 0 || !(await focusIs(page, selector))) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await focusIs(page, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}; focus is on ${await focused(page)}`);
}

/**
 * The file choosers `page` opens, in order, through one `filechooser` listener kept for the page's
 * life. `page.waitForEvent('filechooser')` per chooser is racy: playwright turns chromium's chooser
 * interception on when a page gets its first such listener and off when it loses its last, without
 * waiting (a fire-and-forget subscription), so a key pressed right after the next `waitForEvent` could
 * reach chromium while interception was still off — chromium then opened a real chooser that headless
 * never answers, and the event never came (issue 23's flaky run). Registered before the page loads,
 * interception stays on from then on.
 */
function fileChoosers(page: Page): { next(timeoutMs?: number): Promise<FileChooser> } {
  const opened: FileChooser[] = [];
  const waiting: ((chooser: FileChooser) => void)[] = [];
  page.on('filechooser', (chooser) => {
    const resolve = waiting.shift();
    if (resolve) resolve(chooser);
    else opened.push(chooser);
  });
  return {
    next(timeoutMs = 15_000) {
      const ready = opened.shift();
      if (ready) return Promise.resolve(ready);
      return new Promise<FileChooser>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          reject(new Error(`no file chooser opened within ${timeoutMs} ms`));
        }, timeoutMs);
        const done = (chooser: FileChooser) => {
          clearTimeout(timer);
          resolve(chooser);
        };
        waiting.push(done);
      });
    },
  };
}

/** A small PNG made with pngjs. */
function makePng(size = 32): Buffer {
  const png = new PNG({ width: size, height: size });
  png.data.fill(200);
  return PNG.sync.write(png);
}

describe('keyboard only', () => {
  it('starts an application from the welcome page', async () => {
    const { context, page, errors } = await keyboardUser();
    await page.goto(`${portal.baseUrl}/`);
    await page.getByRole('heading', { name: 'Apply online' }).waitFor();

    // gender: Tab into the radio group, the arrow key moves to and chooses "Male"
    await tabTo(page, 'input[type=radio][value="Female"]');
    await page.keyboard.press('ArrowRight');
    await expect(focusIs(page, 'input[type=radio][value="Male"]:checked')).resolves.toBe(true);

    // program: Tab to the programs' radio group, Space chooses the focused one
    await page.locator('input[name="fieldOfInterest"]').first().waitFor();
    await tabTo(page, 'input[name="fieldOfInterest"]');
    await page.keyboard.press('Space');
    await expect(focusIs(page, 'input[name="fieldOfInterest"]:checked')).resolves.toBe(true);

    // semester (and a location where offered): each select takes its first choice with ArrowDown
    for (let i = 0; i < 2 && (await page.locator('form.start-form').count()) === 0; i++) {
      await tabTo(page, '.welcome select:not(:disabled):has(option[value=""]:checked)');
      const before = await page.evaluate(() => (document.activeElement as HTMLSelectElement).value);
      expect(before).toBe('');
      await page.keyboard.press('ArrowDown');
      await expect(page.evaluate(() => (document.activeElement as HTMLSelectElement).value)).resolves.not.toBe('');
    }

    // the start form: type the name and e-mail, Enter starts the application
    await page.locator('form.start-form').waitFor();
    await tabTo(page, 'input[name="firstName"]');
    await page.keyboard.type('Tova');
    await tabTo(page, 'input[name="lastName"]');
    await page.keyboard.type('Klein');
    await tabTo(page, 'input[name="email"]');
    await page.keyboard.type('tova.keyboard@example.com');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/application\/1\?token=/);
    await settle(page);
    // focus is not lost on the new page: the next Tab lands on a control of the page, not nowhere
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.not.toBe('body');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('uploads a document on the documents step: a refused file is announced and keeps focus, a good one is announced stored', async () => {
    const person = { firstName: 'Gila', lastName: 'Weiss', email: 'gila.keyboard@example.com' };
    const paid = await arrangeMbaAtPayment(api, person);
    const detailsToken = await payWithTestCard(api, paid.id, paid.token, 'Gila Weiss');
    const { context, page, errors } = await keyboardUser();
    const choosers = fileChoosers(page);
    await page.goto(`${portal.baseUrl}/details/1?token=${encodeURIComponent(detailsToken)}`);
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await page.locator('#file-picture').waitFor();
    await settle(page);

    /**
     * Opens the picture's file chooser with Space on its focused control (the key chromium documents for
     * file inputs; Enter does not reliably open it) and chooses `file`.
     */
    const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      await tabTo(page, '#file-picture');
      const [chooser] = await Promise.all([choosers.next(), page.keyboard.press('Space')]);
      expect(chooser.isMultiple()).toBe(false);
      await chooser.setFiles(file);
    };

    // a PDF for the picture is refused: announced (role=alert), and focus stays on (or returns to) the control
    await choose({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: await makePdf('Not a picture') });
    await page.getByRole('alert').filter({ hasText: 'Photo of yourself' }).waitFor();
    await expect(page.getByTestId('errors-picture').textContent()).resolves.toContain('JPEG or PNG');
    await page.waitForFunction(() => document.activeElement?.id === 'file-picture', undefined, { timeout: 5000 });

    await settle(page);
    // a PNG chosen the same way is stored: announced (role=status), the slot says so, focus still on the control
    await choose({ name: 'photo.png', mimeType: 'image/png', buffer: makePng() });
    await page.getByRole('status').filter({ hasText: 'photo.png is uploaded' }).waitFor({ timeout: 30_000 });
    await page.locator('[data-slot="picture"]').getByText('Uploaded: photo.png').waitFor();
    await expect(page.getByTestId('errors-picture').count()).resolves.toBe(0);
    await expect(focused(page)).resolves.toBe('input#file-picture');
    // once the step is no longer busy, Shift+Tab goes back to the slot's Remove button, which names the slot
    await page.locator('[data-slot="picture"] button:not(:disabled)').waitFor();
    await tabTo(page, 'button', true);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toMatch(/^Remove\s+Photo of yourself/);

    const stored = await api<{ data: { field: string; name: string }[] }>('GET', `/applications/${paid.id}/attachments`, undefined, {
      'X-Application-Token': detailsToken,
    });
    expect(stored.data).toEqual([expect.objectContaining({ field: 'picture', name: 'photo.png' })]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('in the console: logs in, skips to the content, opens an application from the list with Tab and Enter, and keeps the app bar in view', async () => {
    await arrangeMbaAtPayment(api, { firstName: 'Dov', lastName: 'Ross', email: 'dov.keyboard@example.com' });
    const { context, page, errors } = await keyboardUser({ width: 1280, height: 500 });
    await page.goto(`${portal.baseUrl}/admin/applications`);
    await page.waitForURL(/\/login\?redirect=/);
    await tabTo(page, 'input[type=email]');
    await page.keyboard.type(E2E_ADMIN.email);
    await tabTo(page, 'input[type=password]');
    await page.keyboard.type(E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/'));
    await page.goto(`${portal.baseUrl}/admin/applications`);
    await settle(page);
    // the first Tab reaches the skip link, shown whole inside the viewport
    await page.keyboard.press('Tab');
    const skip = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const r = el.getBoundingClientRect();
      return { text: el.textContent, top: r.top, left: r.left, bottom: r.bottom, right: r.right };
    });
    expect(skip.text).toMatch(/skip/i);
    expect(skip.top).toBeGreaterThanOrEqual(0);
    expect(skip.left).toBeGreaterThanOrEqual(0);
    expect(skip.right).toBeLessThanOrEqual(1280);
    // Tab on until a reference number link has focus, then Enter opens the application
    await tabTo(page, 'a[href$="/show"]');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/admin\/applications\/[^/]+\/show$/);
    await settle(page);
    await page.getByText('Dov').first().waitFor();
    // the page change moves focus to the document's start (a task after the render: under CI load a Tab
    // pressed at machine speed can come first, which a person's cannot)
    await page.waitForFunction(() => document.activeElement?.id === 'focus-start');
    // the opened page's focus order starts at the top: skip link, then the app bar, the menu, the page (issue 24)
    const regions: string[] = [];
    for (let i = 0; i < 40 && !regions.includes('page'); i++) {
      await page.keyboard.press('Tab');
      const region = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return 'body';
        if (/skip/i.test(el.textContent ?? '') && !el.closest('header, #main-content')) return 'skip';
        if (el.closest('header')) return 'app bar';
        if (el.closest('#main-content')) return 'page';
        return 'menu';
      });
      if (regions.at(-1) !== region) regions.push(region);
    }
    expect(regions).toEqual(['skip', 'app bar', 'menu', 'page']);
    // scrolled down, the app bar (and its Logout button) is still on screen
    await page.mouse.wheel(0, 2000);
    await page.waitForTimeout(400);
    const logout = await page.getByRole('button', { name: 'Logout' }).boundingBox();
    expect(logout).not.toBeNull();
    expect(logout!.y).toBeGreaterThanOrEqual(0);
    expect(logout!.y + logout!.height).toBeLessThanOrEqual(500);
    expect(errors).toEqual([]);
    await context.close();
  });
});
