import { type ConferenceFacts, shiftHours } from '@svp/domain';
import type { ShiftAssignmentRow, ShiftRow } from './types';

export type HoursStanding = 'under' | 'met' | 'over';

export interface VolunteerHours {
  volunteerId: number;
  name: string;
  svid: string;
  teamLeader: boolean;
  shifts: number;
  hours: number;
  expected: number;
  standing: HoursStanding;
}

/** A person who should be listed even without shifts (a confirmed volunteer not yet scheduled). */
export interface KnownVolunteer {
  volunteerId: number;
  name: string;
  svid: string;
}

/** Hours above the expectation by more than this count as 'over' (a shift's worth). */
const OVER_MARGIN_HOURS = 5;

export function standingOf(hours: number, expected: number): HoursStanding {
  if (hours < expected) return 'under';
  return hours > expected + OVER_MARGIN_HOURS ? 'over' : 'met';
}

/** The edition's expectations: about svHours for a student volunteer, tlHours for a team leader. */
export type HoursExpected = Pick<ConferenceFacts, 'svHours' | 'tlHours'>;

/**
 * Each volunteer's assigned hours against the edition's expectation, counted on instants so a
 * night across a clock change counts the hours really worked.
 */
export function volunteerHours(
  assignments: readonly ShiftAssignmentRow[],
  shifts: readonly ShiftRow[],
  teamLeaderIds: ReadonlySet<number>,
  expectedHours: HoursExpected,
  known: readonly KnownVolunteer[] = [],
): VolunteerHours[] {
  const shiftById = new Map(shifts.map((s) => [s.id, { startsAt: new Date(s.startsAt), endsAt: new Date(s.endsAt) }]));
  const people = new Map<number, { name: string; svid: string; intervals: { startsAt: Date; endsAt: Date }[] }>();
  for (const person of known) people.set(person.volunteerId, { name: person.name, svid: person.svid, intervals: [] });
  for (const assignment of assignments) {
    const person = people.get(assignment.volunteerId) ?? {
      name: assignment.volunteerName ?? `User ${assignment.volunteerId}`,
      svid: assignment.svid ?? '',
      intervals: [],
    };
    const shift = shiftById.get(assignment.shiftId);
    if (shift) person.intervals.push(shift);
    people.set(assignment.volunteerId, person);
  }
  return [...people.entries()]
    .map(([volunteerId, person]) => {
      const teamLeader = teamLeaderIds.has(volunteerId);
      const expected = teamLeader ? expectedHours.tlHours : expectedHours.svHours;
      const hours = shiftHours(person.intervals);
      return {
        volunteerId,
        name: person.name,
        svid: person.svid,
        teamLeader,
        shifts: person.intervals.length,
        hours,
        expected,
        standing: standingOf(hours, expected),
      };
    })
    .sort((a, b) => a.hours / a.expected - b.hours / b.expected || a.name.localeCompare(b.name));
}
