import { describe, expect, it } from '@jest/globals';
import { QueryFailedError } from 'typeorm';
import { dataTooLong, isDatabaseUnavailable, isDeadlock, isUniqueViolation } from './database-errors.js';

/** A driver's error as TypeORM hands it on: wrapped in a QueryFailedError, the driver's code kept. */
const failed = (fields: { code?: string; errno?: number; sqlMessage?: string }, message = 'failed') =>
  new QueryFailedError('INSERT …', [], Object.assign(new Error(message), fields));

describe('isUniqueViolation', () => {
  it.each(['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY'])('knows %s, wrapped or bare', (code) => {
    expect(isUniqueViolation(failed({ code }))).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('bare'), { code }))).toBe(true);
  });

  it('is false for any other failure, and for what is not an error', () => {
    for (const code of ['SQLITE_CONSTRAINT_FOREIGNKEY', 'ER_NO_REFERENCED_ROW_2', 'ER_LOCK_DEADLOCK'])
      expect(isUniqueViolation(failed({ code }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('ER_DUP_ENTRY')).toBe(false);
  });
});

describe('isDeadlock', () => {
  it('knows a MySQL deadlock victim, wrapped or bare, and nothing else', () => {
    expect(isDeadlock(failed({ code: 'ER_LOCK_DEADLOCK' }))).toBe(true);
    expect(isDeadlock(Object.assign(new Error('bare'), { code: 'ER_LOCK_DEADLOCK' }))).toBe(true);
    expect(isDeadlock(failed({ code: 'ER_LOCK_WAIT_TIMEOUT' }))).toBe(false);
    expect(isDeadlock(undefined)).toBe(false);
  });
});

describe('dataTooLong', () => {
  it('names the column MySQL names, by code or by errno', () => {
    expect(dataTooLong(failed({ code: 'ER_DATA_TOO_LONG', sqlMessage: "Data too long for column 'first_name' at row 1" }))).toEqual({
      column: 'first_name',
    });
    expect(dataTooLong(failed({ errno: 1406 }, "Data too long for column 'city' at row 1"))).toEqual({ column: 'city' });
  });

  it('answers a null column when the message names none, and null for any other error', () => {
    expect(dataTooLong(failed({ errno: 1406 }, 'Data too long'))).toEqual({ column: null });
    expect(dataTooLong(failed({ code: 'ER_DUP_ENTRY' }))).toBeNull();
  });
});

describe('isDatabaseUnavailable', () => {
  it('is true for a database that is away or busy, however deep the driver error is wrapped', () => {
    expect(isDatabaseUnavailable(failed({ code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('outer'), { cause: failed({ code: 'SQLITE_BUSY' }) }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('not connected'), { name: 'CannotExecuteNotConnectedError' }))).toBe(true);
  });

  it('is false for a query that is simply wrong', () => {
    expect(isDatabaseUnavailable(failed({ code: 'ER_PARSE_ERROR' }, 'You have an error in your SQL syntax'))).toBe(false);
    expect(isDatabaseUnavailable(failed({ code: 'ER_DUP_ENTRY' }))).toBe(false);
  });
});
