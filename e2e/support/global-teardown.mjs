// @ts-check
import { dropDatabase } from '../../server/test/support/global-teardown.mjs';

/**
 * Jest global teardown of the e2e suite: drops the run's template database (global-setup) on a server that
 * outlives the run, then stops the embedded PostgreSQL global-setup started, if any.
 */
export default async function globalTeardown() {
  const serverUrl = process.env.E2E_DATABASE_SERVER_URL;
  const template = process.env.E2E_DATABASE_TEMPLATE;
  const embedded = globalThis.__E2E_EMBEDDED_DB__;
  if (serverUrl && template && !embedded) await dropDatabase(serverUrl, template);
  await embedded?.stop();
}
