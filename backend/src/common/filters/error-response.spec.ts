import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { toErrorResponse } from './error-response.js';

const driverError = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('toErrorResponse for database errors', () => {
  it.each(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY', 'ECONNREFUSED'])('answers 503 (try again), not 500, for %s', (code) => {
    const error = new QueryFailedError('UPDATE jury_scores …', [], driverError(code));
    const { status, body } = toErrorResponse(error, '/api/jury/score');
    expect(status).toBe(503);
    expect(JSON.stringify(body)).toContain('DB_UNAVAILABLE');
  });

  it('still answers 500 for a query that is simply wrong', () => {
    const error = new QueryFailedError('SELECT nope', [], driverError('ER_BAD_FIELD_ERROR', "Unknown column 'nope'"));
    expect(toErrorResponse(error, '/api/anything').status).toBe(500);
  });
});
