import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { UnavailableWarnings, toErrorResponse } from './error-response.js';
import { isDatabaseUnavailable } from '../../database/database-errors.js';

const driverError = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('toErrorResponse for database errors', () => {
  it.each(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY', 'ECONNREFUSED'])(
    'answers 503 (try again), not 500, for %s',
    (code) => {
      const error = new QueryFailedError('UPDATE jury_scores …', [], driverError(code));
      const { status, body } = toErrorResponse(error, '/api/jury/score');
      expect(status).toBe(503);
      expect(JSON.stringify(body)).toContain('DB_UNAVAILABLE');
    },
  );

  it('still answers 500 for a query that is simply wrong', () => {
    const error = new QueryFailedError('SELECT nope', [], driverError('ER_BAD_FIELD_ERROR', "Unknown column 'nope'"));
    expect(toErrorResponse(error, '/api/anything').status).toBe(500);
  });
});

describe('toErrorResponse for a text its column cannot hold (MySQL ER_DATA_TOO_LONG)', () => {
  const tooLong = (column: string) =>
    new QueryFailedError(
      'UPDATE users …',
      [],
      Object.assign(new Error(`Data too long for column '${column}' at row 1`), {
        code: 'ER_DATA_TOO_LONG',
        errno: 1406,
        sqlMessage: `Data too long for column '${column}' at row 1`,
      }),
    );

  it('answers 400 naming the field, not 500', () => {
    expect(toErrorResponse(tooLong('first_name'), '/api/users/register')).toEqual({
      status: 400,
      body: {
        success: false,
        data: {
          message: 'first_name is too long: shorten it and try again.',
          err: 'VALIDATION_FAILED',
          errors: { first_name: 'first_name is too long: shorten it and try again.' },
        },
      },
    });
  });

  it('names the field as the route calls it: the profile’s names, camelCase under /api/admin', () => {
    expect(toErrorResponse(tooLong('first_name'), '/api/users/profile').body).toMatchObject({
      data: { errors: { given_name: expect.any(String) } },
    });
    expect(toErrorResponse(tooLong('postal_code'), '/api/users/profile').body).toMatchObject({
      data: { errors: { 'address.postal_code': expect.any(String) } },
    });
    expect(toErrorResponse(tooLong('report_to'), '/api/admin/shifts/3')).toEqual({
      status: 400,
      body: {
        message: 'reportTo is too long: shorten it and try again.',
        err: 'VALIDATION_FAILED',
        errors: { reportTo: 'reportTo is too long: shorten it and try again.' },
      },
    });
  });

  it('still answers 400 when the message names no column', () => {
    const error = new QueryFailedError('INSERT …', [], Object.assign(new Error('Data too long'), { errno: 1406 }));
    expect(toErrorResponse(error, '/api/application/save')).toEqual({
      status: 400,
      body: { success: false, data: { message: 'A text is too long: shorten it and try again.', err: 'VALIDATION_FAILED' } },
    });
  });
});

describe('isDatabaseUnavailable for a database that went away', () => {
  it.each([
    ['ER_SERVER_SHUTDOWN (a clean shutdown)', driverError('ER_SERVER_SHUTDOWN')],
    ['ER_QUERY_INTERRUPTED (a statement ended by the shutdown)', driverError('ER_QUERY_INTERRUPTED')],
    ['ER_CLIENT_INTERACTION_TIMEOUT (an idle connection closed)', driverError('ER_CLIENT_INTERACTION_TIMEOUT')],
    [
      "MariaDB's errno 1927 (connection killed), which has no code name",
      Object.assign(new Error('Connection was killed'), { errno: 1927 }),
    ],
    ['a connection lost mid-query', driverError('PROTOCOL_CONNECTION_LOST', 'Connection lost: The server closed the connection.')],
    [
      "a full wait queue of mysql2's pool (more requests waiting for a connection than queueLimit), which has no code",
      new Error('Queue limit reached.'),
    ],
  ])('maps %s to 503', (_case, cause) => {
    const { status, body } = toErrorResponse(new QueryFailedError('UPDATE applications …', [], cause), '/api/application/save');
    expect(status).toBe(503);
    expect(body).toEqual({
      success: false,
      data: { message: expect.stringContaining('cannot reach its database'), err: 'DB_UNAVAILABLE' },
    });
    expect(isDatabaseUnavailable(cause)).toBe(true);
  });
});

describe('UnavailableWarnings', () => {
  it('writes one line per burst and counts the requests it did not log', () => {
    const lines: string[] = [];
    let now = 0;
    const warnings = new UnavailableWarnings({ warn: (line: string) => lines.push(line) }, 5000, () => now);
    warnings.record('connect ECONNREFUSED 127.0.0.1:3306');
    for (let i = 0; i < 250; i++) {
      now += 10;
      warnings.record('connect ECONNREFUSED 127.0.0.1:3306');
    }
    now = 6000;
    warnings.record('Connection lost: The server closed the connection.');
    expect(lines).toEqual([
      'Database unavailable: connect ECONNREFUSED 127.0.0.1:3306',
      'Database unavailable: Connection lost: The server closed the connection. (and 250 more requests answered 503 since the last line)',
    ]);
  });
});
