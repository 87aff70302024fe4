import { restoreBackup } from './restore-backup.js';
import { runOperation, UsageError } from './operations-cli.js';

const USAGE = `Usage: npm run restore -- --from <backup folder> [--force]

Restores a backup of npm run backup into the portal's database and document store (the app's configuration:
DATABASE_URL, or the embedded database under DATA_DIR; S3_* or DATA_DIR/uploads). Stop the portal first.
Every checksum is verified before anything is written. pg_restore comes from PG_RESTORE, PG_BIN_DIR or PATH.

  --from <folder>  the backup's folder (the one holding manifest.json)
  --force          restore over a database and store that are not empty: every schema of the database is
                   dropped first (public, pgboss, ...), and the store's objects not in the backup are deleted
`;

/**
 * `npm run restore -- --from <folder> [--force]` (issue 26 item 11): see {@link restoreBackup}. Exits 1
 * when the backup is damaged, the target is not empty (without --force) or pg_restore fails, 2 for a
 * wrong command line.
 */
runOperation(
  'Restore',
  USAGE,
  { from: { type: 'string' }, force: { type: 'boolean' } },
  async ({ values, database, storage, tools, logger }) => {
    const from = values.from;
    if (typeof from !== 'string' || from === '') throw new UsageError('--from <backup folder> is required');
    const restored = await restoreBackup({
      from,
      databaseUrl: database.url,
      storage,
      force: values.force === true,
      tools,
      log: (line) => logger.log(line),
    });
    const { manifest } = restored;
    logger.log(
      `Restored the backup of ${manifest.createdAt} (app ${manifest.appVersion}, migration head ${manifest.migrationHead ?? 'none'}): ` +
        `database dump ${manifest.database.size} bytes, ${manifest.documents.count} documents ${manifest.documents.bytes} bytes, ` +
        `${(restored.durationMs / 1000).toFixed(2)} s`,
    );
  },
);
