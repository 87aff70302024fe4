#!/usr/bin/env node
// `npm run test:soak`: the long randomized runs, one after another, each with SOAK=1 (many more cases
// than CI's fixed-seed run, and a fresh seed unless FUZZ_SEED / the run's own seed variable is set; every
// run prints its seed). To add a run, append one entry to SOAK_RUNS: { name, cwd (relative to the repo),
// args (jest arguments), env (extra variables) }. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jest = join(root, 'node_modules/jest/bin/jest.js');
const reports = mkdtempSync(join(tmpdir(), 'portal-soak-'));

/** The soak runs, in order. */
const SOAK_RUNS = [
  // Issue 10 item 7: the API fuzz suite over every OpenAPI operation, 20,000 cases (FUZZ_CASES to change).
  { name: 'api fuzz', cwd: 'server', args: ['test/api-fuzz.api-spec.ts'], env: {} },
];

const totals = { passed: 0, failed: 0 };
const failedRuns = [];
for (const run of SOAK_RUNS) {
  console.log(`\n=== soak: ${run.name} ===`);
  const report = join(reports, `${run.name.replace(/\W+/g, '-')}.json`);
  const result = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      '--no-warnings=ExperimentalWarning',
      jest,
      '--runInBand',
      '--json',
      `--outputFile=${report}`,
      ...run.args,
    ],
    { cwd: join(root, run.cwd), stdio: 'inherit', env: { ...process.env, SOAK: '1', ...run.env } },
  );
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    if (summary.numTotalTests === 0) failedRuns.push(`${run.name} (ran no test)`);
  }
  if (result.status !== 0) failedRuns.push(run.name);
}

console.log(`\n${failedRuns.length ? `Failed: ${failedRuns.join(', ')}` : 'All soak runs passed.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(failedRuns.length ? 1 : 0);
