#!/usr/bin/env node
// `npm test`: every test of the project, in order: Redocly lint of contract/openapi.json, the type check of
// all four TypeScript projects (`tsc --noEmit`; jest itself only transforms, with swc), one production
// build (the front ends and the server, side by side and without checking the types again:
// scripts/build.mjs; the server specs that start real server processes run it, given as
// PORTAL_SERVER_DIST), server unit and API tests (real PostgreSQL: DATABASE_URL when set, else an
// embedded one with fsync off, deleted after the run; each test file on its own copy of one migrated template database, in three jest workers),
// the two front ends' unit tests, then the end-to-end tests in Debian chromium (two workers, each file
// with its own portal on a copy of one migrated template database in one embedded PostgreSQL started by
// e2e/support/global-setup.mjs; the quick start's own test starts its own). Ends with a timing table (step, files, tests, seconds,
// and the five slowest files) and one line "N passed, N failed".
//
// `--e2e-only` runs just the build and the end-to-end tests.
// `--fast` (`npm run test:fast`, the inner loop): contract lint, type check, server and front-end unit
// and API tests — no build and no browser, so the server specs that start a built server process
// (BUILT_SERVER_SPECS) are left to `npm test`.
// `--server-only`: the server's jest suite alone, every file, against DATABASE_URL with the Node that runs
// this script; it builds the server first for the built-server specs unless PORTAL_SERVER_DIST names a build.
// `--platform-specs` (`.ci/run`'s second lane): the same, but only the server specs that depend on the
// runtime or on the database server ({@link PLATFORM_SPECS}, each with its reason).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jest = join(root, 'node_modules/jest/bin/jest.js');
const reports = mkdtempSync(join(tmpdir(), 'portal-jest-'));
const mode = process.argv.includes('--e2e-only')
  ? 'e2e-only'
  : process.argv.includes('--platform-specs')
    ? 'platform-specs'
    : process.argv.includes('--fast')
      ? 'fast'
      : process.argv.includes('--server-only')
        ? 'server-only'
        : 'all';
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** One row per step: { name, files, tests, seconds }, for the closing table. */
const timings = [];
/** Every jest test file run: { step, file, seconds }, for the slowest-files list. */
const fileTimings = [];
/**
 * Jest workers for the server suite (JEST_WORKERS overrides). Three on this two-core machine: a server test
 * file waits on PostgreSQL, its own HTTP calls and pg-boss between bursts of work, and a third worker fills
 * those waits (idle CPU 16 % of the suite's 490 s with two workers; 4 % of 397 s with three and pg-boss's
 * quicker stop, JobsService.onModuleDestroy; the three workers' memory, about 3 GB each at most, fits).
 */
const serverWorkers = process.env.JEST_WORKERS ?? '3';
/**
 * Jest workers for the end-to-end suite (E2E_WORKERS overrides). Two: chromium keeps both cores busy, so a
 * third measured no faster (825 s against 860 s, 98 % CPU) and only loads every page more.
 */
const e2eWorkers = process.env.E2E_WORKERS ?? '2';

/**
 * Server specs that start the built server as a real process (`server/test/support/compiled-server.ts`):
 * `npm test` gives them its one build; `--fast` builds nothing and leaves them out.
 */
const BUILT_SERVER_SPECS = ['operations', 'server-bundle', 'tracing', 'webhooks', 'deposits-crash'].map(
  (name) => `test/${name}\\.api-spec\\.ts$`,
);

/**
 * `.ci/run`'s second lane (Node 24 LTS, the PostgreSQL server on 127.0.0.1:5432) runs these server specs
 * only: the ones whose outcome can depend on the runtime or on the database server, so that lane 1 (every
 * test, Node 20 and the embedded PostgreSQL) and lane 2 together come closer to CI's 20 minutes (issue 23 item 2
 * allows this when both full lanes cannot fit: two full passes of the server suite took 16 of CI's 31
 * minutes). The rest of the server suite is plain TypeScript over SQL both servers answer alike.
 */
const PLATFORM_SPECS = {
  migrations: "every migration applies on the server's PostgreSQL major version (the embedded one is another)",
  'backup-restore': 'pg_dump/pg_restore against a server; skipped on the embedded PostgreSQL, so it runs only here',
  jobs: 'pg-boss on the server: its schema, advisory locks, two replicas sharing periodic work',
  'mail-jobs': 'e-mail through pg-boss queues and real SMTP on the production runtime',
  operations: 'the production bundle as a process on Node 24: signals, drain, kill -9',
  'server-bundle': 'the production bundle loads and serves on Node 24',
  tracing: 'OpenTelemetry instrumentation hooks of the runtime (module loading differs by Node major)',
  webhooks: 'outbound HTTP (undici fetch of the runtime) with delivery through kill -9 of the built server',
  platform: 'the HTTP stack on the runtime: health, the OpenAPI document, security headers, the one error shape',
  engines: 'every production dependency allows the runtime it runs on',
  auth: 'argon2id through its native add-on, built for the runtime',
  attachments: "file-type's content detection and sharp's native re-encoding on the runtime",
  'attachments-active-content': 'sharp and the document scanners on the runtime',
  payments: "concurrent charges serialised by the server's row locks",
  locales: "the runtime's ICU: option lists in each language's order (Intl.Collator), e-mail times in each zone",
};

const seconds = (since) => (performance.now() - since) / 1000;

/** Runs one jest project and adds its counts and timings to the totals. */
function runJest(name, cwd, extraArgs = [], env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const report = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const result = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, '--json', `--outputFile=${report}`, ...extraArgs],
    { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1', ...env } },
  );
  const row = { name, files: 0, tests: 0, seconds: seconds(started) };
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests;
    row.files = summary.numTotalTestSuites;
    row.tests = summary.numTotalTests;
    for (const file of summary.testResults)
      fileTimings.push({ step: name, file: relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 });
    if (summary.numTotalTests === 0) failedSteps.push(`${name} (ran no test)`);
  }
  timings.push(row);
  if (result.status !== 0) failedSteps.push(name);
}

/** Runs one command from the repository root, timed. */
function run(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push({ name, files: '', tests: '', seconds: seconds(started) });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

/** Prints the timing table and the five slowest test files. */
function printTimings() {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  console.log('\nWhere the time went:');
  console.log(line(['step', 'files', 'tests', 'seconds']));
  console.log(line(['---', '---:', '---:', '---:']));
  for (const row of timings) console.log(line([row.name, row.files, row.tests, row.seconds.toFixed(1)]));
  const total = timings.reduce((sum, row) => sum + row.seconds, 0);
  console.log(line(['total', '', '', total.toFixed(1)]));
  const slowest = [...fileTimings].sort((a, b) => b.seconds - a.seconds).slice(0, 5);
  if (slowest.length) {
    console.log('\nFive slowest test files:');
    for (const file of slowest) console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.file} (${file.step})`);
  }
}

const serverDist = process.env.PORTAL_SERVER_DIST ?? join(root, 'server', 'dist');

if (mode === 'all' || mode === 'fast') {
  // The committed OpenAPI document (server/test/contract.api-spec.ts keeps it equal to the served one):
  // any Redocly error fails this step (rules in redocly.yaml).
  run('contract lint', process.execPath, [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--format=stylish']);
  run('type check', process.execPath, [join(root, 'scripts/typecheck.mjs')]);
}
let built = false;
// after the type check step the build only emits (scripts/build.mjs): the same projects are not checked twice
if (mode === 'all' || mode === 'e2e-only')
  built = run('build', process.execPath, [join(root, 'scripts/build.mjs'), ...(mode === 'all' ? ['--no-type-check'] : [])]);
if ((mode === 'server-only' || mode === 'platform-specs') && !process.env.PORTAL_SERVER_DIST)
  built = run('build (server)', 'npm', ['run', 'build', '-w', 'server']);
if (mode === 'platform-specs') {
  runJest(
    `server platform specs on Node ${process.version}`,
    join(root, 'server'),
    [`--maxWorkers=${serverWorkers}`, '--testPathPatterns', `/(${Object.keys(PLATFORM_SPECS).join('|')})\\.(api-)?spec\\.ts$`],
    { PORTAL_SERVER_DIST: serverDist },
  );
}
if (mode === 'all' || mode === 'server-only') {
  runJest(
    mode === 'server-only' ? `server on Node ${process.version}` : 'server',
    join(root, 'server'),
    [`--maxWorkers=${serverWorkers}`],
    built || process.env.PORTAL_SERVER_DIST ? { PORTAL_SERVER_DIST: serverDist } : {},
  );
}
if (mode === 'fast') {
  runJest('server', join(root, 'server'), [`--maxWorkers=${serverWorkers}`, '--testPathIgnorePatterns', ...BUILT_SERVER_SPECS], {
    PORTAL_SERVER_DIST: '',
  });
}
if (mode === 'all' || mode === 'fast') {
  // two workers: jest's default on two cores is one (applicant-ui 17.8 s → 13.1 s)
  runJest('applicant-ui', join(root, 'applicant-ui'), ['--maxWorkers=2']);
  runJest('admin-ui', join(root, 'admin-ui'), ['--maxWorkers=2']);
}
if ((mode === 'all' || mode === 'e2e-only') && built) {
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    console.error('\nThe end-to-end tests need Debian chromium: apt-get install -y chromium (or set CHROMIUM_PATH).');
    failedSteps.push('e2e (no chromium)');
  } else {
    runJest('e2e', join(root, 'e2e'), [`--maxWorkers=${e2eWorkers}`]);
  }
}

printTimings();
// .ci/run adds its lanes' counts into one closing line
if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ ...totals, failedSteps }) + '\n');
console.log(`\n${failedSteps.length ? `Failed: ${failedSteps.join(', ')}` : 'All test steps passed.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
