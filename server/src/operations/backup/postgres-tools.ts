import { spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';

/** PostgreSQL's client programs the backup and the restore run. */
export type PostgresTool = 'pg_dump' | 'pg_restore';

/** Where to look for the client programs: `PG_DUMP` / `PG_RESTORE` (a program), `PG_BIN_DIR` (a folder), else PATH. */
export interface PostgresToolSettings {
  PG_DUMP?: string;
  PG_RESTORE?: string;
  PG_BIN_DIR?: string;
}

/** A client program found and asked for its version. */
export interface ResolvedTool {
  tool: PostgresTool;
  /** What was run: a path, or the bare name looked up on PATH. */
  command: string;
  /** e.g. `15.20` */
  version: string;
  major: number;
}

/** A PostgreSQL server's version, read with `SHOW server_version_num`. */
export interface ServerVersion {
  /** e.g. `18.4` */
  version: string;
  major: number;
}

/** Raised when a client program is missing, too old, or fails; the message says what to do. */
export class PostgresToolError extends Error {}

/**
 * The program to run for `tool`: `PG_DUMP` / `PG_RESTORE` when set, else `<PG_BIN_DIR>/<tool>`, else the
 * bare name (found on PATH by the operating system).
 */
export function toolCommand(tool: PostgresTool, settings: PostgresToolSettings): string {
  const explicit = tool === 'pg_dump' ? settings.PG_DUMP : settings.PG_RESTORE;
  if (explicit) return explicit;
  return settings.PG_BIN_DIR ? join(settings.PG_BIN_DIR, tool) : tool;
}

/**
 * The major and full version in a client program's `--version` line (`pg_dump (PostgreSQL) 15.20 (Debian
 * 15.20-0+deb12u1)`, `pg_restore (PostgreSQL) 18beta1`).
 * @throws PostgresToolError when the line holds no version
 */
export function parseToolVersion(line: string): { version: string; major: number } {
  const match = /\(PostgreSQL\)\s+((\d+)(?:\.\d+)?\S*)/.exec(line);
  if (!match) throw new PostgresToolError(`cannot read a PostgreSQL version in "${line.trim()}"`);
  return { version: match[1]!, major: Number(match[2]) };
}

/** `server_version_num` (e.g. 150020, 180004) as a version: PostgreSQL 10 and later number major × 10000 + minor. */
export function serverVersionOf(versionNum: number): ServerVersion {
  const major = Math.floor(versionNum / 10_000);
  return { version: `${major}.${versionNum % 10_000}`, major };
}

/** What an operator should install for PostgreSQL `major`'s client programs (the message's last sentence). */
function installHint(major: number, tool: PostgresTool): string {
  return (
    `Install PostgreSQL ${major}'s client programs (Debian/Ubuntu: postgresql-client-${major} from apt.postgresql.org; ` +
    `elsewhere PostgreSQL ${major} or newer) and point PG_BIN_DIR at their folder (e.g. /usr/lib/postgresql/${major}/bin), ` +
    `or ${tool === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'} at the program, or put it first on PATH.`
  );
}

/**
 * Finds `tool` (see {@link toolCommand}) and reads its version (`<tool> --version`).
 * @throws PostgresToolError naming where it looked and what to install when it cannot be run
 */
export async function resolveTool(tool: PostgresTool, settings: PostgresToolSettings, neededMajor: number): Promise<ResolvedTool> {
  const command = toolCommand(tool, settings);
  let output: { code: number | null; stdout: string; stderr: string };
  try {
    output = await runProgram(command, ['--version'], process.env);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new PostgresToolError(
      `${tool} cannot be run (${command}: ${code ?? (error as Error).message}; looked at PG_${tool === 'pg_dump' ? 'DUMP' : 'RESTORE'}, PG_BIN_DIR, then PATH). ` +
        installHint(neededMajor, tool),
    );
  }
  if (output.code !== 0) throw new PostgresToolError(`${command} --version exited with code ${output.code}: ${output.stderr.trim()}`);
  return { tool, command, ...parseToolVersion(output.stdout) };
}

/**
 * Refuses a client program older than `neededMajor`: pg_dump refuses to dump a newer server, and
 * pg_restore cannot read an archive written by a newer pg_dump.
 * @param why what the version is needed for, for the message ("the server is PostgreSQL 18.4")
 * @throws PostgresToolError naming the program, both versions and what to install
 */
export function requireMajor(tool: ResolvedTool, neededMajor: number, why: string): void {
  if (tool.major >= neededMajor) return;
  throw new PostgresToolError(
    `${tool.tool} ${tool.version} (${tool.command}) is older than PostgreSQL ${neededMajor} and cannot be used: ${why}. ` +
      installHint(neededMajor, tool.tool),
  );
}

/** The libpq connection of a `postgres://` URL: the URL without its password (never on a command line) and the password for PGPASSWORD. */
export function libpqConnection(url: string): { dbname: string; password?: string } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : undefined;
  parsed.password = '';
  return { dbname: parsed.toString(), password };
}

/** `url` with its password replaced by `***`, for logs and messages. */
export function maskDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** The server's version (`SHOW server_version_num`) over a short connection. */
export async function serverVersion(url: string): Promise<ServerVersion> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return serverVersionOf(Number(rows[0]!.server_version_num));
  } finally {
    await client.end();
  }
}

/**
 * Runs `tool` with `args` (an argument array, never a shell string) against the database at `url`: the
 * URL without its password goes in `--dbname`, the password in the child's PGPASSWORD, `--no-password`
 * keeps it from ever prompting.
 * @throws PostgresToolError with the exit code and the end of its error output (the password masked) when it fails
 */
export async function runTool(tool: ResolvedTool, url: string, args: string[]): Promise<void> {
  const { dbname, password } = libpqConnection(url);
  const env: NodeJS.ProcessEnv = { ...process.env, PGPASSWORD: password };
  if (password === undefined) delete env.PGPASSWORD;
  const result = await runProgram(tool.command, [...args, '--no-password', `--dbname=${dbname}`], env);
  if (result.code === 0) return;
  let stderr = result.stderr.trim().split('\n').slice(-15).join('\n');
  if (password) stderr = stderr.split(password).join('***');
  throw new PostgresToolError(`${tool.tool} exited with code ${result.code}: ${stderr}`);
}

/** Runs a program to its end and collects its output. Rejects only when it cannot be started (ENOENT, EACCES). */
function runProgram(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.once('error', reject);
    child.once('close', (code) =>
      resolve({ code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') }),
    );
  });
}
