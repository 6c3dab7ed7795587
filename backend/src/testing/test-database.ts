import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';

export interface TestDatabase {
  /** null on SQLite (the file lives in dataDir). */
  databaseUrl: string | null;
  dataDir: string;
  drop(): Promise<void>;
}

export const TEST_DATABASE_PREFIX = 'svp_t_';

/** The MySQL/MariaDB server the suites run on, or null for SQLite. */
export function testServerUrl(): string | null {
  return process.env.TEST_DATABASE_URL?.trim() || null;
}

export function runId(): string {
  return process.env.SVP_TEST_RUN ?? 'local';
}

/** A database of its own for one suite: a temporary SQLite file, or a new MariaDB database. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'svp-test-'));
  const server = testServerUrl();
  if (!server) {
    return { databaseUrl: null, dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `${TEST_DATABASE_PREFIX}${runId()}_${randomBytes(4).toString('hex')}`;
  const url = new URL(server.replace(/^mariadb:/, 'mysql:'));
  const connection = await mysql.createConnection(serverOnly(url));
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await connection.end();
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      const c = await mysql.createConnection(serverOnly(url));
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function serverOnly(url: URL) {
  return {
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
  };
}
