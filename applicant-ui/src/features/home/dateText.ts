const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** 'D MMMM YYYY' in UTC, e.g. '28 February 2026' (applicant-area §9). */
export function formatDate(instant: string | number | Date): string {
  const date = new Date(instant);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** 'HH:mm' in UTC. */
export function timeOfDay(instant: string | number | Date): string {
  const date = new Date(instant);
  return `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
}

/** 'D MMMM YYYY [at] HH:mm' in UTC with the zone named, e.g. '28 February 2026 at 22:00 UTC'. */
export function formatDateTime(instant: string | number | Date): string {
  return `${formatDate(instant)} at ${timeOfDay(instant)} UTC`;
}

/** Two calendar days (YYYY-MM-DD) as one span: '9 to 14 August 2025', '30 July to 2 August 2025'. */
export function formatDayRange(firstDay: string, lastDay: string): string {
  const first = new Date(`${firstDay}T00:00:00Z`);
  const last = new Date(`${lastDay}T00:00:00Z`);
  if (first.getUTCFullYear() !== last.getUTCFullYear()) return `${formatDate(first)} to ${formatDate(last)}`;
  if (first.getUTCMonth() !== last.getUTCMonth()) {
    return `${first.getUTCDate()} ${MONTHS[first.getUTCMonth()]} to ${formatDate(last)}`;
  }
  return `${first.getUTCDate()} to ${formatDate(last)}`;
}

/** A calendar day (YYYY-MM-DD) with its weekday: 'Friday 8 August'. */
export function formatWeekday(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = date.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday} ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
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
