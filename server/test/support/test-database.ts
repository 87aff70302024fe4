import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `serverUrl` pointed at another database of the same server. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** An empty database on the test server (TEST_DATABASE_SERVER_URL) for server processes to migrate. */
export interface EmptyDatabase {
  name: string;
  url: string;
  /** Drops it (connections still open are cut). */
  drop(): Promise<void>;
}

/**
 * Creates an {@link EmptyDatabase} named `<prefix>_<random>` on `serverUrl` (a URL of the server's
 * maintenance database; default TEST_DATABASE_SERVER_URL, set by the server tests' global setup).
 */
export async function createEmptyDatabase(prefix: string, serverUrl = process.env.TEST_DATABASE_SERVER_URL!): Promise<EmptyDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  return { name, url: withDatabase(serverUrl, name), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
