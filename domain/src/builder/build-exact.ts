import { type BuildState, allowed, assign, clash, deviationOf, movable, unassign } from './build-state.js';
import { ProgramWriter, type Solver } from './solver.js';

/**
 * Exact days: a day of the build solved as a mixed-integer program, with the rest of the schedule held
 * as it is. x(p,s) = 1 when person p works shift s of the day, for the pairs the rules allow beside what
 * p holds on other days and what may not move (kept, outside the build). Each person holds at most one
 * shift at any moment, counting their rest after each shift (one row per maximal set of shifts that
 * overlap or come closer than the rest), and at most their most hours that day; each shift at most its
 * places. The program finds the most places the day can fill, from the current schedule as its starting
 * point (so never fewer); with `hourValues`, a place is also worth a little by whom it gives hours to, so
 * that among the fullest days the solver picks one that evens out hours. The answer is kept only when the
 * whole schedule is better for it (more places, or as many with a lower largest shortfall, or as many and
 * as low with a smaller spread). Limits are counted in branch-and-bound nodes so that the schedule is the same on any machine;
 * a limit in seconds guards against a program far harder than expected, and is reported when reached.
 */

const HOUR = 3_600_000;
/** A day is solved exactly when its program has at most this many pairs (larger days are left to the moves). */
export const EXACT_PAIRS = 4_000;
/** Branch-and-bound nodes per program. */
export const EXACT_NODES = 100;
/**
 * Seconds per program (wall time), only a guard against a program far harder than expected: a day stopped by it depends on the
 * machine's load, and is reported (5 s was reached on a small day while the machine ran 13 processes for its 2 cores).
 */
export const EXACT_SECONDS = 30;

/** An hour at a venue the person asked for, against the square of their difference from expectation. */
const PREFERENCE_WEIGHT = 1;

export interface ExactDay {
  day: string;
  /** Pairs (person, shift) the day's program has; for a day too large, the pairs the rules allow with nothing held (at least as many). */
  pairs: number;
  /** 'solved': both stages; 'too large': left to the moves; 'failed': the solver gave nothing usable. */
  outcome: 'solved' | 'too large' | 'failed';
  /** Places filled before and after. */
  filledBefore: number;
  filledAfter: number;
  /** Whether a limit stopped a stage (so the day may not be at its optimum), and which. */
  limits: ('nodes' | 'seconds')[];
  kept: boolean;
}

export interface ExactDays {
  days: ExactDay[];
  improvedDays: number;
}

const NONE: ExactDays = { days: [], improvedDays: 0 };

/** The figures a change is judged by, in the builder's order: places, largest shortfall, spread (sum of squares), preferred hours. */
function standing(state: BuildState): [number, number, number, number] {
  let filled = 0;
  for (const s of state.scope) filled += Math.min(state.shifts[s]!.holders.length, state.shifts[s]!.shift.slots);
  let largest = 0;
  let sum = 0;
  let squares = 0;
  let preferred = 0;
  for (const person of state.people) {
    const d = deviationOf(state, person.index);
    largest = Math.max(largest, -d);
    sum += d;
    squares += d * d;
    if (person.prefers.size)
      for (const h of person.held) if (person.prefers.has(state.shifts[h]!.shift.venueId)) preferred += state.shifts[h]!.ms / HOUR;
  }
  const mean = sum / Math.max(1, state.people.length);
  return [filled, Math.round(largest * 100) / 100, squares - state.people.length * mean * mean, preferred];
}

function better(a: [number, number, number, number], b: [number, number, number, number]): boolean {
  if (a[0] !== b[0]) return a[0] > b[0];
  if (Math.abs(a[1] - b[1]) > 1e-6) return a[1] < b[1];
  if (Math.abs(a[2] - b[2]) > 1e-6) return a[2] < b[2];
  return a[3] > b[3] + 1e-6;
}

interface DayModel {
  program: ProgramWriter;
  /** Column → [person, shift] for the x columns. */
  pairs: [number, number][];
  /** The x columns, and the current schedule as a starting point. */
  current: number[];
  /** Per person of the model: their x columns and hours. */
  byPerson: Map<number, number[]>;
}

/** The day's pairs and rows common to both stages. */
function dayModel(state: BuildState, day: number): DayModel | null {
  const dayShifts = state.scope.filter((s) => state.shifts[s]!.day === day);
  const program = new ProgramWriter();
  const pairs: [number, number][] = [];
  const current: number[] = [];
  const byPerson = new Map<number, number[]>();
  const byShift = new Map<number, number[]>(dayShifts.map((s) => [s, []]));
  const people = [...new Set(dayShifts.flatMap((s) => state.shifts[s]!.eligible))].sort((a, b) => a - b);
  for (const p of people) {
    const person = state.people[p]!;
    // What stays: every shift they hold but the movable ones of this day.
    const staying = person.held.filter((h) => !(state.shifts[h]!.day === day && movable(state, p, h)));
    const cap = person.maxMs - staying.reduce((n, h) => n + (state.shifts[h]!.day === day ? state.shifts[h]!.ms : 0), 0);
    const candidates = dayShifts.filter(
      (s) =>
        allowed(state, p, s) &&
        !staying.includes(s) &&
        state.shifts[s]!.ms <= cap + 1e-9 * HOUR &&
        staying.every((h) => !clash(state.shifts[h]!.shift, state.shifts[s]!.shift, person.restMs)),
    );
    if (!candidates.length) continue;
    const columns = candidates.map((s) => {
      const column = program.column(1, 0, 1, true);
      pairs.push([p, s]);
      current.push(person.held.includes(s) ? 1 : 0);
      byShift.get(s)!.push(column);
      return column;
    });
    byPerson.set(p, columns);
    // One shift at a time, rest included: a row per maximal set.
    const order = columns
      .map((_, i) => i)
      .sort((a, b) => state.shifts[candidates[a]!]!.shift.start - state.shifts[candidates[b]!]!.shift.start);
    const startOf = (i: number) => state.shifts[candidates[i]!]!.shift.start;
    const reach = (i: number) => state.shifts[candidates[i]!]!.shift.end + person.restMs;
    const starts = [...new Set(order.map(startOf))];
    const activeAt = (t: number) => order.filter((i) => startOf(i) <= t && t < reach(i));
    for (let k = 0; k < starts.length; k++) {
      const here = activeAt(starts[k]!);
      if (here.length < 2) continue;
      const next = k + 1 < starts.length ? activeAt(starts[k + 1]!) : [];
      if (here.every((i) => next.includes(i))) continue;
      program.row(
        here.map((i) => columns[i]!),
        1,
        -Infinity,
        1,
      );
    }
    const total = candidates.reduce((n, s) => n + state.shifts[s]!.ms, 0);
    if (total > cap + 1e-9 * HOUR)
      program.row(
        columns,
        candidates.map((s) => state.shifts[s]!.ms / HOUR),
        -Infinity,
        cap / HOUR,
      );
  }
  if (!pairs.length) return null;
  for (const s of dayShifts) {
    const fixed = state.shifts[s]!.holders.filter((p) => !movable(state, p, s)).length;
    program.row(byShift.get(s)!, 1, -Infinity, Math.max(0, state.shifts[s]!.shift.slots - fixed));
  }
  return { program, pairs, current, byPerson };
}

/** Puts the day's answer in place: the model's people leave the day's movable shifts and take those of `x`. */
function put(state: BuildState, model: DayModel, x: readonly number[]): void {
  for (const [p, s] of model.pairs) if (state.shifts[s]!.holders.includes(p)) unassign(state, p, s);
  model.pairs.forEach(([p, s], column) => {
    if (x[column]! > 0.5) assign(state, p, s);
  });
}

/**
 * What an hour of shift s is worth to person p beside the place it fills, so that among the schedules
 * filling the most places the solver picks one that evens out hours: the further someone is below their
 * expectation (without this day's shifts), the more (the square of the difference, so the furthest
 * short come first), the further above, the less; a little more at a venue they asked for. Scaled so
 * that all of it together is worth less than one place.
 */
function hourValues(state: BuildState, model: DayModel): number[] {
  const perHour = new Map<number, number>();
  let total = 0;
  for (const [p, columns] of model.byPerson) {
    const person = state.people[p]!;
    const hoursNow = columns.reduce((n, c) => n + (model.current[c]! ? state.shifts[model.pairs[c]![1]]!.ms / HOUR : 0), 0);
    const without = deviationOf(state, p) - hoursNow;
    const value = -without * Math.abs(without) + (person.prefers.size ? PREFERENCE_WEIGHT : 0);
    perHour.set(p, value);
    const most = Math.min(person.maxMs, 24 * HOUR) / HOUR;
    total += (Math.abs(value) + PREFERENCE_WEIGHT) * most;
  }
  const scale = total > 0 ? 0.5 / total : 0;
  return model.pairs.map(([p, s]) => {
    const person = state.people[p]!;
    const hours = state.shifts[s]!.ms / HOUR;
    const preferred = person.prefers.has(state.shifts[s]!.shift.venueId) ? PREFERENCE_WEIGHT : 0;
    return 1 + scale * hours * (perHour.get(p)! + preferred);
  });
}

export interface ExactOptions {
  /** Times over the days (default 1). */
  sweeps?: number;
  /** Values an hour beside a place (`hourValues`), so that among the fullest days the solver evens out hours (default: places only). */
  hourValues?: boolean;
}

/** Solves each day small enough exactly, keeping an answer only when the schedule is better for it. */
export function exactDays(
  state: BuildState,
  solver: Solver,
  progress: (done: number) => void = () => undefined,
  { sweeps = 1, hourValues: valued = false }: ExactOptions = {},
): ExactDays {
  const report: ExactDays = { days: [], improvedDays: 0 };
  const days = state.days.map((_, i) => i).filter((d) => state.scope.some((s) => state.shifts[s]!.day === d));
  for (let sweep = 0; sweep < sweeps; sweep++) {
    days.forEach((day, i) => {
      progress((sweep * days.length + i) / (sweeps * days.length));
      // A day whose shifts allow more pairs than EXACT_PAIRS is left to the moves, without writing its program.
      const dayShifts = state.scope.filter((s) => state.shifts[s]!.day === day);
      const most = dayShifts.reduce((n, s) => n + state.shifts[s]!.eligible.length, 0);
      if (!most) return;
      const placed = dayShifts.reduce((n, s) => n + state.shifts[s]!.holders.filter((p) => movable(state, p, s)).length, 0);
      const entry: ExactDay = {
        day: state.days[day]!,
        pairs: most,
        outcome: 'too large',
        filledBefore: placed,
        filledAfter: placed,
        limits: [],
        kept: false,
      };
      if (sweep === 0) report.days.push(entry);
      const record = sweep === 0 ? entry : report.days.find((d) => d.day === entry.day)!;
      if (most > EXACT_PAIRS) return;
      const model = dayModel(state, day);
      if (!model) return;
      record.pairs = model.pairs.length;
      record.outcome = 'solved';
      const program = model.program.program('maximize', true);
      if (valued) program.cost = hourValues(state, model);
      const answer = solver(program, { nodes: EXACT_NODES, seconds: EXACT_SECONDS, start: model.current, gap: valued ? 1e-4 : 0.5 });
      if (answer.status === 'limit' && answer.stoppedBy) record.limits.push(answer.stoppedBy);
      if (!answer.x) {
        record.outcome = 'failed';
        return;
      }
      const before = standing(state);
      const was = model.pairs.map(([p, s]) => (state.shifts[s]!.holders.includes(p) ? 1 : 0));
      put(state, model, answer.x);
      if (better(standing(state), before)) {
        record.kept = true;
        record.filledAfter = answer.x.reduce((n, v) => n + (v > 0.5 ? 1 : 0), 0);
        report.improvedDays += 1;
      } else put(state, model, was);
    });
  }
  progress(1);
  return report;
}
exactDays.none = (_state: BuildState): ExactDays => NONE;
