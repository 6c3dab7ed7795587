/**
 * What a failed query means, across the drivers (MySQL/MariaDB through mysql2, SQLite through
 * better-sqlite3): TypeORM wraps the driver's error, so each check reads the code on the error and
 * on what it wraps.
 */

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

// Driver error codes that mean "the database cannot answer right now" (gone, or a transient lock
// conflict worth retrying), not "the query is wrong": the client gets 503 and may try again.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_LOCK_DEADLOCK',
  // A statement or connection ended by the server: a shutdown, an administrator's KILL, an idle timeout.
  'ER_QUERY_INTERRUPTED',
  'ER_CLIENT_INTERACTION_TIMEOUT',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CANTOPEN',
]);

const MARIADB_CONNECTION_KILLED = 1927;

/** The database cannot answer right now (away, or a transient lock conflict): worth trying again later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; errno?: number; name?: string; message?: string; driverError?: unknown; cause?: unknown };
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    // MariaDB's "Connection was killed", which mysql2 has no code name for.
    if (e.errno === MARIADB_CONNECTION_KILLED) return true;
    if (e.name === 'ConnectionIsNotSetError' || e.name === 'CannotExecuteNotConnectedError') return true;
    // mysql2 gives no code for a closed pool or connection, nor for a pool whose wait queue is full
    // ("Queue limit reached.": more requests waiting for a connection than queueLimit, at a spike).
    if (
      typeof e.message === 'string' &&
      /connection (is )?(closed|lost)|Connection is not established|Pool is closed|Queue limit reached|The database connection is not open|Can't add new command when connection is in closed state/i.test(
        e.message,
      )
    )
      return true;
    current = e.driverError ?? e.cause;
  }
  return false;
}

const DATA_TOO_LONG = 1406;

/** A MySQL/MariaDB "Data too long for column 'x'" (ER_DATA_TOO_LONG) with the column it names; null for any other error. */
export function dataTooLong(error: unknown): { column: string | null } | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const e = current as { code?: string; errno?: number; sqlMessage?: string; message?: string; driverError?: unknown };
    if (e.code === 'ER_DATA_TOO_LONG' || e.errno === DATA_TOO_LONG) {
      return { column: /column '([^']+)'/.exec(e.sqlMessage ?? e.message ?? '')?.[1] ?? null };
    }
    current = e.driverError;
  }
  return null;
}
