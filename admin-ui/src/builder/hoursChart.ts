import type { PersonHours } from './types';

/** More hours short than this counts as far short (the builder's figure 'more than 3 h short'). */
export const FAR_SHORT_HOURS = 3;

export type HoursStanding = 'farShort' | 'short' | 'met';

export interface ChartPerson extends PersonHours {
  /** Hours against expectation, before and after the build (negative: short). */
  before: number;
  after: number;
  standing: HoursStanding;
}

const round = (value: number) => Math.round(value * 100) / 100;

export function standingOf(after: number): HoursStanding {
  if (after < -FAR_SHORT_HOURS) return 'farShort';
  return after < 0 ? 'short' : 'met';
}

/** Each person's hours against expectation, most short after the build first. */
export function chartPeople(people: readonly PersonHours[]): ChartPerson[] {
  return people
    .map((person) => {
      const after = round(person.hoursAfter - person.expected);
      return { ...person, before: round(person.hoursBefore - person.expected), after, standing: standingOf(after) };
    })
    .sort((a, b) => a.after - b.after || a.name.localeCompare(b.name));
}

/** The hours axis: the lowest to the highest value shown (0 and the far-short line always in) with half an hour to spare, on round ticks.
 * */
export function hoursAxis(people: readonly ChartPerson[]): { low: number; high: number; ticks: number[] } {
  const values = people.flatMap((p) => [p.before, p.after]);
  const lowest = Math.min(0, -FAR_SHORT_HOURS - 1, ...values);
  const highest = Math.max(0, 1, ...values);
  const step = [1, 2, 5, 10, 20, 25, 50, 100].find((s) => (highest - lowest) / s <= 6) ?? 200;
  // A mark on the very edge of the drawing would be cut in half.
  const low = Math.floor((lowest - 0.5) / step) * step;
  const high = Math.ceil((highest + 0.5) / step) * step;
  const ticks: number[] = [];
  for (let tick = low; tick <= high + 1e-9; tick += step) ticks.push(tick);
  return { low, high, ticks };
}

/** 'Ada Lopez: 8 h after the build (4 h before), 8 h expected' */
export function personSummary(person: PersonHours): string {
  return `${person.name}: ${person.hoursAfter} h after the build (${person.hoursBefore} h before), ${person.expected} h expected`;
}
