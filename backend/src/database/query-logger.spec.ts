import { describe, expect, it } from '@jest/globals';
import { QueryLogger } from './query-logger.js';

const driverError = (code: string, message: string) => Object.assign(new Error(message), { code });

function sink() {
  const lines: string[] = [];
  return { lines, warn: (line: string) => lines.push(`warn ${line}`), error: (line: string) => lines.push(`error ${line}`) };
}

describe('QueryLogger', () => {
  const essay = 'My essay, which is nobody’s business but the jury’s';

  it('logs a failed query with its SQL and reason, never its parameters', () => {
    const out = sink();
    new QueryLogger(out).logQueryError(
      driverError('ER_DATA_TOO_LONG', "Data too long for column 'data'"),
      'UPDATE `applications` SET `data` = ? WHERE `id` = ?',
    );
    expect(out.lines).toEqual([
      "error Query failed (ER_DATA_TOO_LONG): Data too long for column 'data' — UPDATE `applications` SET `data` = ? WHERE `id` = ?",
    ]);
    expect(out.lines.join('')).not.toContain(essay);
  });

  it('leaves a database that went away to the error filter, which says so once per burst', () => {
    const out = sink();
    const logger = new QueryLogger(out);
    logger.logQueryError(
      driverError('PROTOCOL_CONNECTION_LOST', 'Connection lost: The server closed the connection.'),
      'UPDATE `applications` SET `data` = ?',
    );
    logger.logQueryError(driverError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:3306'), 'SELECT 1');
    expect(out.lines).toEqual([]);
  });

  it('shortens long statements to one line', () => {
    const out = sink();
    new QueryLogger(out).logQueryError(new Error('boom'), `SELECT\n  ${'x, '.repeat(200)}y FROM t`);
    expect(out.lines[0]).toMatch(/^error Query failed: boom — SELECT x, x, .*…$/);
    expect(out.lines[0]!.length).toBeLessThan(400);
  });

  it('is quiet without a sink (the tests provoke failures on purpose)', () => {
    const logger = new QueryLogger(null);
    expect(() => logger.logQueryError(new Error('boom'), 'SELECT nope')).not.toThrow();
    expect(() => logger.log('warn', 'something')).not.toThrow();
  });
});

describe('slow statements, through a real data source', () => {
  it('reach logQuerySlow once a statement runs longer than the threshold', async () => {
    const { DataSource } = await import('typeorm');
    const out = sink();
    // The portal's threshold is SLOW_QUERY_MS (database.options.ts); 1 ms here, so a recursive count is slow.
    const source = new DataSource({ type: 'better-sqlite3', database: ':memory:', logger: new QueryLogger(out), maxQueryExecutionTime: 1 });
    await source.initialize();
    try {
      await source.query('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000) SELECT count(*) AS c FROM n');
    } finally {
      await source.destroy();
    }
    expect(out.lines).toEqual([expect.stringMatching(/^warn Slow query \(\d+ ms\): WITH RECURSIVE n\(i\)/)]);
  });

  it('is on for the portal at SLOW_QUERY_MS', async () => {
    const { databaseOptions, SLOW_QUERY_MS } = await import('./database.options.js');
    const { loadConfig } = await import('../config/app.config.js');
    const options = databaseOptions({ ...loadConfig({ NODE_ENV: 'test' }), databaseUrl: 'mysql://u:p@127.0.0.1:3306/x' }, []);
    expect(options.maxQueryExecutionTime).toBe(SLOW_QUERY_MS);
    expect(options.logger).toBeInstanceOf(QueryLogger);
  });
});
