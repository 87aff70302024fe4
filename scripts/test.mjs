#!/usr/bin/env node
// `npm test`: every test of the project, in order: Redocly lint of contract/openapi.json, server unit and API tests (real PostgreSQL:
// DATABASE_URL when set, else an embedded one), the two front ends' unit tests, then a production
// build and the end-to-end tests in Debian chromium. Ends with one line "N passed, N failed".
// `--e2e-only` runs just the build and the end-to-end tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jest = join(root, 'node_modules/jest/bin/jest.js');
const reports = mkdtempSync(join(tmpdir(), 'portal-jest-'));
const e2eOnly = process.argv.includes('--e2e-only');
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

/** Runs one jest project and adds its counts to the totals. */
function runJest(name, cwd, extraArgs = []) {
  console.log(`\n=== ${name} ===`);
  const report = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const result = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings=ExperimentalWarning', jest, '--json', `--outputFile=${report}`, ...extraArgs],
    { cwd, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
  );
  if (existsSync(report)) {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests;
    totals.failed += summary.numFailedTests;
    totals.skipped += summary.numPendingTests;
    if (summary.numTotalTests === 0) failedSteps.push(`${name} (ran no test)`);
  }
  if (result.status !== 0) failedSteps.push(name);
}

function run(name, command, args) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failedSteps.push(name);
  return result.status === 0;
}

if (!e2eOnly) {
  // The committed OpenAPI document (server/test/contract.api-spec.ts keeps it equal to the served one):
  // any Redocly error fails this step (rules in redocly.yaml).
  run('contract lint', process.execPath, [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--format=stylish']);
  runJest('server', join(root, 'server'));
  runJest('applicant-ui', join(root, 'applicant-ui'));
  runJest('admin-ui', join(root, 'admin-ui'));
}
if (run('build', 'npm', ['run', 'build'])) {
  if (!existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
    console.error('\nThe end-to-end tests need Debian chromium: apt-get install -y chromium (or set CHROMIUM_PATH).');
    failedSteps.push('e2e (no chromium)');
  } else {
    runJest('e2e', join(root, 'e2e'), ['--runInBand']);
  }
}

console.log(`\n${failedSteps.length ? `Failed: ${failedSteps.join(', ')}` : 'All test steps passed.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps.length ? 1 : 0);
