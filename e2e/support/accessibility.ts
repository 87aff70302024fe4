import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { apiClient, arrangeMbaAnswered, arrangeMbaAtPayment, payWithTestCard, type ApiCall } from './api.js';
import { launchBrowser, logInToAdminConsole, newUser } from './browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './portal.js';

/**
 * Accessibility of both apps (issue 13), in chromium, shared by the per-language spec files
 * (`accessibility-en`, `accessibility-es`, `accessibility-zh-cn`; one file per language so that the two
 * e2e workers share the sweep): axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA tags) finds no violation on
 * any applicant or admin screen; no screen scrolls sideways at 1,280 px nor at 320 px (WCAG 1.4.10
 * reflow); every applicant page shifts its layout by a cumulative layout shift (the browser's
 * `layout-shift` entries) of at most 0.05 while it loads; every screen has its own document title and one
 * `<h1>`. Screens are grouped per browser context (one per app) to keep each file fast.
 */

/** The languages of both apps. */
export const LOCALES = ['en', 'es', 'zh-CN'] as const;
/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Highest cumulative layout shift allowed on an applicant page (issue 13; "good" CLS is ≤ 0.1). */
const MAX_CLS = 0.05;

/** One screen: its name in failure messages and its path (below the portal's base URL). */
export interface Screen {
  name: string;
  path: string;
}

/** A portal with the records every screen needs, a browser, and the screens to examine. */
export interface A11yRun {
  portal: RunningPortal;
  browser: Browser;
  api: ApiCall;
  applicantScreens: Screen[];
  adminScreens: Screen[];
  /** Session token of a registered applicant (the logged-in home page). */
  applicantToken: string;
}

/**
 * Starts a portal and a browser and arranges what the screens show: an MBA application answered to step
 * 7, one at payment, one paid (documents and finish pages), a registered account, a discount code and a
 * webhook. Takes about 15 s.
 */
async function startA11yRun(): Promise<A11yRun> {
  const portal = await startPortal();
  const browser = await launchBrowser();
  const api = apiClient(portal.baseUrl);

  const answered = await arrangeMbaAnswered(api, { firstName: 'Ari', lastName: 'Levi', email: 'ari.a11y@example.com' });
  const paid = await arrangeMbaAtPayment(api, { firstName: 'Eli', lastName: 'Cohen', email: 'eli.a11y@example.com' });
  const atPayment = await arrangeMbaAtPayment(api, { firstName: 'Dov', lastName: 'Ross', email: 'dov.a11y@example.com' });
  const detailsToken = await payWithTestCard(api, paid.id, paid.token, 'Eli Cohen');
  const registered = await api<{ token: string }>(
    'POST',
    '/register',
    {
      first_name: 'Noa',
      last_name: 'Gold',
      email: 'noa.a11y@example.com',
      password: 'noa-a11y-password',
      password_confirmation: 'noa-a11y-password',
    },
    {},
    201,
  );
  const applicantToken = registered.token;

  const q = (t: string) => `token=${encodeURIComponent(t)}`;
  const applicantScreens: Screen[] = [
    { name: 'welcome', path: '/' },
    ...[1, 2, 3, 4, 5, 6, 7].map((n) => ({ name: `step ${n}`, path: `/application/${n}?${q(answered.token)}` })),
    { name: 'step 8 (payment)', path: `/application/8?${q(atPayment.token)}` },
    { name: 'details 1 (documents)', path: `/details/1?${q(detailsToken)}` },
    { name: 'details 2 (finish)', path: `/details/2?${q(detailsToken)}` },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
    { name: 'password request', path: '/password/reset' },
    { name: 'password reset', path: '/password/reset/not-a-real-token' },
    { name: 'validation', path: `/validation?${q(detailsToken)}` },
    { name: 'continue', path: '/continue' },
    { name: 'recommendation (invalid link)', path: '/recommendation?token=not-a-real-token' },
    { name: 'invalid token', path: '/invalid-token' },
    { name: 'invalid application', path: '/invalid-application' },
    { name: 'not found', path: '/no/such/page' },
  ];

  const admin = await api<{ token: string }>('POST', '/login', E2E_ADMIN);
  const adminApi = <T>(method: string, path: string, body?: unknown, expected = 200) =>
    api<T>(method, `/admin${path}`, body, { authorization: `Bearer ${admin.token}` }, expected);
  const code = await adminApi<{ id: string }>(
    'POST',
    '/discount-codes',
    { code: 'A11Y-10', kind: 'percent', value: 10, description: null, expiresAt: null, maxUses: null, active: true },
    201,
  );
  const firstId = async (resource: string) => (await adminApi<{ id: string | number }[]>('GET', `/${resource}`))[0]?.id;
  const dropdown = await firstId('dropdowns');
  const user = await firstId('users');
  const audit = await firstId('audit-log');
  const advisory = await firstId('advisory-lines');
  const webhook = await adminApi<{ id: string }>(
    'POST',
    '/webhooks',
    { url: 'http://127.0.0.1:9/hooks', events: ['application.submitted'], description: 'CRM' },
    201,
  );
  const adminScreens: Screen[] = [
    { name: 'dashboard', path: '/admin/' },
    { name: 'dropdowns', path: '/admin/dropdowns' },
    { name: 'dropdown edit', path: `/admin/dropdowns/${encodeURIComponent(String(dropdown))}` },
    { name: 'maintenance windows', path: '/admin/maintenance-windows' },
    { name: 'maintenance window create', path: '/admin/maintenance-windows/create' },
    { name: 'applications', path: '/admin/applications' },
    { name: 'application show', path: `/admin/applications/${paid.id}/show` },
    { name: 'advisory lines', path: '/admin/advisory-lines' },
    { name: 'advisory line create', path: '/admin/advisory-lines/create' },
    ...(advisory === undefined ? [] : [{ name: 'advisory line edit', path: `/admin/advisory-lines/${advisory}` }]),
    { name: 'discount codes', path: '/admin/discount-codes' },
    { name: 'discount code create', path: '/admin/discount-codes/create' },
    { name: 'discount code edit', path: `/admin/discount-codes/${code.id}` },
    { name: 'terms', path: '/admin/terms' },
    { name: 'term create', path: '/admin/terms/create' },
    { name: 'term edit', path: `/admin/terms/${await firstId('terms')}` },
    { name: 'offerings', path: '/admin/offerings' },
    { name: 'offering edit', path: `/admin/offerings/${await firstId('offerings')}` },
    { name: 'programs', path: '/admin/programs' },
    { name: 'program edit', path: `/admin/programs/${await firstId('programs')}` },
    { name: 'users', path: '/admin/users' },
    { name: 'user edit', path: `/admin/users/${user}` },
    { name: 'webhooks', path: '/admin/webhooks' },
    { name: 'webhook create', path: '/admin/webhooks/create' },
    { name: 'webhook edit', path: `/admin/webhooks/${webhook.id}` },
    { name: 'webhook deliveries', path: '/admin/webhook-deliveries' },
    { name: 'audit log', path: '/admin/audit-log' },
    { name: 'audit log entry', path: `/admin/audit-log/${audit}/show` },
    { name: 'my queue', path: '/admin/queue' },
    { name: 'review criteria', path: '/admin/review-criteria' },
    { name: 'review criterion edit', path: `/admin/review-criteria/${await firstId('review-criteria')}` },
    { name: 'review criterion create', path: '/admin/review-criteria/create' },
  ];
  return { portal, browser, api, applicantScreens, adminScreens, applicantToken };
}

/** Closes the browser and stops the portal (either may be missing when the start failed). */
async function stopA11yRun(run: A11yRun | undefined): Promise<void> {
  await run?.browser.close();
  await run?.portal.stop();
}

/** An axe violation, summarised for a failure message. */
interface Found {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in `page` (its source is evaluated through the devtools protocol, so the CSP does not apply). */
export async function axeViolations(page: Page): Promise<Found[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: Document,
            o: unknown,
          ) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
}

/**
 * Waits until the page's finite CSS transitions and animations have ended (at most `timeoutMs`): a control the
 * data that just arrived enabled fades its colours in (MUI buttons over 250 ms), and axe measures contrast as it
 * is at that instant. Endless ones (a spinner) are not waited for.
 */
async function transitionsEnded(page: Page, timeoutMs = 2000): Promise<void> {
  await page.evaluate(
    (limit) =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, limit)),
      ]),
    timeoutMs,
  );
}

/** Layout facts of the page: its width against the viewport's, the title, the number of `<h1>`. */
function layoutFacts(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    title: document.title,
    h1: document.querySelectorAll('h1').length,
  }));
}

/** Sum of the layout shifts (not caused by input) since the page started loading. */
function cumulativeLayoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) total += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 100);
      }),
  );
}

/** A context in `locale` (the shared `locale` cookie set before the first page), optionally logged in. */
export async function contextIn(
  run: A11yRun,
  locale: string,
  viewport: { width: number; height: number },
  token?: string,
): Promise<{ context: BrowserContext; errors: string[] }> {
  const user = await newUser(run.browser, { viewport, locale: locale === 'zh-CN' ? 'zh-CN' : `${locale}-US` });
  const cookies = [{ name: 'locale', value: locale, url: run.portal.baseUrl }];
  if (token) cookies.push({ name: 'token', value: token, url: run.portal.baseUrl });
  await user.context.addCookies(cookies);
  return user;
}

/** Per-screen findings of one run (printed in the failure message; counts logged for the issue's note). */
type Report = Record<string, { violations: Found[]; width?: string; narrow?: string; cls?: number; h1?: number }>;

/** The findings that break a rule, by screen (empty when every screen passes). */
function problems(report: Report): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [screen, r] of Object.entries(report)) {
    const issues: string[] = r.violations.map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 4).join(' | ')}`);
    if (r.width) issues.push(`horizontal scroll at 1,280 px: ${r.width}`);
    if (r.narrow) issues.push(`horizontal scroll at 320 px: ${r.narrow}`);
    if (r.cls !== undefined && r.cls > MAX_CLS) issues.push(`CLS ${r.cls.toFixed(3)}`);
    if (r.h1 !== undefined && r.h1 !== 1) issues.push(`${r.h1} h1 elements`);
    if (issues.length) out[screen] = issues;
  }
  return out;
}

const violationCount = (report: Report) => Object.values(report).reduce((n, r) => n + r.violations.length, 0);
const tooWide = (f: { scrollWidth: number; clientWidth: number }) =>
  f.scrollWidth > f.clientWidth ? `${f.scrollWidth} > ${f.clientWidth}` : undefined;

/** Quiet time (no request in flight) after which a screen counts as loaded, in ms. */
const QUIET_MS = 200;

/**
 * Watches the page's requests from now on (so it must start before the navigation it waits for).
 * `settled()` resolves once the screen has drawn its heading (an `<h1>`), no busy indicator (react-admin's
 * or `aria-busy`) shows, and no request has been in flight for {@link QUIET_MS}, checked again after the
 * heading came (drawing may fetch more). Playwright's `networkidle` waits a fixed 500 ms instead, which over
 * the sweep's ~170 screens was most of its time. A screen with no heading after 5 s is measured as it is
 * (the audit then reports its missing `<h1>`); a request still open after 15 s (none is expected) falls
 * back to `networkidle`.
 */
function watchRequests(page: Page): { settled(): Promise<void> } {
  const inFlight = new Set<Request>();
  let changed = performance.now();
  const add = (request: Request) => {
    inFlight.add(request);
    changed = performance.now();
  };
  const done = (request: Request) => {
    inFlight.delete(request);
    changed = performance.now();
  };
  const quiet = async () => {
    const deadline = performance.now() + 15_000;
    while (inFlight.size > 0 || performance.now() - changed < QUIET_MS) {
      if (performance.now() > deadline) return page.waitForLoadState('networkidle');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  page.on('request', add);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async settled() {
      try {
        await quiet();
        const drawn = await page
          .waitForFunction(() => document.querySelector('h1') && !document.querySelector('.RaLoading, [aria-busy="true"]'), undefined, {
            timeout: 5_000,
          })
          .then(() => true)
          .catch(() => false);
        if (drawn) await quiet();
      } finally {
        page.off('request', add);
        page.off('requestfinished', done);
        page.off('requestfailed', done);
      }
    },
  };
}

/**
 * Opens `path` at 1,280 px — a full page load, or with `within` a navigation inside the single-page app
 * already open (history.pushState and a popstate event, as a click on one of its links does: the
 * console's screens are reached that way, and its titles must follow) — lets it settle, measures it
 * (layout facts, CLS when `withCls`, axe), then narrows the same page to 320 px and measures its width again.
 */
async function examine(
  run: A11yRun,
  page: Page,
  path: string,
  withCls: boolean,
  within = false,
): Promise<Report[string] & { title: string }> {
  await page.setViewportSize({ width: 1280, height: 900 });
  const network = watchRequests(page);
  if (within) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, path);
    await page.waitForURL(`${run.portal.baseUrl}${path}`);
  } else {
    await page.goto(`${run.portal.baseUrl}${path}`);
  }
  await network.settled();
  await transitionsEnded(page);
  const facts = await layoutFacts(page);
  const cls = withCls ? await cumulativeLayoutShift(page) : undefined;
  const violations = await axeViolations(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.waitForTimeout(150);
  const narrow = await layoutFacts(page);
  return { violations, cls, h1: facts.h1, title: facts.title, width: tooWide(facts), narrow: tooWide(narrow) };
}

/** The applicant app's messages in `locale` (for the expected titles and description). */
function messages(locale: Locale): { brand: Record<string, string>; steps: Record<string, string> } {
  return JSON.parse(readFileSync(new URL(`../../applicant-ui/src/i18n/locales/${locale}.json`, import.meta.url), 'utf8'));
}

/**
 * Examines every applicant screen, then the logged-in home page, in `locale` (one browser context) and
 * asserts: no axe violation, no sideways scroll at 1,280 or 320 px, CLS ≤ 0.05, a title in the page's
 * language naming each page, the meta description in that language, no page error.
 */
async function auditApplicantApp(run: A11yRun, locale: Locale): Promise<void> {
  const { context, errors } = await contextIn(run, locale, { width: 1280, height: 900 });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const report: Report = {};
  const titles: Record<string, string> = {};
  for (const screen of run.applicantScreens) {
    const { title, ...found } = await examine(run, page, screen.path, true);
    report[screen.name] = found;
    titles[screen.name] = title;
  }
  const description = await page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content'));
  // the logged-in home page (applications of the account)
  await context.addCookies([{ name: 'token', value: run.applicantToken, url: run.portal.baseUrl }]);
  const { title, ...home } = await examine(run, page, '/home', true);
  report.home = home;
  titles.home = title;
  console.log(
    `applicant ${locale}: ${violationCount(report)} violations; CLS ${Object.entries(report)
      .map(([s, r]) => `${s} ${r.cls?.toFixed(3)}`)
      .join(', ')}`,
  );
  expect(problems(report)).toEqual({});

  // Titles in the page's language name the page (WCAG 2.4.2): "Step 3: Education – Online Application".
  const m = messages(locale);
  const full = (page: string) => m.brand.page_title!.replace('{{page}}', page);
  expect(titles['step 3']).toBe(full(m.steps.item!.replace('{{number}}', '3').replace('{{name}}', m.steps.education!)));
  const named = [
    'welcome',
    'login',
    'register',
    'not found',
    'invalid token',
    'step 1',
    'step 3',
    'step 7',
    'details 1 (documents)',
    'home',
  ];
  expect(new Set(named.map((n) => titles[n])).size).toBe(named.length);
  expect(description).toBe(m.brand.meta_description);
  expect(errors).toEqual([]);
  await context.close();
}

/**
 * Logs in to the console (in English), switches it to `locale`, loads it and examines every admin screen
 * (each reached inside the console, as its menu and links reach them): no axe
 * violation, no sideways scroll at 1,280 or 320 px, one `<h1>`, a title per page, no page error.
 */
async function auditAdminConsole(run: A11yRun, locale: Locale): Promise<void> {
  const { context, errors } = await contextIn(run, 'en', { width: 1280, height: 900 });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await logInToAdminConsole(page, run.portal.baseUrl, E2E_ADMIN);
  await context.addCookies([{ name: 'locale', value: locale, url: run.portal.baseUrl }]);
  const report: Report = {};
  const titles = new Set<string>();
  // the first screen loads the console in `locale` (the cookie is read at load); the others are reached inside it
  for (const [i, screen] of run.adminScreens.entries()) {
    const { title, ...found } = await examine(run, page, screen.path, false, i > 0);
    report[screen.name] = found;
    titles.add(title);
  }
  console.log(`admin ${locale}: ${violationCount(report)} violations`);
  expect(problems(report)).toEqual({});
  // every page its own title ("Applications – Admissions portal · Admin"); the two edit forms of a kind may share one
  expect(titles.size).toBeGreaterThanOrEqual(run.adminScreens.length - 4);
  expect(errors).toEqual([]);
  await context.close();
}

/**
 * Registers the sweep of one language in the calling spec file: a portal for the file (started before its
 * tests, stopped after), the applicant app's audit and the console's audit.
 * @returns the file's run, for further tests in the same file (set once `beforeAll` has run)
 */
export function describeAccessibility(locale: Locale): () => A11yRun {
  let run: A11yRun | undefined;
  beforeAll(async () => {
    run = await startA11yRun();
  }, 120_000);
  afterAll(async () => {
    await stopA11yRun(run);
  });
  describe(`in ${locale}`, () => {
    it('the applicant app: no axe violation, no sideways scroll at 1,280 or 320 px, CLS ≤ 0.05, a title per page', async () => {
      await auditApplicantApp(run!, locale);
    }, 240_000);
    it('the admin console: no axe violation, no sideways scroll at 1,280 or 320 px, a title and one h1 per page', async () => {
      await auditAdminConsole(run!, locale);
    }, 240_000);
  });
  return () => run!;
}
