import { Logger } from '@nestjs/common';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { loadConfig, type AppConfig } from '../../config/app-config.js';
import type { FileStorage } from '../../modules/attachments/storage/file-storage.js';
import { createFileStorage } from '../../modules/attachments/storage/file-storage.factory.js';
import { openAppDatabase, type DatabaseTarget } from './database-target.js';
import { maskDatabaseUrl, type PostgresToolSettings } from './postgres-tools.js';

/** A wrong command line: the command prints it with its usage and exits 2. */
export class UsageError extends Error {}

/** Parsed command-line options (`util.parseArgs`'s values). */
export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** What a command's body gets: its options, the app's configuration, database, store and a logger. */
export interface OperationContext {
  values: OptionValues;
  config: AppConfig;
  database: DatabaseTarget;
  storage: FileStorage;
  /** PG_DUMP, PG_RESTORE and PG_BIN_DIR of the environment (not secrets, not app settings). */
  tools: PostgresToolSettings;
  logger: Logger;
}

/**
 * Runs an operations command (`npm run backup`, `npm run restore`) and exits: parses `argv` (`--help`
 * prints `usage`), reads the configuration as the app does (`loadConfig`: DATABASE_URL, `*_FILE`
 * secrets, the S3_* store), opens the app's database (see openAppDatabase) and document store, runs
 * `body`, then releases both. Exit code 0 on success, 2 for a wrong command line, 1 for any other error
 * (its message logged; database URLs in it are never printed with their password).
 */
export function runOperation(
  name: string,
  usage: string,
  options: NonNullable<ParseArgsConfig['options']>,
  body: (context: OperationContext) => Promise<void>,
): void {
  const logger = new Logger(name);
  const run = async (): Promise<number> => {
    let values: OptionValues;
    try {
      values = parseArgs({ args: process.argv.slice(2), options: { ...options, help: { type: 'boolean' } }, strict: true }).values;
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    if (values.help) {
      process.stdout.write(usage);
      return 0;
    }
    const config = loadConfig(process.env);
    const tools: PostgresToolSettings = {
      PG_DUMP: process.env.PG_DUMP,
      PG_RESTORE: process.env.PG_RESTORE,
      PG_BIN_DIR: process.env.PG_BIN_DIR,
    };
    const database = await openAppDatabase(config);
    const storage = await createFileStorage(config);
    logger.log(`Database ${maskDatabaseUrl(database.url)}`);
    try {
      await body({ values, config, database, storage, tools, logger });
    } finally {
      (storage as { destroy?: () => void }).destroy?.();
      await database.release();
    }
    return 0;
  };
  run().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) {
        logger.error(`${error.message}\n${usage}`);
        process.exit(2);
      }
      logger.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
