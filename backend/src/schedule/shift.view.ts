import { formatPacific } from '@svp/domain';
import type { Shift } from './shift.entity.js';
import type { Venue } from './venue.entity.js';

/** A team leader as a shift shows them. */
export interface TeamLeaderView {
  id: number;
  name: string;
}

export interface VenueView {
  id: number;
  name: string;
  location: string;
  teamLeaders: TeamLeaderView[];
}

/**
 * A shift in its kept shape (docs/product.md, 'What is stored'). `day` is the Pacific day it starts on,
 * `start_time`/`end_time` are Pacific local "YYYY-MM-DD HH:mm", `starts_at`/`ends_at` the UTC instants.
 */
export function shiftView(shift: Omit<Shift, 'createdAt'>, venue: VenueView) {
  return {
    id: shift.id,
    day: shift.day,
    start_time: formatPacific(shift.startsAt),
    end_time: formatPacific(shift.endsAt),
    starts_at: shift.startsAt.toISOString(),
    ends_at: shift.endsAt.toISOString(),
    role: shift.role,
    report_to: shift.reportTo,
    description: shift.description ?? '',
    special: shift.special ?? '',
    sv_slots: shift.svSlots,
    swappable: shift.swappable,
    venue,
  };
}

export type ShiftView = ReturnType<typeof shiftView>;

export function venueView(venue: Venue, teamLeaders: TeamLeaderView[]): VenueView {
  return { id: venue.id, name: venue.name, location: venue.location, teamLeaders };
}

export function personName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
