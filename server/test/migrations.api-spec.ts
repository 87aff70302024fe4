import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { MIGRATIONS } from '../../migrations/index.js';
import { runMigrations, unappliedMigrations } from '../src/database/data-source.js';
import { createEmptyDatabase, type EmptyDatabase } from './support/test-database.js';

/**
 * Migrations on start (DESIGN §11) and the start-up's quick check (issue 12): a new database misses every
 * migration and gets them all; an up-to-date one is recognised with one query and left alone; a database
 * missing one is migrated again through TypeORM.
 */
describe('runMigrations and unappliedMigrations', () => {
  const names = MIGRATIONS.map((migration) => new migration().name);
  let database: EmptyDatabase;
  let url: string;
  let db: pg.Client;

  beforeAll(async () => {
    database = await createEmptyDatabase('portal_test');
    url = database.url;
    db = new pg.Client({ connectionString: url });
    await db.connect();
  });
  afterAll(async () => {
    await db.end();
    await database.drop();
  });

  it('a new database (no migrations table) misses every migration, in order; running them applies them all', async () => {
    expect(names.length).toBeGreaterThan(10);
    expect(await unappliedMigrations(url)).toEqual(names);
    expect(await runMigrations(url)).toEqual(names);
    expect(await unappliedMigrations(url)).toEqual([]);
  });

  it('an up-to-date database is left alone: nothing applied, nothing recorded', async () => {
    const before = (await db.query('SELECT id, name FROM migrations ORDER BY id')).rows;
    expect(await runMigrations(url)).toEqual([]);
    expect((await db.query('SELECT id, name FROM migrations ORDER BY id')).rows).toEqual(before);
  });

  it('a database that misses a migration is migrated again (the quick check does not hide it)', async () => {
    const last = names.at(-1)!;
    const { rows } = await db.query<{ timestamp: string }>('DELETE FROM migrations WHERE name = $1 RETURNING timestamp', [last]);
    expect(await unappliedMigrations(url)).toEqual([last]);
    // the migration itself fails on a schema that already has its changes: the full path ran (and rolled back)
    const outcome = await runMigrations(url).then(
      (applied) => ({ applied }),
      (error: Error) => ({ error: error.message }),
    );
    await db.query('INSERT INTO migrations (timestamp, name) VALUES ($1, $2)', [rows[0].timestamp, last]);
    expect(outcome).not.toEqual({ applied: [] });
    expect(await unappliedMigrations(url)).toEqual([]);
  });
});
