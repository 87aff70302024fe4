import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The server build `npm test` made once at the start of the run (`npm run build`), given to jest as
 * PORTAL_SERVER_DIST (the absolute path of `server/dist`): tests of real server processes then run it
 * instead of compiling their own.
 * @returns its `main.js`, or undefined when the variable is unset
 * @throws Error when the variable names a folder without a built `main.js` (and `app.bundle.cjs` when `bundled`)
 */
function sharedBuild(bundled: boolean): string | undefined {
  const dist = process.env.PORTAL_SERVER_DIST;
  if (!dist) return undefined;
  const main = join(dist, 'server', 'src', 'main.js');
  if (!existsSync(main)) throw new Error(`PORTAL_SERVER_DIST=${dist} has no ${main}: run npm run build -w server`);
  if (bundled && !existsSync(join(dirname(main), 'app.bundle.cjs'))) throw new Error(`no app.bundle.cjs beside ${main}`);
  return main;
}

/**
 * The compiled server for tests that start real server processes: the run's shared build when `npm test`
 * made one (PORTAL_SERVER_DIST), else compiled as `npm run build -w server` does into `dist/<folder>`
 * (incremental, so a second run is quick).
 * @returns the path of the compiled `main.js`
 */
export async function compileServer(folder: string): Promise<string> {
  const shared = sharedBuild(false);
  if (shared) return shared;
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
 * The built and bundled server (`app.bundle.cjs` beside `main.js`, which then runs it), for tests of the
 * built server: the run's shared build when `npm test` made one (PORTAL_SERVER_DIST), else compiled into
 * `dist/<folder>` ({@link compileServer}) and bundled as `npm run build -w server` does.
 * @returns the path of the compiled `main.js`
 */
export async function buildServer(folder: string): Promise<string> {
  const shared = sharedBuild(true);
  if (shared) return shared;
  const main = await compileServer(folder);
  await promisify(execFile)(process.execPath, [join(serverDir, 'dist', folder, 'server', 'scripts', 'bundle-server.js')], {
    cwd: serverDir,
  });
  if (!existsSync(join(dirname(main), 'app.bundle.cjs'))) throw new Error(`no app.bundle.cjs beside ${main}`);
  return main;
}
