import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiClient, arrangeMbaAnswered, arrangeMbaAtPayment, payWithTestCard, type ApiCall } from './support/api.js';
import { launchBrowser, logInToAdminConsole, newUser } from './support/browser.js';
import { E2E_ADMIN, startPortal, type RunningPortal } from './support/portal.js';

/**
 * Accessibility of both apps (issue 13), in chromium: axe-core (WCAG 2.0/2.1 A and AA, WCAG 2.2 AA
 * tags) finds no violation on any applicant or admin screen in en, es and zh-CN; no screen scrolls
 * sideways at 1,280 px nor at 320 px (WCAG 1.4.10 reflow); every applicant page shifts its layout by a
 * cumulative layout shift (the browser's `layout-shift` entries) of at most 0.05 while it loads;
 * every screen has its own document title and one `<h1>`.
 * Screens are grouped per browser context (one per language and app) to keep the file fast.
 */
let portal: RunningPortal;
let browser: Browser;
let api: ApiCall;

const LOCALES = ['en', 'es', 'zh-CN'] as const;
type Locale = (typeof LOCALES)[number];
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** Highest cumulative layout shift allowed on an applicant page (issue 13; "good" CLS is ≤ 0.1). */
const MAX_CLS = 0.05;

/** One screen: its name in failure messages and its path (below the portal's base URL). */
interface Screen {
  name: string;
  path: string;
}

let applicantScreens: Screen[];
let adminScreens: Screen[];
let applicantToken: string;

beforeAll(async () => {
  portal = await startPortal();
  browser = await launchBrowser();
  api = apiClient(portal.baseUrl);

  const answered = await arrangeMbaAnswered(api, { firstName: 'Ari', lastName: 'Levi', email: 'ari.a11y@example.com' });
  const paid = await arrangeMbaAtPayment(api, { firstName: 'Eli', lastName: 'Cohen', email: 'eli.a11y@example.com' });
  const atPayment = await arrangeMbaAtPayment(api, { firstName: 'Dov', lastName: 'Ross', email: 'dov.a11y@example.com' });
  const detailsToken = await payWithTestCard(api, paid.id, paid.token, 'Eli Cohen');
  const registered = await api<{ token: string }>(
    'POST',
    '/register',
    { first_name: 'Noa', last_name: 'Gold', email: 'noa.a11y@example.com', password: 'noa-a11y-password', password_confirmation: 'noa-a11y-password' },
    {},
    201,
  );
  applicantToken = registered.token;

  const q = (t: string) => `token=${encodeURIComponent(t)}`;
  applicantScreens = [
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
  adminScreens = [
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
    { name: 'users', path: '/admin/users' },
    { name: 'user edit', path: `/admin/users/${user}` },
    { name: 'audit log', path: '/admin/audit-log' },
    { name: 'audit log entry', path: `/admin/audit-log/${audit}/show` },
  ];
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** An axe violation, summarised for a failure message. */
interface Found {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Waits until the page has settled: no request for 500 ms and no busy indicator of react-admin. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('.RaLoading, [aria-busy="true"]'), undefined, { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

/** Runs axe-core in `page` (its source is evaluated through the devtools protocol, so the CSP does not apply). */
async function axeViolations(page: Page): Promise<Found[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, AXE_TAGS);
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
async function contextIn(locale: string, viewport: { width: number; height: number }, token?: string): Promise<{ context: BrowserContext; errors: string[] }> {
  const user = await newUser(browser, { viewport, locale: locale === 'zh-CN' ? 'zh-CN' : `${locale}-US` });
  const cookies = [{ name: 'locale', value: locale, url: portal.baseUrl }];
  if (token) cookies.push({ name: 'token', value: token, url: portal.baseUrl });
  await user.context.addCookies(cookies);
  return user;
}

/** Per-screen report lines of one run (printed in the failure message; counts logged for the issue's note). */
type Report = Record<string, { violations: Found[]; width?: string; cls?: number; title?: string; h1?: number }>;

function problems(report: Report): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [screen, r] of Object.entries(report)) {
    const issues: string[] = r.violations.map((v) => `${v.id} (${v.impact}): ${v.targets.slice(0, 4).join(' | ')}`);
    if (r.width) issues.push(`horizontal scroll: ${r.width}`);
    if (r.cls !== undefined && r.cls > MAX_CLS) issues.push(`CLS ${r.cls.toFixed(3)}`);
    if (r.h1 !== undefined && r.h1 !== 1) issues.push(`${r.h1} h1 elements`);
    if (issues.length) out[screen] = issues;
  }
  return out;
}

const violationCount = (report: Report) => Object.values(report).reduce((n, r) => n + r.violations.length, 0);

describe.each(LOCALES)('in %s', (locale) => {
  it('the applicant app: no axe violation, no sideways scroll, CLS ≤ 0.05, a title per page', async () => {
    const { context, errors } = await contextIn(locale, { width: 1280, height: 900 });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const report: Report = {};
    const titles = new Set<string>();
    for (const screen of applicantScreens) {
      await page.goto(`${portal.baseUrl}${screen.path}`);
      await settle(page);
      const facts = await layoutFacts(page);
      const cls = await cumulativeLayoutShift(page);
      report[screen.name] = {
        violations: await axeViolations(page),
        cls,
        h1: facts.h1,
        title: facts.title,
        ...(facts.scrollWidth > facts.clientWidth ? { width: `${facts.scrollWidth} > ${facts.clientWidth}` } : {}),
      };
      titles.add(facts.title);
    }
    // the logged-in home page (applications of the account)
    await context.addCookies([{ name: 'token', value: applicantToken, url: portal.baseUrl }]);
    await page.goto(`${portal.baseUrl}/home`);
    await settle(page);
    report.home = { violations: await axeViolations(page), cls: await cumulativeLayoutShift(page) };
    console.log(
      `applicant ${locale}: ${violationCount(report)} violations; CLS ${Object.entries(report)
        .map(([s, r]) => `${s} ${r.cls?.toFixed(3)}`)
        .join(', ')}`,
    );
    expect(problems(report)).toEqual({});
    // login, not found and each step can be told apart by their titles (WCAG 2.4.2)
    expect(titles.size).toBe(applicantScreens.length);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the admin console: no axe violation, no sideways scroll at 1,280 px, a title and an h1 per page', async () => {
    const { context, errors } = await contextIn('en', { width: 1280, height: 900 });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    await logInToAdminConsole(page, portal.baseUrl, E2E_ADMIN);
    await context.addCookies([{ name: 'locale', value: locale, url: portal.baseUrl }]);
    const report: Report = {};
    for (const screen of adminScreens) {
      await page.goto(`${portal.baseUrl}${screen.path}`);
      await settle(page);
      const facts = await layoutFacts(page);
      report[screen.name] = {
        violations: await axeViolations(page),
        h1: facts.h1,
        ...(facts.scrollWidth > facts.clientWidth ? { width: `${facts.scrollWidth} > ${facts.clientWidth}` } : {}),
      };
    }
    console.log(`admin ${locale}: ${violationCount(report)} violations`);
    expect(problems(report)).toEqual({});
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reflows at 320 px: no page of either app scrolls sideways', async () => {
    const { context } = await contextIn(locale, { width: 320, height: 640 });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const wide: Record<string, string> = {};
    for (const screen of [...applicantScreens, { name: 'home', path: '/home' }]) {
      if (screen.name === 'home') await context.addCookies([{ name: 'token', value: applicantToken, url: portal.baseUrl }]);
      await page.goto(`${portal.baseUrl}${screen.path}`);
      await settle(page);
      const facts = await layoutFacts(page);
      if (facts.scrollWidth > facts.clientWidth) wide[screen.name] = `${facts.scrollWidth} > ${facts.clientWidth}`;
    }
    await context.clearCookies();
    await logInToAdminConsole(page, portal.baseUrl, E2E_ADMIN);
    await context.addCookies([{ name: 'locale', value: locale, url: portal.baseUrl }]);
    for (const screen of adminScreens) {
      await page.goto(`${portal.baseUrl}${screen.path}`);
      await settle(page);
      const facts = await layoutFacts(page);
      if (facts.scrollWidth > facts.clientWidth) wide[`admin ${screen.name}`] = `${facts.scrollWidth} > ${facts.clientWidth}`;
    }
    console.log(`reflow ${locale}: ${JSON.stringify(wide)}`);
    expect(wide).toEqual({});
    await context.close();
  });
});
