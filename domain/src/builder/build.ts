import {
  type BuilderAssignment,
  type BuilderShift,
  type BuilderVolunteer,
  type RuleCause,
  firstBreak,
  fitsShift,
  hoursOf,
  unfilledReason,
} from './rules.js';
import { seededRandom } from '../jury/random.js';

/**
 * The schedule builder: fills the free slots of the shifts it is given from the volunteers it is
 * given, never breaking a hard rule (rules.ts), with these goals in order: fill every slot it can;
 * bring each person's hours close to what the edition expects of them (largest shortfall first);
 * honour venue preferences; keep days in one piece (fewer shifts a day, fewer idle gaps).
 *
 * Method: (1) a fair fill, shifts with requirements and pre-conference shifts first, then by start,
 * each free slot going first to someone who asked for its venue, then to the person furthest below
 * their hours among those who fit, never past their expectation; (2) a cover pass that fills what is
 * left from anyone who fits; (3) a repair pass that moves a shift, or exchanges a short person's
 * shift for a longer one, towards whoever is furthest below their expectation while that lowers
 * the largest shortfall; (4) exchanges of shifts that put people at venues they asked for; (5) an
 * augmenting pass for each slot still empty: someone who could take it gives up the shift in the
 * way, which another person takes. Every step re-checks the rules for the people it changes.
 * Seeded: the same input and seed give the same schedule.
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
}

const HOURS_OVER_EXPECTED = 0; // the fair fill never takes anyone past their expectation
const PREFERENCE_BONUS = 2;
/** A second shift on a day: next to the first it costs a little, with a gap more (a broken-up day). */
const ADJACENT_PENALTY = 0.25;
const EXTRA_SHIFT_PENALTY = 1;
const ADJACENT_MS = 30 * 60_000;
/** Hours a shift exchange for a preference may move between two people: the loser stays at or above expectation, the gainer ends at most
 * this over. */
const EXCHANGE_OVER_HOURS = 1;
/** How deep a chain of exchanges may go to fill an empty slot, and how many steps one search may take. */
const AUGMENT_DEPTH = 4;
const AUGMENT_STEPS = 50_000;

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

interface Person {
  volunteer: BuilderVolunteer;
  held: BuilderShift[];
  hours: number;
  prefers: Set<number>;
}

/** Rules that do not depend on what else a person holds: who could ever take a shift. */
function staticallyEligible(volunteer: BuilderVolunteer, shift: BuilderShift): boolean {
  return fitsShift(volunteer, shift, []);
}

export function buildSchedule(input: BuildInput): BuildResult {
  const random = seededRandom(input.seed);
  const shiftById = new Map<number, BuilderShift>([...(input.elsewhere ?? []), ...input.shifts].map((s) => [s.id, s]));
  const inScope = new Set(input.shifts.map((s) => s.id));
  const people = new Map<number, Person>(
    input.volunteers.map((volunteer) => [volunteer.id, { volunteer, held: [], hours: 0, prefers: new Set(volunteer.preferredVenues) }]),
  );
  const holders = new Map<number, Set<number>>(input.shifts.map((s) => [s.id, new Set<number>()]));
  const assign = (person: Person, shift: BuilderShift) => {
    person.held.push(shift);
    person.hours += hoursOf(shift);
    holders.get(shift.id)?.add(person.volunteer.id);
  };
  const unassign = (person: Person, shift: BuilderShift) => {
    person.held = person.held.filter((s) => s !== shift);
    person.hours -= hoursOf(shift);
    holders.get(shift.id)?.delete(person.volunteer.id);
  };
  for (const a of input.kept) {
    const person = people.get(a.volunteerId);
    const shift = shiftById.get(a.shiftId);
    if (person && shift) assign(person, shift);
  }

  // Who could ever take each shift, in a seeded order so that ties do not always favour the same people.
  const order = new Map(input.volunteers.map((v) => [v.id, random.next()]));
  const ordered = [...people.values()].sort((a, b) => order.get(a.volunteer.id)! - order.get(b.volunteer.id)!);
  const candidates = new Map<number, Person[]>();
  const eligibleFor = new Map<number, Set<Person>>();
  for (const shift of input.shifts) {
    const list = ordered.filter((p) => staticallyEligible(p.volunteer, shift));
    candidates.set(shift.id, list);
    eligibleFor.set(shift.id, new Set(list));
  }
  const free = (shift: BuilderShift) => shift.slots - holders.get(shift.id)!.size;
  const fits = (person: Person, shift: BuilderShift) =>
    !holders.get(shift.id)!.has(person.volunteer.id) && fitsShift(person.volunteer, shift, person.held);
  const deficit = (person: Person) => person.volunteer.expectedHours - person.hours;

  const score = (person: Person, shift: BuilderShift) => candidateScore(person.volunteer, person.held, person.hours, shift);

  /** The person to take a free slot: someone who asked for the venue first, then by score (the cover pass: the least loaded). */
  const pick = (shift: BuilderShift, withinExpectation: boolean): Person | null => {
    let best: Person | null = null;
    let bestPrefers = false;
    let bestScore = -Infinity;
    for (const person of candidates.get(shift.id)!) {
      if (withinExpectation && person.hours + hoursOf(shift) > person.volunteer.expectedHours + HOURS_OVER_EXPECTED + 1e-9) continue;
      const prefers = person.prefers.has(shift.venueId);
      if (bestPrefers && !prefers) continue;
      const value = withinExpectation ? score(person, shift) : -person.hours / Math.max(1, person.volunteer.expectedHours);
      if (prefers === bestPrefers && value <= bestScore) continue;
      if (!fits(person, shift)) continue;
      best = person;
      bestPrefers = prefers;
      bestScore = value;
    }
    return best;
  };

  // Pre-conference shifts and shifts with requirements first (few can take them), then shifts at venues
  // someone asked for (before the people who asked are filled up elsewhere), then by start.
  const asked = new Set(input.volunteers.flatMap((v) => v.preferredVenues));
  const rank = (s: BuilderShift) =>
    (s.preconference ? 0 : 4) + ({ 'team-leader': 0, experienced: 1, none: asked.has(s.venueId) ? 2 : 3 } as const)[s.requires];
  const hardestFirst = [...input.shifts].sort((a, b) => rank(a) - rank(b) || a.start - b.start || a.end - b.end || a.id - b.id);

  // 1. Fair fill, one slot per shift per round, so that early shifts do not take everyone's hours: first
  // the shifts at venues people asked for, from those who asked only, then every shift from anyone.
  const fairFill = (shifts: readonly BuilderShift[], onlyAsking: boolean) => {
    for (let progress = true; progress;) {
      progress = false;
      for (const shift of shifts) {
        if (free(shift) <= 0) continue;
        const person = pick(shift, true);
        if (!person || (onlyAsking && !person.prefers.has(shift.venueId))) continue;
        assign(person, shift);
        progress = true;
      }
    }
  };
  // (Pre-conference shifts stay for the few who asked for them.)
  fairFill(
    hardestFirst.filter((s) => asked.has(s.venueId) && !s.preconference),
    true,
  );
  fairFill(hardestFirst, false);
  // 2. Cover what is left from anyone who fits, the least loaded first.
  const cover = () => {
    for (const shift of hardestFirst) {
      while (free(shift) > 0) {
        const person = pick(shift, false);
        if (!person) break;
        assign(person, shift);
      }
    }
  };
  cover();
  // 3. Repair: towards whoever is furthest below their expectation, while the largest shortfall goes down.
  const keptPairs = new Set(input.kept.map((a) => `${a.volunteerId}:${a.shiftId}`));
  const movable = (person: Person, shift: BuilderShift) => inScope.has(shift.id) && !keptPairs.has(`${person.volunteer.id}:${shift.id}`);
  const all = [...people.values()];
  const fitsWithout = (person: Person, shift: BuilderShift, without: BuilderShift) =>
    eligibleFor.get(shift.id)!.has(person) &&
    !holders.get(shift.id)!.has(person.volunteer.id) &&
    fitsShift(
      person.volunteer,
      shift,
      person.held.filter((s) => s !== without),
    );
  for (let round = 0; round < 5000; round++) {
    const needy = all.filter((p) => deficit(p) > 0.5).sort((a, b) => deficit(b) - deficit(a));
    let moved = false;
    for (const receiver of needy.slice(0, 50)) {
      if (moveShiftTo(receiver) || upgradeShiftOf(receiver)) {
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }

  /** A whole shift from someone who ends less short than the receiver was. */
  function moveShiftTo(receiver: Person): boolean {
    const need = deficit(receiver);
    let best: { donor: Person; shift: BuilderShift; gain: number } | null = null;
    for (const shift of input.shifts) {
      if (!holders.get(shift.id)!.size || hoursOf(shift) > need + 1e-9) continue;
      if (!eligibleFor.get(shift.id)!.has(receiver) || !fits(receiver, shift)) continue;
      const h = hoursOf(shift);
      for (const donorId of holders.get(shift.id)!) {
        const donor = people.get(donorId)!;
        // A shift at a venue the donor asked for goes only to someone who asked for it too.
        if (!movable(donor, shift) || (donor.prefers.has(shift.venueId) && !receiver.prefers.has(shift.venueId))) continue;
        const donorAfter = deficit(donor) + h;
        if (donorAfter >= need - 1e-9) continue;
        // Among equal gains in hours, the move that puts someone at a venue they asked for, not away from one.
        const gain =
          need -
          Math.max(donorAfter, need - h) +
          0.1 * (Number(receiver.prefers.has(shift.venueId)) - Number(donor.prefers.has(shift.venueId)));
        if (!best || gain > best.gain) best = { donor, shift, gain };
      }
    }
    if (!best) return false;
    unassign(best.donor, best.shift);
    assign(receiver, best.shift);
    return true;
  }

  /**
   * The receiver gives up a shift X for a longer one Y that fits once X is gone; Y's holder takes X
   * (ending less short than the receiver was), or, when Y has a free slot, anyone who fits takes X.
   */
  function upgradeShiftOf(receiver: Person): boolean {
    const need = deficit(receiver);
    let best: { x: BuilderShift; y: BuilderShift; other: Person; swap: boolean; gain: number } | null = null;
    for (const x of receiver.held) {
      if (!movable(receiver, x)) continue;
      for (const y of input.shifts) {
        const hours = hoursOf(y) - hoursOf(x);
        if (hours <= 1e-9 || hours > need + 1e-9) continue;
        // Among equal gains in hours, one that keeps the receiver at venues they asked for.
        const gain = hours + 0.1 * (Number(receiver.prefers.has(y.venueId)) - Number(receiver.prefers.has(x.venueId)));
        if (best && gain <= best.gain) continue;
        if (!fitsWithout(receiver, y, x)) continue;
        if (free(y) > 0) {
          const taker = candidates.get(x.id)!.find((o) => o !== receiver && fits(o, x));
          if (taker) best = { x, y, other: taker, swap: false, gain };
          continue;
        }
        for (const holderId of holders.get(y.id)!) {
          const holder = people.get(holderId)!;
          if (!movable(holder, y) || deficit(holder) + hours >= need - 1e-9) continue;
          if (holder.prefers.has(y.venueId) && !holder.prefers.has(x.venueId) && !receiver.prefers.has(y.venueId)) continue;
          if (!fitsWithout(holder, x, y)) continue;
          best = { x, y, other: holder, swap: true, gain };
          break;
        }
      }
    }
    if (!best) return false;
    unassign(receiver, best.x);
    if (best.swap) unassign(best.other, best.y);
    assign(receiver, best.y);
    assign(best.other, best.x);
    return true;
  }

  // 4. Preferences: exchange two shifts when that puts someone at a venue they asked for and takes
  // nobody away from one; hours move only within bounds (see EXCHANGE_OVER_HOURS).
  const prefersVenue = (person: Person, venueId: number) => person.prefers.has(venueId);
  const byVenue = new Map<number, BuilderShift[]>();
  for (const shift of input.shifts) byVenue.set(shift.venueId, [...(byVenue.get(shift.venueId) ?? []), shift]);
  const exchangeForPreferences = () => {
    for (let round = 0; round < 5; round++) {
      let exchanged = 0;
      for (const person of all) {
        if (!person.prefers.size) continue;
        for (const mine of [...person.held]) {
          if (!movable(person, mine) || prefersVenue(person, mine.venueId)) continue;
          const partner = exchangeFor(person, mine);
          if (!partner) continue;
          unassign(person, mine);
          unassign(partner.other, partner.theirs);
          assign(person, partner.theirs);
          assign(partner.other, mine);
          exchanged += 1;
        }
      }
      if (!exchanged) break;
    }
  };
  exchangeForPreferences();
  function exchangeFor(person: Person, mine: BuilderShift): { other: Person; theirs: BuilderShift } | null {
    for (const venueId of person.prefers) {
      for (const theirs of byVenue.get(venueId) ?? []) {
        if (holders.get(theirs.id)!.has(person.volunteer.id) || !fitsWithout(person, theirs, mine)) continue;
        for (const otherId of holders.get(theirs.id)!) {
          const other = people.get(otherId)!;
          if (!movable(other, theirs) || prefersVenue(other, theirs.venueId) || !hoursStayFair(person, mine, other, theirs)) continue;
          if (fitsWithout(other, mine, theirs)) return { other, theirs };
        }
      }
    }
    return null;
  }
  /** Whoever loses hours stays at or above their expectation; whoever gains ends at most EXCHANGE_OVER_HOURS over it. */
  function hoursStayFair(a: Person, aGives: BuilderShift, b: Person, bGives: BuilderShift): boolean {
    const change = hoursOf(bGives) - hoursOf(aGives);
    if (Math.abs(change) < 1e-9) return true;
    const [loser, gainer] = change > 0 ? [b, a] : [a, b];
    return (
      loser.hours - Math.abs(change) >= loser.volunteer.expectedHours - 1e-9 &&
      gainer.hours + Math.abs(change) <= gainer.volunteer.expectedHours + EXCHANGE_OVER_HOURS + 1e-9
    );
  }

  // 5. What the repair freed, then augmenting chains for each slot still empty: someone who could take
  // it gives up the shift in the way, which someone else takes (who may in turn give up one of theirs).
  cover();
  for (let pass = 0; pass < 3; pass++) {
    let gained = 0;
    for (const shift of hardestFirst) {
      while (free(shift) > 0) {
        const budget = { steps: AUGMENT_STEPS };
        if (!augment(shift, AUGMENT_DEPTH, new Set(), new Set([shift.id]), budget)) break;
        gained += 1;
      }
    }
    if (!gained) break;
  }
  // The chains may have moved people off venues they asked for.
  exchangeForPreferences();
  /** Fills one slot of `target`, directly or by a chain of at most `depth` exchanges; undoes what a dead end tried. */
  function augment(target: BuilderShift, depth: number, used: Set<Person>, chain: Set<number>, budget: { steps: number }): boolean {
    for (const person of candidates.get(target.id)!) {
      if (used.has(person) || holders.get(target.id)!.has(person.volunteer.id)) continue;
      if (fits(person, target)) {
        assign(person, target);
        return true;
      }
    }
    if (depth === 0) return false;
    for (const person of candidates.get(target.id)!) {
      if (used.has(person) || holders.get(target.id)!.has(person.volunteer.id)) continue;
      for (const x of [...person.held]) {
        if (--budget.steps < 0) return false;
        // A shift already on the chain is never given up again: the chain would go round in a circle.
        if (!movable(person, x) || chain.has(x.id) || !fitsWithout(person, target, x)) continue;
        unassign(person, x);
        assign(person, target);
        used.add(person);
        chain.add(x.id);
        if (augment(x, depth - 1, used, chain, budget)) return true;
        chain.delete(x.id);
        used.delete(person);
        unassign(person, target);
        assign(person, x);
      }
    }
    return false;
  }

  const assignments: BuilderAssignment[] = [];
  for (const shift of input.shifts) for (const volunteerId of holders.get(shift.id)!) assignments.push({ volunteerId, shiftId: shift.id });
  const unfilled = input.shifts
    .filter((shift) => free(shift) > 0)
    .map((shift) => ({ shiftId: shift.id, free: free(shift), reason: unfilledReason(shift, free(shift), causesOff(shift)) }));
  return { assignments: assignments.sort((a, b) => a.shiftId - b.shiftId || a.volunteerId - b.volunteerId), unfilled };

  /** The first rule keeping each person who is not on `shift` off it, counted by cause. */
  function causesOff(shift: BuilderShift): Map<RuleCause, number> {
    const counts = new Map<RuleCause, number>();
    for (const person of all) {
      if (holders.get(shift.id)!.has(person.volunteer.id)) continue;
      const cause = firstBreak(person.volunteer, shift, person.held)?.cause;
      if (cause && cause !== 'capacity') counts.set(cause, (counts.get(cause) ?? 0) + 1);
    }
    return counts;
  }
}
