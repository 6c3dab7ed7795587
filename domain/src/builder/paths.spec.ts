import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { exchangeRefusal, type SwapParty, type SwapShift } from '../schedule/swaps.js';
import { applyBreaks, assignmentVerdict } from './assign.js';
import { buildSchedule, rankCandidates } from './build.js';
import { type BuilderAssignment, type BuilderShift, type BuilderVolunteer, scheduleBreaks } from './rules.js';
import { aVolunteer } from './volunteer.fixture.js';

/**
 * Every path that changes who works when, driven in any order over generated editions, through the
 * same decisions the server makes for it (assignmentVerdict, rankCandidates, exchangeRefusal,
 * buildSchedule and applyBreaks): whatever the sequence, the schedule breaks no rule except through
 * an exception an administrator recorded with a reason.
 */

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2026, 7, 7, 15); // 08:00 Pacific daylight time, Friday 7 August 2026
const day = (d: number) => `2026-08-${String(7 + d).padStart(2, '0')}`;
const NOW = new Date(DAY0 - 24 * HOUR);

const volunteerArb = (id: number) =>
  fc
    .record({
      teamLeader: fc.boolean(),
      ledVenues: fc.subarray([1, 2, 3]),
      experienceYears: fc.integer({ min: 0, max: 2 }),
      wantsPreconference: fc.boolean(),
      preconferenceFromHour: fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
      unavailableDay: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
      maxHoursPerDay: fc.option(fc.integer({ min: 3, max: 9 }), { nil: null }),
      minRestMinutes: fc.option(fc.constantFrom(0, 30, 60, 120), { nil: null }),
    })
    .map((v): BuilderVolunteer => ({
      id,
      name: `Person ${id}`,
      teamLeader: v.teamLeader,
      ledVenues: v.teamLeader ? v.ledVenues : [],
      expectedHours: v.teamLeader ? 16 : 8,
      experienceYears: v.experienceYears,
      preferredVenues: [],
      preconference: {
        wanted: v.wantsPreconference,
        from: v.preconferenceFromHour === null ? null : DAY0 + v.preconferenceFromHour * HOUR,
      },
      unavailable:
        v.unavailableDay === null
          ? []
          : [{ start: DAY0 + (v.unavailableDay * 24 + 4) * HOUR, end: DAY0 + (v.unavailableDay * 24 + 8) * HOUR }],
      maxHoursPerDay: v.maxHoursPerDay,
      minRestMinutes: v.minRestMinutes,
    }));

const shiftArb = (id: number) =>
  fc
    .record({
      day: fc.integer({ min: 0, max: 2 }),
      startHour: fc.integer({ min: 0, max: 10 }),
      length: fc.integer({ min: 1, max: 5 }),
      slots: fc.integer({ min: 1, max: 3 }),
      venueId: fc.integer({ min: 1, max: 3 }),
      requires: fc.constantFrom('none', 'none', 'none', 'experienced', 'team-leader'),
    })
    .map((s): BuilderShift => ({
      id,
      venueId: s.venueId,
      start: DAY0 + (s.day * 24 + s.startHour) * HOUR,
      end: DAY0 + (s.day * 24 + s.startHour + s.length) * HOUR,
      day: day(s.day),
      slots: s.slots,
      preconference: s.day === 0,
      requires: s.requires as BuilderShift['requires'],
    }));

/** One step through one path, by indices into the edition as it is when the step runs. */
const stepArb = fc.oneof(
  fc.record({
    path: fc.constant('assign' as const),
    v: fc.nat(),
    s: fc.nat(),
    reason: fc.option(fc.constant('agreed by email'), { nil: null }),
  }),
  fc.record({
    path: fc.constant('move' as const),
    a: fc.nat(),
    s: fc.nat(),
    reason: fc.option(fc.constant('swapped at the office'), { nil: null }),
  }),
  fc.record({ path: fc.constant('import' as const), rows: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 4 }) }),
  fc.record({ path: fc.constant('fill' as const), s: fc.nat() }),
  fc.record({ path: fc.constant('propose' as const), v: fc.nat(), s: fc.nat() }),
  fc.record({ path: fc.constant('accept' as const), p: fc.nat() }),
  fc.record({ path: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ path: fc.constant('remove' as const), a: fc.nat() }),
  fc.record({ path: fc.constant('build' as const), days: fc.subarray([0, 1, 2], { minLength: 1 }), keepAll: fc.boolean(), seed: fc.nat() }),
  fc.record({ path: fc.constant('apply' as const), b: fc.nat() }),
);

type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

const seasonArb = fc
  .record({ people: fc.integer({ min: 2, max: 10 }), shifts: fc.integer({ min: 2, max: 12 }) })
  .chain(({ people, shifts }) =>
    fc.record({
      volunteers: fc.tuple(...Array.from({ length: people }, (_, i) => volunteerArb(i + 1))),
      shifts: fc.tuple(...Array.from({ length: shifts }, (_, i) => shiftArb(100 + i))),
      steps: fc.array(stepArb, { minLength: 1, maxLength: 25 }),
    }),
  );

interface Held extends BuilderAssignment {
  reason?: string;
}

interface Preview {
  scope: Set<number>;
  basedOn: string;
  target: BuilderAssignment[];
}

/** The paths of the server, on an edition held in memory. */
class Season {
  assignments: Held[] = [];
  proposals: { volunteerId: number; shiftId: number }[] = [];
  previews: Preview[] = [];
  /** What each path did, so the test can show that every path was taken. */
  readonly taken = new Set<string>();

  constructor(
    readonly volunteers: readonly BuilderVolunteer[],
    readonly shifts: readonly BuilderShift[],
  ) {}

  private shift = (id: number) => this.shifts.find((s) => s.id === id)!;
  private held = (volunteerId: number, without?: Held) =>
    this.assignments.filter((a) => a.volunteerId === volunteerId && a !== without).map((a) => this.shift(a.shiftId));
  private placesTaken = (shiftId: number, without?: Held) => this.assignments.filter((a) => a.shiftId === shiftId && a !== without).length;
  private onIt = (volunteerId: number, shiftId: number, without?: Held) =>
    this.assignments.some((a) => a !== without && a.volunteerId === volunteerId && a.shiftId === shiftId);

  /** Manual assignment (and an accepted proposal, and one import row): the server's assertCanHold. */
  private tryAssign(volunteer: BuilderVolunteer, shift: BuilderShift, reason: string | null, path: string): boolean {
    if (this.onIt(volunteer.id, shift.id)) return false;
    const verdict = assignmentVerdict(volunteer, shift, this.held(volunteer.id), this.placesTaken(shift.id), reason);
    if (!verdict.ok) return false;
    this.assignments.push({
      volunteerId: volunteer.id,
      shiftId: shift.id,
      ...(verdict.exception ? { exception: true, reason: verdict.exception.reason } : {}),
    });
    this.taken.add(path);
    return true;
  }

  step(step: Step): void {
    const { volunteers, shifts } = this;
    const pick = <T>(list: readonly T[], i: number): T | undefined => (list.length ? list[i % list.length] : undefined);
    switch (step.path) {
      case 'assign': {
        this.tryAssign(pick(volunteers, step.v)!, pick(shifts, step.s)!, step.reason, step.reason ? 'exception' : 'assign');
        return;
      }
      case 'move': {
        const assignment = pick(this.assignments, step.a);
        if (!assignment) return;
        const volunteer = volunteers.find((v) => v.id === assignment.volunteerId)!;
        const shift = pick(shifts, step.s)!;
        if (this.onIt(volunteer.id, shift.id, assignment)) return;
        const verdict = assignmentVerdict(
          volunteer,
          shift,
          this.held(volunteer.id, assignment),
          this.placesTaken(shift.id, assignment),
          step.reason,
        );
        if (!verdict.ok) return;
        const index = this.assignments.indexOf(assignment);
        this.assignments[index] = {
          volunteerId: volunteer.id,
          shiftId: shift.id,
          ...(verdict.exception ? { exception: true, reason: verdict.exception.reason } : {}),
        };
        this.taken.add('move');
        return;
      }
      case 'import': {
        // All rows or none, each judged with the rows before it in place.
        const before = [...this.assignments];
        for (const [v, s] of step.rows)
          if (!this.tryAssign(pick(volunteers, v)!, pick(shifts, s)!, null, 'import')) {
            this.assignments = before;
            return;
          }
        return;
      }
      case 'fill': {
        const shift = pick(shifts, step.s)!;
        if (this.placesTaken(shift.id) >= shift.slots) return;
        const heldBy = new Map(volunteers.map((v) => [v.id, this.held(v.id)]));
        const [best] = rankCandidates(shift, volunteers, heldBy);
        if (best)
          this.tryAssign(
            volunteers.find((v) => v.id === best.volunteerId)!,
            shift,
            null,
            'fill',
          );
        return;
      }
      case 'propose': {
        const volunteer = pick(volunteers, step.v)!;
        const shift = pick(shifts, step.s)!;
        const heldBy = new Map(volunteers.map((v) => [v.id, this.held(v.id)]));
        if (
          this.placesTaken(shift.id) < shift.slots &&
          rankCandidates(shift, volunteers, heldBy).some((c) => c.volunteerId === volunteer.id)
        )
          this.proposals.push({ volunteerId: volunteer.id, shiftId: shift.id });
        return;
      }
      case 'accept': {
        const proposal = pick(this.proposals, step.p);
        if (!proposal) return;
        this.proposals = this.proposals.filter((p) => p !== proposal);
        // Judged again at acceptance: the schedule may have changed since the proposal.
        this.tryAssign(
          volunteers.find((v) => v.id === proposal.volunteerId)!,
          this.shift(proposal.shiftId),
          null,
          'accept',
        );
        return;
      }
      case 'swap': {
        const mine = pick(this.assignments, step.a);
        const theirs = pick(this.assignments, step.b);
        if (!mine || !theirs || mine.volunteerId === theirs.volunteerId) return;
        const party = (volunteerId: number): SwapParty => ({
          ownShifts: this.held(volunteerId).map(swapShift),
          volunteer: volunteers.find((v) => v.id === volunteerId)!,
        });
        const refused = exchangeRefusal(
          swapShift(this.shift(mine.shiftId)),
          swapShift(this.shift(theirs.shiftId)),
          party(mine.volunteerId),
          party(theirs.volunteerId),
          NOW,
        );
        if (refused) return;
        // The assignments change hands; an exception stays with neither (it was made for one person and one shift).
        const i = this.assignments.indexOf(mine);
        const j = this.assignments.indexOf(theirs);
        this.assignments[i] = { volunteerId: mine.volunteerId, shiftId: theirs.shiftId };
        this.assignments[j] = { volunteerId: theirs.volunteerId, shiftId: mine.shiftId };
        this.taken.add('swap');
        return;
      }
      case 'remove': {
        const assignment = pick(this.assignments, step.a);
        if (assignment) this.assignments = this.assignments.filter((a) => a !== assignment);
        return;
      }
      case 'build': {
        const scope = new Set(shifts.filter((s) => step.days.map(day).includes(s.day)).map((s) => s.id));
        const kept = this.assignments.filter((a) => !scope.has(a.shiftId) || step.keepAll || a.exception);
        const result = buildSchedule({
          volunteers,
          shifts: shifts.filter((s) => scope.has(s.id)),
          elsewhere: shifts.filter((s) => !scope.has(s.id)),
          kept,
          seed: step.seed,
        });
        this.previews.push({
          scope,
          basedOn: fingerprint(this.assignments.filter((a) => scope.has(a.shiftId))),
          target: result.assignments,
        });
        return;
      }
      case 'apply': {
        const preview = pick(this.previews, step.b);
        if (!preview) return;
        this.previews = this.previews.filter((p) => p !== preview);
        const inScope = this.assignments.filter((a) => preview.scope.has(a.shiftId));
        if (fingerprint(inScope) !== preview.basedOn) return;
        if (applyBreaks(volunteers, shifts, this.assignments, preview.target, preview.scope).length) return;
        const existing = new Map(inScope.map((a) => [`${a.shiftId}:${a.volunteerId}`, a]));
        this.assignments = [
          ...this.assignments.filter((a) => !preview.scope.has(a.shiftId)),
          ...preview.target.map((a) => existing.get(`${a.shiftId}:${a.volunteerId}`) ?? { volunteerId: a.volunteerId, shiftId: a.shiftId }),
        ];
        this.taken.add('apply');
        return;
      }
    }
  }
}

function swapShift(shift: BuilderShift): SwapShift {
  return { id: shift.id, startsAt: new Date(shift.start), endsAt: new Date(shift.end), swappable: true, rule: shift };
}

const fingerprint = (list: readonly BuilderAssignment[]) =>
  list
    .map((a) => `${a.shiftId}:${a.volunteerId}`)
    .sort()
    .join(',');

describe('every path that changes who works when, under one set of rules', () => {
  it('never leaves a schedule breaking a rule except through an exception recorded with a reason', () => {
    const paths = new Set<string>();
    fc.assert(
      fc.property(seasonArb, ({ volunteers, shifts, steps }) => {
        const season = new Season(volunteers, shifts);
        for (const step of steps) {
          season.step(step);
          expect(scheduleBreaks(volunteers, shifts, season.assignments)).toEqual([]);
          for (const a of season.assignments) if (a.exception) expect(a.reason).toBeTruthy();
        }
        for (const path of season.taken) paths.add(path);
      }),
      { numRuns: 300, seed: 20261207 },
    );
    // The property means little unless every path really changed schedules along the way.
    expect([...paths].sort()).toEqual(['accept', 'apply', 'assign', 'exception', 'fill', 'import', 'move', 'swap']);
  });

  it('finds the break when one path skips the rules (the property is not vacuous)', () => {
    // A swap judged without the schedule rules (overlap only, as swaps were once checked).
    const volunteers = [1, 2].map((id) =>
      aVolunteer(id, { expectedHours: 8, experienceYears: 0, maxHoursPerDay: id === 1 ? 5 : null, minRestMinutes: id === 1 ? 60 : null }),
    );
    const at = (hour: number) => DAY0 + 24 * HOUR + hour * HOUR;
    const shift = (id: number, from: number, to: number): BuilderShift => ({
      id,
      venueId: 1,
      start: at(from),
      end: at(to),
      day: day(1),
      slots: 1,
      preconference: false,
      requires: 'none',
    });
    const morning = shift(1, 0, 4.5);
    const afternoon = shift(2, 4.5, 9);
    const evening = shift(3, 12, 14);
    const assignments = [
      { volunteerId: 1, shiftId: 1 },
      { volunteerId: 1, shiftId: 3 },
      { volunteerId: 2, shiftId: 2 },
    ];
    const party = (id: number, withRules: boolean): SwapParty => ({
      ownShifts: assignments
        .filter((a) => a.volunteerId === id)
        .map((a) => swapShift([morning, afternoon, evening].find((s) => s.id === a.shiftId)!)),
      ...(withRules ? { volunteer: volunteers[id - 1]! } : {}),
    });
    // Person 1 gives the evening for the afternoon: 9 hours that day and no rest after the morning.
    const withoutRules = exchangeRefusal(swapShift(evening), swapShift(afternoon), party(1, false), party(2, false), NOW);
    expect(withoutRules).toBeNull();
    const after = [
      { volunteerId: 1, shiftId: 1 },
      { volunteerId: 1, shiftId: 2 },
      { volunteerId: 2, shiftId: 3 },
    ];
    expect(scheduleBreaks(volunteers, [morning, afternoon, evening], after).map((b) => b.rule)).toContain('daily-maximum');
    const refused = exchangeRefusal(swapShift(evening), swapShift(afternoon), party(1, true), party(2, true), NOW);
    expect(refused).toMatchObject({ party: 'me', half: 'take', refusal: 'rule', breach: { rule: 'daily-maximum' } });
  });
});
