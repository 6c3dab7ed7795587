import { describe, expect, it } from '@jest/globals';
import { csvRowsProblem, csvSizeProblem, MAX_IMPORT_BYTES, readCsv } from './csv-rows.js';
import { checkShiftRows, SHIFT_LAYOUT } from '@svp/domain';

const LAYOUT = { columns: ['venue', 'day', 'note'], optional: ['note'] };

describe('import file limits', () => {
  it('takes 2 MB and refuses one byte more, counting bytes, not characters', () => {
    expect(csvSizeProblem('a'.repeat(MAX_IMPORT_BYTES))).toBeNull();
    expect(csvSizeProblem('a'.repeat(MAX_IMPORT_BYTES + 1))).toBe(
      'The file is larger than 2 MB; split it into smaller files and import them one after another.',
    );
    expect(csvSizeProblem('é'.repeat(MAX_IMPORT_BYTES / 2 + 1))).not.toBeNull();
  });

  it('takes 5,000 data rows and refuses 5,001', () => {
    expect(csvRowsProblem({ rows: [], errors: [], total: 5000 })).toBeNull();
    expect(csvRowsProblem({ rows: [], errors: [], total: 5001 })).toBe(
      'The file has 5,001 rows; at most 5,000 can be imported at once. Split it into smaller files.',
    );
  });
});

describe('readCsv', () => {
  it('numbers rows as a spreadsheet shows them: a quoted line break stays in its row, blank rows count but are skipped', () => {
    const table = readCsv('\n Venue ,DAY\n"Hall\nA",2026-08-10\n\n,\nHall B,2026-08-11\n', LAYOUT);
    expect(table).toEqual({
      rows: [
        { row: 3, values: { venue: 'Hall\nA', day: '2026-08-10', note: '' } },
        { row: 6, values: { venue: 'Hall B', day: '2026-08-11', note: '' } },
      ],
      errors: [],
      total: 2,
    });
  });

  it('names an unnamed header column by its position', () => {
    expect(readCsv('venue,,day\nHall A,x,2026-08-10', LAYOUT).errors).toEqual([
      { row: 1, message: 'Column 2 of the header has no name; name it or delete the column.' },
    ]);
  });
});

describe('shift rows', () => {
  it('counts a night shift across the spring-forward hour in real hours, and puts it on the day it starts', () => {
    const rows = readCsv(`${SHIFT_LAYOUT.columns.join(',')}\nHall A,2026-03-07,22:00,03:00,Night Watch,,,,1,`, SHIFT_LAYOUT).rows;
    const { accepted, errors } = checkShiftRows(rows, { venues: [{ id: 7, name: 'Hall A' }], existing: [] });
    expect(errors).toEqual([]);
    expect(accepted).toMatchObject([
      {
        venueId: 7,
        day: '2026-03-07',
        startsAt: new Date('2026-03-08T06:00:00Z'),
        endsAt: new Date('2026-03-08T10:00:00Z'),
        swappable: true,
      },
    ]);
  });
});
