import type { BuilderShift } from './rules.js';
import {
  type BuildState,
  DAY_TOLERANCE_MS,
  type PersonNode,
  type ShiftNode,
  allowed,
  asks,
  assign,
  blockers,
  clash,
  deviationOf,
  fits,
  free,
  holds,
  movable,
  movableFrom,
  unassign,
} from './build-state.js';

/**
 * The builder's moves on a BuildState, each keeping every rule: a fair first fill, a cover pass,
 * chains that fill empty places, exchanges that even out hours, and exchanges for venue preferences.
 * None of them empties a filled place, and the hours moves never raise the largest shortfall.
 */

const HOUR = 3_600_000;
const PREFERENCE_BONUS = 2;
/** A second shift on a day: next to the first it costs a little, with a gap more (a broken-up day). */
const ADJACENT_PENALTY = 0.25;
const EXTRA_SHIFT_PENALTY = 1;
const ADJACENT_MS = 30 * 60_000;
/** The least an exchange of hours must even out (in hours² of the spread's sum) to be made: no churn for nothing. */
const MIN_GAIN = 1e-6;

/** The most `suitability` can be for person `p`, for a shift at a venue they asked for or not. */
const suitabilityAtMost = (state: BuildState, p: number, prefers: boolean): number =>
  (state.expectedMs[p]! - state.workMs[p]!) / HOUR + (prefers ? PREFERENCE_BONUS : 0);

/** How well in-scope shift `s` suits person `p` now: hours short first, then a venue they asked for, then a day in one piece. */
function suitability(state: BuildState, p: number, s: number): number {
  const person = state.people[p]!;
  const shift = state.shifts[s]!;
  const value = suitabilityAtMost(state, p, asks(state, p, s));
  if (!person.dayCount[shift.day]) return value;
  const near = ADJACENT_MS + person.restMs;
  let adjacent = false;
  for (const h of person.held) {
    const other = state.shifts[h]!;
    if (other.day !== shift.day) continue;
    if (Math.abs(other.shift.end - shift.shift.start) <= near || Math.abs(shift.shift.end - other.shift.start) <= near) adjacent = true;
  }
  return value - (adjacent ? ADJACENT_PENALTY : EXTRA_SHIFT_PENALTY);
}

/**
 * The hardest shifts first: pre-conference and required ones (few can take them), then those at venues someone asked for, then by start.
 */
export function hardestFirst(state: BuildState): number[] {
  const asked = new Set(state.people.flatMap((p) => [...p.prefers]));
  const rank = (s: number) => {
    const shift = state.shifts[s]!.shift;
    const requirement = shift.requires === 'team-leader' ? 0 : shift.requires === 'experienced' ? 1 : asked.has(shift.venueId) ? 2 : 3;
    return (shift.preconference ? 0 : 4) + requirement;
  };
  return [...state.scope].sort((a, b) => {
    const x = state.shifts[a]!.shift;
    const y = state.shifts[b]!.shift;
    return rank(a) - rank(b) || x.start - y.start || x.end - y.end || x.id - y.id;
  });
}

/**
 * The person to take a free place of `s`: someone who asked for the venue first, then the best suited (the cover pass: the least loaded).
 */
function pick(state: BuildState, s: number, withinExpectation: boolean): number {
  const shift = state.shifts[s]!;
  let best = -1;
  let bestPrefers = false;
  let bestValue = -Infinity;
  const { workMs, expectedMs } = state;
  for (const p of shift.eligible) {
    if (withinExpectation && workMs[p]! + shift.ms > expectedMs[p]! + 1) continue;
    const prefers = asks(state, p, s);
    if (bestPrefers && !prefers) continue;
    // Suitability is at most hours short plus the preference's bonus (a day already begun only lowers it): the cheap test first.
    if (withinExpectation && prefers === bestPrefers && suitabilityAtMost(state, p, prefers) <= bestValue) continue;
    const value = withinExpectation ? suitability(state, p, s) : -workMs[p]! / Math.max(HOUR, expectedMs[p]!);
    if (prefers === bestPrefers && value <= bestValue) continue;
    if (!fits(state, p, s)) continue;
    best = p;
    bestPrefers = prefers;
    bestValue = value;
  }
  return best;
}

/**
 * A fair first fill, one place per shift per round so that early shifts do not take everyone's hours,
 * never past anyone's expectation; with `onlyAsking`, only people who asked for the shift's venue.
 */
export function fairFill(state: BuildState, order: readonly number[], onlyAsking: boolean): void {
  let open = order.filter((s) => free(state, s) > 0);
  while (open.length) {
    const next: number[] = [];
    for (const s of open) {
      const p = pick(state, s, true);
      if (p === -1 || (onlyAsking && !asks(state, p, s))) continue;
      assign(state, p, s);
      if (free(state, s) > 0) next.push(s);
    }
    open = next;
  }
}

/** What is left, from anyone who fits, the least loaded first. */
export function cover(state: BuildState, order: readonly number[]): number {
  let filled = 0;
  for (const s of order) {
    while (free(state, s) > 0) {
      const p = pick(state, s, false);
      if (p === -1) break;
      assign(state, p, s);
      filled += 1;
    }
  }
  return filled;
}

/**
 * Chains for empty places, day by day: someone who could take an empty place gives up the one shift in
 * their way, which someone else takes, who may give up one in turn… A breadth-first search from every
 * empty place of the day at once (each shift and person at most once in it) finds the shortest chains;
 * those that share no person and no shift with a chain already made are made from the same search, one
 * after another, and the search runs again until it finds none. `steps` bounds the work.
 */
export function augment(state: BuildState, order: readonly number[], steps = 20_000_000): number {
  const budget = { steps };
  let gained = 0;
  const byDay = new Map<number, number[]>();
  for (const s of order) {
    const day = state.shifts[s]!.day;
    byDay.set(day, [...(byDay.get(day) ?? []), s]);
  }
  const memo: Memo = {
    version: new Int32Array(state.people.length),
    local: new Int32Array(state.shifts.length).fill(-1),
    value: new Int32Array(0),
    stamp: new Int32Array(0),
    search: 0,
    seen: new Int32Array(state.shifts.length),
    used: new Int32Array(state.people.length),
    parentPerson: new Int32Array(state.shifts.length).fill(-1),
    parentShift: new Int32Array(state.shifts.length).fill(-1),
  };
  for (const day of [...byDay.keys()].sort((a, b) => a - b)) {
    const shifts = byDay.get(day)!;
    memo.local.fill(-1);
    shifts.forEach((s, i) => (memo.local[s] = i));
    const size = shifts.length * state.people.length;
    if (memo.value.length < size) {
      memo.value = new Int32Array(size);
      memo.stamp = new Int32Array(size);
    } else memo.stamp.fill(0, 0, size);
    while (budget.steps > 0) {
      const roots = shifts.filter((s) => free(state, s) > 0);
      const made = roots.length ? augmentPhase(state, roots, budget, memo) : 0;
      if (!made) break;
      gained += made;
    }
  }
  return gained;
}

/**
 * What keeps each person off each shift of the day (`blockers`), remembered from one search to the next: it depends only on what
 * the person holds, so it is worked out again only for the people a chain changed (their `version`). Without it every search of
 * a day asked it again of every pair it reached, which grows with the day's shifts times its people.
 */
interface Memo {
  version: Int32Array;
  /** Index of a shift among the day's, or −1. */
  local: Int32Array;
  /** At [local × people + p]: −2 null, −3 nothing in the way, else the one shift in the way; valid when `stamp` is version + 1. */
  value: Int32Array;
  stamp: Int32Array;
  /** The search under way (counted from 1): a shift was reached and a person used in it when `seen`/`used` hold its number. */
  search: number;
  seen: Int32Array;
  used: Int32Array;
  /** For a shift x reached by giving it up: the person who gives it up (−1 for an empty place the search began from) and what they take. */
  parentPerson: Int32Array;
  parentShift: Int32Array;
}

function blockersOf(state: BuildState, p: number, t: number, memo: Memo): number[] | null {
  const local = memo.local[t]!;
  if (local < 0) return blockers(state, p, t);
  const at = local * state.people.length + p;
  if (memo.stamp[at] !== memo.version[p]! + 1) {
    const way = blockers(state, p, t);
    memo.value[at] = way === null ? -2 : way.length ? way[0]! : -3;
    memo.stamp[at] = memo.version[p]! + 1;
    return way;
  }
  const value = memo.value[at]!;
  return value === -2 ? null : value === -3 ? [] : [value];
}

/** One search from `roots`, and the chains it found that share nothing, made; answers how many. */
function augmentPhase(state: BuildState, roots: readonly number[], budget: { steps: number }, memo: Memo): number {
  // parentPerson[x] = p, parentShift[x] = t: p takes t and gives up x (so x needs someone).
  const search = ++memo.search;
  const { seen, used, parentPerson, parentShift } = memo;
  for (const root of roots) {
    seen[root] = search;
    parentPerson[root] = -1;
  }
  const queue = [...roots];
  // Ends of chains: p can take t as things are.
  const ends: [number, number][] = [];
  search: for (let head = 0; head < queue.length; head++) {
    const t = queue[head]!;
    for (const p of state.shifts[t]!.eligible) {
      if (used[p] === search) continue;
      if (--budget.steps < 0) break search;
      const way = blockersOf(state, p, t, memo);
      if (way === null) continue;
      if (way.length === 0) {
        ends.push([p, t]);
        break;
      }
      const x = way[0]!;
      if (seen[x] === search) continue;
      seen[x] = search;
      used[p] = search;
      parentPerson[x] = p;
      parentShift[x] = t;
      queue.push(x);
    }
  }
  // Every shift in a chain was reached in this search, so its parent is this search's.
  const parent = (x: number): [number, number] | undefined => (parentPerson[x]! >= 0 ? [parentPerson[x]!, parentShift[x]!] : undefined);
  const people = new Set<number>();
  const shifts = new Set<number>();
  let made = 0;
  for (const [p, t] of ends) {
    // The chain back to its empty place: p takes t, then each person takes the shift they gave up room for.
    const links: [number, number, number][] = [];
    let ok = !people.has(p) && !shifts.has(t);
    for (let x = t, link = parent(x); ok && link; x = link[1], link = parent(x)) {
      const [q, target] = link;
      if (people.has(q) || shifts.has(target) || links.some(([r]) => r === q) || q === p) ok = false;
      links.push([q, x, target]);
    }
    const root = links.length ? links.at(-1)![2] : t;
    if (!ok || free(state, root) <= 0) continue;
    // Made one after another, so checked again: a chain is made only as it was found.
    if (!fits(state, p, t) || links.some(([q, x, target]) => blockers(state, q, target)?.[0] !== x)) continue;
    assign(state, p, t);
    memo.version[p]! += 1;
    for (const [q, x, target] of links) {
      unassign(state, q, x);
      assign(state, q, target);
      memo.version[q]! += 1;
    }
    people.add(p);
    shifts.add(t);
    for (const [q, x, target] of links) {
      people.add(q);
      shifts.add(x);
      shifts.add(target);
    }
    made += 1;
  }
  return made;
}

/**
 * Evens out hours without emptying a place: a shift moves from a person to one with fewer hours against
 * their expectation, or two people exchange shifts, only when both end strictly between where they
 * were (so the largest shortfall never grows and the spread always shrinks). A shift at a venue its
 * holder asked for goes only to someone who asked for it too, or to someone more than 3 h short.
 * Each receiver, lowest first, looks only at the shifts of people far enough above them.
 */
export function balance(state: BuildState, passes = 40): number {
  let moves = 0;
  const shortest = Math.min(...state.scope.map((s) => state.shifts[s]!.ms)) / HOUR;
  // A receiver that found no move is tried again only once a move has involved them.
  let stuck = new Set<number>();
  for (let pass = 0; pass < passes; pass++) {
    let moved = 0;
    const touched = new Set<number>();
    const people = state.people.map((p) => p.index);
    const ascending = [...people].sort((a, b) => deviationOf(state, a) - deviationOf(state, b) || a - b);
    // Donors from the highest down, with their deviation when the pass began (moves only lower a donor's).
    const rank = new Int32Array(people.length);
    ascending.forEach((p, i) => (rank[p] = ascending.length - 1 - i));
    const at = Float64Array.from(people, (p) => deviationOf(state, p));
    // By shift, at least the highest deviation of its holders, when the pass began and now: a shift whose holders are all too close to
    // a receiver, or cannot even out more than a move already found, is passed over without looking at them.
    const heldTop = new Float64Array(state.shifts.length).fill(-Infinity);
    for (const node of state.shifts) for (const d of node.holders) heldTop[node.index] = Math.max(heldTop[node.index]!, at[d]!);
    const donors: Donors = { at, rank, shortest, top: ascending.at(-1) ?? -1, heldTop };
    const open = state.scope.filter((s) => free(state, s) > 0);
    const stuckNow = new Set<number>();
    for (const r of ascending) {
      if (stuck.has(r) && !touched.has(r)) {
        stuckNow.add(r);
        continue;
      }
      for (let again = 0; ; again++) {
        const dr = deviationOf(state, r);
        const anyDonor = donors.at[donors.top]! - dr > shortest;
        const move =
          again < 20 && (anyDonor || (dr < 0 && open.length))
            ? ((anyDonor ? transferTo(state, r, donors) : null) ?? exchangeFor(state, r, anyDonor ? donors : null, open))
            : null;
        if (!move) {
          if (again === 0) stuckNow.add(r);
          break;
        }
        for (const p of move) {
          touched.add(p);
          const high = Math.max(at[p]!, deviationOf(state, p));
          for (const h of state.people[p]!.held) heldTop[h] = Math.max(heldTop[h]!, high);
        }
        moved += 1;
      }
    }
    stuck = new Set([...stuckNow].filter((r) => !touched.has(r)));
    moves += moved;
    if (!moved) break;
  }
  return moves;
}

/** Who may give hours in a pass of `balance`: everyone's deviation when the pass began, and the least a move must even out. */
interface Donors {
  at: Float64Array;
  /** Each person's place from the highest down when the pass began: ties between moves go to the donor placed first. */
  rank: Int32Array;
  shortest: number;
  /** The person highest above their expectation when the pass began. */
  top: number;
  /** By shift: at least the highest deviation, when the pass began and now, of those who hold it (`balance` keeps it so). */
  heldTop: Float64Array;
}

/** Whether `d` may give hours to `r` (at `dr`): far enough above them now and when the pass began. */
const gives = (state: BuildState, donors: Donors, d: number, r: number, dr: number): boolean =>
  d !== r && donors.at[d]! - dr > donors.shortest && deviationOf(state, d) - dr > donors.shortest;

/** Whether moving shift `s` from `d` to `r` respects a preference: it stays with someone who asked for its venue, or goes to one short. */
const keepsPreference = (state: BuildState, d: number, r: number, s: number): boolean =>
  !asks(state, d, s) || asks(state, r, s) || state.workMs[r]! < state.expectedMs[r]! - 3 * HOUR;

/**
 * One of the donors' shifts to the receiver, the move that evens out most (then the one towards a venue asked for; then the donor
 * placed first, and their shift held first). Found from the receiver's side: the shifts the rules allow them, by start, that they
 * could take now, and the donors holding them (nearly every shift a donor holds is one the receiver cannot take, so asking the
 * receiver first is the cheap order). The moves found are then weighed in the donors' order, as a walk through every donor's
 * shifts would weigh them, so that the same data always gives the same move.
 */
function transferTo(state: BuildState, r: number, donors: Donors): number[] | null {
  const receiver = state.people[r]!;
  const dr = deviationOf(state, r);
  const found: { d: number; x: number; gain: number; preference: number; order: number }[] = [];
  for (const x of receiver.eligible) {
    if (donors.heldTop[x]! - dr <= donors.shortest) continue;
    const node = state.shifts[x]!;
    if (!node.holders.length || receiver.dayMs[node.day]! + node.ms > receiver.maxMs + DAY_TOLERANCE_MS) continue;
    const h = node.ms / HOUR;
    let fitsNow: boolean | null = null;
    for (const d of node.holders) {
      if (!gives(state, donors, d, r, dr)) continue;
      const gain = h * (deviationOf(state, d) - dr - h);
      if (gain <= MIN_GAIN || !movableFrom(node, d) || !keepsPreference(state, d, r, x)) continue;
      fitsNow ??= !holds(state, r, x) && fits(state, r, x);
      if (!fitsNow) break;
      const preference = (Number(asks(state, r, x)) - Number(asks(state, d, x))) * h;
      found.push({ d, x, gain, preference, order: donors.rank[d]! * state.shifts.length + state.people[d]!.held.indexOf(x) });
    }
  }
  let best: (typeof found)[number] | null = null;
  for (const move of found.sort((a, b) => a.order - b.order)) {
    if (best && (move.gain < best.gain - 1e-9 || (move.gain <= best.gain + 1e-9 && move.preference <= best.preference))) continue;
    best = move;
  }
  if (!best) return null;
  unassign(state, best.d, best.x);
  assign(state, r, best.x);
  return [r, best.d];
}

/**
 * Which of `mine` (shifts p may give up) p could give up to take x: none when x is out of reach even so, all of them when p could
 * take x as things stand, else those that leave room for it (the one it clashes with, or one long enough of a day over its most).
 */
function givenUpFor(state: BuildState, p: number, x: number, mine: readonly number[]): readonly number[] {
  if (holds(state, p, x)) return [];
  const inTheWay = blockers(state, p, x);
  if (inTheWay === null) return [];
  return inTheWay.length ? mine.filter((y) => fits(state, p, x, y)) : mine;
}

/**
 * The receiver gives up a shift y for a longer one x: x's holder (a donor) takes y when both end between
 * where they were; or, for someone short, x has a free place and y is left free (the chains may fill it again).
 * The shifts x are asked of the receiver first: those they could take by giving up at most one shift of theirs.
 */
function exchangeFor(state: BuildState, r: number, donors: Donors | null, open: readonly number[]): number[] | null {
  const receiver = state.people[r]!;
  const dr = deviationOf(state, r);
  const mine = receiver.held.filter((y) => movable(state, r, y));
  if (!mine.length) return null;
  // Between exchanges that even out as much, the donor placed first, then their shift held first, then the receiver's shift held first.
  let best: { y: number; x: number; d: number; gain: number; order: number } | null = null;
  // The shortest shift they could give up: a shift of a donor's no longer than it brings nothing.
  let shortestMine = Infinity;
  for (const y of mine) shortestMine = Math.min(shortestMine, state.shifts[y]!.ms);
  for (const x of donors ? receiver.eligible : []) {
    const top = donors!.heldTop[x]! - dr;
    if (top <= donors!.shortest || state.lengthMs[x]! - shortestMine <= 1e-9 * HOUR || (best && (top * top) / 4 < best.gain)) continue;
    const node = state.shifts[x]!;
    if (!node.holders.length) continue;
    // The shifts of theirs the receiver could give up for x: asked once, when a donor of x is first worth it.
    let theirs: readonly number[] | null = null;
    for (const d of node.holders) {
      if (!gives(state, donors!, d, r, dr)) continue;
      const dd = deviationOf(state, d);
      // No exchange with them evens out more than (dd − dr)² / 4.
      if ((best && ((dd - dr) * (dd - dr)) / 4 < best.gain) || !movableFrom(node, d)) continue;
      theirs ??= givenUpFor(state, r, x, mine);
      if (!theirs.length) break;
      // Where an exchange with d stands in the order of ties: worked out only when a tie or a new best needs it.
      let placed = -1;
      const orderOf = (y: number) => {
        if (placed < 0) placed = (donors!.rank[d]! * state.shifts.length + state.people[d]!.held.indexOf(x)) * mine.length;
        return placed + mine.indexOf(y);
      };
      for (const y of theirs) {
        const delta = (node.ms - state.shifts[y]!.ms) / HOUR;
        if (delta <= 1e-9) continue;
        const gain = delta * (dd - dr - delta);
        if (gain <= MIN_GAIN || (best && gain < best.gain)) continue;
        if (best && gain === best.gain && orderOf(y) >= best.order) continue;
        if (!allowed(state, d, y) || holds(state, d, y)) continue;
        if (!keepsPreference(state, d, r, x) || !keepsPreference(state, r, d, y)) continue;
        if (!fits(state, d, y, x)) continue;
        best = { y, x, d, gain, order: orderOf(y) };
      }
    }
  }
  if (dr < 0) {
    // Taking a free place for y: only towards their expectation.
    for (const x of open) {
      // The most an exchange for x could even out, with the shortest shift of theirs given up: the cheapest test first.
      const most = (state.lengthMs[x]! - shortestMine) / HOUR;
      if (most <= 1e-9 || (best && most * Math.min(-dr, most) <= best.gain)) continue;
      if (!allowed(state, r, x) || free(state, x) <= 0 || holds(state, r, x)) continue;
      const node = state.shifts[x]!;
      for (const y of givenUpFor(state, r, x, mine)) {
        const delta = (node.ms - state.shifts[y]!.ms) / HOUR;
        if (delta <= 1e-9) continue;
        const gain = delta * Math.min(-dr, delta);
        if (gain <= MIN_GAIN || (best && gain <= best.gain)) continue;
        best = { y, x, d: -1, gain, order: Infinity };
      }
    }
  }
  if (!best) return null;
  unassign(state, r, best.y);
  if (best.d !== -1) {
    unassign(state, best.d, best.x);
    assign(state, best.d, best.y);
  }
  assign(state, r, best.x);
  return best.d === -1 ? [r] : [r, best.d];
}

/**
 * Venue preferences: a person exchanges a shift elsewhere for one at a venue they asked for, held by
 * someone who did not ask for it, when the hours stay as they are or even out.
 */
export function preferences(state: BuildState, passes = 5): number {
  let moves = 0;
  for (let pass = 0; pass < passes; pass++) {
    let moved = 0;
    for (const person of state.people) {
      if (!person.prefers.size) continue;
      const p = person.index;
      for (const y of [...person.held]) {
        if (!movable(state, p, y) || asks(state, p, y)) continue;
        if (preferredExchange(state, p, y)) moved += 1;
      }
    }
    moves += moved;
    if (!moved) break;
  }
  return moves;
}

function preferredExchange(state: BuildState, p: number, y: number): boolean {
  const person = state.people[p]!;
  const hy = state.shifts[y]!.ms / HOUR;
  const dp = deviationOf(state, p);
  for (const x of person.eligible) {
    const node = state.shifts[x]!;
    if (!asks(state, p, x) || holds(state, p, x)) continue;
    const delta = node.ms / HOUR - hy;
    if (free(state, x) > 0) {
      if (Math.abs(delta) > 1e-9 || !fits(state, p, x, y)) continue;
      unassign(state, p, y);
      assign(state, p, x);
      return true;
    }
    for (const d of node.holders) {
      if (asks(state, d, x) && !asks(state, d, y)) continue;
      const dd = deviationOf(state, d);
      const even = Math.abs(delta) <= 1e-9 || (delta > 0 ? dd - dp > delta : dp - dd > -delta);
      if (!even || !movable(state, d, x) || !allowed(state, d, y) || holds(state, d, y)) continue;
      if (!fits(state, p, x, y) || !fits(state, d, y, x)) continue;
      unassign(state, p, y);
      unassign(state, d, x);
      assign(state, p, x);
      assign(state, d, y);
      return true;
    }
  }
  return false;
}

/**
 * Weights of the last figures when two people exchange shifts of a day: per hour² of the spread's sum, hour at a venue asked for, idle
 * hour.
 */
const POLISH = { spread: 1, preferred: 1.5, idle: 0.75 };

/**
 * Idle hours between the shifts of one day, `extra` added and `without` left out: the day's span less
 * its hours, since a person's shifts never overlap (an exchange that would make them overlap is refused
 * by `fits` before it counts).
 */
function idleHours(day: readonly BuilderShift[], extra: BuilderShift | null = null, without: BuilderShift | null = null): number {
  let first = Infinity;
  let last = -Infinity;
  let worked = 0;
  const add = (shift: BuilderShift) => {
    first = Math.min(first, shift.start);
    last = Math.max(last, shift.end);
    worked += shift.end - shift.start;
  };
  for (const shift of day) if (shift !== without) add(shift);
  if (extra) add(extra);
  return worked > 0 ? Math.max(0, last - first - worked) / HOUR : 0;
}

/**
 * Whether `person` could take `shift` on `day` as far as the rest of that day goes, giving up `givenMs` of it: their day's most hours,
 * and no clash or short rest with the day's other shifts (`day`, `without` left out). A quick necessary test before `fits`, which
 * also looks at the days around it.
 */
function roomFor(
  person: PersonNode,
  dayShifts: readonly BuilderShift[],
  day: number,
  shift: ShiftNode,
  givenMs: number,
  without: BuilderShift | null = null,
): boolean {
  if (person.dayMs[day]! - givenMs + shift.ms > person.maxMs + DAY_TOLERANCE_MS) return false;
  for (const other of dayShifts) if (other !== without && clash(other, shift.shift, person.restMs)) return false;
  return true;
}

/**
 * Two people exchange shifts of the same day when that lowers what their schedules cost in the last
 * figures (spread, hours at venues asked for, idle hours; both still work that day) and both end between
 * where they were in hours, or at the same hours: never a place emptied, never the largest shortfall
 * raised. What an exchange saves is worked out from the two people's figures, without making it.
 */
export function polish(state: BuildState, passes = 2): number {
  let moves = 0;
  const largestShortfall = () => {
    let most = 0;
    for (let p = 0; p < state.people.length; p++) most = Math.max(most, -deviationOf(state, p));
    return most;
  };
  const dayOf = (p: number, day: number, without: number) =>
    state.people[p]!.held.filter((h) => h !== without && state.shifts[h]!.day === day).map((h) => state.shifts[h]!.shift);
  // Each person's shifts of a day, kept until an exchange changes them (read, never changed, by those who ask).
  const dayLists: (BuilderShift[] | undefined)[] = [];
  const dayList = (p: number, day: number) => (dayLists[p * state.days.length + day] ??= dayOf(p, day, -1));
  // By shift, the highest and lowest deviation of its holders (kept after each exchange): a shift none of whose holders could end
  // between where they were in an exchange with p is passed over without looking at them.
  const highest = new Float64Array(state.shifts.length);
  const lowest = new Float64Array(state.shifts.length);
  const holdersRange = (s: number) => {
    let high = -Infinity;
    let low = Infinity;
    for (const q of state.shifts[s]!.holders) {
      high = Math.max(high, deviationOf(state, q));
      low = Math.min(low, deviationOf(state, q));
    }
    highest[s] = high;
    lowest[s] = low;
  };
  for (const s of state.scope) holdersRange(s);
  const preferredHours = (p: number, s: number) => (asks(state, p, s) ? state.lengthMs[s]! / HOUR : 0);
  // Idle hours of each person's day, worked out when first needed and again after an exchange changes it.
  const days = state.days.length;
  const idleNow = new Float64Array(state.people.length * days).fill(-1);
  const idleOf = (p: number, day: number) => {
    const at = p * days + day;
    if (idleNow[at]! < 0) idleNow[at] = idleHours(dayList(p, day));
    return idleNow[at]!;
  };
  // The in-scope shifts of a day that the rules allow p with nothing held, by start: kept for one person at a time (for all of them at
  // once, they took 50 MB more at 2,000 × 6,000).
  let allowedFor = -1;
  let allowedByDay: (number[] | undefined)[] = [];
  const allowedOn = (p: number, day: number) => {
    if (allowedFor !== p) {
      allowedFor = p;
      allowedByDay = [];
    }
    return (allowedByDay[day] ??= state.people[p]!.eligible.filter((s) => state.shifts[s]!.day === day));
  };
  for (let pass = 0; pass < passes; pass++) {
    let moved = 0;
    for (const person of state.people) {
      const p = person.index;
      for (const x of [...person.held]) {
        if (!person.held.includes(x) || !movable(state, p, x)) continue;
        const node = state.shifts[x]!;
        const mine = dayOf(p, node.day, x);
        const idleMine = idleOf(p, node.day);
        const dp = deviationOf(state, p);
        let best: { q: number; y: number; gain: number } | null = null;
        // The shifts of that day p could take, and who holds them: those who could take x in exchange.
        const preferredX = preferredHours(p, x);
        for (const y of allowedOn(p, node.day)) {
          const delta = (state.lengthMs[y]! - node.ms) / HOUR;
          // p gains delta and a holder q loses it: both must end between where they were (or no hours move).
          if (Math.abs(delta) > 1e-9 && !(delta > 0 ? highest[y]! - dp > delta : dp - lowest[y]! > -delta)) continue;
          const them = state.shifts[y]!;
          if (y === x || person.held.includes(y) || !roomFor(person, mine, node.day, them, node.ms)) continue;
          const mineGains = preferredHours(p, y) - preferredX;
          // The idle hours p saves with y depend on y alone: worked out once when first needed, they bound every exchange for y
          // more tightly than p's idle hours now.
          let savedMine = NaN;
          // Whether p may take y for x depends on y alone: asked once, when an exchange for y is first worth it.
          let mineFits: boolean | null = null;
          for (const q of them.holders) {
            if (q === p) continue;
            const dq = deviationOf(state, q);
            // p gains delta and q loses it: both must end between where they were (or no hours move).
            if (Math.abs(delta) > 1e-9 && !(delta > 0 ? dq - dp > delta : dp - dq > -delta)) continue;
            // The spread's sum of squares (the mean does not move), hours at venues asked for, idle hours.
            const spread = -(2 * delta * (dp - dq) + 2 * delta * delta);
            const preferred = mineGains + preferredHours(q, x) - preferredHours(q, y);
            const sure = POLISH.spread * spread + POLISH.preferred * preferred;
            // Idle hours saved are at most p's with y and q's idle hours now: the cheapest test first, the rules' after it.
            const idleTheirs = idleOf(q, node.day);
            const enough = Math.max(1e-6, best?.gain ?? 0);
            if (sure + POLISH.idle * (idleMine + idleTheirs) <= enough) continue;
            if (Number.isNaN(savedMine)) savedMine = idleMine - idleHours(mine, them.shift);
            if (sure + POLISH.idle * (savedMine + idleTheirs) + 1e-9 <= enough) continue;
            if (!movableFrom(them, q) || !allowed(state, q, x) || holds(state, q, x)) continue;
            const theirDay = dayList(q, node.day);
            if (!roomFor(state.people[q]!, theirDay, node.day, node, them.ms, them.shift)) continue;
            const idle = idleMine + idleTheirs - idleHours(mine, them.shift) - idleHours(theirDay, node.shift, them.shift);
            const gain = sure + POLISH.idle * idle;
            if (gain <= 1e-6 || (best && gain <= best.gain)) continue;
            mineFits ??= fits(state, p, y, x);
            if (!mineFits) break;
            if (!fits(state, q, x, y)) continue;
            best = { q, y, gain };
          }
        }
        if (!best) continue;
        const shortfall = largestShortfall();
        unassign(state, p, x);
        unassign(state, best.q, best.y);
        assign(state, p, best.y);
        assign(state, best.q, x);
        // Only p's and q's hours moved: the largest shortfall rose only if one of them is now further short than it was.
        if (Math.max(-deviationOf(state, p), -deviationOf(state, best.q)) > shortfall + 1e-9) {
          unassign(state, p, best.y);
          unassign(state, best.q, x);
          assign(state, p, x);
          assign(state, best.q, best.y);
          continue;
        }
        for (const h of person.held) holdersRange(h);
        for (const h of state.people[best.q]!.held) holdersRange(h);
        idleNow[p * days + node.day] = -1;
        idleNow[best.q * days + node.day] = -1;
        dayLists[p * days + node.day] = undefined;
        dayLists[best.q * days + node.day] = undefined;
        moved += 1;
      }
    }
    moves += moved;
    if (!moved) break;
  }
  return moves;
}
