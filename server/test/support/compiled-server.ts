import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';

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

/** An empty database on the test server (TEST_DATABASE_SERVER_URL) for server processes to migrate. */
export interface EmptyDatabase {
  name: string;
  url: string;
  /** Drops it (connections still open are cut). */
  drop(): Promise<void>;
}

/** Creates an {@link EmptyDatabase} named `<prefix>_<random>`. */
export async function createEmptyDatabase(prefix: string): Promise<EmptyDatabase> {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL!;
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
