// @ts-check
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';

/**
 * Jest global setup: the API tests need a PostgreSQL server on which each test file creates its own
 * database. `DATABASE_URL` when set (machines with a server); otherwise an embedded PostgreSQL in a
 * temporary folder, started by the same code `npm start` uses (loaded through tsx, because jest does
 * not transform global-setup's imports). The server URL reaches the workers as
 * `TEST_DATABASE_SERVER_URL`, and the name of this run's template database (migrated once by the first
 * file that needs it, then copied per file: server/test/support/test-database.ts) as
 * `TEST_DATABASE_TEMPLATE`.
 */
/** Settings of the tests' embedded cluster, which is deleted after the run (never for data anyone keeps). */
const THROWAWAY_CLUSTER = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' };

export default async function globalSetup() {
  process.env.TEST_DATABASE_TEMPLATE = `portal_template_${randomBytes(5).toString('hex')}`;
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_SERVER_URL = process.env.DATABASE_URL;
    return;
  }
  const { startEmbeddedPostgres } = await tsImport('../../src/database/embedded-postgres.ts', import.meta.url);
  const dir = await mkdtemp(join(tmpdir(), 'portal-test-'));
  // a cluster thrown away after the run: no waiting for the disk on each commit or database copy
  const embedded = await startEmbeddedPostgres(dir, 'postgres', THROWAWAY_CLUSTER);
  globalThis.__EMBEDDED_TEST_DB__ = embedded;
  process.env.TEST_DATABASE_SERVER_URL = embedded.url;
}
