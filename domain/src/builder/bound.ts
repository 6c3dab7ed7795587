import { type BuilderAssignment, type BuilderShift, type BuilderVolunteer, fitsShift } from './rules.js';
import { type LinearProgram, ProgramWriter, type Solver } from './solver.js';

/**
 * An upper bound on how many slots any schedule can fill, as linear programs a solver (HiGHS) answers,
 * one per Pacific day. Every real schedule — one that keeps the kept assignments, breaks no rule and
 * fills no more than the places — is a solution of the day's program, so its optimum, rounded down,
 * bounds what can be filled; nothing is guessed.
 *
 * For each person and day: the shifts the rules allow them beside what they must keep (kept
 * assignments and shifts held outside the build, their clashes, rest and the day's hours included);
 * the most of those they could hold together (none overlapping or closer than their rest, within their
 * day's most hours) and the most hours. People alike for the day (team leaders of the same venues,
 * experience, pre-conference wish and start, rest, most hours a day) form a class; x(c,s), relaxed to a
 * real number, is how many of class c work shift s. Then:
 * - a shift holds at most its places left beside the kept ones, and at most as many of a class as its
 *   members allowed on it;
 * - at each moment a shift starts, a class works at most as many shifts, counting the rest after each,
 *   as it has members with a shift they could take then (their unavailability and kept shifts counted);
 * - a class works at most the sum of its members' most hours, and of their most shifts, that day.
 */
export interface BoundModel {
  day: string;
  /** The day's program (maximise), or null when nobody could take a place that day. */
  program: LinearProgram | null;
  /** Places already filled by kept assignments on the day's shifts: the bound adds them to the program's optimum. */
  keptPlaces: number;
  /** A quick bound for the day without a solver: each shift's places, capped by the kept ones and who could take it. */
  simpleBound: number;
}

/** What a build must keep: assignments that stay, and the shifts outside the build some of them are on. */
export interface BoundContext {
  kept?: readonly BuilderAssignment[];
  elsewhere?: readonly BuilderShift[];
}

const HOUR = 3_600_000;

/** One person on one day, against what they must keep. */
export interface PersonDay {
  /** The day's shifts in scope the rules allow them, by start. */
  shifts: BuilderShift[];
  /** The most hours and the most shifts they could work that day (upper bounds). */
  mostHours: number;
  mostShifts: number;
}

export interface BoundWorld {
  days: string[];
  /** Shifts in scope by day. */
  shiftsOn: Map<string, BuilderShift[]>;
  /** Per volunteer id and day: what they could do. */
  personDays: Map<number, Map<string, PersonDay>>;
  /** Kept places per in-scope shift id (at most its places). */
  keptOn: Map<number, number>;
  /** Hours each volunteer holds through kept assignments (in scope and outside it). */
  keptHours: Map<number, number>;
}

/** Most hours among `shifts` one person can hold together: none overlapping, `restMs` apart (weighted interval scheduling). */
export function mostHoursAlone(shifts: readonly BuilderShift[], restMs: number): number {
  return mostHoursByEnd(
    [...shifts].sort((a, b) => a.end - b.end),
    restMs,
  );
}

/** `mostHoursAlone` of shifts already sorted by end. */
function mostHoursByEnd(sorted: readonly BuilderShift[], restMs: number): number {
  const best = [0];
  for (let i = 0; i < sorted.length; i++) {
    const shift = sorted[i]!;
    let lo = 0;
    let hi = i;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]!.end + restMs <= shift.start) lo = mid + 1;
      else hi = mid;
    }
    best.push(Math.max(best[i]!, best[lo]! + (shift.end - shift.start) / HOUR));
  }
  return best[sorted.length]!;
}

/**
 * Most shifts one person can hold together, of shifts sorted by end: none overlapping or closer than
 * `restMs` (earliest end first), and no more than `capHours` holds of the shortest of them.
 */
function mostShiftsByEnd(sorted: readonly BuilderShift[], restMs: number, capHours: number): number {
  let count = 0;
  let free = -Infinity;
  let shortest = Infinity;
  for (const shift of sorted) {
    shortest = Math.min(shortest, (shift.end - shift.start) / HOUR);
    if (shift.start < free) continue;
    count += 1;
    free = shift.end + restMs;
  }
  return Number.isFinite(capHours) ? Math.min(count, Math.floor(capHours / shortest + 1e-9)) : count;
}

/** For every person and day, the shifts the rules allow them beside what they must keep, and the most they could work. */
export function boundWorld(
  volunteers: readonly BuilderVolunteer[],
  shifts: readonly BuilderShift[],
  context: BoundContext = {},
): BoundWorld {
  const inScope = [...shifts].sort((a, b) => a.start - b.start || a.id - b.id);
  const all = new Map([...(context.elsewhere ?? []), ...inScope].map((s) => [s.id, s]));
  const scopeIds = new Set(inScope.map((s) => s.id));
  const days = [...new Set(inScope.map((s) => s.day))].sort();
  const shiftsOn = new Map(days.map((d) => [d, inScope.filter((s) => s.day === d)]));
  const byEnd = new Map(days.map((d) => [d, [...shiftsOn.get(d)!].sort((a, b) => a.end - b.end || a.start - b.start || a.id - b.id)]));
  const keptOf = new Map<number, BuilderShift[]>();
  const keptOn = new Map<number, number>();
  for (const a of context.kept ?? []) {
    const shift = all.get(a.shiftId);
    if (!shift) continue;
    keptOf.set(a.volunteerId, [...(keptOf.get(a.volunteerId) ?? []), shift]);
    if (scopeIds.has(shift.id)) keptOn.set(shift.id, Math.min(shift.slots, (keptOn.get(shift.id) ?? 0) + 1));
  }
  const personDays = new Map<number, Map<string, PersonDay>>();
  const keptHours = new Map<number, number>();
  for (const volunteer of volunteers) {
    const held = keptOf.get(volunteer.id) ?? [];
    keptHours.set(
      volunteer.id,
      held.reduce((n, s) => n + (s.end - s.start) / HOUR, 0),
    );
    const restMs = (volunteer.minRestMinutes ?? 0) * 60_000;
    const mine = new Map<string, PersonDay>();
    for (const day of days) {
      // By end: the order both counts below need.
      const allowed = byEnd.get(day)!.filter((s) => !held.includes(s) && fitsShift(volunteer, s, held));
      if (!allowed.length) continue;
      const keptToday = held.filter((s) => s.day === day).reduce((n, s) => n + (s.end - s.start) / HOUR, 0);
      const capHours = volunteer.maxHoursPerDay === null ? Infinity : volunteer.maxHoursPerDay - keptToday;
      mine.set(day, {
        shifts: allowed,
        mostHours: Math.min(capHours, mostHoursByEnd(allowed, restMs)),
        mostShifts: mostShiftsByEnd(allowed, restMs, capHours),
      });
    }
    personDays.set(volunteer.id, mine);
  }
  return { days, shiftsOn, personDays, keptOn, keptHours };
}

/** What sets people apart in a day's bound: the rest of the day's shape is counted member by member. */
/**
 * What sets people apart in a day's bound (the rest of the day's shape is counted member by member):
 * the finest grain first; a coarser one when the day's program would be too large (people merged into
 * a class keep the least rest among them, which only loosens the bound).
 */
const GRAINS = ['rest and most hours', 'rest', 'none'] as const;
type Grain = (typeof GRAINS)[number];
/** Columns a day's program may have before people are merged into coarser classes. */
export const BOUND_COLUMNS_PER_DAY = 3_000;

function classKey(volunteer: BuilderVolunteer, preconferenceDay: boolean, grain: Grain): string {
  return JSON.stringify([
    volunteer.teamLeader ? [...volunteer.ledVenues].sort((a, b) => a - b) : null,
    volunteer.teamLeader || volunteer.experienceYears >= 1,
    preconferenceDay ? volunteer.preconference.from : null,
    grain === 'none' ? null : (volunteer.minRestMinutes ?? 0),
    grain === 'rest and most hours' ? volunteer.maxHoursPerDay : null,
  ]);
}

interface DayClass {
  restMs: number;
  members: PersonDay[];
  /** How many members each of the day's shifts (by position) allows. */
  counts: Int32Array;
  columns: number;
}

function dayClasses(
  volunteers: readonly BuilderVolunteer[],
  world: BoundWorld,
  day: string,
  position: Map<number, number>,
  grain: Grain,
): DayClass[] {
  const dayShifts = world.shiftsOn.get(day)!;
  const preconferenceDay = dayShifts.some((s) => s.preconference);
  const classes = new Map<string, DayClass>();
  for (const volunteer of volunteers) {
    const today = world.personDays.get(volunteer.id)?.get(day);
    if (!today) continue;
    const key = classKey(volunteer, preconferenceDay, grain);
    const rest = (volunteer.minRestMinutes ?? 0) * 60_000;
    let found = classes.get(key);
    if (!found) {
      found = { restMs: rest, members: [], counts: new Int32Array(dayShifts.length), columns: 0 };
      classes.set(key, found);
    }
    found.restMs = Math.min(found.restMs, rest);
    found.members.push(today);
    for (const shift of today.shifts) {
      const at = position.get(shift.id)!;
      if (found.counts[at]++ === 0) found.columns += 1;
    }
  }
  return [...classes.values()];
}

export function coverageBoundModels(
  volunteers: readonly BuilderVolunteer[],
  shifts: readonly BuilderShift[],
  context: BoundContext = {},
  world: BoundWorld = boundWorld(volunteers, shifts, context),
): BoundModel[] {
  const sorted = [...volunteers].sort((a, b) => a.id - b.id);
  return world.days.map((day) => {
    const dayShifts = world.shiftsOn.get(day)!;
    const position = new Map(dayShifts.map((s, i) => [s.id, i]));
    const keptPlaces = dayShifts.reduce((n, s) => n + (world.keptOn.get(s.id) ?? 0), 0);
    const left = dayShifts.map((s) => s.slots - (world.keptOn.get(s.id) ?? 0));
    let classes: DayClass[] = [];
    for (const grain of GRAINS) {
      classes = dayClasses(sorted, world, day, position, grain);
      if (classes.reduce((n, c) => n + c.columns, 0) <= BOUND_COLUMNS_PER_DAY) break;
    }
    const allowedCount = new Int32Array(dayShifts.length);
    for (const c of classes) for (let i = 0; i < dayShifts.length; i++) allowedCount[i]! += c.counts[i]!;
    const simple = dayShifts.reduce((n, _, i) => n + Math.min(left[i]!, allowedCount[i]!), 0);
    if (simple === 0) return { day, program: null, keptPlaces, simpleBound: keptPlaces };

    const program = new ProgramWriter();
    const perShift: number[][] = dayShifts.map(() => []);
    for (const { restMs, members, counts } of classes) {
      const mine: number[] = [];
      for (let i = 0; i < dayShifts.length; i++) if (counts[i]! > 0 && left[i]! > 0) mine.push(i);
      if (!mine.length) continue;
      const column = new Map(mine.map((i) => [i, program.column(1, 0, Math.min(left[i]!, counts[i]!), false)]));
      for (const i of mine) perShift[i]!.push(column.get(i)!);
      // At each start: the shifts running then (rest counted), against the members who could be on one of them.
      const starts = [...new Set(mine.map((i) => dayShifts[i]!.start))].sort((a, b) => a - b);
      const free = new Int32Array(starts.length);
      for (const member of members) {
        // The moments covered by a shift they could take, as a run of starts: each counted once.
        const covered = new Uint8Array(starts.length);
        for (const shift of member.shifts) {
          for (let k = lowerBound(starts, shift.start); k < starts.length && starts[k]! < shift.end + restMs; k++) covered[k] = 1;
        }
        for (let k = 0; k < starts.length; k++) free[k]! += covered[k]!;
      }
      starts.forEach((t, k) => {
        const running = mine.filter((i) => dayShifts[i]!.start <= t && t < dayShifts[i]!.end + restMs);
        if (running.reduce((n, i) => n + Math.min(left[i]!, counts[i]!), 0) > free[k]!)
          program.row(
            running.map((i) => column.get(i)!),
            1,
            -Infinity,
            free[k]!,
          );
      });
      const columns = mine.map((i) => column.get(i)!);
      program.row(
        columns,
        mine.map((i) => (dayShifts[i]!.end - dayShifts[i]!.start) / HOUR),
        -Infinity,
        members.reduce((n, m) => n + m.mostHours, 0),
      );
      program.row(
        columns,
        1,
        -Infinity,
        members.reduce((n, m) => n + m.mostShifts, 0),
      );
    }
    perShift.forEach((columns, i) => {
      if (columns.length > 1) program.row(columns, 1, -Infinity, left[i]!);
    });
    return { day, program: program.program('maximize', false), keptPlaces, simpleBound: keptPlaces + simple };
  });
}

/** The first index of sorted `values` at or after `value`. */
function lowerBound(values: readonly number[], value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface CoverageBound {
  /** The most places any schedule could fill (kept ones included). */
  slots: number;
  /** Whether every day's program was solved; otherwise those days count their simple bound. */
  exact: boolean;
  days: { day: string; bound: number; simpleBound: number; optimum: number | null }[];
}

/** Each day's program solved; a day the solver cannot answer counts its simple bound. */
export function coverageBound(models: readonly BoundModel[], solver: Solver): CoverageBound {
  let exact = true;
  const days = models.map((model) => {
    if (!model.program) return { day: model.day, bound: model.simpleBound, simpleBound: model.simpleBound, optimum: null };
    const answer = solver(model.program, { method: 'ipm' });
    if (answer.status !== 'optimal') {
      exact = false;
      return { day: model.day, bound: model.simpleBound, simpleBound: model.simpleBound, optimum: null };
    }
    // Places are whole: no real schedule fills more than the optimum rounded down.
    const bound = Math.min(model.simpleBound, model.keptPlaces + Math.floor(answer.value + 1e-6));
    return { day: model.day, bound, simpleBound: model.simpleBound, optimum: Math.round(answer.value * 1000) / 1000 };
  });
  return { slots: days.reduce((n, d) => n + d.bound, 0), exact, days };
}
