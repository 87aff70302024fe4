/**
 * Lighthouse in Debian chromium, shared by the measurement scripts (`npm run lighthouse:admin`,
 * `npm run bench:lighthouse`): a headless chromium with a remote-debugging port that Lighthouse drives, and
 * one Lighthouse run that fails loudly when the page could not be measured.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { freePort } from '../../server/src/common/net/free-port.js';
import { CHROMIUM_PATH } from './browser.js';

/** Lighthouse runs tried on one page before its runtime error (e.g. NO_NAVSTART, a trace not recorded) is final. */
export const RUNTIME_ERROR_ATTEMPTS = 3;

/** A chromium that Lighthouse can drive. */
export interface LighthouseBrowser {
  /** Its remote-debugging port (Lighthouse's `port` flag). */
  port: number;
  /**
   * Its default context: the one Lighthouse's new tabs share, so cookies added here (a login `token`, a
   * `locale`) are sent by the pages Lighthouse measures. Lighthouse's storage reset clears the cache and
   * service workers before each run but keeps cookies and local storage.
   */
  context: BrowserContext;
  /** Closes chromium and removes its profile folder. */
  close(): Promise<void>;
}

/**
 * Starts headless Debian chromium (`CHROMIUM_PATH`, default /usr/bin/chromium) with a fresh profile and a
 * free remote-debugging port, kept off the network like the e2e browsers.
 */
export async function launchLighthouseBrowser(): Promise<LighthouseBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'lighthouse-'));
  const port = await freePort();
  try {
    // a persistent context is the browser's default one, which Lighthouse's new tabs share (cookies included)
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        `--remote-debugging-port=${port}`,
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    return {
      port,
      context,
      async close() {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Runs Lighthouse once on `url` in `browser`.
 * @param flags Lighthouse flags (e.g. `onlyCategories`); `port` and `logLevel: 'error'` are added
 * @param config a Lighthouse config (e.g. `desktopConfig`); undefined: Lighthouse's default, mobile with
 *   simulated throttling (slow 4G, 4× CPU slowdown)
 * @param landing the pathname the page must end on (default `url`'s): a page that sent the browser
 *   elsewhere (not logged in, an invalid token) was not the page meant to be measured
 * @returns the Lighthouse result (`lhr`)
 * @throws Error when Lighthouse gives no result, reports a runtime error {@link RUNTIME_ERROR_ATTEMPTS} times in a
 *   row or the page ended elsewhere
 */
export async function runLighthouse(
  browser: Pick<LighthouseBrowser, 'port'>,
  url: string,
  flags: Flags = {},
  config?: Config,
  landing = new URL(url).pathname,
): Promise<Result> {
  let lhr: Result | undefined;
  // a trace that could not be recorded (NO_NAVSTART on a loaded machine…) is worth another try or two
  for (let attempt = 1; attempt <= RUNTIME_ERROR_ATTEMPTS; attempt++) {
    lhr = (await lighthouse(url, { logLevel: 'error', ...flags, port: browser.port }, config))?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!lhr.runtimeError) break;
    if (attempt === RUNTIME_ERROR_ATTEMPTS) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    console.warn(`Lighthouse failed on ${url} (${lhr.runtimeError.code}), trying again`);
  }
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== landing) throw new Error(`Lighthouse measured ${landed}, not ${landing}`);
  return lhr;
}
