#!/usr/bin/env node
// `npm start`: builds whatever is out of date (the two front ends and the server), then runs the
// portal on the configured defaults (embedded PostgreSQL when DATABASE_URL is unset) until Ctrl-C.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time (ms) of any file under `dir`, skipping node_modules and dist. */
function newest(dir) {
  if (!existsSync(dir)) return 0;
  let latest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const parts = [
  { workspace: 'applicant-ui', sources: ['applicant-ui'], output: 'applicant-ui/dist/index.html' },
  { workspace: 'admin-ui', sources: ['admin-ui'], output: 'admin-ui/dist/index.html' },
  { workspace: 'server', sources: ['server/src', 'migrations'], output: 'server/dist/server/src/main.js' },
];
for (const part of parts) {
  const output = join(root, part.output);
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const changed = Math.max(...part.sources.map((s) => newest(join(root, s))));
  if (built >= changed && !process.argv.includes('--rebuild')) continue;
  console.log(`Building ${part.workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', part.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [join(root, 'server/dist/server/src/main.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
