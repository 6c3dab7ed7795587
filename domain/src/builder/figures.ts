import { type BuilderAssignment, type BuilderShift, type BuilderVolunteer, hoursOf } from './rules.js';

/** The figures a schedule is judged by, in the order of the builder's goals. */
export interface ScheduleFigures {
  /** Slots filled and offered in the shifts considered. */
  filledSlots: number;
  totalSlots: number;
  /** filled ÷ total, 0 to 1. */
  coverage: number;
  /** Hours short of the expectation: the largest, the mean, and how many people are more than 3 h short. */
  largestShortfall: number;
  meanShortfall: number;
  moreThan3hShort: number;
  /** Standard deviation of (hours − expected) across people: how evenly hours are spread. */
  hoursSpread: number;
  /** Share of the hours of people who stated a venue preference that are at a preferred venue (1 when nobody stated one). */
  preferredShare: number;
  /** Those hours at a preferred venue, in all: the share alone rewards giving such people fewer hours elsewhere. */
  preferredHours: number;
  /** All the hours of people who stated a venue preference, the share's denominator: 0 leaves the share without meaning. */
  statedPreferenceHours: number;
  /** Days on which someone works, one per person and day: 0 (nobody works) leaves spread, shifts per day and gaps without meaning. */
  workingDays: number;
  /** Mean number of shifts on a day a person works, and the idle hours between shifts of one day, in all. */
  shiftsPerWorkingDay: number;
  idleGapHours: number;
  /** Per person: hours against expectation. */
  people: { volunteerId: number; hours: number; expected: number }[];
}

/** The figures as a build's preview sends them: the per-person hours go in a list of their own. */
export type PreviewFigures = Omit<ScheduleFigures, 'people'>;

const round = (value: number, places = 2) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The figures of a schedule over `shifts` (the scope), counting for each person every shift they hold
 * among `shifts` and `elsewhere`.
 */
export function scheduleFigures(
  volunteers: readonly BuilderVolunteer[],
  shifts: readonly BuilderShift[],
  assignments: readonly BuilderAssignment[],
  elsewhere: readonly BuilderShift[] = [],
): ScheduleFigures {
  const shiftById = new Map([...elsewhere, ...shifts].map((s) => [s.id, s]));
  const scope = new Set(shifts.map((s) => s.id));
  const held = new Map<number, BuilderShift[]>(volunteers.map((v) => [v.id, []]));
  let filledSlots = 0;
  const perShift = new Map<number, number>();
  for (const a of assignments) {
    const shift = shiftById.get(a.shiftId);
    if (!shift || !held.has(a.volunteerId)) continue;
    held.get(a.volunteerId)!.push(shift);
    if (scope.has(shift.id)) perShift.set(shift.id, (perShift.get(shift.id) ?? 0) + 1);
  }
  for (const shift of shifts) filledSlots += Math.min(shift.slots, perShift.get(shift.id) ?? 0);
  const totalSlots = shifts.reduce((sum, s) => sum + s.slots, 0);

  const people = volunteers.map((v) => ({
    volunteerId: v.id,
    hours: round(held.get(v.id)!.reduce((sum, s) => sum + hoursOf(s), 0)),
    expected: v.expectedHours,
  }));
  const shortfalls = people.map((p) => Math.max(0, p.expected - p.hours));
  const differences = people.map((p) => p.hours - p.expected);
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
  const meanDifference = mean(differences);

  let preferredHours = 0;
  let statedHours = 0;
  let workingDays = 0;
  let shiftsOnWorkingDays = 0;
  let idle = 0;
  for (const volunteer of volunteers) {
    const mine = held.get(volunteer.id)!;
    if (volunteer.preferredVenues.length) {
      const prefers = new Set(volunteer.preferredVenues);
      for (const s of mine) {
        statedHours += hoursOf(s);
        if (prefers.has(s.venueId)) preferredHours += hoursOf(s);
      }
    }
    const byDay = new Map<string, BuilderShift[]>();
    for (const s of mine) byDay.set(s.day, [...(byDay.get(s.day) ?? []), s]);
    for (const day of byDay.values()) {
      workingDays += 1;
      shiftsOnWorkingDays += day.length;
      const sorted = [...day].sort((a, b) => a.start - b.start);
      for (let i = 1; i < sorted.length; i++) idle += Math.max(0, sorted[i]!.start - sorted[i - 1]!.end) / 3_600_000;
    }
  }

  return {
    filledSlots,
    totalSlots,
    coverage: totalSlots ? round(filledSlots / totalSlots, 4) : 1,
    largestShortfall: round(Math.max(0, ...shortfalls)),
    meanShortfall: round(mean(shortfalls)),
    moreThan3hShort: shortfalls.filter((s) => s > 3 + 1e-9).length,
    hoursSpread: round(Math.sqrt(mean(differences.map((d) => (d - meanDifference) ** 2)))),
    preferredShare: statedHours ? round(preferredHours / statedHours, 4) : 1,
    preferredHours: round(preferredHours),
    statedPreferenceHours: round(statedHours),
    workingDays,
    shiftsPerWorkingDay: workingDays ? round(shiftsOnWorkingDays / workingDays) : 0,
    idleGapHours: round(idle),
    people,
  };
}
