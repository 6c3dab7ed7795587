import ical from 'ical-generator';
import { CHECK_IN_NOTE, isNotAShift } from '@svp/domain';
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

/**
 * One VEVENT per shift. Its start and end are written in UTC, never as a Pacific wall-clock time with
 * a TZID: a wall-clock time in the hour repeated when clocks fall back names two instants, and readers
 * do not agree on which one it means (docs/decisions.md, 'Calendar feeds'). SEQUENCE is the shift's
 * calendar revision and LAST-MODIFIED when it last changed, so a calendar holding an older copy of the
 * event takes the new one instead.
 */
export function buildShiftCalendar({ name, uidHost, now, shifts }: ShiftCalendarInput): string {
  const calendar = ical({
    prodId: { company: 'SV Portal', product: 'Shift calendar', language: 'EN' },
    // ical-generator writes NAME and X-WR-CALNAME unescaped; a comma or semicolon would split the value.
    name: escapeText(name),
    ttl: REFRESH_SECONDS,
  });
  const ordered = [...shifts].sort((a, b) => a.shift.startsAt.getTime() - b.shift.startsAt.getTime() || a.shift.id - b.shift.id);
  for (const { shift, venue } of ordered) {
    const notAShift = isNotAShift({ role: shift.role, venue });
    const title = `${shift.role} — ${venue.name}`;
    calendar.createEvent({
      id: `shift-${shift.id}@${uidHost}`,
      // Dates without a zone: the generator writes them in UTC ("…Z").
      start: shift.startsAt,
      end: shift.endsAt,
      stamp: now,
      sequence: shift.calendarSequence,
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
