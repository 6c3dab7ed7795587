import { DateTime } from 'luxon';

/** Shift times are Pacific local; instants are stored in UTC. */
export const PACIFIC_ZONE = 'America/Los_Angeles';

/** The wire form of a Pacific local date and time. */
export const PACIFIC_LOCAL_FORMAT = 'yyyy-MM-dd HH:mm';
const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A Pacific local "YYYY-MM-DD HH:mm" as an instant; `null` when it is malformed or names a time
 * that does not exist (the hour skipped when clocks spring forward). A time that happens twice
 * (the hour repeated when clocks fall back) is read as its first occurrence, in daylight time.
 */
export function parsePacific(local: string): Date | null {
  if (typeof local !== 'string' || !LOCAL_PATTERN.test(local)) return null;
  const at = DateTime.fromFormat(local, PACIFIC_LOCAL_FORMAT, { zone: PACIFIC_ZONE });
  if (!at.isValid) return null;
  // Luxon moves a skipped time forward; such a time names no instant.
  if (at.toFormat(PACIFIC_LOCAL_FORMAT) !== local) return null;
  const hourEarlier = at.minus({ hours: 1 });
  return (hourEarlier.toFormat(PACIFIC_LOCAL_FORMAT) === local ? hourEarlier : at).toJSDate();
}

// Schedules format hundreds of shift times per request, and Intl's formatToParts is the costly part:
// the zone's offset is read once per quarter hour (every zone changes its offset on a quarter hour)
// and the wall clock is then plain arithmetic.
// Pure, so a bundle that does not format shift times leaves this module (and luxon) out.
const PACIFIC_PARTS = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', {
  timeZone: PACIFIC_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const QUARTER_HOUR = 15 * 60_000;
const OFFSET_CACHE_LIMIT = 20_000;
const offsetByQuarter = new Map<number, number>();

/** Minutes the Pacific wall clock is ahead of UTC at `ms` (negative: −420 in summer, −480 in winter). */
function pacificOffsetMinutes(ms: number): number {
  const quarter = Math.floor(ms / QUARTER_HOUR);
  let offset = offsetByQuarter.get(quarter);
  if (offset === undefined) {
    const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const { type, value } of PACIFIC_PARTS.formatToParts(new Date(quarter * QUARTER_HOUR))) part[type] = value;
    const wall = Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute));
    offset = Math.round((wall - quarter * QUARTER_HOUR) / 60_000);
    if (offsetByQuarter.size >= OFFSET_CACHE_LIMIT) offsetByQuarter.clear();
    offsetByQuarter.set(quarter, offset);
  }
  return offset;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as Pacific local "YYYY-MM-DD HH:mm". */
export function formatPacific(at: Date): string {
  const ms = at.getTime();
  const wall = new Date(ms + pacificOffsetMinutes(ms) * 60_000);
  const day = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  return `${day} ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** The Pacific calendar day ("YYYY-MM-DD") an instant falls on. */
export function pacificDay(at: Date): string {
  return formatPacific(at).slice(0, 10);
}

/** The Pacific wall-clock time ("HH:mm") of an instant. */
export function pacificTime(at: Date): string {
  return formatPacific(at).slice(11);
}

export function isDay(value: unknown): value is string {
  return typeof value === 'string' && DAY_PATTERN.test(value) && DateTime.fromISO(value, { zone: 'UTC' }).isValid;
}

/** Shift days: 'ddd MMM Do', e.g. "Sun Aug 10th". Takes a "YYYY-MM-DD" day or an instant (read in Pacific time). */
export function formatShiftDay(day: string | Date): string {
  const at = typeof day === 'string' ? DateTime.fromISO(day, { zone: PACIFIC_ZONE }) : pacific(day);
  return `${at.toFormat('ccc LLL')} ${ordinal(at.day)}`;
}

/** Shift times as the schedule shows them, e.g. "8:00 AM", in Pacific time. */
export function formatShiftTime(at: Date): string {
  return pacific(at).toFormat('h:mm a');
}

/** 'MMMM Do HH:mm' in a given zone (the jury deadline is shown in the reader's zone), e.g. "May 19th 23:59". */
export function formatDeadline(at: Date, zone: string = PACIFIC_ZONE): string {
  const local = DateTime.fromJSDate(at, { zone });
  return `${local.toFormat('LLLL')} ${ordinal(local.day)} ${local.toFormat('HH:mm')}`;
}

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd, 23rd … 31st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function pacific(at: Date): DateTime {
  return DateTime.fromJSDate(at, { zone: PACIFIC_ZONE });
}
