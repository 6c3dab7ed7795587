import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { orderRosterShifts, orderRosterVolunteers } from './roster.js';
import { parsePacific } from './time.js';

const shift = (id: number, role: string, start: string, end: string) => ({
  id,
  role,
  startsAt: parsePacific(start)!,
  endsAt: parsePacific(end)!,
});

describe('orderRosterShifts', () => {
  it('lists shifts by start, then by the earlier end, then by role, then by id', () => {
    const shifts = [
      shift(1, 'Greeter', '2026-08-10 13:00', '2026-08-10 17:00'),
      shift(2, 'Usher', '2026-08-10 08:00', '2026-08-10 12:00'),
      shift(3, 'Greeter', '2026-08-10 08:00', '2026-08-10 12:00'),
      shift(4, 'Greeter', '2026-08-10 08:00', '2026-08-10 10:00'),
      shift(5, 'Greeter', '2026-08-10 08:00', '2026-08-10 12:00'),
      // Across midnight: it starts on this day, after the others.
      shift(6, 'Night Desk', '2026-08-10 22:00', '2026-08-11 02:00'),
    ];
    expect(orderRosterShifts(shifts).map((s) => s.id)).toEqual([4, 3, 5, 2, 1, 6]);
  });

  it('leaves its input as it was and gives the same order whatever the input order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            id: fc.integer({ min: 1, max: 50 }),
            role: fc.constantFrom('Greeter', 'Usher'),
            start: fc.integer({ min: 0, max: 5 }),
            length: fc.integer({ min: 1, max: 3 }),
          }),
          { maxLength: 12 },
        ),
        (rows) => {
          const shifts = rows.map((r, i) => ({
            id: r.id * 100 + i,
            role: r.role,
            startsAt: new Date(Date.UTC(2026, 7, 10, r.start)),
            endsAt: new Date(Date.UTC(2026, 7, 10, r.start + r.length)),
          }));
          const copy = [...shifts];
          const ordered = orderRosterShifts(shifts);
          expect(shifts).toEqual(copy);
          expect(orderRosterShifts([...shifts].reverse())).toEqual(ordered);
          for (let i = 1; i < ordered.length; i += 1)
            expect(ordered[i - 1]!.startsAt.getTime()).toBeLessThanOrEqual(ordered[i]!.startsAt.getTime());
        },
      ),
    );
  });
});

describe('orderRosterVolunteers', () => {
  it('lists volunteers by last name, then first name, then id', () => {
    const volunteers = [
      { id: 3, firstName: 'Bo', lastName: 'Brown' },
      { id: 1, firstName: 'Ann', lastName: 'Able' },
      { id: 4, firstName: 'Ada', lastName: 'Brown' },
      { id: 2, firstName: 'Bo', lastName: 'Brown' },
    ];
    expect(orderRosterVolunteers(volunteers).map((v) => v.id)).toEqual([1, 4, 2, 3]);
  });
});
