import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import pg from 'pg';
import type { FileStorage } from '../../modules/attachments/storage/file-storage.js';
import {
  BackupIntegrityError,
  DATABASE_FILE,
  DOCUMENTS_DIR,
  digestOf,
  digestOfFile,
  documentPath,
  readManifest,
  type BackupManifest,
} from './backup-manifest.js';
import { requireMajor, resolveTool, runTool, serverVersion, type PostgresToolSettings } from './postgres-tools.js';

/** What {@link restoreBackup} needs. */
export interface RestoreBackupOptions {
  /** The backup folder (the one holding `manifest.json`). */
  from: string;
  /** `postgres://` URL of the target database: empty, unless `force`. */
  databaseUrl: string;
  /** The target document store: empty, unless `force`. */
  storage: FileStorage;
  /** Restore over a database and a store that are not empty (see {@link restoreBackup}). */
  force?: boolean;
  /** Where pg_restore is (see {@link resolveTool}). */
  tools: PostgresToolSettings;
  /** Progress lines (no secrets are passed to it). */
  log?: (message: string) => void;
}

/** Raised when the target database or store is not empty and `force` was not given. */
export class RestoreTargetNotEmptyError extends Error {}

/** A finished restore. */
export interface RestoredBackup {
  manifest: BackupManifest;
  durationMs: number;
}

/**
 * Restores a backup of {@link createBackup} (issue 26 item 11), in this order, so that nothing is written
 * unless every check passed:
 * 1. reads the manifest and verifies the size and SHA-256 of the dump and of every document, and that the
 *    documents folder holds exactly the manifest's documents;
 * 2. finds pg_restore, at least as new as the pg_dump that wrote the dump;
 * 3. refuses a target database holding any table, view or sequence, or a store holding any object, unless
 *    `force`;
 * 4. when forced, empties the database first (see {@link emptyDatabase}: pg_restore's own `--clean` fails
 *    on partitioned tables such as pg-boss's); then `pg_restore --no-owner --no-privileges --exit-on-error
 *    --single-transaction` (a failure leaves the database as it was before this step);
 * 5. writes every document through the store's put and reads it back to check its SHA-256; when forced,
 *    objects of the store that are not in the backup are deleted, so the store equals the backup.
 * @throws BackupIntegrityError for a damaged or incomplete backup; RestoreTargetNotEmptyError;
 *   PostgresToolError when pg_restore is missing, too old or fails; whatever the store throws
 */
export async function restoreBackup(options: RestoreBackupOptions): Promise<RestoredBackup> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const folder = resolve(options.from);
  const manifest = await readManifest(folder);
  log(`Verifying the backup of ${manifest.createdAt} (${manifest.documents.count} documents)`);
  await verifyBackupFiles(folder, manifest);

  const server = await serverVersion(options.databaseUrl);
  const pgRestore = await resolveTool('pg_restore', options.tools, manifest.postgres.pgDumpMajor);
  requireMajor(pgRestore, manifest.postgres.pgDumpMajor, `the backup's dump was written by pg_dump ${manifest.postgres.pgDumpVersion}`);

  const relations = await userRelations(options.databaseUrl);
  const existing = new Set<string>();
  for await (const object of options.storage.list()) existing.add(object.key);
  if (!options.force && (relations > 0 || existing.size > 0)) {
    const what = [
      relations > 0 ? `the database holds ${relations} tables, views or sequences` : '',
      existing.size > 0 ? `the document store (${options.storage.description}) holds ${existing.size} objects` : '',
    ].filter(Boolean);
    throw new RestoreTargetNotEmptyError(
      `Nothing restored: ${what.join(' and ')}. Restore into an empty database and store, or pass --force to replace them.`,
    );
  }

  if (options.force && relations > 0) {
    log('Emptying the database (--force)');
    await emptyDatabase(options.databaseUrl, server.major);
  }
  log(`Restoring the database into PostgreSQL ${server.version} with ${pgRestore.command} ${pgRestore.version}`);
  await runTool(pgRestore, options.databaseUrl, [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    join(folder, DATABASE_FILE),
  ]);

  log(`Writing ${manifest.documents.count} documents to ${options.storage.description}`);
  const documentsDir = join(folder, DOCUMENTS_DIR);
  for (const item of manifest.documents.items) {
    if (existing.has(item.key)) await options.storage.delete(item.key);
    await options.storage.put(item.key, createReadStream(documentPath(documentsDir, item.key)));
    const written = await digestOf(await options.storage.get(item.key));
    if (written.sha256 !== item.sha256 || written.size !== item.size) {
      throw new BackupIntegrityError(
        `document ${item.key} reads back from the store as ${written.size} bytes, SHA-256 ${written.sha256}, not as backed up`,
      );
    }
  }
  if (options.force) {
    const restored = new Set(manifest.documents.items.map((item) => item.key));
    for (const key of existing) if (!restored.has(key)) await options.storage.delete(key);
  }
  return { manifest, durationMs: performance.now() - started };
}

/**
 * Checks a backup folder against its manifest: the dump's and every document's size and SHA-256, no
 * document missing and none that the manifest does not name.
 * @throws BackupIntegrityError listing (up to ten of) the problems
 */
export async function verifyBackupFiles(folder: string, manifest: BackupManifest): Promise<void> {
  const problems: string[] = [];
  const check = async (label: string, path: string, expected: { size: number; sha256: string }) => {
    const actual = await digestOfFile(path).catch(() => undefined);
    if (!actual) problems.push(`${label} is missing`);
    else if (actual.size !== expected.size) problems.push(`${label} is ${actual.size} bytes, the manifest says ${expected.size}`);
    else if (actual.sha256 !== expected.sha256) problems.push(`${label} does not match its SHA-256 in the manifest`);
  };
  await check(DATABASE_FILE, join(folder, DATABASE_FILE), manifest.database);
  const documentsDir = join(folder, DOCUMENTS_DIR);
  for (const item of manifest.documents.items) await check(`document ${item.key}`, documentPath(documentsDir, item.key), item);
  const named = new Set(manifest.documents.items.map((item) => item.key));
  const entries = await readdir(documentsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = relative(documentsDir, join(entry.parentPath, entry.name)).split(sep).join('/');
    if (!named.has(key)) problems.push(`documents/${key} is not in the manifest`);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 10).join('; ') + (problems.length > 10 ? `; and ${problems.length - 10} more` : '');
    throw new BackupIntegrityError(`The backup in ${folder} is damaged, nothing was restored: ${shown}`);
  }
}

/** Schemas other than PostgreSQL's own (`pg_catalog`, `information_schema`, `pg_toast…`, `pg_temp…`). */
const USER_SCHEMA = `n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'`;

/**
 * `--force`: makes the database as a new one is, in one transaction (nothing is dropped if any step
 * fails): drops every schema but PostgreSQL's own with all it holds (`public`, `pgboss`, the extensions in
 * them), then recreates `public` as CREATE DATABASE makes it (owned by pg_database_owner, usable by all).
 * @param serverMajor the server's major version (pg_database_owner exists from PostgreSQL 14)
 * @throws whatever PostgreSQL answers (e.g. a schema the user does not own)
 */
async function emptyDatabase(url: string, serverMajor: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ name: string }>(`SELECT n.nspname AS name FROM pg_namespace n WHERE ${USER_SCHEMA}`);
    for (const { name } of rows) await client.query(`DROP SCHEMA ${client.escapeIdentifier(name)} CASCADE`);
    await client.query(serverMajor >= 14 ? 'CREATE SCHEMA public AUTHORIZATION pg_database_owner' : 'CREATE SCHEMA public');
    await client.query('GRANT USAGE ON SCHEMA public TO PUBLIC');
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** Tables, views, sequences and foreign tables outside PostgreSQL's own schemas (0: an empty database). */
async function userRelations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND ${USER_SCHEMA}`,
    );
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}
