import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { assignmentsOf, createState } from './build-state.js';
import { cover, fairFill, hardestFirst } from './build-moves.js';
import { tidy } from './build-tidy.js';
import { scheduleFigures } from './figures.js';
import { type BuilderShift, type BuilderVolunteer, scheduleBreaks } from './rules.js';

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2026, 7, 8, 15); // 08:00 Pacific daylight time, Saturday 8 August 2026
const dayName = (d: number) => `2026-08-${String(8 + d).padStart(2, '0')}`;

const volunteer = (id: number, v: Partial<BuilderVolunteer> = {}): BuilderVolunteer => ({
  id,
  name: `Volunteer ${id}`,
  teamLeader: false,
  ledVenues: [],
  expectedHours: 10,
  experienceYears: 0,
  preferredVenues: [],
  preconference: { wanted: false, from: null },
  unavailable: [],
  maxHoursPerDay: null,
  minRestMinutes: null,
  ...v,
});

const shift = (id: number, day: number, startHour: number, length: number, venueId = 1, slots = 1): BuilderShift => ({
  id,
  venueId,
  start: DAY0 + day * 24 * HOUR + startHour * HOUR,
  end: DAY0 + day * 24 * HOUR + (startHour + length) * HOUR,
  day: dayName(day),
  slots,
  preconference: false,
  requires: 'none',
});

const editionArb = fc
  .record({ volunteers: fc.integer({ min: 2, max: 10 }), shifts: fc.integer({ min: 2, max: 16 }), seed: fc.nat() })
  .chain(({ volunteers, shifts, seed }) =>
    fc.record({
      volunteers: fc.tuple(
        ...Array.from({ length: volunteers }, (_, i) =>
          fc
            .record({
              preferred: fc.subarray([1, 2, 3]),
              maxHoursPerDay: fc.option(fc.integer({ min: 3, max: 10 }), { nil: null }),
              minRestMinutes: fc.option(fc.constantFrom(0, 60), { nil: null }),
            })
            .map((v) =>
              volunteer(i + 1, { preferredVenues: v.preferred, maxHoursPerDay: v.maxHoursPerDay, minRestMinutes: v.minRestMinutes }),
            ),
        ),
      ),
      shifts: fc.tuple(
        ...Array.from({ length: shifts }, (_, i) =>
          fc
            .record({
              day: fc.integer({ min: 0, max: 2 }),
              start: fc.integer({ min: 0, max: 10 }),
              length: fc.integer({ min: 2, max: 4 }),
              venue: fc.integer({ min: 1, max: 3 }),
              slots: fc.integer({ min: 1, max: 3 }),
            })
            .map((s) => shift(100 + i, s.day, s.start, s.length, s.venue, s.slots)),
        ),
      ),
      seed: fc.constant(seed),
    }),
  );

const figuresOf = (volunteers: readonly BuilderVolunteer[], shifts: readonly BuilderShift[], state: ReturnType<typeof createState>) =>
  scheduleFigures(volunteers, shifts, assignmentsOf(state));

describe('the last exchanges (tidy)', () => {
  it("keeps every person's hours and the places filled, breaks no rule, and makes none of the last figures worse", () => {
    fc.assert(
      fc.property(editionArb, ({ volunteers, shifts, seed }) => {
        const state = createState({ volunteers, shifts, kept: [], seed });
        const order = hardestFirst(state);
        fairFill(state, order, false);
        cover(state, order);
        const before = figuresOf(volunteers, shifts, state);
        tidy(state);
        const after = figuresOf(volunteers, shifts, state);
        expect(scheduleBreaks(volunteers, shifts, assignmentsOf(state))).toEqual([]);
        expect(after.people).toEqual(before.people);
        expect(after.filledSlots).toBe(before.filledSlots);
        expect(after.preferredHours).toBeGreaterThanOrEqual(before.preferredHours - 1e-9);
        expect(after.workingDays).toBeGreaterThanOrEqual(before.workingDays);
        expect(after.idleGapHours).toBeLessThanOrEqual(before.idleGapHours + 1e-9);
      }),
      { numRuns: 150, seed: 20261207 },
    );
  });

  it('moves a second shift of a day to a day its holder does not work, when someone takes it in exchange', () => {
    // Volunteer 1 works 09–12 and 14–17 on Saturday; volunteer 2 works 14–17 on Sunday and nothing on Saturday.
    const volunteers = [volunteer(1), volunteer(2)];
    const shifts = [shift(1, 0, 1, 3), shift(2, 0, 6, 3), shift(3, 1, 6, 3)];
    const state = createState({ volunteers, shifts, kept: [], seed: 1 });
    const at = (id: number) => state.shifts.findIndex((s) => s.shift.id === id);
    const place = (p: number, id: number) => {
      state.people[p]!.held.push(at(id));
      state.people[p]!.ms += 3 * HOUR;
      state.people[p]!.dayMs[state.shifts[at(id)]!.day]! += 3 * HOUR;
      state.people[p]!.dayCount[state.shifts[at(id)]!.day]! += 1;
      state.shifts[at(id)]!.holders.push(p);
    };
    place(0, 1);
    place(0, 2);
    place(1, 3);
    const before = figuresOf(volunteers, shifts, state);
    expect(tidy(state)).toBeGreaterThan(0);
    const after = figuresOf(volunteers, shifts, state);
    expect(before.shiftsPerWorkingDay).toBe(1.5);
    expect(after.shiftsPerWorkingDay).toBe(1);
    expect(after.people).toEqual(before.people);
    expect(after.idleGapHours).toBe(0);
  });
});
