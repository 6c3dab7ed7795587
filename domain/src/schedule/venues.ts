/** A venue of this name holds no real shifts; its entries are left out of schedules. */
export const PLACEHOLDER_VENUE = 'Placeholder';

export function isPlaceholderVenue(name: string): boolean {
  return name.trim().toLowerCase() === PLACEHOLDER_VENUE.toLowerCase();
}

/** The team-leader schedule merges every venue whose name contains 'History' into one called 'History'. */
export function venueGroupName(name: string): string {
  return /history/i.test(name) ? 'History' : name;
}

/** Not shifts: the Job Fair blocks time, 'Chapters Lunch' points to the SV Chapter's Luncheon. */
export function isNotAShift(shift: { role: string; venue: { name: string; location: string } }): boolean {
  return /job fair/i.test(shift.venue.location) || /job fair/i.test(shift.venue.name) || /^chapters lunch$/i.test(shift.role.trim());
}

/** A performance rating: 0 means not rated yet, then 1 to 5. */
export const RATING_MIN = 0;
export const RATING_MAX = 5;
export const RATING_OPTIONS: readonly { value: number; label: string }[] = [
  { value: 0, label: 'Select' },
  { value: 1, label: '1' },
  { value: 2, label: '2' },
  { value: 3, label: '3' },
  { value: 4, label: '4' },
  { value: 5, label: '5' },
];

export function isRating(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= RATING_MIN && (value as number) <= RATING_MAX;
}
