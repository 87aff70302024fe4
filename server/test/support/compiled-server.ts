import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Compiles the server as `npm run build -w server` does, into `dist/<folder>` (incremental, so a second
 * run is quick), for tests that start real server processes.
 * @returns the path of the compiled `main.js`
 */
export async function compileServer(folder: string): Promise<string> {
  const outDir = join(serverDir, 'dist', folder);
  await promisify(execFile)(
    process.execPath,
    [
      join(serverDir, '..', 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      join(serverDir, 'tsconfig.build.json'),
      '--outDir',
      outDir,
      '--incremental',
      '--tsBuildInfoFile',
      join(outDir, '.tsbuildinfo'),
    ],
    { cwd: serverDir },
  );
  const main = join(outDir, 'server', 'src', 'main.js');
  if (!existsSync(main)) throw new Error(`no ${main} after tsc`);
  return main;
}

/**
 * Compiles the server into `dist/<folder>` ({@link compileServer}) and bundles it as `npm run build -w
 * server` does (`app.bundle.cjs` beside `main.js`, which then runs it), for tests of the built server.
 * @returns the path of the compiled `main.js`
 */
export async function buildServer(folder: string): Promise<string> {
  const main = await compileServer(folder);
  await promisify(execFile)(process.execPath, [join(serverDir, 'dist', folder, 'server', 'scripts', 'bundle-server.js')], {
    cwd: serverDir,
  });
  if (!existsSync(join(dirname(main), 'app.bundle.cjs'))) throw new Error(`no app.bundle.cjs beside ${main}`);
  return main;
}
