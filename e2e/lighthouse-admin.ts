/**
 * Lighthouse accessibility scores of the admin console's dashboard and Applications list (issue 13:
 * "Lighthouse accessibility 100 on the console's dashboard and list"). A measurement, not a test: it is
 * not part of `npm test`. Run after `npm run build`:
 *
 *     npm run lighthouse:admin            # CHROME_PATH defaults to /usr/bin/chromium
 *
 * Starts the built portal (fresh data folder), arranges two applications through the API, starts
 * chromium with a remote-debugging port and the admin's `token` cookie, and runs Lighthouse 12
 * (accessibility category only, desktop form factor and mobile) on each page in en, es and zh-CN.
 * Prints one line per page and language with the score (0–100) and the failed audits; exits 1 when a
 * score is below 100.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../server/src/common/net/free-port.js';
import { apiClient, arrangeMbaAtPayment } from './support/api.js';
import { E2E_ADMIN, startPortal } from './support/portal.js';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = [
  { name: 'dashboard', path: '/admin/' },
  { name: 'applications list', path: '/admin/applications' },
];
const LOCALES = ['en', 'es', 'zh-CN'];
const FORM_FACTORS = ['desktop', 'mobile'] as const;

/** One Lighthouse run's outcome. */
interface Score {
  page: string;
  locale: string;
  formFactor: (typeof FORM_FACTORS)[number];
  score: number;
  failed: string[];
}

/** Runs the measurement and prints the scores. @returns the scores */
async function main(): Promise<Score[]> {
  const portal = await startPortal();
  const profile = await mkdtemp(join(tmpdir(), 'lighthouse-admin-'));
  const port = await freePort();
  const scores: Score[] = [];
  try {
    const api = apiClient(portal.baseUrl);
    await arrangeMbaAtPayment(api, { firstName: 'Ari', lastName: 'Levi', email: 'ari.lighthouse@example.com' });
    await arrangeMbaAtPayment(api, { firstName: 'Noa', lastName: 'Gold', email: 'noa.lighthouse@example.com' });
    const { token } = await api<{ token: string }>('POST', '/login', E2E_ADMIN);
    // a persistent context is the browser's default one, which Lighthouse's new tabs share (cookies included)
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROME_PATH,
      headless: true,
      args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    try {
      for (const locale of LOCALES) {
        await context.addCookies([
          { name: 'token', value: token, url: portal.baseUrl },
          { name: 'locale', value: locale, url: portal.baseUrl },
        ]);
        for (const { name, path } of PAGES) {
          for (const formFactor of FORM_FACTORS) {
            const result = await lighthouse(
              `${portal.baseUrl}${path}`,
              { port, logLevel: 'error', onlyCategories: ['accessibility'], disableStorageReset: true },
              formFactor === 'desktop' ? desktopConfig : undefined,
            );
            const lhr = result?.lhr;
            if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
            if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${path}: ${lhr.runtimeError.message}`);
            // a guest would be sent to the login page: make sure the console's page itself was measured
            const landed = new URL(lhr.finalDisplayedUrl).pathname;
            if (landed !== path) throw new Error(`Lighthouse measured ${landed}, not ${path} (not logged in?)`);
            const category = lhr.categories.accessibility!;
            const failed = category.auditRefs
              .map((ref) => lhr.audits[ref.id]!)
              .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
              .map((audit) => audit.id);
            const score = Math.round((category.score ?? 0) * 100);
            scores.push({ page: name, locale, formFactor, score, failed });
            console.log(`${name} (${locale}, ${formFactor}): ${score}${failed.length ? ` — failed: ${failed.join(', ')}` : ''}`);
          }
        }
      }
    } finally {
      await context.close();
    }
  } finally {
    await portal.stop();
    await rm(profile, { recursive: true, force: true });
  }
  return scores;
}

const scores = await main();
process.exitCode = scores.every((s) => s.score === 100) ? 0 : 1;
