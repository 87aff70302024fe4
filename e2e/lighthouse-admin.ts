/**
 * Lighthouse accessibility scores of the admin console's dashboard and Applications list (issue 13:
 * "Lighthouse accessibility 100 on the console's dashboard and list"). A measurement, not a test: it is
 * not part of `npm test`. Run after `npm run build`:
 *
 *     npm run lighthouse:admin            # CHROMIUM_PATH defaults to /usr/bin/chromium
 *
 * Starts the built portal (fresh data folder), arranges two applications through the API, starts
 * chromium with a remote-debugging port and the admin's `token` cookie, and runs Lighthouse 12
 * (accessibility category only, desktop form factor and mobile) on each page in en, es and zh-CN.
 * Prints one line per page and language with the score (0–100) and the failed audits; exits 1 when a
 * score is below 100.
 */
import { desktopConfig } from 'lighthouse';
import { apiClient, arrangeMbaAtPayment } from './support/api.js';
import { launchLighthouseBrowser, runLighthouse } from './support/lighthouse.js';
import { E2E_ADMIN, startPortal } from './support/portal.js';

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
  const scores: Score[] = [];
  try {
    const api = apiClient(portal.baseUrl);
    await arrangeMbaAtPayment(api, { firstName: 'Ari', lastName: 'Levi', email: 'ari.lighthouse@example.com' });
    await arrangeMbaAtPayment(api, { firstName: 'Noa', lastName: 'Gold', email: 'noa.lighthouse@example.com' });
    const { token } = await api<{ token: string }>('POST', '/login', E2E_ADMIN);
    const browser = await launchLighthouseBrowser();
    try {
      for (const locale of LOCALES) {
        await browser.context.addCookies([
          { name: 'token', value: token, url: portal.baseUrl },
          { name: 'locale', value: locale, url: portal.baseUrl },
        ]);
        for (const { name, path } of PAGES) {
          for (const formFactor of FORM_FACTORS) {
            // a guest would be sent to the login page: runLighthouse makes sure the console's page itself was measured
            const lhr = await runLighthouse(
              browser,
              `${portal.baseUrl}${path}`,
              { onlyCategories: ['accessibility'], disableStorageReset: true },
              formFactor === 'desktop' ? desktopConfig : undefined,
            );
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
      await browser.close();
    }
  } finally {
    await portal.stop();
  }
  return scores;
}

const scores = await main();
process.exitCode = scores.every((s) => s.score === 100) ? 0 : 1;
