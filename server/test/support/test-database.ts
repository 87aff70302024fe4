import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `serverUrl` pointed at another database of the same server. */
export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A database of its own on the test server (TEST_DATABASE_SERVER_URL). */
export interface EmptyDatabase {
  name: string;
  url: string;
  /** Drops it (connections still open are cut). */
  drop(): Promise<void>;
}

/** Runs one statement on `serverUrl`'s maintenance database in a connection of its own. */
async function runOnServer(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Creates `<prefix>_<random>` on `serverUrl`, a copy of `template` when given (`CREATE DATABASE … TEMPLATE`). */
async function createDatabase(prefix: string, serverUrl: string, template?: string): Promise<EmptyDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await runOnServer(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return { name, url: withDatabase(serverUrl, name), drop: () => runOnServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Creates an empty {@link EmptyDatabase} named `<prefix>_<random>` on `serverUrl` (a URL of the server's
 * maintenance database; default TEST_DATABASE_SERVER_URL, set by the server tests' global setup), for
 * server processes and tests that migrate it themselves.
 */
export function createEmptyDatabase(prefix: string, serverUrl = process.env.TEST_DATABASE_SERVER_URL!): Promise<EmptyDatabase> {
  return createDatabase(prefix, serverUrl);
}

/** Databases this worker knows to be migrated templates (created by {@link ensureTemplate}). */
const templatesReady = new Set<string>();

/**
 * Makes sure the template database `template` exists and is migrated: the first test file of a run to
 * need it creates and migrates it under an advisory lock on the server, so jest workers never migrate
 * twice; global-teardown drops it.
 */
async function ensureTemplate(serverUrl: string, template: string): Promise<void> {
  if (templatesReady.has(template)) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(hashtext('portal test template'))");
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${template}`);
      const { runMigrations } = await import('../../src/database/data-source.js');
      await runMigrations(withDatabase(serverUrl, template));
      // no one connects to a template: CREATE DATABASE … TEMPLATE refuses a template in use
      await admin.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
    }
    templatesReady.add(template);
  } finally {
    await admin.end();
  }
}

/**
 * Creates a database with every migration applied, named `<prefix>_<random>`: a copy of the run's
 * template database (TEST_DATABASE_TEMPLATE, named by global-setup and migrated once per run by the
 * first file that needs it; a copy takes milliseconds where migrating takes seconds). Without a template
 * name (tests run outside the server's jest set-up) it is created empty and migrated.
 * @throws whatever PostgreSQL answers
 */
export async function createMigratedDatabase(
  prefix: string,
  serverUrl = process.env.TEST_DATABASE_SERVER_URL!,
  template = process.env.TEST_DATABASE_TEMPLATE,
): Promise<EmptyDatabase> {
  if (template) {
    await ensureTemplate(serverUrl, template);
    return createDatabase(prefix, serverUrl, template);
  }
  const database = await createDatabase(prefix, serverUrl);
  const { runMigrations } = await import('../../src/database/data-source.js');
  await runMigrations(database.url);
  return database;
}
