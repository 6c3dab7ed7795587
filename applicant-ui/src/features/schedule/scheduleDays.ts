import { formatShiftTime, isNotAShift, ordinal } from '@svp/domain';
import type { ScheduleShift } from '../../api/types';

const DAY_MS = 86_400_000;
/** A misconfigured range must not make the picker endless. */
const MAX_DAYS = 62;

const WEEKDAY_AND_MONTH = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long' });

/**
 * The days the picker offers: every day from the first shift day to the last conference day
 * ('YYYY-MM-DD'), plus any day outside them that holds one of `shifts`, so no shift is out of reach.
 */
export function scheduleDays(firstShiftDay: string, endDate: string, shifts: readonly Pick<ScheduleShift, 'day'>[] = []): string[] {
  const days = new Set<string>();
  const last = Date.parse(`${endDate}T00:00:00Z`);
  for (let t = Date.parse(`${firstShiftDay}T00:00:00Z`); t <= last && days.size < MAX_DAYS; t += DAY_MS)
    days.add(new Date(t).toISOString().slice(0, 10));
  for (const shift of shifts) days.add(shift.day);
  return [...days].sort();
}

/**
 * The day a schedule opens on: the day of the first shift not over yet (`comingShifts`), so it never
 * opens on an empty day while a shift lies ahead; without one, the edition's default day when the
 * picker offers it, else the first day offered.
 */
export function openingDay(days: readonly string[], preferred: string, coming: readonly Pick<ScheduleShift, 'day'>[] = []): string {
  const next = coming.find((shift) => days.includes(shift.day));
  if (next) return next.day;
  return days.includes(preferred) || days.length === 0 ? preferred : days[0]!;
}

/** The shifts not over at `now` (under way or ahead), in the server's start order. */
export function comingShifts<T extends Pick<ScheduleShift, 'ends_at'>>(shifts: readonly T[], now: number): T[] {
  return shifts.filter((shift) => Date.parse(shift.ends_at) > now);
}

/** The shifts over at `now`, the latest first. */
export function pastShifts<T extends Pick<ScheduleShift, 'ends_at'>>(shifts: readonly T[], now: number): T[] {
  return shifts.filter((shift) => Date.parse(shift.ends_at) <= now).reverse();
}

/** The shifts grouped by their day, the groups in the order their first shift comes. */
export function byDay<T extends Pick<ScheduleShift, 'day'>>(shifts: readonly T[]): { day: string; shifts: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const shift of shifts) groups.set(shift.day, [...(groups.get(shift.day) ?? []), shift]);
  return [...groups].map(([day, grouped]) => ({ day, shifts: grouped }));
}

/** How many real shifts (not the Job Fair or the Chapters Lunch) each day holds. */
export function shiftCounts(shifts: readonly Pick<ScheduleShift, 'day' | 'role' | 'venue'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const shift of shifts) if (!notAShiftReason(shift)) counts.set(shift.day, (counts.get(shift.day) ?? 0) + 1);
  return counts;
}

/** '1 shift', '3 shifts'. */
export const shiftCountText = (count: number): string => `${count} ${count === 1 ? 'shift' : 'shifts'}`;

/** A day in full, e.g. 'Friday August 8th 2025' (the day's own year). */
export function longDay(day: string): string {
  const parts = WEEKDAY_AND_MONTH.formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('month')} ${ordinal(Number(day.slice(8, 10)))} ${day.slice(0, 4)}`;
}

/** What an empty day says: 'No shifts for {weekday} {date} {year}'. */
export const emptyDayText = (day: string): string => `No shifts for ${longDay(day)}`;

/** The shifts starting on `day`, in the server's start order. */
export function shiftsOn<T extends Pick<ScheduleShift, 'day'>>(shifts: readonly T[], day: string): T[] {
  return shifts.filter((shift) => shift.day === day);
}

export const startTime = (shift: Pick<ScheduleShift, 'starts_at'>): string => formatShiftTime(new Date(shift.starts_at));
export const endTime = (shift: Pick<ScheduleShift, 'ends_at'>): string => formatShiftTime(new Date(shift.ends_at));

/** '8:00 AM – 12:00 PM', Pacific time. */
export const timeRange = (shift: Pick<ScheduleShift, 'starts_at' | 'ends_at'>): string => `${startTime(shift)} – ${endTime(shift)}`;

export const NOT_A_SHIFT = 'This is not a shift';

/** Why an entry is not a shift (Job Fair or Chapters Lunch), or null for a real shift. */
export function notAShiftReason(shift: Pick<ScheduleShift, 'role' | 'venue'>): string | null {
  if (!isNotAShift(shift)) return null;
  // The domain's rule with the venue left out: only the role can still make it not a shift.
  const chaptersLunch = isNotAShift({ role: shift.role, venue: { name: '', location: '' } });
  if (chaptersLunch) return `Go to the SV Chapter's Luncheon${shift.venue.location ? ` at ${shift.venue.location}` : ''}.`;
  return 'This time is blocked for the Job Fair.';
}

/** The team leaders' names, or a placeholder while none is assigned. */
export function teamLeaderNames(shift: Pick<ScheduleShift, 'venue'>): string {
  return shift.venue.teamLeaders.map((leader) => leader.name).join(', ') || 'Not assigned yet';
}

/** Hours as people write them: 25, 24.5. */
export const formatHours = (hours: number): string => String(Math.round(hours * 100) / 100);
