import { describe, expect, it } from 'vitest';
import { importErrorRows, importSummary, rowErrorsOfBody } from './scheduleImport';

describe('importErrorRows', () => {
  it('puts the bad rows in file order, with an empty field when the whole row is at fault', () => {
    expect(
      importErrorRows([
        { row: 5, field: 'day', message: 'day must be YYYY-MM-DD' },
        { row: 2, message: 'The row has 3 columns; 10 are expected' },
        { row: 5, field: 'venue', message: 'There is no venue "Hall Z"' },
      ]),
    ).toEqual([
      { key: '2-0', row: 2, field: '', message: 'The row has 3 columns; 10 are expected' },
      { key: '5-1', row: 5, field: 'day', message: 'day must be YYYY-MM-DD' },
      { key: '5-2', row: 5, field: 'venue', message: 'There is no venue "Hall Z"' },
    ]);
  });
});

describe('importSummary', () => {
  it('says all rows are valid after a clean check', () => {
    expect(importSummary('shifts', { dryRun: true, rows: 12, valid: 12, errors: [], created: 0 })).toBe(
      'All 12 rows are valid. Nothing is saved until you press Import.',
    );
  });

  it('counts the rows with problems, not the problems', () => {
    const errors = [
      { row: 2, field: 'day', message: 'bad' },
      { row: 2, field: 'start', message: 'bad' },
      { row: 4, field: 'svid', message: 'bad' },
    ];
    expect(importSummary('assignments', { dryRun: true, rows: 10, valid: 8, errors, created: 0 })).toBe(
      '2 of 10 rows have problems; nothing can be imported until they are fixed.',
    );
  });

  it('tells how many were imported', () => {
    expect(importSummary('assignments', { dryRun: false, rows: 7, valid: 7, errors: [], created: 7 })).toBe('Imported 7 assignments.');
    expect(importSummary('shifts', { dryRun: false, rows: 1, valid: 1, errors: [], created: 1 })).toBe('Imported 1 shift.');
  });

  it('says nothing was imported when the server refused the file', () => {
    const errors = [{ row: 3, field: 'venue', message: 'unknown venue' }];
    expect(importSummary('shifts', { dryRun: false, rows: 4, valid: 3, errors, created: 0 })).toBe(
      'Nothing was imported: 1 of 4 rows have problems.',
    );
  });
});

describe('rowErrorsOfBody', () => {
  const errors = [{ row: 3, field: 'sv_slots', message: 'sv_slots must be a whole number' }];

  it('reads the row errors of the admin error shape and of the envelope', () => {
    expect(rowErrorsOfBody({ message: 'The file has errors', err: 'VALIDATION_FAILED', errors })).toEqual(errors);
    expect(rowErrorsOfBody({ success: false, data: { message: 'The file has errors', errors } })).toEqual(errors);
  });

  it('finds none in a field-error map or an empty body', () => {
    expect(rowErrorsOfBody({ message: 'csv is required', errors: { csv: 'csv is required' } })).toBeNull();
    expect(rowErrorsOfBody(undefined)).toBeNull();
  });
});
