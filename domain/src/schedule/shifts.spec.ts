import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  byStart,
  currentShifts,
  findOverlap,
  nextShifts,
  shiftHours,
  shiftTimesProblem,
  shiftsOverlap,
  SHIFT_TIME_MESSAGES,
} from './shifts.js';
import { parsePacific } from './time.js';

const shift = (id: string, start: string, end: string) => ({ id, startsAt: parsePacific(start)!, endsAt: parsePacific(end)! });
const at = (local: string) => parsePacific(local)!;

describe('shiftsOverlap', () => {
  const morning = shift('morning', '2025-08-10 08:00', '2025-08-10 12:00');

  it('sees overlaps, containment and equal shifts', () => {
    expect(shiftsOverlap(morning, shift('late', '2025-08-10 11:00', '2025-08-10 14:00'))).toBe(true);
    expect(shiftsOverlap(morning, shift('inside', '2025-08-10 09:00', '2025-08-10 10:00'))).toBe(true);
    expect(shiftsOverlap(morning, shift('same', '2025-08-10 08:00', '2025-08-10 12:00'))).toBe(true);
  });

  it('lets back-to-back shifts through', () => {
    expect(shiftsOverlap(morning, shift('after', '2025-08-10 12:00', '2025-08-10 16:00'))).toBe(false);
    expect(shiftsOverlap(morning, shift('before', '2025-08-10 04:00', '2025-08-10 08:00'))).toBe(false);
  });

  it('compares instants across midnight and across the fall-back hour', () => {
    const night = shift('night', '2025-08-10 22:00', '2025-08-11 02:00');
    expect(shiftsOverlap(night, shift('early', '2025-08-11 01:00', '2025-08-11 05:00'))).toBe(true);
    expect(shiftsOverlap(night, shift('next', '2025-08-11 02:00', '2025-08-11 05:00'))).toBe(false);
    // 00:00–01:30 PDT ends before 01:30 PST (an hour later in real time) begins.
    const firstPass = { startsAt: at('2026-11-01 00:00'), endsAt: new Date('2026-11-01T08:30:00Z') };
    const secondPass = { startsAt: new Date('2026-11-01T09:30:00Z'), endsAt: at('2026-11-01 04:00') };
    expect(shiftsOverlap(firstPass, secondPass)).toBe(false);
  });

  it('is symmetric (property)', () => {
    const interval = fc.tuple(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 100 })).map(([s, l]) => ({
      startsAt: new Date(s * 60_000),
      endsAt: new Date((s + l) * 60_000),
    }));
    fc.assert(fc.property(interval, interval, (a, b) => shiftsOverlap(a, b) === shiftsOverlap(b, a)));
  });

  it('finds the held shift a candidate clashes with', () => {
    const held = [shift('a', '2025-08-09 08:00', '2025-08-09 12:00'), shift('b', '2025-08-10 08:00', '2025-08-10 12:00')];
    expect(findOverlap(shift('c', '2025-08-10 11:30', '2025-08-10 13:00'), held)?.id).toBe('b');
    expect(findOverlap(shift('d', '2025-08-10 12:00', '2025-08-10 13:00'), held)).toBeUndefined();
  });
});

describe('current and next shifts', () => {
  const shifts = [
    shift('sat-night', '2025-08-09 22:00', '2025-08-10 01:00'),
    shift('sun-a', '2025-08-10 08:00', '2025-08-10 12:00'),
    shift('sun-b', '2025-08-10 08:00', '2025-08-10 10:00'),
    shift('sun-pm', '2025-08-10 13:00', '2025-08-10 17:00'),
  ];
  const ids = (list: { id: string }[]) => list.map((s) => s.id);

  it('at Pacific midnight the night shift is current and the morning shifts are next', () => {
    const midnight = at('2025-08-10 00:00');
    expect(ids(currentShifts(shifts, midnight))).toEqual(['sat-night']);
    expect(ids(nextShifts(shifts, midnight))).toEqual(['sun-b', 'sun-a']);
  });

  it('counts the start as inside the shift and the end as outside', () => {
    expect(ids(currentShifts(shifts, at('2025-08-10 08:00')))).toEqual(['sun-b', 'sun-a']);
    expect(ids(currentShifts(shifts, at('2025-08-10 12:00')))).toEqual([]);
    expect(ids(nextShifts(shifts, at('2025-08-10 08:00')))).toEqual(['sun-pm']);
  });

  it('has nothing next after the last shift', () => {
    expect(nextShifts(shifts, at('2025-08-10 13:00'))).toEqual([]);
    expect(ids(currentShifts(shifts, at('2025-08-10 16:59')))).toEqual(['sun-pm']);
  });

  it('works across the 2026-03-08 spring-forward night', () => {
    const night = [shift('n', '2026-03-08 00:00', '2026-03-08 04:00'), shift('m', '2026-03-08 04:00', '2026-03-08 08:00')];
    const afterJump = new Date('2026-03-08T10:30:00Z'); // 03:30 PDT
    expect(ids(currentShifts(night, afterJump))).toEqual(['n']);
    expect(ids(nextShifts(night, afterJump))).toEqual(['m']);
  });

  it('works across the 2026-11-01 fall-back night', () => {
    const night = [shift('n', '2026-11-01 00:00', '2026-11-01 02:00'), shift('m', '2026-11-01 02:00', '2026-11-01 06:00')];
    const secondOneThirty = new Date('2026-11-01T09:30:00Z'); // 01:30 PST, the second time round
    expect(ids(currentShifts(night, secondOneThirty))).toEqual(['n']);
    expect(ids(nextShifts(night, secondOneThirty))).toEqual(['m']);
  });

  it('sorts by start, then by end', () => {
    expect(ids(byStart(shifts))).toEqual(['sat-night', 'sun-b', 'sun-a', 'sun-pm']);
  });
});

describe('shiftHours', () => {
  it('adds up the lengths of shifts', () => {
    expect(shiftHours([])).toBe(0);
    expect(shiftHours([shift('a', '2025-08-10 08:00', '2025-08-10 12:00'), shift('b', '2025-08-10 13:00', '2025-08-10 14:30')])).toBe(5.5);
  });

  it('counts real hours across clock changes: 00:00–04:00 is 3 h in spring and 5 h in autumn', () => {
    expect(shiftHours([shift('spring', '2026-03-08 00:00', '2026-03-08 04:00')])).toBe(3);
    expect(shiftHours([shift('autumn', '2026-11-01 00:00', '2026-11-01 04:00')])).toBe(5);
  });
});

describe('shiftTimesProblem', () => {
  it('wants a shift to end after it starts, within a day', () => {
    expect(shiftTimesProblem(shift('ok', '2025-08-10 22:00', '2025-08-11 02:00'))).toBeNull();
    expect(shiftTimesProblem(shift('zero', '2025-08-10 08:00', '2025-08-10 08:00'))).toBe(SHIFT_TIME_MESSAGES.endBeforeStart);
    expect(shiftTimesProblem(shift('back', '2025-08-10 08:00', '2025-08-10 07:00'))).toBe(SHIFT_TIME_MESSAGES.endBeforeStart);
    expect(shiftTimesProblem(shift('long', '2025-08-10 08:00', '2025-08-11 08:01'))).toBe(SHIFT_TIME_MESSAGES.tooLong);
  });
});
