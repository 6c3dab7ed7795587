import { formatDaySpan, formatUtcDate, formatUtcDateTime, formatWeekdayDay } from '@svp/domain';

// One set of date texts for the whole portal: '28 February 2026', '28 February 2026 at 22:00 UTC', '9 to 14 August 2025', 'Friday 8
// August'.
export {
  formatUtcDate as formatDate,
  formatUtcDateTime as formatDateTime,
  formatDaySpan as formatDayRange,
  formatWeekdayDay as formatWeekday,
};

/** 'HH:mm' in UTC. */
export function timeOfDay(instant: string | number | Date): string {
  return new Date(instant).toISOString().slice(11, 16);
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left in a span of milliseconds (never negative). */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
