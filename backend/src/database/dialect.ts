import type { DataSource, EntityManager, QueryRunner } from 'typeorm';

/** Whether the database is MySQL or MariaDB (else the embedded SQLite), from a data source, a manager or a query runner. */
export function isMysql(on: DataSource | EntityManager | QueryRunner): boolean {
  const type = ('options' in on ? on : on.connection).options.type;
  return type === 'mysql' || type === 'mariadb';
}

/** A MySQL deadlock victim: its transaction was rolled back whole and may simply run again. */
export function isDeadlock(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  return (e?.driverError?.code ?? e?.code) === 'ER_LOCK_DEADLOCK';
}

/** A row that would break a unique index (MySQL/MariaDB or SQLite). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  const code = e?.driverError?.code ?? e?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
