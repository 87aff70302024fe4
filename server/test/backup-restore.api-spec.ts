import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import S3rver from 's3rver';
import type { FileStorage } from '../src/modules/attachments/storage/file-storage.js';
import { createFileStorage } from '../src/modules/attachments/storage/file-storage.factory.js';
import {
  BackupIntegrityError,
  DOCUMENTS_DIR,
  MANIFEST_FILE,
  digestOf,
  digestOfFile,
  readManifest,
} from '../src/operations/backup/backup-manifest.js';
import { backupName } from '../src/operations/backup/backup-retention.js';
import { createBackup } from '../src/operations/backup/create-backup.js';
import { PostgresToolError, requireMajor, resolveTool, serverVersion } from '../src/operations/backup/postgres-tools.js';
import { RestoreTargetNotEmptyError, restoreBackup } from '../src/operations/backup/restore-backup.js';
import { saveDraft, startMba } from './support/drafts.js';
import { applicantJourney } from './support/journey.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { createEmptyDatabase, withDatabase } from './support/test-database.js';

/**
 * Data that survives the operator's bad day (issue 26 item 11): data made through the API (a paid,
 * completed application with its documents, a draft with answers) is backed up with `npm run backup`'s
 * command, the database dropped and recreated empty and the document store emptied, then restored with
 * `npm run restore`'s command; every row of every table (the migrations table and pg-boss's included) and
 * every sequence compare equal, and every document byte for byte. A backup with one document byte changed,
 * and a target that is not empty, are refused before anything is written. Runs when the machine's
 * pg_dump/pg_restore can serve the test server (CI's lane 2: PostgreSQL 15 with pg_dump 15); skipped, with
 * the reason printed, otherwise (lane 1's embedded PostgreSQL 18 with pg_dump 15).
 */

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const TOOLS = { PG_DUMP: process.env.PG_DUMP, PG_RESTORE: process.env.PG_RESTORE, PG_BIN_DIR: process.env.PG_BIN_DIR };

/** Why the machine's PostgreSQL client programs cannot back up and restore the test server, if they cannot. */
async function toolsUnfit(): Promise<string | undefined> {
  const server = await serverVersion(process.env.TEST_DATABASE_SERVER_URL!);
  try {
    for (const tool of ['pg_dump', 'pg_restore'] as const) {
      requireMajor(await resolveTool(tool, TOOLS, server.major), server.major, `the test server is PostgreSQL ${server.version}`);
    }
    return undefined;
  } catch (error) {
    if (error instanceof PostgresToolError) return error.message;
    throw error;
  }
}

const unfit = await toolsUnfit();
if (unfit) console.warn(`backup-restore.api-spec.ts skipped: ${unfit}`);

/** Every row of every table (as sorted JSON text) and every sequence's position, by qualified name. */
async function snapshot(db: pg.Client): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  const tables = await db.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  );
  for (const { schema, name } of tables.rows) {
    const qualified = `${db.escapeIdentifier(schema)}.${db.escapeIdentifier(name)}`;
    const rows = await db.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${qualified} t`);
    out[`${schema}.${name}`] = rows.rows.map((r) => r.row).sort();
  }
  const sequences = await db.query<{ schema: string; name: string }>(
    `SELECT sequence_schema AS schema, sequence_name AS name FROM information_schema.sequences ORDER BY 1, 2`,
  );
  for (const { schema, name } of sequences.rows) {
    const qualified = `${db.escapeIdentifier(schema)}.${db.escapeIdentifier(name)}`;
    const rows = await db.query<{ row: string }>(`SELECT concat(last_value, ' ', is_called) AS row FROM ${qualified}`);
    out[`sequence ${schema}.${name}`] = rows.rows.map((r) => r.row);
  }
  return out;
}

/** Every object of the store with its bytes. */
async function storeContents(storage: FileStorage): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for await (const object of storage.list()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.get(object.key)) chunks.push(chunk as Buffer);
    out.set(object.key, Buffer.concat(chunks));
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * Runs the command of `npm run backup` / `npm run restore`: the run's shared build when `npm test` made one
 * (PORTAL_SERVER_DIST, CI's lane 2: exactly what the npm scripts run), else server/src/operations/backup/<name>.cli.ts through tsx.
 * @returns its exit code and everything it printed
 */
async function runCli(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  const built =
    process.env.PORTAL_SERVER_DIST && join(process.env.PORTAL_SERVER_DIST, 'server', 'src', 'operations', 'backup', `${name}.cli.js`);
  const program =
    built && existsSync(built) ? [built] : ['--import', 'tsx', join(serverDir, 'src', 'operations', 'backup', `${name}.cli.ts`)];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...program, ...args], {
      cwd: serverDir,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', NODE_ENV: 'test', ...TOOLS, ...env },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

(unfit ? describe.skip : describe)('npm run backup and npm run restore (issue 26 item 11)', () => {
  let t: TestApp;
  let storage: FileStorage;
  let databaseUrl: string;
  let work: string;
  let backup: string;
  let before: Record<string, string[]>;
  let documentsBefore: Map<string, Buffer>;
  let admin: pg.Client;

  /** Relations in the test database outside PostgreSQL's own schemas. */
  const relationsIn = async (url: string) => {
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      return (await db.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`))
        .rows[0].n;
    } finally {
      await db.end();
    }
  };

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'portal-backup-'));
    t = await createTestApp();
    databaseUrl = withDatabase(process.env.TEST_DATABASE_SERVER_URL!, t.databaseName);
    storage = await createFileStorage(t.config);
    await t.app.listen(0, '127.0.0.1');
    const base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    // a paid, completed application with every required document; a draft with answers in two languages' scripts
    await applicantJourney(base, t.db, 'backup-journey@example.com');
    const draft = await startMba(t, { email: 'backup-draft@example.com', firstName: 'Zoë', lastName: '李' });
    const saved = await saveDraft(t, draft, {
      stepReached: '2',
      dateOfBirth: '02/14/1995',
      addressState: 'NY',
      addressZip: '11230',
      cellPhone: '718-555-0100',
      emergencyContact: { name: 'Rivka Levi', phone: '718-555-0199', relationship: 'Sister' },
    });
    expect(saved.status).toBe(200);
    // no writer is left (pg-boss's maintenance included): the snapshot and the dump see the same rows
    await t.app.close();
    before = await snapshot(t.db);
    documentsBefore = await storeContents(storage);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    await t?.db.end().catch(() => undefined);
    await admin?.query(`DROP DATABASE IF EXISTS ${t.databaseName} WITH (FORCE)`);
    await admin?.end();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('has data worth the test: applications, answers, a payment and at least two documents', () => {
    expect(before['public.applications']!.length).toBeGreaterThanOrEqual(2);
    expect(before['public.payments']!.length).toBeGreaterThanOrEqual(1);
    expect(before['public.attachments']!.length).toBeGreaterThanOrEqual(2);
    expect(documentsBefore.size).toBe(before['public.attachments']!.length);
    expect(before['public.applications']!.some((row) => row.includes('Rivka Levi') && row.includes('李'))).toBe(true);
    expect(before['public.migrations']!.length).toBeGreaterThan(0);
    expect(Object.keys(before).some((name) => name.startsWith('pgboss.'))).toBe(true);
  });

  it('backs up the database (pg_dump custom format) and every document, with a manifest of sizes and SHA-256; --keep deletes older backups', async () => {
    const out = join(work, 'backups');
    // an older complete backup, which --keep 1 must delete
    const olderName = backupName(new Date(Date.now() - 86_400_000));
    const older = join(out, olderName);
    await mkdir(older, { recursive: true });
    await writeFile(join(older, MANIFEST_FILE), '{}');
    const result = await runCli('backup', ['--out', out, '--keep', '1'], { DATABASE_URL: databaseUrl, DATA_DIR: t.config.DATA_DIR });
    expect(result).toMatchObject({ code: 0 });
    expect(result.output).toMatch(/Backup .+: database dump \d+ bytes/);
    expect(result.output).toContain(`Retention (keep 1): deleted ${olderName}`);
    const folders = (await readdir(out)).filter((name) => !name.startsWith('.'));
    expect(folders).toHaveLength(1);
    backup = join(out, folders[0]!);

    const manifest = await readManifest(backup);
    const dump = await readFile(join(backup, manifest.database.file));
    expect(dump.subarray(0, 5).toString('latin1')).toBe('PGDMP'); // pg_dump's custom format
    expect(await digestOfFile(join(backup, manifest.database.file))).toEqual({
      size: manifest.database.size,
      sha256: manifest.database.sha256,
    });
    const lastMigration = (await t.db.query('SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1')).rows[0].name;
    expect(manifest).toMatchObject({ formatVersion: 1, migrationHead: lastMigration, appVersion: expect.any(String) });
    expect(manifest.documents.items.map((item) => item.key)).toEqual([...documentsBefore.keys()]);
    for (const item of manifest.documents.items) {
      expect(await digestOf(Readable.from([documentsBefore.get(item.key)!]))).toEqual({ size: item.size, sha256: item.sha256 });
    }
  });

  it('refuses to restore into a database that is not empty, writing nothing to the store', async () => {
    const emptyStore = await createFileStorage({ ...t.config, DATA_DIR: join(work, 'other-store') });
    const refused = restoreBackup({ from: backup, databaseUrl, storage: emptyStore, tools: TOOLS });
    await expect(refused).rejects.toThrow(RestoreTargetNotEmptyError);
    await expect(refused).rejects.toThrow(/the database holds \d+ tables/);
    expect((await storeContents(emptyStore)).size).toBe(0);
  });

  describe('after the bad day (database dropped and recreated empty, store emptied)', () => {
    beforeAll(async () => {
      await t.db.end();
      await admin.query(`DROP DATABASE ${t.databaseName} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${t.databaseName}`);
      await rm(join(t.config.DATA_DIR, 'uploads'), { recursive: true, force: true });
      expect(await relationsIn(databaseUrl)).toBe(0);
      expect((await storeContents(storage)).size).toBe(0);
    });

    it('refuses a backup with one byte of one document changed, before writing anything', async () => {
      const tampered = join(work, 'tampered');
      await cp(backup, tampered, { recursive: true });
      const { items } = (await readManifest(tampered)).documents;
      const victim = items[items.length - 1]!;
      const path = join(tampered, DOCUMENTS_DIR, victim.key);
      const bytes = await readFile(path);
      bytes[bytes.length >> 1] ^= 0x01;
      await writeFile(path, bytes);
      const refused = restoreBackup({ from: tampered, databaseUrl, storage, tools: TOOLS });
      await expect(refused).rejects.toThrow(BackupIntegrityError);
      await expect(refused).rejects.toThrow(`document ${victim.key} does not match its SHA-256`);
      expect(await relationsIn(databaseUrl)).toBe(0);
      expect((await storeContents(storage)).size).toBe(0);
    });

    it('refuses a store that is not empty, leaving the empty database alone', async () => {
      await storage.put('applications/stray/object', Readable.from([Buffer.from('stray')]));
      try {
        await expect(restoreBackup({ from: backup, databaseUrl, storage, tools: TOOLS })).rejects.toThrow(
          /document store .+ holds 1 objects/,
        );
        expect(await relationsIn(databaseUrl)).toBe(0);
      } finally {
        await storage.delete('applications/stray/object');
      }
    });

    it('restores every table row for row and every document byte for byte', async () => {
      const result = await runCli('restore', ['--from', backup], { DATABASE_URL: databaseUrl, DATA_DIR: t.config.DATA_DIR });
      expect(result).toMatchObject({ code: 0 });
      expect(result.output).toContain('Restored the backup of');
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        const after = await snapshot(db);
        expect(Object.keys(after)).toEqual(Object.keys(before));
        for (const name of Object.keys(before)) expect({ name, rows: after[name] }).toEqual({ name, rows: before[name] });
      } finally {
        await db.end();
      }
      const documentsAfter = await storeContents(storage);
      expect([...documentsAfter.keys()]).toEqual([...documentsBefore.keys()]);
      for (const [key, bytes] of documentsBefore) expect(documentsAfter.get(key)!.equals(bytes)).toBe(true);
    });

    it('restores over the restored portal with --force: the same rows, and a store equal to the backup', async () => {
      await storage.put('applications/stray/object', Readable.from([Buffer.from('stray')]));
      await restoreBackup({ from: backup, databaseUrl, storage, force: true, tools: TOOLS });
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        expect(await snapshot(db)).toEqual(before);
      } finally {
        await db.end();
      }
      expect(await storeContents(storage)).toEqual(documentsBefore);
    });

    it('is store-agnostic: restored into an S3 bucket (s3rver) and backed up from it, the documents are the same', async () => {
      const directory = await mkdtemp(join(work, 's3rver-'));
      const s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory,
        configureBuckets: [{ name: 'portal-restored', configs: [] }],
      });
      const { port } = await s3.run();
      const bucket = await createFileStorage({
        ...t.config,
        S3_BUCKET: 'portal-restored',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: true,
      });
      const database = await createEmptyDatabase('portal_backup_s3');
      try {
        await restoreBackup({ from: backup, databaseUrl: database.url, storage: bucket, tools: TOOLS });
        expect(await storeContents(bucket)).toEqual(documentsBefore);
        const again = await createBackup({ databaseUrl: database.url, storage: bucket, outDir: join(work, 'from-s3'), tools: TOOLS });
        expect(again.manifest.documents.source).toMatch(/^S3 bucket portal-restored/);
        expect(again.manifest.documents.items).toEqual((await readManifest(backup)).documents.items);
      } finally {
        (bucket as { destroy?: () => void }).destroy?.();
        await database.drop();
        await s3.close();
      }
    });
  });
});
