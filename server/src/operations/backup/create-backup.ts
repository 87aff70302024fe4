import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { repoRoot } from '../../config/repo-paths.js';
import type { FileStorage } from '../../modules/attachments/storage/file-storage.js';
import {
  BACKUP_FORMAT_VERSION,
  DATABASE_FILE,
  DOCUMENTS_DIR,
  MANIFEST_FILE,
  digestOfFile,
  digestStream,
  documentPath,
  type BackupManifest,
} from './backup-manifest.js';
import { backupName } from './backup-retention.js';
import { requireMajor, resolveTool, runTool, serverVersion, type PostgresToolSettings } from './postgres-tools.js';

/** What {@link createBackup} needs. */
export interface CreateBackupOptions {
  /** `postgres://` URL of the database to back up. */
  databaseUrl: string;
  /** The document store, read through its list and get. */
  storage: FileStorage;
  /** Folder that receives the backup's own folder (created when missing). */
  outDir: string;
  /** Where pg_dump is (see {@link resolveTool}). */
  tools: PostgresToolSettings;
  /** Progress lines (no secrets are passed to it). */
  log?: (message: string) => void;
  /** The backup's time (its folder's name and `createdAt`); default now. */
  now?: Date;
}

/** A finished backup. */
export interface CreatedBackup {
  /** Absolute path of the backup folder. */
  folder: string;
  manifest: BackupManifest;
  /** Bytes of the folder's files (dump, documents, manifest). */
  totalBytes: number;
  durationMs: number;
}

/**
 * Backs up the database and the document store (issue 26 item 11) into `<outDir>/<UTC time>/`:
 * `database.dump` (`pg_dump --format=custom`), `documents/<key>` for every object of the store, and
 * `manifest.json` (format version, time, app version, migration head, size and SHA-256 of the dump and
 * of every document). Checks pg_dump's major version against the server's first (pg_dump refuses a newer
 * server). The database is dumped before the documents are copied, so every document a dumped row names
 * is in the backup (an upload after the dump may be too, as an orphan the app's clean-up removes). The
 * folder is written as `.<name>.partial` and renamed when complete: a folder with the backup's name is
 * always whole.
 * @throws PostgresToolError when pg_dump is missing, too old or fails; whatever the store or the disk throws
 */
export async function createBackup(options: CreateBackupOptions): Promise<CreatedBackup> {
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const server = await serverVersion(options.databaseUrl);
  const pgDump = await resolveTool('pg_dump', options.tools, server.major);
  requireMajor(pgDump, server.major, `the database server is PostgreSQL ${server.version}`);

  const outDir = resolve(options.outDir);
  const name = backupName(now);
  const folder = join(outDir, name);
  const partial = join(outDir, `.${name}.partial`);
  await mkdir(join(partial, DOCUMENTS_DIR), { recursive: true });
  try {
    const migrationHead = await readMigrationHead(options.databaseUrl);
    log(`Dumping the database (PostgreSQL ${server.version}) with ${pgDump.command} ${pgDump.version}`);
    const dumpPath = join(partial, DATABASE_FILE);
    await runTool(pgDump, options.databaseUrl, ['--format=custom', `--file=${dumpPath}`]);
    const database = await digestOfFile(dumpPath);

    log(`Copying the documents of ${options.storage.description}`);
    const items: BackupManifest['documents']['items'] = [];
    for await (const object of options.storage.list()) {
      if (object.key.endsWith('/')) continue; // an S3 console's "folder" marker, not a document
      const path = documentPath(join(partial, DOCUMENTS_DIR), object.key);
      await mkdir(dirname(path), { recursive: true });
      const digest = digestStream();
      await pipeline(await options.storage.get(object.key), digest.stream, createWriteStream(path, { flags: 'wx' }));
      items.push({ key: object.key, ...digest.result() });
    }
    items.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

    const manifest: BackupManifest = {
      format: 'admissions-portal-backup',
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: now.toISOString(),
      appVersion: await appVersion(),
      migrationHead,
      postgres: { serverVersion: server.version, pgDumpVersion: pgDump.version, pgDumpMajor: pgDump.major },
      database: { file: DATABASE_FILE, ...database },
      documents: {
        source: options.storage.description,
        count: items.length,
        bytes: items.reduce((sum, item) => sum + item.size, 0),
        items,
      },
    };
    const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
    await writeFile(join(partial, MANIFEST_FILE), manifestText, { flag: 'wx' });
    await rename(partial, folder);
    const totalBytes = database.size + manifest.documents.bytes + Buffer.byteLength(manifestText);
    return { folder, manifest, totalBytes, durationMs: performance.now() - started };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The newest migration the database recorded (TypeORM's `migrations` table), or null on a database without it. */
async function readMigrationHead(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client
      .query<{ name: string }>('SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1')
      .catch((error: { code?: string }) => {
        if (error.code === '42P01') return { rows: [] }; // undefined_table: never migrated
        throw error;
      });
    return rows[0]?.name ?? null;
  } finally {
    await client.end();
  }
}

/** `version` of the repository's package.json (the image keeps it at /app/package.json). */
async function appVersion(): Promise<string> {
  const text = await readFile(join(repoRoot(), 'package.json'), 'utf8');
  return String((JSON.parse(text) as { version?: unknown }).version ?? 'unknown');
}
