import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MANIFEST_FILE } from './backup-manifest.js';

/** Names of backup folders: the UTC start time, `YYYY-MM-DDTHH-MM-SS-mmmZ` (sorts as time does; no `:` for other file systems). */
const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

/** The folder name of a backup started at `time` (UTC, milliseconds, `:` and `.` as `-`). */
export function backupName(time: Date): string {
  return time.toISOString().replace(/[:.]/g, '-');
}

/**
 * The complete backups in `outDir`, oldest first: folders named by {@link backupName} holding a
 * manifest. Anything else there (a backup being written as `.<name>.partial`, other files) is not one.
 */
export async function listBackups(outDir: string): Promise<string[]> {
  const entries = await readdir(outDir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && BACKUP_NAME.test(entry.name) && existsSync(join(outDir, entry.name, MANIFEST_FILE)))
    .map((entry) => entry.name)
    .sort();
}

/** A backup being written: `.<name>.partial`, renamed to `<name>` when complete. */
const PARTIAL_NAME = /^\.(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.partial$/;

/**
 * Retention (`npm run backup -- --keep N`, compose's BACKUP_RETENTION_COUNT): deletes the complete
 * backups of `outDir` older than its newest `keep`, and the partial folders of interrupted backups (a
 * `.<name>.partial` that started before the newest complete backup did; backups run one after another).
 * Anything else in the folder is left alone.
 * @param keep how many complete backups to keep, at least 1
 * @returns names of the deleted folders: old backups oldest first, then abandoned partial ones
 * @throws RangeError when `keep` is not a positive integer
 */
export async function pruneBackups(outDir: string, keep: number): Promise<string[]> {
  if (!Number.isInteger(keep) || keep < 1) throw new RangeError(`keep must be a positive integer, not ${keep}`);
  const backups = await listBackups(outDir);
  const newest = backups[backups.length - 1];
  const old = backups.slice(0, Math.max(0, backups.length - keep));
  const abandoned = newest
    ? (await readdir(outDir)).filter((name) => {
        const started = PARTIAL_NAME.exec(name)?.[1];
        return started !== undefined && started < newest;
      })
    : [];
  for (const name of [...old, ...abandoned]) await rm(join(outDir, name), { recursive: true, force: true });
  return [...old, ...abandoned.sort()];
}
