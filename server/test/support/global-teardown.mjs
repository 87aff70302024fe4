// @ts-check
import pg from 'pg';

/**
 * Jest global teardown: drops the run's template database (global-setup) on a server that outlives the
 * run, then stops the embedded PostgreSQL started by global-setup, if any.
 */
export default async function globalTeardown() {
  const serverUrl = process.env.TEST_DATABASE_SERVER_URL;
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (serverUrl && template && !globalThis.__EMBEDDED_TEST_DB__) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  }
  await globalThis.__EMBEDDED_TEST_DB__?.stop();
}
