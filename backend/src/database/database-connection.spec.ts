import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { DataSource } from 'typeorm';
import { ConfigError } from '../config/app.config.js';
import { configurationProblem, connectDatabase, describeTarget, initializeWithRetry } from './database-connection.js';

const URL_WITH_PASSWORD = 'mysql://svp:s3cret@db.example.org:3307/svportal';
const driverError = (code: string) => Object.assign(new Error(code), { code });

/** A data source stand-in whose initialize() fails with the given errors in turn, then succeeds. */
function flakyDataSource(type: string, failures: unknown[]) {
  let calls = 0;
  const source = {
    options: { type, url: URL_WITH_PASSWORD },
    initialize: async () => {
      calls += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return source;
    },
    calls: () => calls,
  };
  return source;
}

function recordingLogger() {
  const lines: string[] = [];
  return { lines, log: (line: string) => lines.push(`log ${line}`), warn: (line: string) => lines.push(`warn ${line}`) };
}

const noSleep = async () => undefined;

describe('configurationProblem', () => {
  it('names the user and host, never the password, for a refused login', () => {
    const problem = configurationProblem(driverError('ER_ACCESS_DENIED_ERROR'), URL_WITH_PASSWORD);
    expect(problem).toContain('refused the login of svp (svp@db.example.org:3307/svportal)');
    expect(problem).not.toContain('s3cret');
  });

  it('says how to create a database that does not exist', () => {
    expect(configurationProblem(driverError('ER_BAD_DB_ERROR'), URL_WITH_PASSWORD)).toBe(
      'The database svportal does not exist on db.example.org:3307: create it (CREATE DATABASE `svportal` CHARACTER ' +
        'SET utf8mb4 COLLATE utf8mb4_unicode_ci) or fix DATABASE_URL.',
    );
  });

  it('names a database the user may not use', () => {
    expect(configurationProblem(driverError('ER_DBACCESS_DENIED_ERROR'), URL_WITH_PASSWORD)).toContain(
      'The user svp may not use the database svportal',
    );
  });

  it.each(['ECONNREFUSED', 'ETIMEDOUT', 'ER_SERVER_SHUTDOWN', 'ER_PARSE_ERROR'])('is no configuration problem: %s', (code) => {
    expect(configurationProblem(driverError(code), URL_WITH_PASSWORD)).toBeNull();
  });

  it('describes a target without its password, and survives a URL it cannot read', () => {
    expect(describeTarget(URL_WITH_PASSWORD)).toBe('svp@db.example.org:3307/svportal');
    expect(describeTarget('mysql://root@localhost/x')).toBe('root@localhost:3306/x');
    expect(describeTarget('not a url')).toBe('(an unreadable DATABASE_URL)');
  });
});

describe('initializeWithRetry', () => {
  it('waits for a MySQL server that is not up yet: one warning, then a line when it answers', async () => {
    const source = flakyDataSource('mysql', [driverError('ECONNREFUSED'), driverError('ECONNREFUSED'), driverError('ER_SERVER_SHUTDOWN')]);
    const logger = recordingLogger();
    const slept: number[] = [];
    await initializeWithRetry(source as unknown as DataSource, { logger, delayMs: 2000, sleep: async (ms) => void slept.push(ms) });
    expect(source.calls()).toBe(4);
    expect(slept).toEqual([2000, 2000, 2000]);
    expect(logger.lines).toHaveLength(2);
    expect(logger.lines[0]).toBe(
      'warn Cannot reach the database at svp@db.example.org:3307/svportal (ECONNREFUSED); trying again every 2 s until it answers.',
    );
    expect(logger.lines[1]).toMatch(/^log The database answered after \d+ s \(4 attempts\); starting\.$/);
  });

  it('reminds now and then while it keeps waiting', async () => {
    const source = flakyDataSource(
      'mysql',
      Array.from({ length: 30 }, () => driverError('ETIMEDOUT')),
    );
    const logger = recordingLogger();
    await initializeWithRetry(source as unknown as DataSource, { logger, sleep: noSleep });
    expect(logger.lines.filter((line) => line.startsWith('warn'))).toEqual([
      expect.stringContaining('Cannot reach the database'),
      expect.stringContaining('Still waiting for the database (ETIMEDOUT)'),
      expect.stringContaining('Still waiting for the database (ETIMEDOUT)'),
    ]);
  });

  it('fails at once, with the reason, on a wrong password or an unknown database', async () => {
    for (const code of ['ER_ACCESS_DENIED_ERROR', 'ER_BAD_DB_ERROR']) {
      const source = flakyDataSource('mysql', [driverError(code)]);
      const attempt = initializeWithRetry(source as unknown as DataSource, { logger: recordingLogger(), sleep: noSleep });
      await expect(attempt).rejects.toBeInstanceOf(ConfigError);
      expect(source.calls()).toBe(1);
    }
  });

  it('fails at once on an error that waiting does not cure (a migration that is wrong)', async () => {
    const wrong = driverError('ER_PARSE_ERROR');
    const source = flakyDataSource('mysql', [wrong]);
    await expect(initializeWithRetry(source as unknown as DataSource, { logger: recordingLogger(), sleep: noSleep })).rejects.toBe(wrong);
    expect(source.calls()).toBe(1);
  });

  it('never waits for the embedded database', async () => {
    const cannotOpen = driverError('SQLITE_CANTOPEN');
    const source = flakyDataSource('better-sqlite3', [cannotOpen]);
    await expect(initializeWithRetry(source as unknown as DataSource, { logger: recordingLogger(), sleep: noSleep })).rejects.toBe(
      cannotOpen,
    );
    expect(source.calls()).toBe(1);
  });
});

/** A port nothing listens on: taken from the system, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('connectDatabase with the real mysql2 driver', () => {
  it('keeps trying a port where no server listens yet', async () => {
    const port = await closedPort();
    const logger = recordingLogger();
    let attempts = 0;
    const gaveUp = new Error('the test stops waiting');
    const sleep = async () => {
      attempts += 1;
      if (attempts === 3) throw gaveUp;
    };
    await expect(
      connectDatabase({ type: 'mysql', url: `mysql://svp:pw@127.0.0.1:${port}/svp`, connectTimeout: 2000 }, { logger, sleep }),
    ).rejects.toBe(gaveUp);
    expect(attempts).toBe(3);
    expect(logger.lines).toEqual([
      `warn Cannot reach the database at svp@127.0.0.1:${port}/svp (ECONNREFUSED); trying again every 2 s until it answers.`,
    ]);
  });
});
