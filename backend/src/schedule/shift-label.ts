import { formatShiftDay, pacificTime } from '@svp/domain';
import type { Shift } from './shift.entity.js';
import type { Venue } from './venue.entity.js';

/** A shift named for a person: "Greeter at Room 1, Sun Aug 9th 08:00 AM–12:00 PM" (Pacific time). */
export function shiftLabel(shift: Pick<Shift, 'role' | 'startsAt' | 'endsAt'>, venue: Pick<Venue, 'name'> | undefined): string {
  return (
    `${shift.role} at ${venue?.name ?? 'a venue'}, ` +
    `${formatShiftDay(shift.startsAt)} ${pacificTime(shift.startsAt)}–${pacificTime(shift.endsAt)}`
  );
}
