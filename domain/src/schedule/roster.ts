/** Declared once, as wire shapes, in domain/src/contract/schedule.ts. */
export type { RosterShift, RosterVolunteer, VenueDayRoster } from '../contract/schedule.js';

/**
 * The printable roster of one venue on one Pacific day: the team leader's clipboard, with each
 * shift of the day in start order and, per shift, its volunteers with their SV IDs and phone numbers.
 */

export const ROSTER_MESSAGES = {
  notYourVenue: 'You can only see the rosters of the venues you lead.',
  noVenue: (id: number) => `There is no venue with id ${id}.`,
  badVenue: 'venueId must be the id of a venue, a whole number',
  badDay: 'day must be a date, YYYY-MM-DD',
} as const;

interface OrderedShift {
  id: number;
  role: string;
  startsAt: Date;
  endsAt: Date;
}

/** Shifts as a roster lists them: earlier start first, then earlier end, then by role, then by id. */
export function orderRosterShifts<T extends OrderedShift>(shifts: readonly T[]): T[] {
  return [...shifts].sort(
    (a, b) =>
      a.startsAt.getTime() - b.startsAt.getTime() || a.endsAt.getTime() - b.endsAt.getTime() || a.role.localeCompare(b.role) || a.id - b.id,
  );
}

interface OrderedVolunteer {
  id: number;
  firstName: string;
  lastName: string;
}

/** A shift's volunteers as a roster lists them: by last name, then first name (as every list of a shift), then by id. */
export function orderRosterVolunteers<T extends OrderedVolunteer>(volunteers: readonly T[]): T[] {
  return [...volunteers].sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName) || a.id - b.id);
}
