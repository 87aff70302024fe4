#!/usr/bin/env node
// The production build of the three parts — applicant-ui and admin-ui (vite) and the server (tsc, then its
// bundle) — run side by side, each part's output printed when it ends. `npm run build` type-checks each part
// on the way (each workspace's own `build` script); `npm test` calls this with `--no-type-check` right after
// its type check step has passed over the same projects (scripts/typecheck.mjs), so the run does not check the
// same code twice: vite builds only, and the server's tsc emits with `--noCheck`.
// Exits 1 when any part fails. The steps repeat each workspace's own `build` script (which the Dockerfile runs,
// without this folder): a change to one belongs in both.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', name);
const checked = !process.argv.includes('--no-type-check');

/** Runs `args` with this Node in `cwd`; resolves to its exit code and output. */
function node(args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, env: process.env });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** One part: its steps in order, stopping at the first failure; prints its output and time at the end. */
async function part(name, cwd, steps) {
  const started = performance.now();
  let output = '';
  let code = 0;
  for (const args of steps) {
    const result = await node(args, cwd);
    output += result.output;
    code = result.code;
    if (code !== 0) break;
  }
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\n--- ${name}: ${code === 0 ? 'built' : 'FAILED'} (${took} s) ---\n${output.trimEnd()}`);
  return code === 0;
}

const tsc = bin('typescript/bin/tsc');
const vite = bin('vite/bin/vite.js');
const ui = (name) => part(name, join(root, name), [...(checked ? [[tsc, '-p', 'tsconfig.json', '--noEmit']] : []), [vite, 'build']]);
const results = await Promise.all([
  ui('applicant-ui'),
  ui('admin-ui'),
  part('server', join(root, 'server'), [
    [tsc, '-p', 'tsconfig.build.json', ...(checked ? [] : ['--noCheck'])],
    ['dist/server/scripts/bundle-server.js'],
  ]),
]);
process.exit(results.every(Boolean) ? 0 : 1);
