import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import mysql from 'mysql2/promise';
import { createTestApp, type TestApp } from '../testing/test-app.js';

// Connection-pool behaviour of MySQL/MariaDB (a *.mysql.spec.ts file: jest.config.js runs it only with TEST_DATABASE_URL).
describe('GET /api/health on MySQL/MariaDB', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stays up while every connection of the application pool is busy (a load balancer must not take a busy server out)', async () => {
    const poolSize = (t.dataSource.options as { extra?: { connectionLimit?: number } }).extra?.connectionLimit ?? 10;
    const busy = Array.from({ length: poolSize + 5 }, () => t.dataSource.query('SELECT SLEEP(3)'));
    // Every connection of the pool is busy once the server runs that many of them (a fixed wait could end before, on a slow machine).
    const watcher = await mysql.createConnection({ uri: t.database.databaseUrl! });
    try {
      for (let running = 0; running < poolSize; await new Promise((r) => setTimeout(r, 20))) {
        const [rows] = await watcher.query<mysql.RowDataPacket[]>(
          "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND INFO = 'SELECT SLEEP(3)'",
        );
        running = Number(rows[0]!.n);
      }
    } finally {
      await watcher.end();
    }
    const started = Date.now();
    expect((await t.http().get('/api/health').expect(200)).body).toEqual({ status: 'ok', db: 'up' });
    expect(Date.now() - started).toBeLessThan(1500);
    await Promise.all(busy);
  });

  it('survives the server closing idle connections (wait_timeout, an administrator KILL): health and the API answer at once', async () => {
    const me = await t.factories.applicant();
    await t.http().get('/api/health').expect(200);
    const url = new URL(t.database.databaseUrl!);
    const admin = await mysql.createConnection({ uri: url.toString() });
    try {
      const [idle] = await admin.query<mysql.RowDataPacket[]>(
        "SELECT ID AS id FROM information_schema.PROCESSLIST WHERE DB = DATABASE() AND COMMAND = 'Sleep' AND ID <> CONNECTION_ID()",
      );
      expect(idle.length).toBeGreaterThan(0);
      for (const { id } of idle) await admin.query(`KILL ${Number(id)}`);
    } finally {
      await admin.end();
    }
    expect((await t.http().get('/api/health').expect(200)).body).toEqual({ status: 'ok', db: 'up' });
    // The pool dropped its killed connections instead of handing one to the next request.
    await t.http().get(`/api/application/${me.user.id}`).set('Authorization', me.auth).expect(404);
  });
});
