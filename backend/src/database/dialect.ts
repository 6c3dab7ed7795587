import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/** Whether the database is MySQL or MariaDB (else the embedded SQLite), from a data source, a manager or a query runner. */
export function isMysql(on: DataSource | EntityManager | QueryRunner): boolean {
  const type = ('options' in on ? on : on.connection).options.type;
  return type === 'mysql' || type === 'mariadb';
}
