import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { boundWorld, coverageBoundModels, mostHoursAlone } from './bound.js';
import { buildSchedule } from './build.js';
import { scheduleFigures } from './figures.js';
import { applyBreaks, assignmentVerdict } from './assign.js';
import {
  type BuilderAssignment,
  type BuilderShift,
  type BuilderVolunteer,
  assignmentBreaks,
  firstBreak,
  fitsShift,
  scheduleBreaks,
} from './rules.js';
import { aVolunteer } from './volunteer.fixture.js';

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2026, 7, 7, 15); // 08:00 Pacific daylight time, Friday 7 August 2026
const dayName = (d: number) => `2026-08-${String(7 + d).padStart(2, '0')}`;

const volunteerArb = (id: number) =>
  fc
    .record({
      teamLeader: fc.boolean(),
      ledVenues: fc.subarray([1, 2, 3, 4]),
      experienceYears: fc.integer({ min: 0, max: 3 }),
      preferred: fc.subarray([1, 2, 3]),
      wantsPreconference: fc.boolean(),
      preconferenceFromHour: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
      unavailableDay: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
      maxHoursPerDay: fc.option(fc.integer({ min: 3, max: 10 }), { nil: null }),
      minRestMinutes: fc.option(fc.constantFrom(0, 30, 60), { nil: null }),
    })
    .map((v): BuilderVolunteer => ({
      id,
      name: `Volunteer ${id}`,
      teamLeader: v.teamLeader,
      ledVenues: v.teamLeader ? v.ledVenues : [],
      expectedHours: v.teamLeader ? 20 : 10,
      experienceYears: v.experienceYears,
      preferredVenues: v.preferred,
      preconference: {
        wanted: v.wantsPreconference,
        from: v.preconferenceFromHour === null ? null : DAY0 + v.preconferenceFromHour * HOUR,
      },
      unavailable:
        v.unavailableDay === null
          ? []
          : [{ start: DAY0 + v.unavailableDay * 24 * HOUR - 8 * HOUR, end: DAY0 + (v.unavailableDay + 1) * 24 * HOUR - 8 * HOUR }],
      maxHoursPerDay: v.maxHoursPerDay,
      minRestMinutes: v.minRestMinutes,
    }));

const shiftArb = (id: number) =>
  fc
    .record({
      day: fc.integer({ min: 0, max: 2 }),
      startHour: fc.integer({ min: 0, max: 12 }),
      length: fc.integer({ min: 1, max: 6 }),
      slots: fc.integer({ min: 1, max: 4 }),
      venueId: fc.integer({ min: 1, max: 4 }),
      requires: fc.constantFrom('none', 'none', 'none', 'experienced', 'team-leader'),
    })
    .map((s): BuilderShift => ({
      id,
      venueId: s.venueId,
      start: DAY0 + s.day * 24 * HOUR + s.startHour * HOUR,
      end: DAY0 + s.day * 24 * HOUR + (s.startHour + s.length) * HOUR,
      day: dayName(s.day),
      slots: s.slots,
      preconference: s.day === 0,
      requires: s.requires as BuilderShift['requires'],
    }));

const editionArb = fc
  .record({ volunteers: fc.integer({ min: 1, max: 14 }), shifts: fc.integer({ min: 1, max: 18 }) })
  .chain(({ volunteers, shifts }) =>
    fc.record({
      volunteers: fc.tuple(...Array.from({ length: volunteers }, (_, i) => volunteerArb(i + 1))),
      shifts: fc.tuple(...Array.from({ length: shifts }, (_, i) => shiftArb(100 + i))),
      seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      keepSome: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 5 }),
    }),
  );

/** Kept assignments that are themselves valid: added one by one while they break nothing. */
function validKept(
  volunteers: readonly BuilderVolunteer[],
  shifts: readonly BuilderShift[],
  picks: readonly [number, number][],
): BuilderAssignment[] {
  const kept: BuilderAssignment[] = [];
  for (const [v, s] of picks) {
    const volunteer = volunteers[v % volunteers.length]!;
    const shift = shifts[s % shifts.length]!;
    const candidate = [...kept, { volunteerId: volunteer.id, shiftId: shift.id }];
    if (kept.some((a) => a.volunteerId === volunteer.id && a.shiftId === shift.id)) continue;
    if (scheduleBreaks(volunteers, shifts, candidate).length === 0) kept.push({ volunteerId: volunteer.id, shiftId: shift.id });
  }
  return kept;
}

describe('the schedule builder (generated editions)', () => {
  it('never breaks a hard rule, keeps what it is told to keep, and gives the same schedule for the same seed', () => {
    fc.assert(
      fc.property(editionArb, ({ volunteers, shifts, seed, keepSome }) => {
        const kept = validKept(volunteers, shifts, keepSome);
        const input = { volunteers, shifts, kept, seed };
        const result = buildSchedule(input);
        expect(scheduleBreaks(volunteers, shifts, result.assignments)).toEqual([]);
        for (const a of kept) expect(result.assignments).toContainEqual(a);
        expect(buildSchedule(input)).toEqual(result);
      }),
      { numRuns: 150, seed: 20261125 },
    );
  });

  it('fills no more than the bound, and leaves a slot empty only when no one free fits it', () => {
    fc.assert(
      fc.property(editionArb, ({ volunteers, shifts, seed }) => {
        const result = buildSchedule({ volunteers, shifts, kept: [], seed });
        const figures = scheduleFigures(volunteers, shifts, result.assignments);
        const simple = coverageBoundModels(volunteers, shifts).reduce((n, m) => n + m.simpleBound, 0);
        expect(figures.filledSlots).toBeLessThanOrEqual(simple);
        // Maximal: every unfilled slot has no volunteer who could still take it.
        for (const { shiftId } of result.unfilled) {
          const shift = shifts.find((s) => s.id === shiftId)!;
          for (const volunteer of volunteers) {
            const held = result.assignments
              .filter((a) => a.volunteerId === volunteer.id)
              .map((a) => shifts.find((s) => s.id === a.shiftId)!);
            if (held.includes(shift)) continue;
            expect(assignmentBreaks(volunteer, shift, held).length).toBeGreaterThan(0);
          }
        }
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});

describe('the same schedule whatever the order of the data', () => {
  /** The same data in another order: every list shuffled by `order` (a database answers rows in any order without ORDER BY). */
  const reordered = <T>(items: readonly T[], order: readonly number[]): T[] =>
    items
      .map((item, i) => ({ item, key: order[i % Math.max(1, order.length)]! * 1000 + i }))
      .sort((a, b) => a.key - b.key)
      .map(({ item }) => item);

  it('gives the same schedule for any row order of volunteers, shifts, kept assignments and their lists', () => {
    fc.assert(
      fc.property(
        editionArb,
        fc.array(fc.nat({ max: 999 }), { minLength: 1, maxLength: 20 }),
        ({ volunteers, shifts, seed, keepSome }, order) => {
          const kept = validKept(volunteers, shifts, keepSome);
          const elsewhere = shifts.filter((_, i) => i % 5 === 4);
          const scope = shifts.filter((_, i) => i % 5 !== 4);
          const result = buildSchedule({ volunteers, shifts: scope, kept, elsewhere, seed });
          const shuffled = buildSchedule({
            volunteers: reordered(volunteers, order).map((v) => ({
              ...v,
              ledVenues: reordered(v.ledVenues, order),
              preferredVenues: reordered(v.preferredVenues, [...order].reverse()),
              unavailable: reordered(v.unavailable, order),
            })),
            shifts: reordered(scope, [...order].reverse()),
            kept: reordered(kept, order),
            elsewhere: reordered(elsewhere, order),
            seed,
          });
          expect(shuffled).toEqual(result);
          expect(buildSchedule({ volunteers: [...volunteers].reverse(), shifts: [...scope].reverse(), kept, elsewhere, seed })).toEqual(
            result,
          );
        },
      ),
      { numRuns: 120, seed: 20261207 },
    );
  });
});

describe('the bound', () => {
  const person = aVolunteer;
  const shift = (id: number, fromHour: number, toHour: number, slots = 1): BuilderShift => ({
    id,
    venueId: 1,
    start: DAY0 + 24 * HOUR + fromHour * HOUR,
    end: DAY0 + 24 * HOUR + toHour * HOUR,
    day: '2026-08-08',
    slots,
    preconference: false,
    requires: 'none',
  });

  it("counts each person's rest and daily maximum in the most they could work a day", () => {
    // Three 2-hour shifts back to back: alone, all three (6 h); with an hour's rest, the first and the last; with at most 4 h a day, two.
    const shifts = [shift(1, 0, 2), shift(2, 2, 4), shift(3, 4, 6)];
    const world = boundWorld([person(1), person(2, { minRestMinutes: 60 }), person(3, { maxHoursPerDay: 4 })], shifts);
    const day = (id: number) => world.personDays.get(id)!.get('2026-08-08')!;
    expect([day(1).mostHours, day(1).mostShifts]).toEqual([6, 3]);
    expect([day(2).mostHours, day(2).mostShifts]).toEqual([4, 2]);
    expect([day(3).mostHours, day(3).mostShifts]).toEqual([4, 2]);
    expect(mostHoursAlone(shifts, 60 * 60_000)).toBe(4);
  });

  it('counts pinned places and the shifts people hold outside the build', () => {
    const shifts = [shift(1, 0, 4, 2), shift(2, 4, 8)];
    const outside = { ...shift(9, 8, 9), id: 9 };
    // Volunteer 1 is pinned on shift 1; volunteer 2 holds shift 9 outside the build, with an hour's rest: shift 2 is too close.
    const context = {
      kept: [
        { volunteerId: 1, shiftId: 1 },
        { volunteerId: 2, shiftId: 9 },
      ],
      elsewhere: [outside],
    };
    const world = boundWorld([person(1), person(2, { minRestMinutes: 60 })], shifts, context);
    expect(world.keptOn.get(1)).toBe(1);
    expect(world.keptHours.get(2)).toBe(1);
    expect(
      world.personDays
        .get(1)!
        .get('2026-08-08')!
        .shifts.map((s) => s.id),
    ).toEqual([2]);
    expect(
      world.personDays
        .get(2)!
        .get('2026-08-08')!
        .shifts.map((s) => s.id),
    ).toEqual([1]);
    const [model] = coverageBoundModels([person(1), person(2, { minRestMinutes: 60 })], shifts, context, world);
    // Shift 1's other place (volunteer 2) and shift 2 (volunteer 1): 2 more beside the pinned one.
    expect(model!.keptPlaces).toBe(1);
    expect(model!.simpleBound).toBe(3);
  });
});

describe('the hard rules', () => {
  const volunteer = aVolunteer(1, { name: 'Ada Lopez', expectedHours: 25, experienceYears: 0, maxHoursPerDay: 8, minRestMinutes: 60 });
  const shift = (id: number, startHour: number, hours: number, extra: Partial<BuilderShift> = {}): BuilderShift => ({
    id,
    venueId: 1,
    start: DAY0 + 24 * HOUR + startHour * HOUR,
    end: DAY0 + 24 * HOUR + (startHour + hours) * HOUR,
    day: '2026-08-08',
    slots: 2,
    preconference: false,
    requires: 'none',
    ...extra,
  });
  const rules = (candidate: BuilderShift, held: BuilderShift[] = [], who: Partial<BuilderVolunteer> = {}) =>
    assignmentBreaks({ ...volunteer, ...who }, candidate, held).map((b) => b.rule);

  it('names each rule a shift would break, with the message an organiser reads', () => {
    expect(rules(shift(2, 2, 4), [shift(1, 0, 4)])).toEqual(['overlap']);
    expect(rules(shift(2, 4, 2), [shift(1, 0, 4)])).toEqual(['rest']);
    expect(rules(shift(2, 5, 2), [shift(1, 0, 4)])).toEqual([]);
    expect(rules(shift(2, 5, 5), [shift(1, 0, 4)])).toEqual(['daily-maximum']);
    expect(rules(shift(2, 0, 4, { preconference: true }))).toEqual(['preconference']);
    expect(rules(shift(2, 0, 4, { preconference: true }), [], { preconference: { wanted: true, from: DAY0 + 25 * HOUR } })).toEqual([
      'preconference',
    ]);
    expect(rules(shift(2, 1, 4, { preconference: true }), [], { preconference: { wanted: true, from: DAY0 + 25 * HOUR } })).toEqual([]);
    expect(rules(shift(2, 0, 4, { requires: 'experienced' }))).toEqual(['experience']);
    expect(rules(shift(2, 0, 4, { requires: 'team-leader' }), [], { experienceYears: 2 })).toEqual(['team-leader']);
    expect(rules(shift(2, 0, 4), [], { unavailable: [{ start: DAY0 + 26 * HOUR, end: DAY0 + 27 * HOUR }] })).toEqual(['unavailable']);
    expect(assignmentBreaks(volunteer, shift(2, 5, 5), [shift(1, 0, 4)])[0]!.message).toBe(
      'Ada Lopez would work 9 hours on Sat Aug 8th; their maximum is 8.',
    );
  });

  it('keeps a team leader to the venues they lead, and says so', () => {
    const leader = { teamLeader: true, ledVenues: [1, 3] };
    expect(rules(shift(2, 0, 4), [], leader)).toEqual([]);
    expect(rules(shift(2, 0, 4, { venueId: 2 }), [], leader)).toEqual(['team-leader-venue']);
    expect(rules(shift(2, 0, 4, { venueId: 2, requires: 'team-leader' }), [], leader)).toEqual(['team-leader-venue']);
    expect(assignmentBreaks({ ...volunteer, ...leader }, shift(2, 0, 4, { venueId: 2 }), [])[0]!.message).toBe(
      'Ada Lopez is a team leader of other venues; team leaders work at the venues they lead.',
    );
    expect(assignmentBreaks({ ...volunteer, teamLeader: true }, shift(2, 0, 4), [])[0]!.message).toBe(
      'Ada Lopez is a team leader who leads no venue yet; team leaders work at the venues they lead.',
    );
  });

  it('names first the rule that comes first, and fits exactly when nothing is broken', () => {
    const asked = { preconference: { wanted: false, from: null } };
    const early = shift(2, 1, 4, { preconference: true });
    // Not asked for pre-conference shifts and working another shift then: the wish is named first.
    expect(firstBreak({ ...volunteer, ...asked }, early, [shift(1, 0, 4)])!.cause).toBe('preconference-not-asked');
    expect(firstBreak(volunteer, shift(2, 2, 4), [shift(1, 0, 4)])!.cause).toBe('overlap');
    expect(firstBreak(volunteer, shift(2, 5, 2), [shift(1, 0, 4)])).toBeNull();
    for (const [candidate, held] of [
      [shift(2, 2, 4), [shift(1, 0, 4)]],
      [shift(2, 5, 2), [shift(1, 0, 4)]],
      [early, []],
    ] as const)
      expect(fitsShift(volunteer, candidate, held)).toBe(assignmentBreaks(volunteer, candidate, held).length === 0);
  });

  it('sets aside every rule but capacity and overlap for an exception, and what the exception brings about', () => {
    const morning = shift(1, 0, 4);
    const afternoon = shift(2, 5, 5);
    const early = shift(3, 4, 1);
    // The afternoon alone would pass the day's most hours: made as an exception, nothing is broken.
    expect(
      scheduleBreaks(
        [volunteer],
        [morning, afternoon],
        [
          { volunteerId: 1, shiftId: 1 },
          { volunteerId: 1, shiftId: 2, exception: true },
        ],
      ),
    ).toEqual([]);
    // Without the exception, the same schedule breaks the daily maximum.
    expect(
      scheduleBreaks(
        [volunteer],
        [morning, afternoon],
        [
          { volunteerId: 1, shiftId: 1 },
          { volunteerId: 1, shiftId: 2 },
        ],
      ).map((b) => b.rule),
    ).toEqual(['daily-maximum', 'daily-maximum']);
    // An exception never covers a clash.
    expect(
      scheduleBreaks(
        [volunteer],
        [morning, shift(4, 2, 4)],
        [
          { volunteerId: 1, shiftId: 1 },
          { volunteerId: 1, shiftId: 4, exception: true },
        ],
      ).map((b) => b.rule),
    ).toEqual(['overlap']);
    expect(scheduleBreaks([volunteer], [early], [{ volunteerId: 1, shiftId: 3, exception: true }])).toEqual([]);
  });

  it("decides an assignment once for every path: capacity, the rules, and an administrator's reason", () => {
    const full = shift(2, 5, 2, { slots: 1 });
    expect(assignmentVerdict(volunteer, shift(2, 5, 2), [shift(1, 0, 4)], 0)).toEqual({ ok: true, exception: null });
    const refused = assignmentVerdict(volunteer, full, [], 1, 'agreed by email');
    expect(refused.ok).toBe(false);
    expect(refused.ok === false && refused.breaks.map((b) => b.rule)).toEqual(['capacity']);
    expect(refused.ok === false && refused.exceptable).toBe(false);
    const longDay = assignmentVerdict(volunteer, shift(2, 5, 5), [shift(1, 0, 4)], 0);
    expect(longDay.ok === false && longDay.exceptable).toBe(true);
    expect(assignmentVerdict(volunteer, shift(2, 5, 5), [shift(1, 0, 4)], 0, '  came a day early  ')).toEqual({
      ok: true,
      exception: { rules: ['daily-maximum'], reason: 'came a day early' },
    });
    expect(assignmentVerdict(volunteer, shift(2, 5, 5), [shift(1, 0, 4)], 0, '   ').ok).toBe(false);
    const clash = assignmentVerdict(volunteer, shift(2, 2, 4), [shift(1, 0, 4)], 0, 'please');
    expect(clash.ok === false && clash.exceptable).toBe(false);
  });

  it('re-checks at apply only what a build adds, against the schedule as it is then', () => {
    const morning = shift(1, 0, 4);
    const afternoon = shift(2, 5, 5);
    const scope = new Set([2]);
    // Since the preview, the volunteer took the morning shift outside the build: the afternoon now passes their day.
    expect(
      applyBreaks([volunteer], [morning, afternoon], [{ volunteerId: 1, shiftId: 1 }], [{ volunteerId: 1, shiftId: 2 }], scope),
    ).toEqual([expect.objectContaining({ rule: 'daily-maximum', shiftId: 2 })]);
    // What the build keeps is not judged again.
    expect(
      applyBreaks(
        [volunteer],
        [morning, afternoon],
        [
          { volunteerId: 1, shiftId: 1 },
          { volunteerId: 1, shiftId: 2, exception: true },
        ],
        [{ volunteerId: 1, shiftId: 2, exception: true }],
        scope,
      ),
    ).toEqual([]);
    expect(
      applyBreaks(
        [volunteer, { ...volunteer, id: 2 }],
        [shift(2, 5, 2, { slots: 1 })],
        [],
        [
          { volunteerId: 1, shiftId: 2 },
          { volunteerId: 2, shiftId: 2 },
        ],
        scope,
      ).map((b) => b.rule),
    ).toEqual(['capacity']);
  });

  it('counts a volunteer on one shift twice as a clash', () => {
    const s = shift(1, 0, 4);
    expect(
      scheduleBreaks(
        [volunteer],
        [s],
        [
          { volunteerId: 1, shiftId: 1 },
          { volunteerId: 1, shiftId: 1 },
        ],
      ).map((b) => b.rule),
    ).toEqual(['overlap']);
  });

  it('counts a shift holding more volunteers than slots', () => {
    const s = shift(1, 0, 4, { slots: 1 });
    const breaks = scheduleBreaks(
      [volunteer, { ...volunteer, id: 2 }],
      [s],
      [
        { volunteerId: 1, shiftId: 1 },
        { volunteerId: 2, shiftId: 1 },
      ],
    );
    expect(breaks.map((b) => b.rule)).toEqual(['capacity']);
  });
});

describe('the goals', () => {
  it('gives hours to the people furthest below their expectation, and prefers their venues', () => {
    const people = [1, 2, 3].map((id) => aVolunteer(id, { expectedHours: 8, preferredVenues: id === 3 ? [9] : [] }));
    const shifts: BuilderShift[] = Array.from({ length: 6 }, (_, i) => ({
      id: i + 1,
      venueId: i === 5 ? 9 : 1,
      start: DAY0 + 24 * HOUR + (i % 3) * 4 * HOUR + Math.floor(i / 3) * 24 * HOUR,
      end: DAY0 + 24 * HOUR + (i % 3) * 4 * HOUR + 4 * HOUR + Math.floor(i / 3) * 24 * HOUR,
      day: i < 3 ? '2026-08-08' : '2026-08-09',
      slots: 1,
      preconference: false,
      requires: 'none',
    }));
    const result = buildSchedule({ volunteers: people, shifts, kept: [], seed: 1 });
    const figures = scheduleFigures(people, shifts, result.assignments);
    expect(figures.coverage).toBe(1);
    expect(figures.people.map((p) => p.hours)).toEqual([8, 8, 8]);
    expect(result.assignments).toContainEqual({ volunteerId: 3, shiftId: 6 });
    expect(figures.preferredShare).toBeGreaterThan(0);
  });

  it('says why a slot stays empty', () => {
    const lone = aVolunteer(1, { expectedHours: 25, experienceYears: 0 });
    const tlShift: BuilderShift = {
      id: 1,
      venueId: 1,
      start: DAY0 + 30 * HOUR,
      end: DAY0 + 34 * HOUR,
      day: '2026-08-08',
      slots: 1,
      preconference: false,
      requires: 'team-leader',
    };
    const result = buildSchedule({ volunteers: [lone], shifts: [tlShift], kept: [], seed: 3 });
    expect(result.unfilled).toEqual([{ shiftId: 1, free: 1, reason: '1 free place: 1 is not a team leader.' }]);
  });

  it('names the binding causes of free places with counts, most common first', () => {
    const person = (id: number, extra: Partial<BuilderVolunteer>) => aVolunteer(id, { expectedHours: 25, experienceYears: 0, ...extra });
    const at = (hour: number) => DAY0 + hour * HOUR;
    // A pre-conference shift from 15:00 Pacific (22:00 UTC) with four places, and another shift at the same time.
    const preconference: BuilderShift = {
      id: 1,
      venueId: 1,
      start: at(7),
      end: at(11),
      day: '2026-08-07',
      slots: 4,
      preconference: true,
      requires: 'none',
    };
    const busy: BuilderShift = { ...preconference, id: 2, slots: 1, preconference: false };
    const people = [
      ...[1, 2, 3, 4, 5].map((id) => person(id, {})),
      person(6, { preconference: { wanted: true, from: at(9) } }),
      person(7, { preconference: { wanted: true, from: at(9) } }),
      person(8, { preconference: { wanted: true, from: at(0) } }),
    ];
    // Volunteer 8 asked and could start, but holds the other shift at that time.
    const result = buildSchedule({
      volunteers: people,
      shifts: [preconference],
      kept: [{ volunteerId: 8, shiftId: 2 }],
      elsewhere: [busy],
      seed: 1,
    });
    expect(result.unfilled).toEqual([
      {
        shiftId: 1,
        free: 4,
        reason: '4 free places: 5 did not ask for pre-conference shifts, 2 can start only after 3:00 PM, 1 works another shift then.',
      },
    ]);
  });
});
