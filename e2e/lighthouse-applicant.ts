/**
 * "Fast on a phone" (issue 28): Lighthouse mobile performance of the applicant app's pages. A benchmark, not
 * a test: it is not part of `npm test`. Run after `npm run build`:
 *
 *     npm run bench:lighthouse                          # every page, en and zh-CN, 3 runs each
 *     npm run bench:lighthouse -- --runs 1 --locales en --pages welcome,step-3
 *     LIGHTHOUSE_REPORTS=/tmp/lh npm run bench:lighthouse   # also writes each run's report (JSON)
 *
 * Starts the built portal (fresh data folder), arranges applications through the API in each language (a
 * men's MBA with steps 1–7 answered, a men's MSW at its references step for the prerequisites step, one at
 * payment, one paid for the documents page), then runs Lighthouse 12 (performance category only, its default
 * mobile settings: simulated slow 4G and a 4× slower CPU) in Debian chromium (`CHROMIUM_PATH`) on the welcome
 * page `/`, every step page `/application/<n>?token=…` (1–7), the payment page `/application/8?token=…` and
 * the documents page `/details/1?token=…`, with the `locale` cookie of the language. Each page is measured
 * `--runs` times (default 3); prints per page and language the median score (0–100), FCP, LCP, TBT (ms),
 * CLS and Speed Index, and exits 1 when a median score is under 90 or a median TBT over 200 ms.
 * Timings depend on the machine's load: compare figures measured in the same conditions.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Result } from 'lighthouse';
import { apiClient } from './support/api.js';
import { arrangePages } from './support/applicant-pages.js';
import { launchLighthouseBrowser, runLighthouse } from './support/lighthouse.js';
import { startPortal } from './support/portal.js';

/** Issue 28's bar: every page's median score at least this… */
const MIN_SCORE = 90;
/** …and its median total blocking time at most this (ms). */
const MAX_TBT_MS = 200;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    locales: { type: 'string', default: 'en,zh-CN' },
    pages: { type: 'string' },
  },
});
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a positive integer, not ${options.runs}`);
const LOCALES = options.locales.split(',');
const ONLY = options.pages?.split(',');
const REPORTS = process.env.LIGHTHOUSE_REPORTS;

/** The medians of one page's runs in one language. */
interface Figures {
  page: string;
  locale: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
}

/** The middle value (the mean of the two middle values for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** What one run measured. */
type RunFigures = Omit<Figures, 'page' | 'locale'>;

/** The figures of one run. */
function figuresOf(lhr: Result): RunFigures {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    siMs: value('speed-index'),
  };
}

/** Runs the benchmark and prints the figures. @returns the medians per page and language */
async function main(): Promise<Figures[]> {
  const portal = await startPortal();
  const results: Figures[] = [];
  try {
    const api = apiClient(portal.baseUrl);
    const browser = await launchLighthouseBrowser();
    try {
      if (REPORTS) await mkdir(REPORTS, { recursive: true });
      console.log(`Lighthouse ${RUNS}× per page (mobile, simulated throttling); medians:`);
      console.log('page        locale  score    FCP    LCP    TBT    CLS     SI');
      for (const locale of LOCALES) {
        const pages = await arrangePages(api, locale, ONLY);
        await browser.context.addCookies([{ name: 'locale', value: locale, url: portal.baseUrl }]);
        for (const page of pages) {
          const runs: RunFigures[] = [];
          for (let run = 1; run <= RUNS; run++) {
            const lhr = await runLighthouse(
              browser,
              `${portal.baseUrl}${page.path}`,
              { onlyCategories: ['performance'] },
              undefined,
              page.landing,
            );
            if (REPORTS) await writeFile(join(REPORTS, `${page.name}.${locale}.${run}.json`), JSON.stringify(lhr));
            runs.push(figuresOf(lhr));
          }
          const m = (key: keyof RunFigures) => median(runs.map((r) => r[key]));
          const figures: Figures = {
            page: page.name,
            locale,
            score: m('score'),
            fcpMs: m('fcpMs'),
            lcpMs: m('lcpMs'),
            tbtMs: m('tbtMs'),
            cls: m('cls'),
            siMs: m('siMs'),
          };
          results.push(figures);
          const failing = figures.score < MIN_SCORE || figures.tbtMs > MAX_TBT_MS;
          const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(6);
          console.log(
            `${page.name.padEnd(11)} ${locale.padEnd(6)} ${String(figures.score).padStart(5)} ${sec(figures.fcpMs)} ${sec(figures.lcpMs)} ` +
              `${`${Math.round(figures.tbtMs)} ms`.padStart(7)} ${figures.cls.toFixed(3).padStart(6)} ${sec(figures.siMs)}` +
              `${failing ? '  ✗' : ''}   (scores ${runs.map((r) => r.score).join(', ')})`,
          );
        }
      }
    } finally {
      await browser.close();
    }
  } finally {
    await portal.stop();
  }
  return results;
}

const results = await main();
const failing = results.filter((r) => r.score < MIN_SCORE || r.tbtMs > MAX_TBT_MS);
console.log(
  failing.length
    ? `${failing.length} of ${results.length} under the bar (score ≥ ${MIN_SCORE}, TBT ≤ ${MAX_TBT_MS} ms): ${failing.map((r) => `${r.page} ${r.locale}`).join(', ')}`
    : `all ${results.length} at score ≥ ${MIN_SCORE} and TBT ≤ ${MAX_TBT_MS} ms`,
);
process.exitCode = failing.length ? 1 : 0;
