import { describe, expect, it } from '@jest/globals';
import { axeViolations, contextIn, describeAccessibility } from './support/accessibility.js';
import { settle } from './support/browser.js';

/**
 * Accessibility in en (issue 13): every applicant and admin screen passes axe (WCAG 2.2 AA), reflows at
 * 320 px, keeps its layout still while it loads, and has its own title and one h1 — see
 * `support/accessibility.ts`. One file per language, so the e2e workers share the sweep.
 */
const run = describeAccessibility('en');

describe('a step form submitted with a missing answer', () => {
  it('shows an error summary at the top whose links move focus to each field, with no axe violation', async () => {
    const { context, errors } = await contextIn(run(), 'en', { width: 1280, height: 900 });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const step = run().applicantScreens.find((s) => s.name === 'step 2')!;
    await page.goto(`${run().portal.baseUrl}${step.path}`);
    await settle(page);
    const field = page.locator('form.step-form input[name="fatherFirstName"]');
    const id = (await field.getAttribute('id'))!;
    await field.fill('');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    const summary = page.getByTestId('error-summary');
    await summary.waitFor();
    await expect(summary.getAttribute('role')).resolves.toBe('alert');
    const link = summary.locator(`a[href="#${id}"]`);
    await expect(link.count()).resolves.toBe(1);
    await page.getByRole('heading', { level: 2 }).first().focus();
    await link.click();
    await page.waitForFunction((fid) => document.activeElement?.id === fid, id);
    await expect(axeViolations(page)).resolves.toEqual([]);
    // answering the field takes it off the list, and the summary away with it
    await field.fill('Moshe');
    await field.blur();
    await summary.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('for search engines', () => {
  it('robots.txt keeps crawlers out of /admin/ and /api/, and the console asks not to be indexed', async () => {
    const robots = await fetch(`${run().portal.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toMatch(/^Disallow: \/admin\/$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    const admin = await (await fetch(`${run().portal.baseUrl}/admin/`)).text();
    expect(admin).toMatch(/<meta name="robots" content="noindex/);
  });
});
