/**
 * "Find the long tasks" (issue 28 item 1): what the main thread of a phone does while an applicant page loads,
 * named in the source. A measurement tool, not a test: it is not part of `npm test`. Run after `npm run build`:
 *
 *     npm run trace:applicant                                   # every page, en and zh-CN
 *     npm run trace:applicant -- --pages step-2,payment --locales en --cpu 4
 *     TRACE_PROFILES=/tmp/tr npm run trace:applicant            # also writes each page's .cpuprofile (DevTools opens it)
 *
 * Starts the built portal and arranges the same pages as `npm run bench:lighthouse` (`support/applicant-pages.ts`),
 * then opens each in Debian chromium (`CHROMIUM_PATH`) as a phone (412 × 823 CSS px, touch) with its CPU slowed
 * `--cpu` times (default 4, Lighthouse's mobile setting; the network is not slowed: the tasks are what is looked
 * at) and the `locale` cookie of the language, recording a CPU profile (V8's sampler, every 100 µs) from the
 * navigation until the network has been idle for 500 ms and one more second has passed.
 *
 * A task is a run of samples without idle between them. For every task of at least 50 ms (slowed) it prints when it
 * began and how long it took, its blocking part (the time over 50 ms, what total blocking time adds up), what began
 * it (the outermost script frame: a chunk evaluated, a timer, a promise, an event), and where its time went: the
 * applicant app's own functions by inclusive time and the packages by self time, each position mapped through the
 * build's hidden source maps (`applicant-ui/dist/assets/*.js.map`) to its source file and name.
 */
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { apiClient } from './support/api.js';
import { arrangePages } from './support/applicant-pages.js';
import { CHROMIUM_PATH } from './support/browser.js';
import { startPortal } from './support/portal.js';

const ASSETS = join(dirname(fileURLToPath(import.meta.url)), '..', 'applicant-ui', 'dist', 'assets');
/** A task at least this long (ms, slowed) is a long task; what is over it blocks (total blocking time). */
const LONG_TASK_MS = 50;
/** V8's sampling interval (µs). */
const SAMPLING_US = 100;

const { values: options } = parseArgs({
  options: {
    locales: { type: 'string', default: 'en,zh-CN' },
    pages: { type: 'string' },
    cpu: { type: 'string', default: '4' },
  },
});
const CPU_RATE = Number(options.cpu);
if (!(CPU_RATE >= 1)) throw new Error(`--cpu must be a number ≥ 1, not ${options.cpu}`);
const PROFILES = process.env.TRACE_PROFILES;

/** The parts of a V8 CPU profile (`Profiler.stop`) read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** The built chunk a script URL is (`index-ab12.js`), or undefined for anything else. */
const chunkOf = (url: string): string | undefined => /\/assets\/([^/?#]+\.js)/.exec(url)?.[1];

/** A frame as the source names it. */
interface Named {
  /** e.g. `steps/personal/PersonalStep.tsx PersonalStep`, `react-dom`, `(garbage collector)` */
  label: string;
  /** True for the applicant app's own source (not a package, not the browser). */
  own: boolean;
}

/** Maps the frames of the built chunks back to their sources (the build's hidden source maps), memoised. */
class SourceNames {
  /** Each chunk's source map (null: none could be read), by file name. */
  private readonly maps = new Map<string, TraceMap | null>();
  private readonly named = new Map<string, Named>();

  /** Loads the maps the profile's frames need. */
  async load(profile: CpuProfile): Promise<void> {
    const files = new Set(profile.nodes.map(({ callFrame }) => chunkOf(callFrame.url)).filter((file) => file && !this.maps.has(file)));
    await Promise.all(
      [...files].map(async (file) => {
        const map = await readFile(join(ASSETS, `${file!}.map`), 'utf8').then(
          (text) => new TraceMap(text),
          () => null,
        );
        this.maps.set(file!, map);
      }),
    );
  }

  /** The frame's name in the source. */
  nameOf(frame: CallFrame): Named {
    const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}:${frame.functionName}`;
    let named = this.named.get(key);
    if (named) return named;
    const file = chunkOf(frame.url);
    const map = file ? this.maps.get(file) : null;
    if (!map) named = { label: frame.functionName || (frame.url ? `(anonymous) ${frame.url}` : '(browser)'), own: false };
    else {
      const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
      const source = at.source ?? file!;
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
      if (pkg) named = { label: pkg, own: false };
      else {
        const path = source.replace(/^.*?applicant-ui\/src\//, '').replace(/^(\.\.\/)+/, '');
        const name = at.name ?? (frame.functionName || '(anonymous)');
        named = { label: frame.lineNumber === 0 && frame.columnNumber === 0 ? `${file} (evaluated)` : `${path} ${name}`, own: true };
      }
    }
    this.named.set(key, named);
    return named;
  }
}

/** One long task. */
interface LongTask {
  /** ms after the profile began (≈ the navigation) */
  startMs: number;
  durationMs: number;
  /** What began it. */
  origin: string;
  /** The app's functions by inclusive time (ms), most first. */
  own: [string, number][];
  /** Packages and the browser by self time (ms), most first. */
  packages: [string, number][];
}

/** The long tasks of a profile (runs of non-idle samples of at least {@link LONG_TASK_MS}). */
function longTasks(profile: CpuProfile, names: SourceNames): LongTask[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const stackOf = (id: number): CallFrame[] => {
    const frames: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at)!.callFrame);
    return frames.reverse(); // outermost first: [0] is (root)
  };
  const tasks: LongTask[] = [];
  let time = 0;
  let run: { start: number; end: number; samples: { id: number; ms: number }[] } | null = null;
  const close = () => {
    if (run && run.end - run.start >= LONG_TASK_MS) tasks.push(summarise(run.start, run.end - run.start, run.samples));
    run = null;
  };
  const summarise = (start: number, duration: number, samples: { id: number; ms: number }[]): LongTask => {
    const own = new Map<string, number>();
    const packages = new Map<string, number>();
    const origins = new Map<string, number>();
    for (const { id, ms } of samples) {
      const frames = stackOf(id).slice(1); // without (root)
      const named = frames.map((frame) => names.nameOf(frame));
      // what began the task: its outermost frame of a script (else what the browser ran)
      const first = named[frames.findIndex((frame) => frame.url)] ?? named[0];
      if (first) origins.set(first.label, (origins.get(first.label) ?? 0) + ms);
      for (const label of new Set(named.filter((n) => n.own).map((n) => n.label))) own.set(label, (own.get(label) ?? 0) + ms);
      const top = named[named.length - 1];
      if (top && !top.own) packages.set(top.label, (packages.get(top.label) ?? 0) + ms);
    }
    const most = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
    return {
      startMs: start,
      durationMs: duration,
      origin: most(origins, 1)[0]?.[0] ?? '(browser)',
      own: most(own, 6),
      packages: most(packages, 5),
    };
  };
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]! / 1000;
    const frame = byId.get(profile.samples[i]!)!.callFrame;
    if (frame.functionName === '(idle)') {
      close();
      continue;
    }
    const ms = (profile.timeDeltas[i + 1] ?? SAMPLING_US) / 1000;
    run ??= { start: time, end: time, samples: [] };
    run.end = time + ms;
    run.samples.push({ id: profile.samples[i]!, ms });
  }
  close();
  return tasks;
}

/** Traces every page and prints its long tasks. */
async function main(): Promise<void> {
  const portal = await startPortal();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const api = apiClient(portal.baseUrl);
    if (PROFILES) await mkdir(PROFILES, { recursive: true });
    console.log(`Long tasks (≥ ${LONG_TASK_MS} ms) of each page on a phone with a CPU ${CPU_RATE}× slower, from navigation to idle:`);
    for (const locale of options.locales.split(',')) {
      const pages = await arrangePages(api, locale, options.pages?.split(','));
      for (const benchPage of pages) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
          locale,
        });
        await context.addCookies([{ name: 'locale', value: locale, url: portal.baseUrl }]);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_US });
        await cdp.send('Profiler.start');
        await page.goto(`${portal.baseUrl}${benchPage.path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(1000);
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
        const landed = new URL(page.url()).pathname;
        await context.close();
        if (landed !== benchPage.landing) throw new Error(`${benchPage.name} (${locale}) ended on ${landed}, not ${benchPage.landing}`);
        if (PROFILES) await writeFile(join(PROFILES, `${benchPage.name}.${locale}.cpuprofile`), JSON.stringify(profile));
        const names = new SourceNames();
        await names.load(profile);
        const tasks = longTasks(profile, names);
        const blocking = tasks.reduce((sum, t) => sum + t.durationMs - LONG_TASK_MS, 0);
        console.log(`\n${benchPage.name} ${locale}: ${tasks.length} long tasks, blocking ${Math.round(blocking)} ms`);
        for (const task of tasks) {
          const ms = (v: number) => `${Math.round(v)} ms`;
          console.log(`  at ${ms(task.startMs).padStart(8)}  ${ms(task.durationMs).padStart(7)}  began by ${task.origin}`);
          if (task.own.length) console.log(`      app:      ${task.own.map(([l, v]) => `${l} ${ms(v)}`).join(' · ')}`);
          console.log(`      packages: ${task.packages.map(([l, v]) => `${l} ${ms(v)}`).join(' · ')}`);
        }
      }
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

await main();
