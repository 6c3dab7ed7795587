/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/**
 * The jury deadline as 'MMMM Do HH:mm' in the browser's local zone, followed by
 * that zone's name so that nobody reads it as another zone's time: 'May 19th 23:59 PDT',
 * 'May 20th 08:59 GMT+2'. `timeZone` is for tests and defaults to the browser's own.
 */
export function formatJuryDeadline(iso: string, timeZone?: string): string {
  // Made per call: the browser's zone is read when a format is created.
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')} ${ordinal(Number(part('day')))} ${part('hour')}:${part('minute')} ${part('timeZoneName')}`;
}
