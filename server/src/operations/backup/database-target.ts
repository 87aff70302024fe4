import type { AppConfig } from '../../config/app-config.js';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../../database/embedded-postgres.js';

/** The app's database for an operations command, and how to let it go. */
export interface DatabaseTarget {
  /** `postgres://` URL (holds the password: mask it before logging, see maskDatabaseUrl). */
  url: string;
  /** Stops the embedded server when this command started it; otherwise does nothing. */
  release(): Promise<void>;
}

/**
 * The database the app uses (issue 26 item 11): DATABASE_URL (or DATABASE_URL_FILE) when set; otherwise
 * the embedded PostgreSQL under DATA_DIR — the running portal's server when one holds it, else started
 * for this command (as `npm run migrate` does) and stopped by `release`.
 * @throws whatever starting the embedded server throws
 */
export async function openAppDatabase(config: Pick<AppConfig, 'DATABASE_URL' | 'DATA_DIR'>): Promise<DatabaseTarget> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, release: async () => undefined };
  const running = await runningEmbeddedPostgresUrl(config.DATA_DIR);
  if (running) return { url: running, release: async () => undefined };
  const embedded = await startEmbeddedPostgres(config.DATA_DIR);
  return { url: embedded.url, release: () => embedded.stop() };
}
