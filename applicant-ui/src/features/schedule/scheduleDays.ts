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
  for (let t = Date.parse(`${firstShiftDay}T00:00:00Z`); t <= last && days.size < MAX_DAYS; t += DAY_MS) days.add(new Date(t).toISOString().slice(0, 10));
  for (const shift of shifts) days.add(shift.day);
  return [...days].sort();
}

/** The day a schedule opens on: the edition's default when the picker offers it, else the first day offered. */
export function openingDay(days: readonly string[], preferred: string): string {
  return days.includes(preferred) || days.length === 0 ? preferred : days[0]!;
}

/** A day in full, e.g. 'Friday August 8th 2025' (the day's own year). */
export function longDay(day: string): string {
  const parts = WEEKDAY_AND_MONTH.formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('month')} ${ordinal(Number(day.slice(8, 10)))} ${day.slice(0, 4)}`;
}

/** What an empty day says (operations-area §2: 'No shifts for {weekday} {date} {year}'). */
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
