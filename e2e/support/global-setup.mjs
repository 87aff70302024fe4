// @ts-check
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'dist', 'server', 'src', 'database');

/**
 * Jest global setup of the e2e suite: one PostgreSQL server for the run and one migrated template database
 * on it, so that a portal's database is a copy (`CREATE DATABASE … TEMPLATE`, milliseconds) instead of a
 * new embedded server that initialises and migrates (seconds, once per portal). The server is
 * `E2E_DATABASE_SERVER_URL` when set, otherwise an embedded PostgreSQL started by the same (built) code as
 * `npm start`'s; the migrations are the built server's (`npm test` builds before the e2e step). The
 * template's offerings of the seeded terms are open around the real today (support/portal.ts
 * `SEEDED_TERMS_OPEN_SQL`). Workers get the server as `E2E_DATABASE_SERVER_URL` and the template's name
 * as `E2E_DATABASE_TEMPLATE`. The portals that test the quick start itself start their own embedded
 * PostgreSQL (`startPortal(…, { embedded: true })`).
 */
export default async function globalSetup() {
  if (!process.env.E2E_DATABASE_SERVER_URL) {
    const { startEmbeddedPostgres } = await import(join(dist, 'embedded-postgres.js'));
    // a cluster thrown away after the run: no waiting for the disk on each commit or database copy
    const embedded = await startEmbeddedPostgres(await mkdtemp(join(tmpdir(), 'portal-e2e-pg-')), 'postgres', {
      fsync: 'off',
      synchronous_commit: 'off',
      full_page_writes: 'off',
    });
    globalThis.__E2E_EMBEDDED_DB__ = embedded;
    process.env.E2E_DATABASE_SERVER_URL = embedded.url;
  }
  const serverUrl = process.env.E2E_DATABASE_SERVER_URL;
  const template = `portal_e2e_template_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const { runMigrations } = await import(join(dist, 'data-source.js'));
    await runMigrations(url.toString());
    const { SEEDED_TERMS_OPEN_SQL } = await import('./seeded-terms.mjs');
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    await db.query(SEEDED_TERMS_OPEN_SQL);
    await db.end();
    // no one connects to a template: CREATE DATABASE … TEMPLATE refuses a template in use
    await admin.query(`ALTER DATABASE ${template} WITH ALLOW_CONNECTIONS false`);
  } finally {
    await admin.end();
  }
  process.env.E2E_DATABASE_TEMPLATE = template;
}
