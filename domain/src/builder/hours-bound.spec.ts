import { beforeAll, describe, expect, it } from '@jest/globals';
import { aVolunteer } from './volunteer.fixture.js';
import highsLoader from 'highs';
import { unavailableIntervals } from '../schedule/rule-inputs.js';
import { parsePacific } from '../schedule/time.js';
import type { BoundContext } from './bound.js';
import { scheduleFigures } from './figures.js';
import { hoursBoundPrograms, hoursBounds } from './hours-bound.js';
import type { BuilderAssignment, BuilderShift, BuilderVolunteer } from './rules.js';
import { type HighsLike, type Solver, highsSolver } from './solver.js';

/**
 * The hours bounds (how far from their expected hours any schedule must leave people: the largest
 * shortfall, the mean shortfall and the spread) on editions small enough to work out by hand, each
 * beside the best schedule there is, measured with the figures a build reports. bound.spec.ts checks
 * them against what the builder builds on seeded editions. Times are Pacific local.
 */

let solver: Solver;
beforeAll(async () => {
  solver = highsSolver(await (highsLoader as unknown as () => Promise<HighsLike>)());
});

const at = (day: string, time: string): number => parsePacific(`${day} ${time}`)!.getTime();
const DAY = '2026-08-10';

const shift = (id: number, from: string, to: string, slots = 1): BuilderShift => ({
  id,
  venueId: 1,
  start: at(DAY, from),
  end: at(DAY, to),
  day: DAY,
  slots,
  preconference: false,
  requires: 'none',
});

const person = (id: number, extra: Partial<BuilderVolunteer> = {}): BuilderVolunteer => aVolunteer(id, { expectedHours: 8, ...extra });

const bounds = (volunteers: BuilderVolunteer[], shifts: BuilderShift[], context: BoundContext = {}) =>
  hoursBounds(hoursBoundPrograms(volunteers, shifts, context), solver);

/** The figures the bounds speak of, for a schedule. */
const figuresOf = (volunteers: BuilderVolunteer[], shifts: BuilderShift[], assignments: BuilderAssignment[]) => {
  const { largestShortfall, meanShortfall, hoursSpread } = scheduleFigures(volunteers, shifts, assignments);
  return { largestShortfall, meanShortfall, hoursSpread };
};

/** Two 4-hour shifts back to back, one place each. */
const morningAndAfternoon = () => [shift(1, '09:00', '13:00'), shift(2, '13:00', '17:00')];

describe('the hours bounds, worked out by hand', () => {
  it('shares too few hours evenly: two people expecting 8 h, 8 slot hours, each at least 4 h short', () => {
    const people = [person(1), person(2)];
    const shifts = morningAndAfternoon();
    expect(bounds(people, shifts)).toEqual({ largestShortfall: 4, meanShortfall: 4, hoursSpread: 0 });
    // The best schedule reaches them: one shift each.
    expect(
      figuresOf(people, shifts, [
        { volunteerId: 1, shiftId: 1 },
        { volunteerId: 2, shiftId: 2 },
      ]),
    ).toEqual({ largestShortfall: 4, meanShortfall: 4, hoursSpread: 0 });
  });

  it("counts a person's rest: with an hour's rest between back-to-back shifts, one of them, 4 h short", () => {
    const shifts = morningAndAfternoon();
    expect(bounds([person(1)], shifts)).toEqual({ largestShortfall: 0, meanShortfall: 0, hoursSpread: 0 });
    expect(bounds([person(1, { minRestMinutes: 60 })], shifts)).toEqual({ largestShortfall: 4, meanShortfall: 4, hoursSpread: 0 });
  });

  it('counts a daily maximum: at most 6 h a day of three 3-hour shifts, 2 h short of 8', () => {
    const shifts = [shift(1, '09:00', '12:00'), shift(2, '12:00', '15:00'), shift(3, '15:00', '18:00')];
    const programs = hoursBoundPrograms([person(1, { maxHoursPerDay: 6 })], shifts);
    expect(programs.capacityOf).toEqual(new Map([[1, 6]]));
    expect(hoursBounds(programs, solver)).toEqual({ largestShortfall: 2, meanShortfall: 2, hoursSpread: 0 });
  });

  it('counts the unavailable time, in Pacific hours: away 09:00–13:00, only the afternoon is left', () => {
    const away = person(1, { unavailable: unavailableIntervals([{ day: DAY, from: '09:00', to: '13:00' }]) });
    expect(bounds([away], morningAndAfternoon())).toEqual({ largestShortfall: 4, meanShortfall: 4, hoursSpread: 0 });
  });

  describe('a pinned assignment: volunteer 1 expects 4 h, volunteer 2 expects 8 h but is away all day, one 8-hour shift', () => {
    const people = [
      person(1, { expectedHours: 4 }),
      person(2, { expectedHours: 8, unavailable: unavailableIntervals([{ day: DAY, from: null, to: null }]) }),
    ];
    const shifts = [shift(1, '09:00', '17:00')];

    it('without the pin: volunteer 2 is 8 h short whatever happens; each bound is reached, though not by one schedule', () => {
      expect(bounds(people, shifts)).toEqual({ largestShortfall: 8, meanShortfall: 4, hoursSpread: 2 });
      // Volunteer 1 working: the least mean shortfall (0 and 8); staying home: the least spread (4 and 8 short).
      expect(figuresOf(people, shifts, [{ volunteerId: 1, shiftId: 1 }])).toEqual({
        largestShortfall: 8,
        meanShortfall: 4,
        hoursSpread: 6,
      });
      expect(figuresOf(people, shifts, [])).toEqual({ largestShortfall: 8, meanShortfall: 6, hoursSpread: 2 });
    });

    it('pinned, volunteer 1 works the 8 hours (4 over) beside volunteer 2’s 8 short: a spread of 6', () => {
      const kept = [{ volunteerId: 1, shiftId: 1 }];
      const programs = hoursBoundPrograms(people, shifts, { kept });
      expect(programs.capacityOf).toEqual(
        new Map([
          [1, 8],
          [2, 0],
        ]),
      );
      expect(hoursBounds(programs, solver)).toEqual({ largestShortfall: 8, meanShortfall: 4, hoursSpread: 6 });
      expect(figuresOf(people, shifts, kept)).toEqual({ largestShortfall: 8, meanShortfall: 4, hoursSpread: 6 });
    });
  });

  it('is a bound, not the answer: 6 h a day allowed of two 4-hour shifts gives 2 h short, though any real day is 4 h short', () => {
    const limited = person(1, { maxHoursPerDay: 6 });
    expect(bounds([limited], morningAndAfternoon())).toEqual({ largestShortfall: 2, meanShortfall: 2, hoursSpread: 0 });
    expect(figuresOf([limited], morningAndAfternoon(), [{ volunteerId: 1, shiftId: 1 }])).toMatchObject({ largestShortfall: 4 });
  });

  it('says nothing for a program the solver cannot answer, and no mean for nobody', () => {
    const failing: Solver = () => ({ status: 'failed', value: NaN, bound: NaN, x: null });
    expect(hoursBounds(hoursBoundPrograms([person(1)], morningAndAfternoon()), failing)).toEqual({
      largestShortfall: null,
      meanShortfall: null,
      hoursSpread: null,
    });
    expect(bounds([], morningAndAfternoon())).toEqual({ largestShortfall: 0, meanShortfall: null, hoursSpread: null });
  });
});
