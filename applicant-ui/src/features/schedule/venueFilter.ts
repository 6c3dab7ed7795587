import { venueGroupName } from '@svp/domain';
import type { ScheduleShift } from '../../api/types';

export const SHOW_ALL = 'Show All';

/** The venue filter's options: 'Show All', then the venues A–Z, every 'History' venue merged into one 'History'. */
export function venueOptions(venues: readonly { name: string }[]): string[] {
  const groups = [...new Set(venues.map((venue) => venueGroupName(venue.name)))].sort((a, b) => a.localeCompare(b));
  return [SHOW_ALL, ...groups];
}

export function inVenue(shift: Pick<ScheduleShift, 'venue'>, option: string): boolean {
  return option === SHOW_ALL || venueGroupName(shift.venue.name) === option;
}
