import { Logger } from '@nestjs/common';
import { loadConfig } from '../config/app-config.js';
import { runMigrations } from './data-source.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

/**
 * `npm run migrate`: applies pending migrations to DATABASE_URL, or to the embedded database under
 * DATA_DIR when it is unset, then exits. (The server also migrates at every start.)
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const embedded = config.DATABASE_URL ? undefined : await startEmbeddedPostgres(config.DATA_DIR);
  try {
    const applied = await runMigrations(config.DATABASE_URL ?? embedded!.url);
    new Logger('Migrate').log(applied.length ? `Applied: ${applied.join(', ')}` : 'Up to date');
  } finally {
    await embedded?.stop();
  }
}

main().catch((error: unknown) => {
  new Logger('Migrate').error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
