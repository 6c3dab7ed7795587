// Shared by jest's global setup and teardown, which run outside the TypeScript transform.
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';

export const TEST_DATABASE_PREFIX = 'svp_t_';

export function testServerUrl() {
  return process.env.TEST_DATABASE_URL?.trim() || null;
}

export function connectToServer(server) {
  const url = new URL(server.replace(/^mariadb:/, 'mysql:'));
  return mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password),
  });
}

export function newRunId() {
  return `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
}
