/** A shift reduced to what the time rules need: an interval of instants, start inclusive, end exclusive. */
export interface ShiftInterval {
  startsAt: Date;
  endsAt: Date;
}

export const MAX_SHIFT_HOURS = 24;
const HOUR = 3_600_000;

export const SHIFT_TIME_MESSAGES = {
  endBeforeStart: 'A shift must end after it starts.',
  tooLong: `A shift cannot last more than ${MAX_SHIFT_HOURS} hours.`,
} as const;

/** What is wrong with a shift's times, or null. */
export function shiftTimesProblem(shift: ShiftInterval): string | null {
  const length = shift.endsAt.getTime() - shift.startsAt.getTime();
  if (!(length > 0)) return SHIFT_TIME_MESSAGES.endBeforeStart;
  if (length > MAX_SHIFT_HOURS * HOUR) return SHIFT_TIME_MESSAGES.tooLong;
  return null;
}

/** Two shifts overlap when each starts before the other ends; back-to-back shifts do not. */
export function shiftsOverlap(a: ShiftInterval, b: ShiftInterval): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/** The first of `held` that overlaps `candidate`, or undefined. */
export function findOverlap<T extends ShiftInterval>(candidate: ShiftInterval, held: readonly T[]): T | undefined {
  return held.find((shift) => shiftsOverlap(candidate, shift));
}

/** Shifts under way at `now`: started, not yet ended. */
export function currentShifts<T extends ShiftInterval>(shifts: readonly T[], now: Date): T[] {
  const t = now.getTime();
  return byStart(shifts.filter((s) => s.startsAt.getTime() <= t && t < s.endsAt.getTime()));
}

/** The shifts that start next after `now` (several when they start at the same moment, e.g. at different venues). */
export function nextShifts<T extends ShiftInterval>(shifts: readonly T[], now: Date): T[] {
  const upcoming = byStart(shifts.filter((s) => s.startsAt.getTime() > now.getTime()));
  if (!upcoming.length) return [];
  const first = upcoming[0]!.startsAt.getTime();
  return upcoming.filter((s) => s.startsAt.getTime() === first);
}

/** The hours a set of shifts lasts, counted on instants (a night across a clock change counts the hours really worked). */
export function shiftHours(shifts: readonly ShiftInterval[]): number {
  const ms = shifts.reduce((sum, s) => sum + Math.max(0, s.endsAt.getTime() - s.startsAt.getTime()), 0);
  return Math.round((ms / HOUR) * 100) / 100;
}

/** Earliest first; equal starts by earlier end. */
export function byStart<T extends ShiftInterval>(shifts: readonly T[]): T[] {
  return [...shifts].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.endsAt.getTime() - b.endsAt.getTime());
}

/** Minutes before a shift a volunteer should be at the SV Office. */
export const CHECK_IN_MINUTES_BEFORE = 30;
export const CHECK_IN_NOTE = 'Please be at the SV Office 30 minutes before to checkin';
