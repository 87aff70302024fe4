// @ts-check
import pg from 'pg';

/**
 * Jest global teardown: drops the run's template database (global-setup) on a server that outlives the
 * run, then stops the embedded PostgreSQL started by global-setup, if any.
 */
export default async function globalTeardown() {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL;
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (serverUrl && template && !globalThis.__EMBEDDED_TEST_DB__) await dropDatabase(serverUrl, template);
  await globalThis.__EMBEDDED_TEST_DB__?.stop();
}

/**
 * Drops `database` on the server of `serverUrl` (its maintenance database's URL), cutting any connection left.
 * Also the e2e suite's teardown (its template database).
 * @param {string} serverUrl
 * @param {string} database
 */
export async function dropDatabase(serverUrl, database) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}
