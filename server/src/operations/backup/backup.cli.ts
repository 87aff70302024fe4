import { createBackup } from './create-backup.js';
import { pruneBackups } from './backup-retention.js';
import { runOperation, UsageError } from './operations-cli.js';

const USAGE = `Usage: npm run backup -- --out <folder> [--keep <N>]

Backs up the portal's database (pg_dump --format=custom) and every document of its store into
<folder>/<UTC time>/ with a manifest of checksums. Reads the app's configuration (DATABASE_URL, or the
embedded database under DATA_DIR; S3_* or DATA_DIR/uploads). pg_dump comes from PG_DUMP, PG_BIN_DIR or PATH
and must be at least as new as the database server.

  --out <folder>  where backups are kept (created when missing)
  --keep <N>      afterwards delete all but the newest N backups in <folder>
`;

/**
 * `npm run backup -- --out <folder> [--keep N]` (issue 26 item 11): see {@link createBackup} and
 * {@link pruneBackups}. Logs the backup's folder, sizes (bytes) and time; exits 1 on any failure
 * (nothing half-written is left under the backup's name), 2 for a wrong command line.
 */
runOperation(
  'Backup',
  USAGE,
  { out: { type: 'string' }, keep: { type: 'string' } },
  async ({ values, database, storage, tools, logger }) => {
    const out = values.out;
    if (typeof out !== 'string' || out === '') throw new UsageError('--out <folder> is required');
    const keep = values.keep === undefined ? undefined : Number(values.keep);
    if (keep !== undefined && (!Number.isInteger(keep) || keep < 1))
      throw new UsageError('--keep takes a whole number of backups, 1 or more');
    const backup = await createBackup({ databaseUrl: database.url, storage, outDir: out, tools, log: (line) => logger.log(line) });
    const { manifest } = backup;
    logger.log(
      `Backup ${backup.folder}: database dump ${manifest.database.size} bytes, ${manifest.documents.count} documents ` +
        `${manifest.documents.bytes} bytes, ${backup.totalBytes} bytes in all, migration head ${manifest.migrationHead ?? 'none'}, ` +
        `${(backup.durationMs / 1000).toFixed(2)} s`,
    );
    if (keep !== undefined) {
      const removed = await pruneBackups(out, keep);
      logger.log(
        removed.length ? `Retention (keep ${keep}): deleted ${removed.join(', ')}` : `Retention (keep ${keep}): nothing to delete`,
      );
    }
  },
);
