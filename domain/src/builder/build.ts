import { type BuilderAssignment, type BuilderShift, type BuilderVolunteer, assignmentBreaks, hoursOf } from './rules.js';
import { seededRandom } from '../jury/random.js';

/**
 * The schedule builder: fills the free slots of the shifts it is given from the volunteers it is
 * given, never breaking a hard rule (rules.ts), with these goals in order: fill every slot it can;
 * bring each person's hours close to what the edition expects of them (largest shortfall first);
 * honour venue preferences; keep days in one piece (fewer shifts a day, fewer idle gaps).
 *
 * Method: (1) a fair fill, hardest shifts first (fewest people who could take them), each free
 * slot going to the person furthest below their hours among those who fit, with preference and
 * compactness as the next criteria, never past their expectation; (2) a cover pass that fills what
 * is left from anyone who fits; (3) a repair pass that moves shifts from people above their
 * expectation (or least short) to people furthest below it while that lowers the largest
 * shortfall. Every step re-checks the rules for the person it changes. Seeded: the same input and
 * seed give the same schedule.
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
  /** Why no one fits, in words: the rule that excluded most of the candidates. */
  reason: string;
}

export interface BuildResult {
  /** Every assignment of the built shifts, kept ones included. */
  assignments: BuilderAssignment[];
  unfilled: Unfilled[];
}

const HOURS_OVER_EXPECTED = 0; // the fair fill never takes anyone past their expectation
const PREFERENCE_BONUS = 2;
const ADJACENT_BONUS = 0.75;
const NEW_DAY_PENALTY = 0.25;
const EXTRA_SHIFT_PENALTY = 0.5;
const ADJACENT_MS = 30 * 60_000;

/**
 * How well a shift suits a person now, in the builder's order of goals: hours short of their
 * expectation first, then a venue they asked for, then a day kept in one piece (next to a shift they
 * have that day) rather than a new day or a broken-up one.
 */
export function candidateScore(volunteer: BuilderVolunteer, held: readonly BuilderShift[], hours: number, shift: BuilderShift): number {
  let value = volunteer.expectedHours - hours;
  if (volunteer.preferredVenues.includes(shift.venueId)) value += PREFERENCE_BONUS;
  const sameDay = held.filter((s) => s.day === shift.day);
  if (sameDay.some((s) => Math.abs(s.end - shift.start) <= ADJACENT_MS || Math.abs(shift.end - s.start) <= ADJACENT_MS)) value += ADJACENT_BONUS;
  else if (sameDay.length) value -= EXTRA_SHIFT_PENALTY;
  else value -= NEW_DAY_PENALTY;
  return value;
}

export interface Candidate {
  volunteerId: number;
  hours: number;
  expected: number;
  prefersVenue: boolean;
  score: number;
}

/** Everyone who can take a free place on `shift` now without breaking a hard rule, best first (fill a shift). */
export function rankCandidates(shift: BuilderShift, volunteers: readonly BuilderVolunteer[], held: ReadonlyMap<number, readonly BuilderShift[]>): Candidate[] {
  return volunteers
    .filter((v) => !(held.get(v.id) ?? []).some((s) => s.id === shift.id))
    .filter((v) => assignmentBreaks(v, shift, held.get(v.id) ?? []).length === 0)
    .map((v) => {
      const mine = held.get(v.id) ?? [];
      const hours = Math.round(mine.reduce((sum, s) => sum + hoursOf(s), 0) * 100) / 100;
      return { volunteerId: v.id, hours, expected: v.expectedHours, prefersVenue: v.preferredVenues.includes(shift.venueId), score: Math.round(candidateScore(v, mine, hours, shift) * 100) / 100 };
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
  return assignmentBreaks(volunteer, shift, []).length === 0;
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
  const candidates = new Map<number, Person[]>();
  const eligibleFor = new Map<number, Set<Person>>();
  for (const shift of input.shifts) {
    const list = [...people.values()].filter((p) => staticallyEligible(p.volunteer, shift));
    list.sort((a, b) => order.get(a.volunteer.id)! - order.get(b.volunteer.id)!);
    candidates.set(shift.id, list);
    eligibleFor.set(shift.id, new Set(list));
  }
  const free = (shift: BuilderShift) => shift.slots - holders.get(shift.id)!.size;
  const fits = (person: Person, shift: BuilderShift) =>
    !holders.get(shift.id)!.has(person.volunteer.id) && assignmentBreaks(person.volunteer, shift, person.held).length === 0;
  const deficit = (person: Person) => person.volunteer.expectedHours - person.hours;

  const score = (person: Person, shift: BuilderShift) => candidateScore(person.volunteer, person.held, person.hours, shift);

  const pick = (shift: BuilderShift, withinExpectation: boolean): Person | null => {
    let best: Person | null = null;
    let bestScore = -Infinity;
    for (const person of candidates.get(shift.id)!) {
      if (withinExpectation && person.hours + hoursOf(shift) > person.volunteer.expectedHours + HOURS_OVER_EXPECTED + 1e-9) continue;
      if (!fits(person, shift)) continue;
      const value = withinExpectation ? score(person, shift) : -person.hours / Math.max(1, person.volunteer.expectedHours);
      if (value > bestScore) {
        best = person;
        bestScore = value;
      }
    }
    return best;
  };

  // The hardest shifts first: fewest possible people per free slot, then the earliest.
  const hardestFirst = [...input.shifts].sort(
    (a, b) => candidates.get(a.id)!.length / Math.max(1, free(a)) - candidates.get(b.id)!.length / Math.max(1, free(b)) || a.start - b.start || a.id - b.id,
  );

  // 1. Fair fill, one slot per shift per round, so that early shifts do not take everyone's hours.
  for (let progress = true; progress; ) {
    progress = false;
    for (const shift of hardestFirst) {
      if (free(shift) <= 0) continue;
      const person = pick(shift, true);
      if (person) {
        assign(person, shift);
        progress = true;
      }
    }
  }
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
  // 3. Repair: move a shift to someone further below their expectation while it lowers the largest shortfall.
  const keptPairs = new Set(input.kept.map((a) => `${a.volunteerId}:${a.shiftId}`));
  const all = [...people.values()];
  for (let round = 0; round < 2000; round++) {
    const needy = all.filter((p) => deficit(p) > 0.5).sort((a, b) => deficit(b) - deficit(a));
    let moved = false;
    for (const receiver of needy.slice(0, 50)) {
      const need = deficit(receiver);
      let best: { donor: Person; shift: BuilderShift; gain: number } | null = null;
      for (const shift of input.shifts) {
        if (!holders.get(shift.id)!.size) continue;
        if (!eligibleFor.get(shift.id)!.has(receiver) || !fits(receiver, shift)) continue;
        const h = hoursOf(shift);
        if (h > need + 1e-9) continue;
        for (const donorId of holders.get(shift.id)!) {
          if (keptPairs.has(`${donorId}:${shift.id}`)) continue;
          const donor = people.get(donorId)!;
          const donorAfter = deficit(donor) + h;
          // Only when the donor ends less short than the receiver was: the largest shortfall goes down.
          if (donorAfter >= need - 1e-9) continue;
          const gain = need - Math.max(donorAfter, need - h);
          if (!best || gain > best.gain) best = { donor, shift, gain };
        }
      }
      if (best) {
        unassign(best.donor, best.shift);
        assign(receiver, best.shift);
        moved = true;
        break;
      }
    }
    if (!moved) break;
  }

  // 4. Preferences: exchange two shifts of equal length when that puts someone at a venue they asked for
  // and takes nobody away from one (hours stay the same for both).
  const movable = (person: Person, shift: BuilderShift) => !keptPairs.has(`${person.volunteer.id}:${shift.id}`);
  const prefersVenue = (person: Person, venueId: number) => person.prefers.has(venueId);
  for (let round = 0; round < 5; round++) {
    let exchanged = 0;
    for (const person of all) {
      if (!person.prefers.size) continue;
      for (const mine of [...person.held]) {
        if (!inScope.has(mine.id) || prefersVenue(person, mine.venueId) || !movable(person, mine)) continue;
        const wanted = input.shifts.find((theirs) => {
          if (!person.prefers.has(theirs.venueId) || hoursOf(theirs) !== hoursOf(mine) || holders.get(theirs.id)!.has(person.volunteer.id)) return false;
          if (!eligibleFor.get(theirs.id)!.has(person)) return false;
          return [...holders.get(theirs.id)!].some((otherId) => {
            const other = people.get(otherId)!;
            return movable(other, theirs) && !prefersVenue(other, theirs.venueId) && eligibleFor.get(mine.id)!.has(other) && exchangeFits(person, mine, other, theirs);
          });
        });
        if (!wanted) continue;
        const other = [...holders.get(wanted.id)!]
          .map((id) => people.get(id)!)
          .find((o) => movable(o, wanted) && !prefersVenue(o, wanted.venueId) && eligibleFor.get(mine.id)!.has(o) && exchangeFits(person, mine, o, wanted))!;
        unassign(person, mine);
        unassign(other, wanted);
        assign(person, wanted);
        assign(other, mine);
        exchanged += 1;
      }
    }
    if (!exchanged) break;
  }
  function exchangeFits(a: Person, aGives: BuilderShift, b: Person, bGives: BuilderShift): boolean {
    if (holders.get(aGives.id)!.has(b.volunteer.id)) return false;
    const aAfter = a.held.filter((s) => s !== aGives);
    const bAfter = b.held.filter((s) => s !== bGives);
    return assignmentBreaks(a.volunteer, bGives, aAfter).length === 0 && assignmentBreaks(b.volunteer, aGives, bAfter).length === 0;
  }
  // The repair may have freed someone for a slot still empty.
  cover();

  const assignments: BuilderAssignment[] = [];
  for (const shift of input.shifts) for (const volunteerId of holders.get(shift.id)!) assignments.push({ volunteerId, shiftId: shift.id });
  const unfilled = input.shifts
    .filter((shift) => free(shift) > 0)
    .map((shift) => ({ shiftId: shift.id, free: free(shift), reason: unfilledReason(shift, candidates.get(shift.id)!, all) }));
  return { assignments: assignments.sort((a, b) => a.shiftId - b.shiftId || a.volunteerId - b.volunteerId), unfilled };

  function unfilledReason(shift: BuilderShift, eligible: readonly Person[], everyone: readonly Person[]): string {
    if (!eligible.length) {
      const counts = new Map<string, number>();
      for (const person of everyone) for (const b of assignmentBreaks(person.volunteer, shift, [])) counts.set(b.rule, (counts.get(b.rule) ?? 0) + 1);
      const [rule] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['none'];
      return `No volunteer can ever take it: ${RULE_WORDS[rule] ?? 'no volunteers'}.`;
    }
    const counts = new Map<string, number>();
    for (const person of eligible) {
      if (holders.get(shift.id)!.has(person.volunteer.id)) continue;
      for (const b of assignmentBreaks(person.volunteer, shift, person.held)) counts.set(b.rule, (counts.get(b.rule) ?? 0) + 1);
    }
    const [rule] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['none'];
    return `All ${eligible.length} who could take it are busy: ${RULE_WORDS[rule] ?? 'already on it'}.`;
  }
}

const RULE_WORDS: Record<string, string> = {
  overlap: 'they work another shift at that time',
  unavailable: 'they are not available then',
  preconference: 'it is a pre-conference shift and they did not ask for one (or not that early)',
  'daily-maximum': 'it would take them past their hours for the day',
  rest: 'it leaves them too little rest between shifts',
  experience: 'it needs an experienced volunteer',
  'team-leader': 'it needs a team leader',
};
