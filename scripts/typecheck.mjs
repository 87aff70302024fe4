#!/usr/bin/env node
// `npm run typecheck`: `tsc --noEmit` over the four TypeScript projects (server with its tests, benches and
// scripts; applicant-ui; admin-ui; e2e), two at a time. Jest only transforms TypeScript (swc, see
// jest.esm-preset.js), so this is where a type error fails `npm test` and `npm run test:fast`.
// Prints each project's errors and time; exits 1 when any project has an error.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const PROJECTS = ['server/tsconfig.json', 'applicant-ui/tsconfig.json', 'admin-ui/tsconfig.json', 'e2e/tsconfig.json'];

/** Type-checks one project; resolves to true when it has no error. */
function check(project) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', join(root, project)], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const took = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${project} (${took} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = [];
await Promise.all(
  [0, 1].map(async () => {
    for (let project = queue.shift(); project; project = queue.shift()) results.push(await check(project));
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
