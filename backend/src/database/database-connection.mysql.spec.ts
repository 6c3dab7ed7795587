import { describe, expect, it } from '@jest/globals';
import { testServerUrl } from '../testing/test-database.js';
import { connectDatabase } from './database-connection.js';

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
    await expect(connectDatabase({ type: 'mysql', url: url.toString() }, { sleep: noSleep, logger: quietLogger() })).rejects.toThrow(/refused the login of svp_t_nobody/);
  });
});
