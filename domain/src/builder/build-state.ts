import { type BuilderAssignment, type BuilderShift, type BuilderVolunteer, fitsShift } from './rules.js';
import { seededRandom, shuffle } from '../random/seeded-random.js';

/**
 * The builder's working schedule: every shift and person by index, what each person holds (kept,
 * outside the build, and built), and the moves every phase of the builder makes. The rules are those of
 * rules.ts: who could ever take a shift is asked of `fitsShift` with nothing held; what depends on the
 * rest of a person's shifts (no clash, the day's most hours, rest) is checked here against exactly what
 * they hold, the same way (buildSchedule checks the result against `fitsShift` once more at the end).
 */

const HOUR = 3_600_000;
/** The rules' tolerance on a day's hours (rules.ts: total > most + 1e-9). */
export const DAY_TOLERANCE_MS = 1e-9 * HOUR;

export interface ShiftNode {
  shift: BuilderShift;
  index: number;
  /** Index of its Pacific day in `BuildState.days`. */
  day: number;
  ms: number;
  inScope: boolean;
  /** People on it (indices), kept ones included. */
  holders: number[];
  /** Those of them the build may not take off it (kept assignments; everyone, outside the build). */
  fixedHolders: number[];
  /** In scope: everyone the rules allow on it with nothing else held, in the seeded order of ties. */
  eligible: number[];
}

export interface PersonNode {
  volunteer: BuilderVolunteer;
  index: number;
  held: number[];
  /** Shifts they hold that the build may not take away: kept assignments and shifts outside the build. */
  fixed: Set<number>;
  dayMs: number[];
  dayCount: number[];
  restMs: number;
  maxMs: number;
  prefers: Set<number>;
  /** In-scope shifts the rules allow them with nothing else held, by start. */
  eligible: number[];
}

export interface BuildState {
  shifts: ShiftNode[];
  people: PersonNode[];
  days: string[];
  /** In-scope shift indices (they come first: 0 … scope.length − 1). */
  scope: number[];
  /** Whether person p could ever take in-scope shift s: allowed[s * people.length + p]. */
  allowed: Uint8Array;
  /** Each shift's start and end (epoch ms), by index: what the clash tests read most, kept flat. */
  starts: Float64Array;
  ends: Float64Array;
  /** Each shift's length (ms), by index. */
  lengthMs: Float64Array;
  /** Each person's hours held (ms, kept by `assign` and `unassign`) and the hours the edition expects of them (ms), by index. */
  workMs: Float64Array;
  expectedMs: Float64Array;
  /** Each shift's venue as an index into the edition's venues, and whether person p asked for venue v: asks[p * venues + v]. */
  venueOf: Int32Array;
  venues: number;
  asks: Uint8Array;
}

const byId = <T extends { id: number }>(a: T, b: T) => a.id - b.id;

/** A volunteer as the builder reads them: every list in a fixed order, so the data's row order changes nothing. */
function normalised(volunteer: BuilderVolunteer): BuilderVolunteer {
  return {
    ...volunteer,
    ledVenues: [...volunteer.ledVenues].sort((a, b) => a - b),
    preferredVenues: [...new Set(volunteer.preferredVenues)].sort((a, b) => a - b),
    unavailable: [...volunteer.unavailable].sort((a, b) => a.start - b.start || a.end - b.end),
  };
}

/**
 * The state for `volunteers` and `shifts` (in scope), with the shifts held elsewhere and the kept
 * assignments in place. Inputs are sorted by id first: the same data in any order gives the same state,
 * and with the same seed the same schedule.
 */
export function createState(input: {
  volunteers: readonly BuilderVolunteer[];
  shifts: readonly BuilderShift[];
  elsewhere?: readonly BuilderShift[];
  kept: readonly BuilderAssignment[];
  seed: number;
}): BuildState {
  const volunteers = [...new Map(input.volunteers.map((v) => [v.id, v])).values()].sort(byId).map(normalised);
  const inScope = [...new Map(input.shifts.map((s) => [s.id, s])).values()].sort(byId);
  const scopeIds = new Set(inScope.map((s) => s.id));
  const outside = [...new Map((input.elsewhere ?? []).filter((s) => !scopeIds.has(s.id)).map((s) => [s.id, s])).values()].sort(byId);
  const all = [...inScope, ...outside];
  const days = [...new Set(all.map((s) => s.day))].sort();
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  const shifts: ShiftNode[] = all.map((shift, index) => ({
    shift,
    index,
    day: dayIndex.get(shift.day)!,
    ms: shift.end - shift.start,
    inScope: index < inScope.length,
    holders: [],
    fixedHolders: [],
    eligible: [],
  }));
  const people: PersonNode[] = volunteers.map((volunteer, index) => ({
    volunteer,
    index,
    held: [],
    fixed: new Set(),
    dayMs: days.map(() => 0),
    dayCount: days.map(() => 0),
    restMs: (volunteer.minRestMinutes ?? 0) * 60_000,
    maxMs: volunteer.maxHoursPerDay === null ? Infinity : volunteer.maxHoursPerDay * HOUR,
    prefers: new Set(volunteer.preferredVenues),
    eligible: [],
  }));
  const state: BuildState = {
    shifts,
    people,
    days,
    scope: shifts.filter((s) => s.inScope).map((s) => s.index),
    allowed: new Uint8Array(inScope.length * people.length),
    starts: Float64Array.from(all, (s) => s.start),
    ends: Float64Array.from(all, (s) => s.end),
    lengthMs: Float64Array.from(shifts, (node) => node.ms),
    workMs: new Float64Array(people.length),
    expectedMs: Float64Array.from(volunteers, (v) => v.expectedHours * HOUR),
    ...venueTable(people, all),
  };

  const shiftOf = new Map(all.map((s, i) => [s.id, i]));
  const personOf = new Map(volunteers.map((v, i) => [v.id, i]));
  const kept = [...input.kept].sort((a, b) => a.shiftId - b.shiftId || a.volunteerId - b.volunteerId);
  for (const a of kept) {
    const p = personOf.get(a.volunteerId);
    const s = shiftOf.get(a.shiftId);
    if (p === undefined || s === undefined || shifts[s]!.holders.includes(p)) continue;
    assign(state, p, s);
    people[p]!.fixed.add(s);
    shifts[s]!.fixedHolders.push(p);
  }

  // Who could ever take each shift: the seeded order only breaks ties.
  const random = seededRandom(input.seed);
  const order = shuffle(
    people.map((p) => p.index),
    random,
  );
  for (const s of state.scope) {
    const node = shifts[s]!;
    for (const p of order)
      if (couldEverTake(people[p]!.volunteer, node.shift)) {
        node.eligible.push(p);
        state.allowed[s * people.length + p] = 1;
      }
  }
  for (const s of [...state.scope].sort((a, b) => shifts[a]!.shift.start - shifts[b]!.shift.start || a - b))
    for (const p of shifts[s]!.eligible) people[p]!.eligible.push(s);
  return state;
}

/** The venues of `shifts` by index, and who asked for which, flat: the builder's moves ask it far more often than anything changes. */
function venueTable(people: readonly PersonNode[], shifts: readonly BuilderShift[]) {
  const index = new Map<number, number>();
  const venueOf = Int32Array.from(shifts, (s) => index.get(s.venueId) ?? index.set(s.venueId, index.size).get(s.venueId)!);
  const asks = new Uint8Array(people.length * index.size);
  for (const person of people)
    for (const venue of person.prefers) if (index.has(venue)) asks[person.index * index.size + index.get(venue)!] = 1;
  return { venueOf, venues: index.size, asks };
}

/**
 * Whether the rules allow `volunteer` on `shift` with nothing else held: `fitsShift` itself, after the
 * cheapest of its refusals (the pre-conference wish, team leaders' venues) turn most pairs away.
 */
function couldEverTake(volunteer: BuilderVolunteer, shift: BuilderShift): boolean {
  if (shift.preconference && !volunteer.preconference.wanted) return false;
  if (volunteer.teamLeader && !volunteer.ledVenues.includes(shift.venueId)) return false;
  if (shift.requires === 'team-leader' && !volunteer.teamLeader) return false;
  return fitsShift(volunteer, shift, []);
}

export function assign(state: BuildState, p: number, s: number): void {
  const person = state.people[p]!;
  const shift = state.shifts[s]!;
  person.held.push(s);
  state.workMs[p]! += shift.ms;
  person.dayMs[shift.day]! += shift.ms;
  person.dayCount[shift.day]! += 1;
  shift.holders.push(p);
}

export function unassign(state: BuildState, p: number, s: number): void {
  const person = state.people[p]!;
  const shift = state.shifts[s]!;
  person.held.splice(person.held.indexOf(s), 1);
  state.workMs[p]! -= shift.ms;
  person.dayMs[shift.day]! -= shift.ms;
  person.dayCount[shift.day]! -= 1;
  shift.holders.splice(shift.holders.indexOf(p), 1);
}

/** Whether the rules allow person `p` on in-scope shift `s` with nothing else held. */
export const allowed = (state: BuildState, p: number, s: number): boolean =>
  s < state.scope.length && state.allowed[s * state.people.length + p] === 1;
export const free = (state: BuildState, s: number): number => state.shifts[s]!.shift.slots - state.shifts[s]!.holders.length;
export const holds = (state: BuildState, p: number, s: number): boolean => state.shifts[s]!.holders.includes(p);
export const movable = (state: BuildState, p: number, s: number): boolean => movableFrom(state.shifts[s]!, p);
/** `movable` for the shift's node at hand. */
export const movableFrom = (node: ShiftNode, p: number): boolean => node.inScope && !node.fixedHolders.includes(p);
/** Whether person `p` asked for the venue of shift `s`. */
export const asks = (state: BuildState, p: number, s: number): boolean => state.asks[p * state.venues + state.venueOf[s]!] === 1;
/** Person `p`'s hours above (positive) or below (negative) what the edition expects of them. */
export const deviationOf = (state: BuildState, p: number): number => (state.workMs[p]! - state.expectedMs[p]!) / HOUR;

/** Whether `a` and `b` may not be held together by someone who needs `restMs` of rest (rules.ts: a clash, or too little rest). */
export function clash(a: BuilderShift, b: BuilderShift, restMs: number): boolean {
  if (a.start < b.end && b.start < a.end) return true;
  if (restMs <= 0) return false;
  const gap = b.start >= a.end ? b.start - a.end : a.start - b.end;
  return gap >= 0 && gap < restMs;
}

/**
 * What keeps `p` off in-scope shift `s` among the shifts they hold (they are allowed on it with nothing
 * held): null when they hold it, when more than one shift is in the way, or when the one in the way may
 * not be moved; [] when they can take it now; [x] when giving up x lets them take it.
 */
export function blockers(state: BuildState, p: number, s: number, ignore = -1): number[] | null {
  const person = state.people[p]!;
  const shift = state.shifts[s]!;
  const { starts, ends } = state;
  // clash() on the flat start and end times: a shift in the way overlaps s or leaves less than the rest between them.
  const from = starts[s]! - person.restMs;
  const to = ends[s]! + person.restMs;
  let found = -1;
  for (const h of person.held) {
    if (h === s) return null;
    if (h === ignore || !(starts[h]! < to && from < ends[h]!)) continue;
    if (found !== -1) return null;
    found = h;
  }
  const ignored = ignore !== -1 && state.shifts[ignore]!.day === shift.day ? state.shifts[ignore]!.ms : 0;
  const dayMs = person.dayMs[shift.day]! - ignored + shift.ms;
  if (found !== -1) {
    if (!movable(state, p, found)) return null;
    const freed = state.shifts[found]!.day === shift.day ? state.shifts[found]!.ms : 0;
    return dayMs - freed <= person.maxMs + DAY_TOLERANCE_MS ? [found] : null;
  }
  if (dayMs <= person.maxMs + DAY_TOLERANCE_MS) return [];
  // Too many hours that day: giving up the shortest shift of the day that is enough.
  let best = -1;
  for (const h of person.held) {
    const node = state.shifts[h]!;
    if (h === ignore || node.day !== shift.day || !movable(state, p, h)) continue;
    if (dayMs - node.ms > person.maxMs + DAY_TOLERANCE_MS) continue;
    if (best === -1 || node.ms < state.shifts[best]!.ms) best = h;
  }
  return best === -1 ? null : [best];
}

/** Whether `p` may take in-scope shift `s` now, optionally as if they did not hold `ignore`. */
export function fits(state: BuildState, p: number, s: number, ignore = -1): boolean {
  if (!allowed(state, p, s)) return false;
  const found = blockers(state, p, s, ignore);
  return found !== null && found.length === 0;
}

/** The assignments of the in-scope shifts, kept ones included, by shift then volunteer. */
export function assignmentsOf(state: BuildState): BuilderAssignment[] {
  const out: BuilderAssignment[] = [];
  for (const s of state.scope)
    for (const p of [...state.shifts[s]!.holders].sort((a, b) => a - b))
      out.push({ volunteerId: state.people[p]!.volunteer.id, shiftId: state.shifts[s]!.shift.id });
  return out.sort((a, b) => a.shiftId - b.shiftId || a.volunteerId - b.volunteerId);
}
