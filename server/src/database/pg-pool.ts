import type pg from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs one statement on the `pg` pool TypeORM's PostgreSQL driver keeps (the same connections,
 * limits and type parsers), without TypeORM's query runner around it: for the few hot paths where
 * that runner's per-statement work shows in profiles (issue 12: the step save). Outside a transaction only.
 * @param dataSource an initialised PostgreSQL data source
 * @param sql one statement with `$n` placeholders
 * @param params the placeholders' values
 * @returns the rows (for `UPDATE … RETURNING`, the rows updated) and how many rows the statement touched
 * @throws whatever `pg` throws (a database error; the caller's error handling applies)
 */
export async function poolQuery<Row extends object = Record<string, unknown>>(
  dataSource: DataSource,
  sql: string,
  params: unknown[],
): Promise<{ rows: Row[]; rowCount: number }> {
  const pool = (dataSource.driver as unknown as { master: pg.Pool }).master;
  const result = await pool.query<Row>(sql, params);
  return { rows: result.rows, rowCount: result.rowCount ?? 0 };
}
