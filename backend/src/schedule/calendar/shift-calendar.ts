import ical from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { CHECK_IN_NOTE, PACIFIC_ZONE, isNotAShift } from '@svp/domain';
import type { ScheduledShift } from '../schedule-reader.service.js';
import type { VenueView } from '../shift.view.js';

export const NOT_A_SHIFT_PREFIX = 'Not a shift: ';
export const NOT_A_SHIFT_NOTE = 'This is not a shift.';
/** How often subscribed calendars are asked to check for changes. */
export const REFRESH_SECONDS = 60 * 60;

export interface CalendarShift {
  shift: ScheduledShift;
  venue: VenueView;
}

export interface ShiftCalendarInput {
  /** Shown by calendar apps as the calendar's name. */
  name: string;
  /** Host part of every UID, so UIDs stay unique across installations. */
  uidHost: string;
  /** DTSTAMP of every event: when this copy of the feed was made. */
  now: Date;
  shifts: readonly CalendarShift[];
}

/** The VTIMEZONE of America/Los_Angeles, with its DAYLIGHT and STANDARD rules. */
export function pacificTimezoneBlock(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && block[0]?.startsWith('BEGIN:VTIMEZONE') ? block[0] : null;
}

/**
 * One VEVENT per shift, at its Pacific wall-clock time with TZID=America/Los_Angeles.
 * Times are luxon DateTimes: ical-generator writes a JS Date's wall clock in the process's own zone.
 */
export function buildShiftCalendar({ name, uidHost, now, shifts }: ShiftCalendarInput): string {
  const calendar = ical({
    prodId: { company: 'SV Portal', product: 'Shift calendar', language: 'EN' },
    // ical-generator writes NAME and X-WR-CALNAME unescaped; a comma or semicolon would split the value.
    name: escapeText(name),
    ttl: REFRESH_SECONDS,
    // name null: a calendar-wide zone would also turn DTSTAMP and LAST-MODIFIED into zone-less local
    // times (RFC 5545 wants UTC there); the generator still writes the VTIMEZONE each event's TZID names.
    timezone: { name: null, generator: pacificTimezoneBlock },
  });
  const ordered = [...shifts].sort((a, b) => a.shift.startsAt.getTime() - b.shift.startsAt.getTime() || a.shift.id - b.shift.id);
  for (const { shift, venue } of ordered) {
    const notAShift = isNotAShift({ role: shift.role, venue });
    const title = `${shift.role} — ${venue.name}`;
    calendar.createEvent({
      id: `shift-${shift.id}@${uidHost}`,
      start: DateTime.fromJSDate(shift.startsAt, { zone: PACIFIC_ZONE }),
      end: DateTime.fromJSDate(shift.endsAt, { zone: PACIFIC_ZONE }),
      timezone: PACIFIC_ZONE,
      stamp: now,
      lastModified: shift.updatedAt,
      summary: notAShift ? `${NOT_A_SHIFT_PREFIX}${title}` : title,
      location: [venue.name, venue.location].filter((part) => part.trim()).join(', '),
      description: shiftDescription(shift, venue, notAShift),
    });
  }
  return calendar.toString();
}

/** What the shift modal shows, as plain lines. */
export function shiftDescription(shift: ScheduledShift, venue: VenueView, notAShift: boolean): string {
  const leaders = venue.teamLeaders.map((leader) => leader.name).join(', ');
  return [
    notAShift ? NOT_A_SHIFT_NOTE : null,
    shift.reportTo.trim() ? `Report to: ${shift.reportTo.trim()}` : null,
    shift.description?.trim() || null,
    shift.special?.trim() ? `Special note: ${shift.special.trim()}` : null,
    leaders ? `Team leaders: ${leaders}` : null,
    notAShift ? null : CHECK_IN_NOTE,
  ]
    .filter((line): line is string => line !== null)
    .join('\n');
}

/** RFC 5545 TEXT escaping (3.3.11). */
function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}
