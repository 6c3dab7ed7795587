import { Logger } from '@nestjs/common';
import type { Logger as TypeOrmLogger } from 'typeorm';
import { isDatabaseUnavailable } from './database-errors.js';

const MAX_SQL_CHARS = 300;

type Sink = Pick<Logger, 'warn' | 'error'>;

/**
 * TypeORM's log lines, through Nest's logger: failed and slow queries and TypeORM's warnings. A failed
 * query is logged with its SQL but never its parameters: those are applicants' essays, addresses and
 * password hashes. A query that failed because the database is away is not logged here at all: the
 * error filter answers 503 and says so once per burst, where TypeORM would print every failed save
 * in full. `sink` null keeps it quiet (the tests provoke failures on purpose).
 */
export class QueryLogger implements TypeOrmLogger {
  constructor(private readonly sink: Sink | null = new Logger('Database')) {}

  logQuery(): void {
    // Every query would drown the log.
  }

  logQueryError(error: string | Error, query: string): void {
    if (!this.sink || isDatabaseUnavailable(error)) return;
    const { code, message } = typeof error === 'string' ? { code: undefined, message: error } : (error as Error & { code?: string });
    this.sink.error(`Query failed${code ? ` (${code})` : ''}: ${message} — ${shorten(query)}`);
  }

  logQuerySlow(time: number, query: string): void {
    this.sink?.warn(`Slow query (${time} ms): ${shorten(query)}`);
  }

  logSchemaBuild(): void {
    // synchronize is never on.
  }

  logMigration(): void {
    // The migrations' own progress lines are noise at every start.
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.sink?.warn(String(message));
  }
}

function shorten(query: string): string {
  const oneLine = query.replace(/\s+/g, ' ').trim();
  return oneLine.length > MAX_SQL_CHARS ? `${oneLine.slice(0, MAX_SQL_CHARS)}…` : oneLine;
}
