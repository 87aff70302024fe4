import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs one statement on the `pg` pool TypeORM's PostgreSQL driver keeps (the same connections,
 * limits and type parsers), without TypeORM's query runner around it: for the few hot paths where
 * that runner's per-statement work shows in profiles (issue 12: the step save). Outside a transaction only.
 * Each distinct statement is a named prepared statement (`pg` prepares it once per connection), so
 * PostgreSQL parses and plans it once per connection instead of on every call. When a migration changed
 * a table under a prepared `SELECT *` / `RETURNING *` (PostgreSQL: 0A000 "cached plan must not change
 * result type", e.g. a replica still running while another one migrates), the statement is prepared
 * again under a new name and run once more.
 * @param dataSource an initialised PostgreSQL data source
 * @param sql one statement with `$n` placeholders (a few distinct texts: each is prepared on every connection)
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
  let result: pg.QueryResult<Row>;
  try {
    result = await pool.query<Row>({ name: statementName(sql), text: sql, values: params });
  } catch (error) {
    if ((error as { code?: string }).code !== STALE_PLAN) throw error;
    names.set(sql, `${statementName(sql)}_`);
    result = await pool.query<Row>({ name: statementName(sql), text: sql, values: params });
  }
  return { rows: result.rows, rowCount: result.rowCount ?? 0 };
}

/** PostgreSQL's feature_not_supported, which "cached plan must not change result type" raises. */
const STALE_PLAN = '0A000';

/** Prepared-statement names by statement text (`pg` requires one text per name on a connection). */
const names = new Map<string, string>();

function statementName(sql: string): string {
  let name = names.get(sql);
  if (!name) {
    name = `pool_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
  }
  return name;
}
