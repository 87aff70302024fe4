import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANIFEST_FILE } from './backup-manifest.js';
import { backupName, listBackups, pruneBackups } from './backup-retention.js';

describe('backup retention (npm run backup -- --keep N)', () => {
  let out: string;
  const DAY = 86_400_000;
  const start = Date.now();
  /** A complete backup folder started `daysAgo` days before the test. */
  const complete = async (daysAgo: number) => {
    const name = backupName(new Date(start - daysAgo * DAY));
    await mkdir(join(out, name), { recursive: true });
    await writeFile(join(out, name, MANIFEST_FILE), '{}');
    return name;
  };

  beforeEach(async () => {
    out = await mkdtemp(join(tmpdir(), 'portal-retention-'));
  });
  afterEach(async () => {
    await rm(out, { recursive: true, force: true });
  });

  it('names a backup by its UTC start time, sortable and without colons', () => {
    expect(backupName(new Date(Date.UTC(2030, 0, 2, 3, 4, 5, 6)))).toBe('2030-01-02T03-04-05-006Z');
  });

  it('keeps the newest N complete backups and deletes the older ones, oldest first', async () => {
    const names = [await complete(4), await complete(3), await complete(2), await complete(1), await complete(0)];
    expect(await pruneBackups(out, 2)).toEqual(names.slice(0, 3));
    expect((await readdir(out)).sort()).toEqual(names.slice(3));
    expect(await pruneBackups(out, 2)).toEqual([]);
  });

  it('leaves alone what is not a complete backup: one being written, one without a manifest, other files', async () => {
    const kept = await complete(1);
    const old = await complete(5);
    const writing = `.${backupName(new Date(start))}.partial`;
    const noManifest = backupName(new Date(start - 8 * DAY));
    await mkdir(join(out, writing));
    await mkdir(join(out, noManifest));
    await mkdir(join(out, 'keep-me'));
    await writeFile(join(out, 'notes.txt'), 'operator notes');
    expect(await listBackups(out)).toEqual([old, kept]);
    expect(await pruneBackups(out, 1)).toEqual([old]);
    expect((await readdir(out)).sort()).toEqual([writing, noManifest, kept, 'keep-me', 'notes.txt'].sort());
  });

  it('deletes the partial folder of an interrupted backup, one that started before the newest complete backup', async () => {
    const interrupted = `.${backupName(new Date(start - 2 * DAY))}.partial`;
    await mkdir(join(out, interrupted, 'documents'), { recursive: true });
    const newest = await complete(1);
    expect(await pruneBackups(out, 3)).toEqual([interrupted]);
    expect(await readdir(out)).toEqual([newest]);
  });

  it('refuses to keep fewer than one backup', async () => {
    await complete(0);
    await expect(pruneBackups(out, 0)).rejects.toThrow(RangeError);
    await expect(pruneBackups(out, 1.5)).rejects.toThrow(RangeError);
    expect(await listBackups(out)).toHaveLength(1);
  });

  it('finds no backups in a folder that does not exist', async () => {
    expect(await listBackups(join(out, 'missing'))).toEqual([]);
  });
});
