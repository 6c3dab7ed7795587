import { describe, expect, it } from '@jest/globals';
import { createTestDatabase, testServerUrl } from '../testing/test-database.js';
import { loadConfig } from '../config/app.config.js';
import { connectDatabase } from './database-connection.js';
import { databaseOptions } from './database.options.js';
import { MIGRATIONS } from './migrations/index.js';

const noSleep = async () => undefined;
const quietLogger = () => ({ log: () => undefined, warn: () => undefined });

// Needs a real MySQL/MariaDB server (a *.mysql.spec.ts file: jest.config.js runs it only with TEST_DATABASE_URL).
describe('connectDatabase against the MySQL/MariaDB server of TEST_DATABASE_URL', () => {
  it('says so at once for an unknown database and for a wrong password', async () => {
    const url = new URL(testServerUrl()!.replace(/^mariadb:/, 'mysql:'));
    url.pathname = '/svp_t_no_such_database_here';
    await expect(connectDatabase({ type: 'mysql', url: url.toString() }, { sleep: noSleep, logger: quietLogger() })).rejects.toThrow(
      /The database svp_t_no_such_database_here does not exist/,
    );
    url.password = 'certainly-not-the-password';
    url.username = 'svp_t_nobody';
    await expect(connectDatabase({ type: 'mysql', url: url.toString() }, { sleep: noSleep, logger: quietLogger() })).rejects.toThrow(
      /refused the login of svp_t_nobody/,
    );
  });
});

describe('several servers starting at once on a fresh MySQL/MariaDB database', () => {
  it('migrate it once: every server starts, and each migration is applied exactly once', async () => {
    const database = await createTestDatabase();
    try {
      const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: database.dataDir }), databaseUrl: database.databaseUrl };
      const starts = await Promise.allSettled(
        [0, 1, 2].map(() => connectDatabase(databaseOptions(config, []), { sleep: noSleep, logger: quietLogger() })),
      );
      const failures = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      expect(failures).toEqual([]);
      const sources = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const applied: { name: string; times: number }[] = await sources[0]!.query(
        'SELECT name, COUNT(*) AS times FROM migrations GROUP BY name',
      );
      const byName = (a: string, b: string) => (a < b ? -1 : 1);
      expect(applied.map((row) => `${row.name} ×${Number(row.times)}`).sort(byName)).toEqual(
        MIGRATIONS.map((m) => `${m.name} ×1`).sort(byName),
      );
      for (const source of sources) await source.destroy();
    } finally {
      await database.drop();
    }
  }, 120_000);
});
