// The baseline the schedule builder is measured against: the greedy "auction" of chisv (the CHI
// student volunteer tool), day by day. For each day, shifts by priority (a team leader required
// first, then an experienced volunteer, then the rest, each by start); for each shift the
// volunteers still under their expected hours, those who asked for the venue first and then the
// fewest hours first (seeded shuffle for ties), take the free slots. Then, for the same day, the
// shifts still open are filled the same way from everyone else ("then fill"). Unlike chisv it
// checks every hard rule of the portal (assignmentBreaks), so that the comparison is fair: it
// breaks none either. Assignments it is told to keep (an edition's pins) are in place from the start.

import { seededRandom, shuffle } from '../../../domain/dist/random/seeded-random.js';

/** Deterministic shuffle of a copy (the domain's seededRandom, mulberry32, and its Fisher–Yates shuffle). */
const shuffled = (items, seed) => shuffle([...items], seededRandom(seed));

const PRIORITY = { 'team-leader': 0, experienced: 1, none: 2 };

/** The greedy schedule: { assignments } in the builder's shape, every assignment checked with `assignmentBreaks`. */
export function greedySchedule({ volunteers, shifts, kept = [], assignmentBreaks, hoursOf, seed = 1 }) {
  const people = shuffled(volunteers, seed).map((volunteer, order) => ({
    volunteer,
    order,
    held: [],
    hours: 0,
    prefers: new Set(volunteer.preferredVenues),
  }));
  const holders = new Map(shifts.map((s) => [s.id, new Set()]));
  const personOf = new Map(people.map((p) => [p.volunteer.id, p]));
  const shiftById = new Map(shifts.map((s) => [s.id, s]));
  for (const a of kept) {
    const person = personOf.get(a.volunteerId);
    const shift = shiftById.get(a.shiftId);
    if (!person || !shift) continue;
    person.held.push(shift);
    person.hours += hoursOf(shift);
    holders.get(shift.id).add(person.volunteer.id);
  }
  const days = [...new Set(shifts.map((s) => s.day))].sort();
  for (const day of days) {
    const dayShifts = shifts
      .filter((s) => s.day === day)
      .sort((a, b) => PRIORITY[a.requires] - PRIORITY[b.requires] || a.start - b.start || a.id - b.id);
    for (const underTarget of [true, false]) {
      for (const shift of dayShifts) {
        const taken = holders.get(shift.id);
        if (taken.size >= shift.slots) continue;
        const ranked = people
          .filter((p) => p.hours < p.volunteer.expectedHours === underTarget && !taken.has(p.volunteer.id))
          .sort(
            (a, b) => Number(b.prefers.has(shift.venueId)) - Number(a.prefers.has(shift.venueId)) || a.hours - b.hours || a.order - b.order,
          );
        for (const person of ranked) {
          if (taken.size >= shift.slots) break;
          if (assignmentBreaks(person.volunteer, shift, person.held).length) continue;
          person.held.push(shift);
          person.hours += hoursOf(shift);
          taken.add(person.volunteer.id);
        }
      }
    }
  }
  const assignments = [];
  for (const shift of shifts) for (const volunteerId of holders.get(shift.id)) assignments.push({ volunteerId, shiftId: shift.id });
  return { assignments };
}
