import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app.config.js';
import { AfterCommitSubscriber } from './after-commit.js';
import { MIGRATIONS } from './migrations/index.js';
import { QueryLogger } from './query-logger.js';

export const SQLITE_FILE = 'svportal.sqlite';
export const SLOW_QUERY_MS = 1_000;

/**
 * SQLite in DATA_DIR by default; MySQL/MariaDB through mysql2 when DATABASE_URL is set. The entities
 * and the modules' own subscribers are handed in by the app (database/ knows no module's tables).
 */
export function databaseOptions(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'nodeEnv'>,
  entities: DataSourceOptions['entities'],
  subscribers: readonly (new () => unknown)[] = [],
): DataSourceOptions {
  // Failed queries surface through the error filter; tests provoke them on purpose, so stay quiet there.
  const logger = new QueryLogger(config.nodeEnv === 'test' ? null : undefined);
  // A statement slower than this is logged (QueryLogger.logQuerySlow), with its SQL but not its parameters.
  const common = {
    entities,
    subscribers: [AfterCommitSubscriber, ...subscribers],
    migrations: MIGRATIONS,
    migrationsRun: true,
    synchronize: false,
    logger,
    maxQueryExecutionTime: SLOW_QUERY_MS,
  };
  if (config.databaseUrl) {
    return {
      ...common,
      type: 'mysql',
      url: config.databaseUrl.replace(/^mariadb:/, 'mysql:'),
      charset: 'utf8mb4_unicode_ci',
      timezone: 'Z',
      // Keep connections fresh and fail fast when the server is away, so callers get a 503, not a hang.
      connectTimeout: 5000,
      // trace: false spares mysql2 capturing a stack trace for every query (~5% of a schedule read's CPU);
      // failed queries still carry their code, message and SQL state.
      extra: { connectionLimit: 20, enableKeepAlive: true, waitForConnections: true, queueLimit: 500, trace: false },
    };
  }
  mkdirSync(config.dataDir, { recursive: true });
  return {
    ...common,
    type: 'better-sqlite3',
    database: join(config.dataDir, SQLITE_FILE),
    // WAL lets readers run while one writer commits; wait for a busy lock instead of failing.
    prepareDatabase: (db: { pragma(source: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      db.pragma('synchronous = NORMAL');
    },
  };
}
