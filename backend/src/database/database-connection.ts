import { Logger } from '@nestjs/common';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { ConfigError } from '../config/app.config.js';
import { isDatabaseUnavailable } from './database-errors.js';

export const CONNECT_RETRY_DELAY_MS = 2000;
/** A reminder while the server keeps waiting, so a log shows it is still alive and why. */
const REMINDER_EVERY_ATTEMPTS = 15;

/** Where a MySQL/MariaDB DATABASE_URL points, without the password: "user@host:port/database". */
export function describeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `${decodeURIComponent(parsed.username) || '(no user)'}@${parsed.hostname}:${parsed.port || 3306}${parsed.pathname}`;
  } catch {
    return '(an unreadable DATABASE_URL)';
  }
}

/**
 * What is wrong with the configuration, for a connection error that waiting will not fix (a refused
 * login, a database that does not exist); null for any other error.
 */
export function configurationProblem(error: unknown, url: string): string | null {
  const code = (error as { code?: string })?.code;
  const target = describeTarget(url);
  const database = target.slice(target.lastIndexOf('/') + 1);
  const user = target.slice(0, target.indexOf('@'));
  switch (code) {
    case 'ER_ACCESS_DENIED_ERROR':
    case 'ER_ACCESS_DENIED_NO_PASSWORD_ERROR':
      return (
        `The database server refused the login of ${user} (${target}): ` +
        `the password in DATABASE_URL is wrong, or the user does not exist there.`
      );
    case 'ER_DBACCESS_DENIED_ERROR':
      return (
        `The user ${user} may not use the database ${database} (${target}): grant it the rights (GRANT ALL ` +
        `ON \`${database}\`.* TO …) or fix DATABASE_URL.`
      );
    case 'ER_BAD_DB_ERROR':
      return (
        `The database ${database} does not exist on ${target.slice(target.indexOf('@') + 1, target.lastIndexOf('/'))}: create it ` +
        `(CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci) or fix DATABASE_URL.`
      );
    case 'ER_NOT_SUPPORTED_AUTH_MODE':
    case 'HANDSHAKE_NO_SSL_SUPPORT':
      return (
        `The database server at ${target} wants a login this server cannot give (${code}): ` +
        `check DATABASE_URL and the user's authentication plugin.`
      );
    default:
      return null;
  }
}

export interface ConnectOptions {
  delayMs?: number;
  logger?: Pick<Logger, 'log' | 'warn'>;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Initializes the data source (connect, run migrations). A MySQL/MariaDB server that does not answer
 * yet (starting, restarting, a container still coming up) is tried again every `delayMs` until it
 * does, with one log line saying so and a reminder now and then; a refused login or an unknown
 * database is a configuration error (ConfigError) that ends the start at once, as does any other
 * failure. The embedded SQLite database is never waited for.
 */
export async function initializeWithRetry(dataSource: DataSource, options: ConnectOptions = {}): Promise<DataSource> {
  const {
    delayMs = CONNECT_RETRY_DELAY_MS,
    logger = new Logger('Database'),
    sleep = (ms) => new Promise((r) => setTimeout(r, ms)),
  } = options;
  const url = (dataSource.options as { url?: string }).url;
  const waitsForServer = dataSource.options.type === 'mysql' || dataSource.options.type === 'mariadb';
  const startedAt = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      await dataSource.initialize();
      if (attempt > 1)
        logger.log(`The database answered after ${Math.round((Date.now() - startedAt) / 1000)} s (${attempt} attempts); starting.`);
      return dataSource;
    } catch (error) {
      const problem = url ? configurationProblem(error, url) : null;
      if (problem) throw new ConfigError(problem);
      if (!waitsForServer || !isDatabaseUnavailable(error)) throw error;
      if (attempt === 1 || attempt % REMINDER_EVERY_ATTEMPTS === 0) {
        const reason = (error as { code?: string }).code ?? (error as Error).message;
        logger.warn(
          attempt === 1
            ? `Cannot reach the database at ${url ? describeTarget(url) : 'DATABASE_URL'} (${reason}); ` +
                `trying again every ${delayMs / 1000} s until it answers.`
            : `Still waiting for the database (${reason}) after ${Math.round((Date.now() - startedAt) / 1000)} s.`,
        );
      }
      await sleep(delayMs);
    }
  }
}

/** The MySQL/MariaDB lock held while one server migrates: GET_LOCK is per database server, hence the database's name in it. */
export function migrationLockName(database: string): string {
  return `svp-migrate:${database}`.slice(0, 64);
}
const MIGRATION_LOCK_WAIT_SECONDS = 600;

/**
 * Runs the pending migrations, one server at a time: on MySQL/MariaDB every server of a deployment
 * may start at once on a fresh database, and two of them creating the same tables would leave one
 * dead (ER_TABLE_EXISTS) or worse, a migration half-applied twice. The first to take the lock
 * migrates; the others wait for it, then find nothing pending.
 */
export async function runMigrationsOnce(dataSource: DataSource, logger: Pick<Logger, 'log'> = new Logger('Database')): Promise<void> {
  const isMysql = dataSource.options.type === 'mysql' || dataSource.options.type === 'mariadb';
  if (!isMysql) {
    await dataSource.runMigrations();
    return;
  }
  const runner = dataSource.createQueryRunner();
  try {
    const [{ database }] = await runner.query('SELECT DATABASE() AS `database`');
    const name = migrationLockName(String(database));
    const [{ locked }] = await runner.query('SELECT GET_LOCK(?, ?) AS locked', [name, MIGRATION_LOCK_WAIT_SECONDS]);
    if (Number(locked) !== 1)
      throw new Error(
        `Another server has been migrating the database for ${MIGRATION_LOCK_WAIT_SECONDS / 60} minutes (lock ${name}); not starting.`,
      );
    try {
      const applied = await dataSource.runMigrations();
      if (applied.length) logger.log(`Applied ${applied.length} migration(s): ${applied.map((m) => m.name).join(', ')}.`);
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [name]);
    }
  } finally {
    await runner.release();
  }
}

/** A new data source for the options, initialized by initializeWithRetry, then migrated by runMigrationsOnce. */
export async function connectDatabase(options: DataSourceOptions, connect: ConnectOptions = {}): Promise<DataSource> {
  const migrate = options.migrationsRun !== false;
  const dataSource = await initializeWithRetry(new DataSource({ ...options, migrationsRun: false }), connect);
  if (migrate) {
    try {
      await runMigrationsOnce(dataSource, connect.logger);
    } catch (error) {
      await dataSource.destroy().catch(() => undefined);
      throw error;
    }
  }
  return dataSource;
}
