import pg from 'pg';
import { createEmptyDatabase, createMigratedDatabase, type EmptyDatabase } from '../../server/test/support/test-database.js';

/**
 * The run's PostgreSQL server the e2e portals get a database of their own on (set by global-setup: the
 * embedded one it started, or `E2E_DATABASE_SERVER_URL` as given).
 */
const serverUrl = () => process.env.E2E_DATABASE_SERVER_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

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
 * Creates an empty database `portal_e2e_<random>` on the run's PostgreSQL server (`E2E_DATABASE_SERVER_URL`,
 * outside jest the local `root` server) and connects to it; the portal started on it migrates it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const database = await createEmptyDatabase('portal_e2e', serverUrl());
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

/**
 * Creates `portal_e2e_<random>` as a copy of the run's migrated template database (`E2E_DATABASE_TEMPLATE`,
 * made by global-setup) on the run's server: a portal on it starts without migrating.
 * @throws Error when the run has no template (outside the e2e jest run), or what PostgreSQL answers
 */
export async function createTemplateCopy(): Promise<EmptyDatabase> {
  const template = process.env.E2E_DATABASE_TEMPLATE;
  if (!template) throw new Error('E2E_DATABASE_TEMPLATE is not set: run the e2e tests through jest (global-setup)');
  return createMigratedDatabase('portal_e2e', serverUrl(), template);
}
