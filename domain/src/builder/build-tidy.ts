import type { BuilderShift } from './rules.js';
import { type BuildState, allowed, assign, fits, free, holds, movable, unassign } from './build-state.js';

/**
 * The builder's last pass: exchanges that keep every person's hours exactly as they are, so that the
 * figures that come first (places filled, largest shortfall, spread, mean shortfall) cannot move, made
 * only when they improve the last figures without making any of them worse: hours at venues people
 * asked for, working days (fewer shifts per working day) and idle hours between the shifts of a day.
 *
 * Two moves: two people exchange shifts of the same length (on the same day or on different days), or
 * one person gives up a shift for a free place of the same length (a place emptied for a place filled).
 * Each person's shifts are tried in turn against the in-scope shifts of the same length, which are
 * indexed by day and length: the work grows with the number of assignments times the shifts of one
 * length, not with the square of the people. Among the exchanges found, the best in the figures' order
 * is made (preferred hours, then working days, then idle hours).
 */

const HOUR = 3_600_000;
const EPS = 1e-9;

interface Change {
  preferred: number;
  days: number;
  idle: number;
}

/** Idle hours of a day's shifts (they never overlap): the span less the hours worked. */
function idleOf(day: readonly BuilderShift[], extra: BuilderShift | null, without: BuilderShift | null): number {
  let first = Infinity;
  let last = -Infinity;
  let worked = 0;
  for (const shift of day) {
    if (shift === without) continue;
    first = Math.min(first, shift.start);
    last = Math.max(last, shift.end);
    worked += shift.end - shift.start;
  }
  if (extra) {
    first = Math.min(first, extra.start);
    last = Math.max(last, extra.end);
    worked += extra.end - extra.start;
  }
  return worked > 0 ? Math.max(0, last - first - worked) / HOUR : 0;
}

/** Whether `change` makes no figure worse and at least one better. */
const improves = (c: Change) => c.preferred >= -EPS && c.days >= 0 && c.idle <= EPS && (c.preferred > EPS || c.days > 0 || c.idle < -EPS);
/** The figures' order: preferred hours, then working days, then idle hours. */
const worth = (c: Change) => c.preferred * 1e6 + c.days * 1e3 - c.idle;

export function tidy(state: BuildState, passes = 4): number {
  const dayCount = state.days.length;
  // In-scope shifts by day and length (in minutes).
  const index = new Map<number, number[]>();
  const keyOf = (day: number, ms: number) => day * 100_000 + Math.round(ms / 60_000);
  for (const s of state.scope) {
    const node = state.shifts[s]!;
    const key = keyOf(node.day, node.ms);
    const list = index.get(key);
    if (list) list.push(s);
    else index.set(key, [s]);
  }
  const shiftsOfDay = (p: number, day: number) =>
    state.people[p]!.held.filter((h) => state.shifts[h]!.day === day).map((h) => state.shifts[h]!.shift);
  const preferred = (p: number, s: number) => {
    const person = state.people[p]!;
    return person.prefers.has(state.shifts[s]!.shift.venueId) ? state.shifts[s]!.ms / HOUR : 0;
  };

  /** What person `p` gains in the last figures by giving up `x` and taking `y` (of the same length). */
  const side = (
    p: number,
    x: number,
    y: number,
    idleNow: (day: number) => number,
    dayShifts: (p: number, day: number) => BuilderShift[] = shiftsOfDay,
  ): Change => {
    const person = state.people[p]!;
    const a = state.shifts[x]!;
    const b = state.shifts[y]!;
    const change: Change = { preferred: preferred(p, y) - preferred(p, x), days: 0, idle: 0 };
    if (a.day === b.day) {
      change.idle = idleOf(dayShifts(p, a.day), b.shift, a.shift) - idleNow(a.day);
      return change;
    }
    change.days = (person.dayCount[a.day] === 1 ? -1 : 0) + (person.dayCount[b.day] === 0 ? 1 : 0);
    const leaving = person.dayCount[a.day]! > 1 ? idleOf(dayShifts(p, a.day), null, a.shift) - idleNow(a.day) : -idleNow(a.day);
    const joining = person.dayCount[b.day]! > 0 ? idleOf(dayShifts(p, b.day), b.shift, null) - idleNow(b.day) : 0;
    change.idle = leaving + joining;
    return change;
  };

  let moves = 0;
  for (let pass = 0; pass < passes; pass++) {
    let moved = 0;
    for (const person of state.people) {
      const p = person.index;
      for (const x of [...person.held]) {
        if (!person.held.includes(x) || !movable(state, p, x)) continue;
        const a = state.shifts[x]!;
        // p's shifts and idle hours of each day, worked out once for all the shifts tried against x.
        const mineByDay = new Map<number, BuilderShift[]>();
        const mineOf = (_: number, day: number) => {
          let list = mineByDay.get(day);
          if (list === undefined) mineByDay.set(day, (list = shiftsOfDay(p, day)));
          return list;
        };
        const mineIdle = new Map<number, number>();
        const idleMine = (day: number) => {
          let value = mineIdle.get(day);
          if (value === undefined) mineIdle.set(day, (value = idleOf(mineOf(p, day), null, null)));
          return value;
        };
        const xPreferred = preferred(p, x) > 0;
        const lonely = person.dayCount[a.day] === 1;
        const asks = person.prefers.size > 0 && !xPreferred;
        // The idle hours p's day of x gains or loses without x (a shift in the middle leaves a gap; at an end, it takes one away).
        const leaving = lonely ? 0 : idleOf(mineOf(p, a.day), null, a.shift) - idleMine(a.day);
        let best: { q: number; y: number; worth: number } | null = null;
        for (let day = 0; day < dayCount; day++) {
          const list = index.get(keyOf(day, a.ms));
          if (!list) continue;
          const working = person.dayCount[day]! > 0;
          // What p could gain on this day whatever the shift: a working day (a day they do not work, for a shift of a day they
          // work more than once), or idle hours (a shift saves at most the day's idle hours now). Otherwise only a venue they ask for.
          const gainsDay = day !== a.day && !working && !lonely;
          const gainsIdle = day === a.day ? idleMine(day) > EPS : leaving - (working ? idleMine(day) : 0) < -EPS;
          if (!gainsDay && !gainsIdle && !asks) continue;
          for (const y of list) {
            if (y === x || !allowed(state, p, y) || holds(state, p, y)) continue;
            const b = state.shifts[y]!;
            const gainsPreference = asks && person.prefers.has(b.shift.venueId);
            if (!gainsPreference && !gainsDay && !gainsIdle) continue;
            const mine = side(p, x, y, idleMine, mineOf);
            if (!(mine.preferred > EPS || mine.days > 0 || mine.idle < -EPS)) continue;
            // A free place of the same length: p alone.
            if (free(state, y) > 0 && improves(mine) && worth(mine) > (best?.worth ?? -Infinity) && fits(state, p, y, x))
              best = { q: -1, y, worth: worth(mine) };
            for (const q of b.holders) {
              if (q === p || !movable(state, q, y) || !allowed(state, q, x) || holds(state, q, x)) continue;
              const theirs = side(q, y, x, (d) => idleOf(shiftsOfDay(q, d), null, null));
              const change = {
                preferred: mine.preferred + theirs.preferred,
                days: mine.days + theirs.days,
                idle: mine.idle + theirs.idle,
              };
              if (!improves(change) || worth(change) <= (best?.worth ?? -Infinity)) continue;
              if (!fits(state, p, y, x) || !fits(state, q, x, y)) continue;
              best = { q, y, worth: worth(change) };
            }
          }
        }
        if (!best) continue;
        unassign(state, p, x);
        if (best.q !== -1) {
          unassign(state, best.q, best.y);
          assign(state, best.q, x);
        }
        assign(state, p, best.y);
        moved += 1;
      }
    }
    moves += moved;
    if (!moved) break;
  }
  return moves;
}
