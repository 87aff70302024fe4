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
