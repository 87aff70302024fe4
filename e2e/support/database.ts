import pg from 'pg';
import { createEmptyDatabase } from '../../server/test/support/test-database.js';

/** The test PostgreSQL server the e2e portals may get a database of their own on. */
const SERVER_URL = process.env.E2E_DATABASE_SERVER_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

/** A database of its own on the test PostgreSQL server, with a connected client. */
export interface TestDatabase {
  /** Its URL, for the portal's `DATABASE_URL`. */
  url: string;
  /** A connected client, for arranging what the UI cannot (e.g. marking an application complete). */
  db: pg.Client;
  /** Closes the client and drops the database. */
  drop(): Promise<void>;
}

/**
 * Creates an empty database `portal_e2e_<random>` on the test PostgreSQL server (`E2E_DATABASE_SERVER_URL`,
 * default the local `root` server) and connects to it; the portal started on it migrates it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const database = await createEmptyDatabase('portal_e2e', SERVER_URL);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  return {
    url: database.url,
    db,
    async drop() {
      await db.end();
      await database.drop();
    },
  };
}
