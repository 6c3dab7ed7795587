import {
  type BuilderAssignment,
  type BuilderShift,
  type BuilderVolunteer,
  type RuleCause,
  firstCause,
  fitsShift,
  hoursOf,
  unfilledReason,
} from './rules.js';
import { type BuildState, assignmentsOf, createState, free, movable, unassign } from './build-state.js';
import { augment, balance, cover, fairFill, hardestFirst, polish, preferences } from './build-moves.js';
import { type ExactDays, exactDays } from './build-exact.js';
import type { Solver } from './solver.js';

/**
 * The schedule builder: fills the free slots of the shifts it is given from the volunteers it is
 * given, never breaking a hard rule (rules.ts), with these goals in order: fill every slot it can;
 * bring each person's hours close to what the edition expects of them (largest shortfall first, then
 * the spread); honour venue preferences; keep days in one piece (fewer shifts a day, fewer idle gaps).
 *
 * Method (the moves are build-moves.ts, the exact days build-exact.ts): (1) a fair fill, pre-conference
 * shifts and shifts with requirements first, each free slot going first to someone who asked for its
 * venue, then to the person furthest below their hours, never past their expectation; (2) a cover pass
 * from anyone who fits, the least loaded first; (3) chains for the slots still empty (someone gives up
 * the shift in the way, which someone else takes…); (4) exchanges that even out hours, made only when
 * both people end between where they were; (5) exchanges for venue preferences; (6) with a solver, each
 * day small enough solved exactly as a mixed-integer program: first the most slots, then, keeping them,
 * the hours (largest shortfall, then spread) — with the rest of the schedule held, and never kept when
 * it is not better; then (3)–(5) again; (7) same-day exchanges for the last figures (polish). The result is checked against
 * `fitsShift` once more.
 *
 * Deterministic: inputs are sorted by id first, ties are broken by the seed, and the solver's limits
 * are counted in work (branch-and-bound nodes), not time. The same data in any order and the same seed
 * give the same schedule.
 */

export interface BuildInput {
  volunteers: readonly BuilderVolunteer[];
  /** The shifts to fill (the days and venues chosen). */
  shifts: readonly BuilderShift[];
  /** Assignments that stay as they are (pinned ones and those the organiser keeps), in and out of scope. */
  kept: readonly BuilderAssignment[];
  /** Shifts outside the build that volunteers hold: they count for the rules and the hours. */
  elsewhere?: readonly BuilderShift[];
  seed: number;
  /** Exact days (build-exact.ts) with this solver (HiGHS); without one, the heuristic alone. */
  solver?: Solver;
  /** How far the build has come, 0 to 1, now and then (a progress bar). */
  progress?: (done: number) => void;
}

export interface Unfilled {
  shiftId: number;
  free: number;
  /** Why places stay free, in words: the first rule keeping each person off it, counted, most common first. */
  reason: string;
}

export interface BuildResult {
  /** Every assignment of the built shifts, kept ones included. */
  assignments: BuilderAssignment[];
  unfilled: Unfilled[];
  /** How the build went: the exact days (with the solver's limits reached), and assignments the final check took back (always none). */
  report: BuildReport;
}

export interface BuildReport {
  exact: ExactDays;
  /** Assignments the last check against the rules took back: none, unless a move were wrong. */
  takenBack: number;
}

const PREFERENCE_BONUS = 2;
/** A second shift on a day: next to the first it costs a little, with a gap more (a broken-up day). */
const ADJACENT_PENALTY = 0.25;
const EXTRA_SHIFT_PENALTY = 1;
const ADJACENT_MS = 30 * 60_000;

/**
 * How well a shift suits a person now, in the builder's order of goals: hours short of their
 * expectation first, then a venue they asked for, then a day kept in one piece (a day of its own,
 * or next to the shift they have that day, rather than a broken-up day).
 */
export function candidateScore(volunteer: BuilderVolunteer, held: readonly BuilderShift[], hours: number, shift: BuilderShift): number {
  let value = volunteer.expectedHours - hours;
  if (volunteer.preferredVenues.includes(shift.venueId)) value += PREFERENCE_BONUS;
  const sameDay = held.filter((s) => s.day === shift.day);
  if (!sameDay.length) return value;
  // Next to a shift they have: as close as their rest allows.
  const near = ADJACENT_MS + (volunteer.minRestMinutes ?? 0) * 60_000;
  const adjacent = sameDay.some((s) => Math.abs(s.end - shift.start) <= near || Math.abs(shift.end - s.start) <= near);
  return value - (adjacent ? ADJACENT_PENALTY : EXTRA_SHIFT_PENALTY);
}

export interface Candidate {
  volunteerId: number;
  hours: number;
  expected: number;
  prefersVenue: boolean;
  score: number;
}

/** Everyone who can take a free place on `shift` now without breaking a hard rule, best first (fill a shift). */
export function rankCandidates(
  shift: BuilderShift,
  volunteers: readonly BuilderVolunteer[],
  held: ReadonlyMap<number, readonly BuilderShift[]>,
): Candidate[] {
  return volunteers
    .filter((v) => !(held.get(v.id) ?? []).some((s) => s.id === shift.id))
    .filter((v) => fitsShift(v, shift, held.get(v.id) ?? []))
    .map((v) => {
      const mine = held.get(v.id) ?? [];
      const hours = Math.round(mine.reduce((sum, s) => sum + hoursOf(s), 0) * 100) / 100;
      return {
        volunteerId: v.id,
        hours,
        expected: v.expectedHours,
        prefersVenue: v.preferredVenues.includes(shift.venueId),
        score: Math.round(candidateScore(v, mine, hours, shift) * 100) / 100,
      };
    })
    .sort((a, b) => b.score - a.score || a.volunteerId - b.volunteerId);
}

export function buildSchedule(input: BuildInput): BuildResult {
  const progress = (done: number) => input.progress?.(done);
  const state = createState(input);
  const order = hardestFirst(state);
  progress(0.1);
  // 1. A first fair fill at the venues people asked for, from those who asked (pre-conference shifts
  // stay for the few who asked for them), then everywhere; 2. cover; 3. chains.
  const asked = new Set(state.people.flatMap((p) => [...p.prefers]));
  fairFill(
    state,
    order.filter((s) => asked.has(state.shifts[s]!.shift.venueId) && !state.shifts[s]!.shift.preconference),
    true,
  );
  fairFill(state, order, false);
  progress(0.15);
  cover(state, order);
  progress(0.2);
  augment(state, order);
  progress(0.3);
  // 4. Hours, 5. preferences; what they freed, covered again.
  balance(state);
  preferences(state);
  cover(state, order);
  augment(state, order);
  progress(0.45);
  // 6. Exact days.
  const exact = input.solver ? exactDays(state, input.solver, (done) => progress(0.45 + 0.45 * done)) : exactDays.none(state);
  if (exact.improvedDays) {
    cover(state, order);
    augment(state, order);
    balance(state);
    preferences(state);
  }
  polish(state);
  progress(0.95);
  const takenBack = checkAgainstRules(state);
  return {
    assignments: assignmentsOf(state),
    unfilled: unfilledOf(state),
    report: { exact, takenBack },
  };
}

/**
 * Every assignment the build made, checked once more with `fitsShift` against everything its person holds; any that fails is taken back.
 */
function checkAgainstRules(state: BuildState): number {
  let takenBack = 0;
  for (const person of state.people) {
    for (const s of [...person.held]) {
      if (!movable(state, person.index, s)) continue;
      const others = person.held.filter((h) => h !== s).map((h) => state.shifts[h]!.shift);
      if (fitsShift(person.volunteer, state.shifts[s]!.shift, others)) continue;
      unassign(state, person.index, s);
      takenBack += 1;
    }
  }
  return takenBack;
}

/** The shifts left with free places, each with the first rule keeping each person off it, counted by cause. */
function unfilledOf(state: BuildState): Unfilled[] {
  const open = state.scope.filter((s) => free(state, s) > 0);
  if (!open.length) return [];
  const heldShifts = state.people.map((p) => p.held.map((h) => state.shifts[h]!.shift));
  return open.map((s) => {
    const node = state.shifts[s]!;
    const counts = new Map<RuleCause, number>();
    for (const person of state.people) {
      if (node.holders.includes(person.index)) continue;
      const cause = firstCause(person.volunteer, node.shift, heldShifts[person.index]!);
      if (cause) counts.set(cause, (counts.get(cause) ?? 0) + 1);
    }
    return { shiftId: node.shift.id, free: free(state, s), reason: unfilledReason(node.shift, free(state, s), counts) };
  });
}
