import { describe, expect, it } from '@jest/globals';
import {
  ASSIGNMENT_LAYOUT,
  type AssignmentImportLookups,
  type CsvRow,
  IMPORT_MESSAGES,
  type ImportShift,
  SHIFT_LAYOUT,
  checkAssignmentRows,
  checkShiftRows,
  clockTime,
} from './import-rules.js';
import { ASSIGNMENT_MESSAGES, MAX_SV_SLOTS, SHIFT_MESSAGES, overlapMessage } from './schedule-messages.js';
import { SHIFT_TIME_MESSAGES } from './shifts.js';
import { parsePacific } from './time.js';

/** Data rows as readCsv gives them: numbered from 2 (the header is row 1), every column of the layout present. */
function rowsOf(columns: readonly string[], lines: readonly (readonly string[])[]): CsvRow[] {
  return lines.map((cells, i) => ({ row: i + 2, values: Object.fromEntries(columns.map((name, j) => [name, cells[j] ?? ''])) }));
}

const at = (local: string) => parsePacific(local)!;

describe('clockTime', () => {
  it('reads 8:00 as 08:00 and refuses times that are not on a 24-hour clock', () => {
    const read = ['8:00', '08:00', '23:59', '24:00', '08:60', '0800', '8'].map(clockTime);
    expect(read).toEqual(['08:00', '08:00', '23:59', null, null, null, null]);
  });
});

describe('the shifts import', () => {
  const venues = [
    { id: 1, name: 'Room 1' },
    { id: 2, name: 'Hall' },
    { id: 3, name: 'hall ' },
  ];
  const check = (lines: readonly (readonly string[])[], existing: readonly ImportShift[] = []) =>
    checkShiftRows(rowsOf(SHIFT_LAYOUT.columns, lines), { venues, existing });
  //                venue     day           start    end      role       report_to  description special sv_slots swappable
  const good = ['Room 1', '2026-08-10', '08:00', '12:00', 'Greeter', 'Ana Lead', '', '', '2', ''];

  it('takes a good row as a shift to insert: the venue matched in any case, empty texts as null, swappable by default', () => {
    expect(check([['room 1', ...good.slice(1)]])).toEqual({
      accepted: [
        {
          row: 2,
          venueId: 1,
          day: '2026-08-10',
          startsAt: at('2026-08-10 08:00'),
          endsAt: at('2026-08-10 12:00'),
          role: 'Greeter',
          reportTo: 'Ana Lead',
          description: null,
          special: null,
          svSlots: 2,
          swappable: true,
        },
      ],
      errors: [],
    });
    expect(check([['ROOM 1', ...good.slice(1)]]).accepted).toHaveLength(1);
  });

  it('names every missing value of a row, and keeps the row out', () => {
    expect(check([['', '', '', '', '', '', '', '', '', '']])).toEqual({
      accepted: [],
      errors: ['venue', 'day', 'start', 'end', 'role', 'sv_slots'].map((field) => ({
        row: 2,
        field,
        message: IMPORT_MESSAGES.required(field),
      })),
    });
  });

  it('refuses a venue it cannot name, and a name several venues share', () => {
    const { errors } = check([
      ['Nowhere', ...good.slice(1)],
      ['HALL', ...good.slice(1)],
    ]);
    expect(errors).toEqual([
      { row: 2, field: 'venue', message: IMPORT_MESSAGES.noVenue('Nowhere') },
      { row: 3, field: 'venue', message: IMPORT_MESSAGES.severalVenues('HALL', 2) },
    ]);
  });

  it('reads days and times strictly, in Pacific time', () => {
    const { errors } = check([
      ['Room 1', '2026-8-10', ...good.slice(2)],
      ['Room 1', '2026-08-10', '8am', ...good.slice(3)],
      ['Room 1', '2026-08-10', '09:00', '09:00', ...good.slice(4)],
      ['Room 1', '2026-03-08', '02:30', '05:00', ...good.slice(4)],
      ['Room 1', '2026-03-08', '01:00', '02:15', ...good.slice(4)],
      ['Room 1', '2026-11-01', '00:00', '23:30', ...good.slice(4)],
    ]);
    expect(errors).toEqual([
      { row: 2, field: 'day', message: IMPORT_MESSAGES.day },
      { row: 3, field: 'start', message: IMPORT_MESSAGES.time('start') },
      { row: 4, field: 'end', message: IMPORT_MESSAGES.sameStartEnd },
      { row: 5, field: 'start', message: SHIFT_MESSAGES.badTime('start') },
      { row: 6, field: 'end', message: SHIFT_MESSAGES.badTime('end') },
      // The day clocks fall back has 25 hours: 00:00 to 23:30 is 24.5 hours of work.
      { row: 7, field: 'end', message: SHIFT_TIME_MESSAGES.tooLong },
    ]);
  });

  it('puts an end earlier than the start on the next day, counting real hours across the spring-forward night', () => {
    const { accepted } = check([
      ['Room 1', '2026-08-10', '23:00', '01:00', 'Night Watch', '', '', '', '1', ''],
      ['Room 1', '2026-03-07', '22:00', '03:00', 'Night Watch', '', '', '', '1', ''],
    ]);
    expect(accepted).toMatchObject([
      { day: '2026-08-10', startsAt: at('2026-08-10 23:00'), endsAt: at('2026-08-11 01:00') },
      { day: '2026-03-07', startsAt: new Date('2026-03-08T06:00:00Z'), endsAt: new Date('2026-03-08T10:00:00Z') },
    ]);
  });

  it(`takes 1 to ${MAX_SV_SLOTS} places and the words of a yes or a no`, () => {
    const slots = (value: string) => check([[...good.slice(0, 8), value, '']]);
    expect(slots('1').errors).toEqual([]);
    expect(slots(String(MAX_SV_SLOTS)).errors).toEqual([]);
    for (const wrong of ['0', String(MAX_SV_SLOTS + 1), 'two', '1.5', '-1']) {
      expect(slots(wrong).errors).toEqual([{ row: 2, field: 'sv_slots', message: IMPORT_MESSAGES.svSlots }]);
    }
    const swappable = (value: string) => check([[...good.slice(0, 9), value]]);
    for (const word of ['', 'true', 'YES', '1']) expect(swappable(word).accepted[0]?.swappable).toBe(true);
    for (const word of ['false', 'No', '0']) expect(swappable(word).accepted[0]?.swappable).toBe(false);
    expect(swappable('maybe').errors).toEqual([{ row: 2, field: 'swappable', message: IMPORT_MESSAGES.swappable }]);
  });

  it('holds each text to the length the shift form allows', () => {
    const { errors } = check([['Room 1', '2026-08-10', '08:00', '12:00', 'R'.repeat(201), '', 'D'.repeat(5001), '', '2', '']]);
    expect(errors).toEqual([
      { row: 2, field: 'role', message: IMPORT_MESSAGES.tooLong('role', 200) },
      { row: 2, field: 'description', message: IMPORT_MESSAGES.tooLong('description', 5000) },
    ]);
  });

  it('refuses a shift the file repeats or the schedule already has (same venue, start and role, in any case)', () => {
    const stored: ImportShift = {
      id: 41,
      venueId: 1,
      startsAt: at('2026-08-10 13:00'),
      endsAt: at('2026-08-10 17:00'),
      role: 'Usher ',
      svSlots: 2,
    };
    const again = ['Room 1', '2026-08-10', '08:00', '11:00', 'greeter', '', '', '', '3', 'no'];
    const storedAlready = ['Room 1', '2026-08-10', '13:00', '17:00', 'USHER', '', '', '', '2', ''];
    const { accepted, errors } = check([good, again, storedAlready], [stored]);
    expect(accepted.map((shift) => shift.row)).toEqual([2]);
    expect(errors).toEqual([
      { row: 3, message: IMPORT_MESSAGES.repeatedShift(2) },
      { row: 4, message: IMPORT_MESSAGES.existingShift(41) },
    ]);
  });
});

describe('the assignments import', () => {
  const shift = (id: number, venueId: number, start: string, end: string, role: string, svSlots = 2): ImportShift => ({
    id,
    venueId,
    startsAt: at(start),
    endsAt: at(end),
    role,
    svSlots,
  });
  const morning = shift(10, 1, '2026-08-10 08:00', '2026-08-10 12:00', 'Greeter');
  const morningUsher = shift(11, 1, '2026-08-10 08:00', '2026-08-10 12:00', 'Usher', 1);
  const hallMorning = shift(12, 2, '2026-08-10 09:00', '2026-08-10 11:00', 'Runner');
  const afternoon = shift(13, 1, '2026-08-10 13:00', '2026-08-10 17:00', 'Greeter', 1);
  const lookups = (changes: Partial<AssignmentImportLookups> = {}): AssignmentImportLookups => ({
    venues: [
      { id: 1, name: 'Room 1' },
      { id: 2, name: 'Hall' },
    ],
    volunteers: [
      { id: 7, svid: 'ADA7', name: 'Ada Lovelace', confirmed: true },
      { id: 8, svid: 'BOB8', name: 'Bob Byte', confirmed: true },
      { id: 9, svid: 'CY9', name: 'Cy Pending', confirmed: false },
    ],
    shifts: [morning, morningUsher, hallMorning, afternoon],
    assignments: [],
    held: new Map(),
    ruleBreaks: () => [],
    ...changes,
  });
  const check = (lines: readonly (readonly string[])[], changes: Partial<AssignmentImportLookups> = {}) =>
    checkAssignmentRows(rowsOf(ASSIGNMENT_LAYOUT.columns, lines), lookups(changes));
  //                 svid    venue     day           start    accommodations start_back_to_back end_back_to_back role
  const adaMorning = ['ada7', 'room 1', '2026-08-10', '08:00', 'Step-free', '', '', 'greeter'];

  it('takes a good row as an assignment to insert, the SV ID matched without regard to case', () => {
    expect(check([adaMorning])).toEqual({
      accepted: [{ row: 2, shiftId: 10, volunteerId: 7, accommodations: 'Step-free', startBackToBack: null, endBackToBack: null }],
      errors: [],
    });
  });

  it('refuses an SV ID nobody has, and a volunteer without a confirmed place', () => {
    const { errors } = check([
      ['', ...adaMorning.slice(1)],
      ['NOBODY', ...adaMorning.slice(1)],
      ['cy9', ...adaMorning.slice(1)],
    ]);
    expect(errors).toEqual([
      { row: 2, field: 'svid', message: IMPORT_MESSAGES.required('svid') },
      { row: 3, field: 'svid', message: IMPORT_MESSAGES.noVolunteer('NOBODY') },
      { row: 4, field: 'svid', message: ASSIGNMENT_MESSAGES.notConfirmed('Cy Pending') },
    ]);
  });

  it('finds the one shift a row names by venue and start, and asks for the role when several start together', () => {
    const { accepted, errors } = check([
      ['ADA7', 'Room 1', '2026-08-10', '10:00', '', '', '', ''],
      ['ADA7', 'Room 1', '2026-08-10', '08:00', '', '', '', ''],
      ['ADA7', 'Room 1', '2026-08-10', '08:00', '', '', '', 'Runner'],
      ['BOB8', 'Hall', '2026-08-10', '9:00', '', '', '', ''],
    ]);
    expect(errors).toEqual([
      { row: 2, field: 'start', message: IMPORT_MESSAGES.noShift('Room 1', '2026-08-10', '10:00') },
      { row: 3, field: 'start', message: IMPORT_MESSAGES.severalShifts(2, 'Room 1', '2026-08-10', '08:00', ['Greeter', 'Usher']) },
      { row: 4, field: 'role', message: IMPORT_MESSAGES.noShiftWithRole('Runner', 'Room 1', '2026-08-10', '08:00', ['Greeter', 'Usher']) },
    ]);
    expect(accepted).toMatchObject([{ row: 5, shiftId: 12, volunteerId: 8 }]);
  });

  it('refuses a volunteer already on the shift, and a pair the file repeats', () => {
    expect(check([adaMorning], { assignments: [{ shiftId: 10, volunteerId: 7 }] }).errors).toEqual([
      { row: 2, field: 'svid', message: ASSIGNMENT_MESSAGES.already('Ada Lovelace') },
    ]);
    expect(check([adaMorning, adaMorning]).errors).toEqual([
      { row: 3, field: 'svid', message: IMPORT_MESSAGES.repeatedAssignment('Ada Lovelace', 2) },
    ]);
  });

  it('refuses a shift that overlaps one the volunteer holds, or one an earlier row gives them', () => {
    const held = check([adaMorning], { held: new Map([[7, [hallMorning]]]) });
    expect(held.errors).toEqual([{ row: 2, field: 'svid', message: overlapMessage('Ada Lovelace', hallMorning, 'Hall') }]);
    const inFile = check([adaMorning, ['ADA7', 'Hall', '2026-08-10', '09:00', '', '', '', '']]);
    expect(inFile.accepted.map((a) => a.row)).toEqual([2]);
    expect(inFile.errors).toEqual([
      { row: 3, field: 'svid', message: IMPORT_MESSAGES.overlapInFile('Ada Lovelace', 2, morning, 'Room 1') },
    ]);
  });

  it("adds the volunteer's own rules, given the shifts they hold and those the earlier rows give them", () => {
    const asked: { volunteerId: number; shift: number; held: number[] }[] = [];
    const { accepted, errors } = check([adaMorning, ['ADA7', 'Room 1', '2026-08-10', '13:00', '', '', '', '']], {
      held: new Map([[7, [shift(30, 2, '2026-08-11 08:00', '2026-08-11 12:00', 'Runner')]]]),
      ruleBreaks: (volunteerId, candidate, heldShifts) => {
        asked.push({ volunteerId, shift: candidate.id, held: heldShifts.map((s) => s.id) });
        return candidate.id === 13 ? ['Ada Lovelace is not available on Monday afternoon.'] : [];
      },
    });
    expect(asked).toEqual([
      { volunteerId: 7, shift: 10, held: [30] },
      { volunteerId: 7, shift: 13, held: [30, 10] },
    ]);
    expect(accepted.map((a) => a.row)).toEqual([2]);
    expect(errors).toEqual([{ row: 3, field: 'svid', message: 'Ada Lovelace is not available on Monday afternoon.' }]);
  });

  it('gives a shift’s places to the stored assignments first, then to the rows in file order', () => {
    const { accepted, errors } = check(
      [
        ['ADA7', 'Room 1', '2026-08-10', '08:00', '', '', '', 'Usher'],
        ['BOB8', 'Room 1', '2026-08-10', '08:00', '', '', '', 'Usher'],
        ['BOB8', 'Room 1', '2026-08-10', '13:00', '', '', '', ''],
      ],
      { assignments: [{ shiftId: 13, volunteerId: 99 }] },
    );
    expect(accepted.map((a) => a.row)).toEqual([2]);
    expect(errors).toEqual([
      { row: 3, field: 'start', message: IMPORT_MESSAGES.full(morningUsher, 'Room 1', 0, 1) },
      { row: 4, field: 'start', message: IMPORT_MESSAGES.full(afternoon, 'Room 1', 1, 0) },
    ]);
    expect(IMPORT_MESSAGES.full(afternoon, 'Room 1', 1, 0)).toBe(
      'Greeter at Room 1 on Mon Aug 10th, 13:00–17:00 is full: sv_slots is 1, with 1 volunteer assigned already' +
        ' and 0 on earlier rows of this file. Raise sv_slots under Shifts, or choose another shift.',
    );
  });
});

describe('the messages the imports share with the schedule forms', () => {
  it('name the clash as a person reads it', () => {
    const clash = { role: 'Greeter', startsAt: at('2026-08-10 08:00'), endsAt: at('2026-08-10 12:00') };
    expect(overlapMessage('Ada Lovelace', clash, 'Room 1')).toBe(
      'Ada Lovelace already works Greeter at Room 1 on Mon Aug 10th, 08:00–12:00, which overlaps this shift.',
    );
    expect(overlapMessage('Ada Lovelace', clash, '')).toBe(
      'Ada Lovelace already works Greeter on Mon Aug 10th, 08:00–12:00, which overlaps this shift.',
    );
    expect(ASSIGNMENT_MESSAGES.full(1)).toBe('This shift is full: all 1 volunteer place is taken.');
    expect(ASSIGNMENT_MESSAGES.full(3)).toBe('This shift is full: all 3 volunteer places are taken.');
    expect(IMPORT_MESSAGES.svSlots).toBe(`sv_slots must be a whole number from 1 to ${MAX_SV_SLOTS}.`);
  });
});
