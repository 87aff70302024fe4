import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tables the in-memory caches of the hot reads follow (server/src/common/cache/change-feed.service.ts). */
const WATCHED = ['dropdowns', 'programs', 'maintenance_windows', 'advisory_lines'];

/**
 * Issue 12 (hot reads from memory): after any statement that inserts, updates, deletes or truncates
 * one of the watched tables, `NOTIFY portal_changes, '<table name>'`, so every replica drops its
 * cached answers for that table (notifications are delivered on commit, once per distinct payload).
 */
export class ChangeNotifications1764000000000 implements MigrationInterface {
  name = 'ChangeNotifications1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION portal_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('portal_changes', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const table of WATCHED) {
      await q.query(`
        CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION portal_notify_change()`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of WATCHED) await q.query(`DROP TRIGGER ${table}_notify_change ON ${table}`);
    await q.query(`DROP FUNCTION portal_notify_change()`);
  }
}
