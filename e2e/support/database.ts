import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

/** Runs `sql` on the server's maintenance database. */
async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Creates an empty database `portal_e2e_<random>` on the test PostgreSQL server (`E2E_DATABASE_SERVER_URL`,
 * default the local `root` server) and connects to it; the portal started on it migrates it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `portal_e2e_${randomBytes(4).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.end();
      await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
