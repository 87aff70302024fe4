import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** Name of the manifest file in a backup folder. */
export const MANIFEST_FILE = 'manifest.json';
/** Name of the database archive (`pg_dump --format=custom`) in a backup folder. */
export const DATABASE_FILE = 'database.dump';
/** Folder of the documents in a backup folder: each stored object at `documents/<key>`. */
export const DOCUMENTS_DIR = 'documents';
/** Version of the layout below; a restore refuses any other. */
export const BACKUP_FORMAT_VERSION = 1;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const fileEntry = z.object({ size: z.number().int().min(0), sha256: sha256Hex });

/**
 * `manifest.json` of a backup (issue 26 item 11), written last: a folder without it is not a backup.
 * Sizes are bytes; checksums are SHA-256 in lowercase hex.
 */
export const manifestSchema = z.object({
  format: z.literal('admissions-portal-backup'),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  /** ISO 8601 UTC time the backup started. */
  createdAt: z.iso.datetime(),
  /** `version` of the repository's package.json. */
  appVersion: z.string(),
  /** Name of the newest migration the database had recorded (null: none). */
  migrationHead: z.string().nullable(),
  postgres: z.object({ serverVersion: z.string(), pgDumpVersion: z.string(), pgDumpMajor: z.number().int() }),
  database: fileEntry.extend({ file: z.literal(DATABASE_FILE) }),
  documents: z.object({
    /** The store they came from (its description: no credentials). */
    source: z.string(),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    items: z.array(fileEntry.extend({ key: z.string().min(1) })),
  }),
});

/** A backup's manifest. */
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Raised when a backup folder is incomplete, unreadable or does not match its manifest. */
export class BackupIntegrityError extends Error {}

/**
 * Reads and validates `<folder>/manifest.json`.
 * @throws BackupIntegrityError when it is missing, not JSON, or not a manifest of this format version
 */
export async function readManifest(folder: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(folder, MANIFEST_FILE), 'utf8');
  } catch (error) {
    throw new BackupIntegrityError(`${folder} is not a backup: no readable ${MANIFEST_FILE} (${(error as NodeJS.ErrnoException).code})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupIntegrityError(`${MANIFEST_FILE} of ${folder} is not valid JSON`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new BackupIntegrityError(
      `${MANIFEST_FILE} of ${folder} is not a backup manifest of format ${BACKUP_FORMAT_VERSION}: ${problems}`,
    );
  }
  return parsed.data;
}

/**
 * Where the document `key` lives under `documentsDir`.
 * @throws BackupIntegrityError for a key that would leave the folder (`..`, an absolute path)
 */
export function documentPath(documentsDir: string, key: string): string {
  const root = resolve(documentsDir);
  const path = resolve(root, key);
  if (!path.startsWith(root + sep)) throw new BackupIntegrityError(`document key outside the documents folder: ${key}`);
  return path;
}

/** Size and SHA-256 of a byte stream, measured while it flows through. */
export interface StreamDigest {
  /** Put between the source and the destination. */
  stream: Transform;
  /** Size (bytes) and SHA-256 (hex) of what went through; call once the pipeline has finished. */
  result(): { size: number; sha256: string };
}

/** A pass-through that hashes (SHA-256) and counts what it carries. */
export function digestStream(): StreamDigest {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  let digest: { size: number; sha256: string } | undefined;
  return { stream, result: () => (digest ??= { size, sha256: hash.digest('hex') }) };
}

/** Size and SHA-256 of a whole stream (read to its end). */
export async function digestOf(source: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(source, async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      hash.update(chunk);
      size += chunk.length;
    }
  });
  return { size, sha256: hash.digest('hex') };
}

/** Size and SHA-256 of a file. */
export function digestOfFile(path: string): Promise<{ size: number; sha256: string }> {
  return digestOf(createReadStream(path));
}
