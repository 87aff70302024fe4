import type { Repository } from 'typeorm';
import type { Application } from './application.entity.js';

/**
 * An {@link Application} from a raw `applications` row (`SELECT a.*`, `RETURNING *`), each column
 * converted exactly as TypeORM converts it when it loads the entity (dates, bigint as string, jsonb).
 * Lets the hot paths read or write a row in one plain statement (issue 12: token + application in
 * one join, `UPDATE … RETURNING` instead of a re-read).
 * @param row the raw row, keyed by column name (snake_case)
 */
export function applicationFromRow(applications: Repository<Application>, row: Record<string, unknown>): Application {
  const driver = applications.manager.connection.driver;
  const entity = applications.create();
  for (const column of applications.metadata.columns) {
    (entity as unknown as Record<string, unknown>)[column.propertyName] = driver.prepareHydratedValue(row[column.databaseName], column);
  }
  return entity;
}
