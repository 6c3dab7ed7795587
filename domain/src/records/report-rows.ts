/** The week's records as the API sends them: the live board and the administrators' reports. */

import type { LogisticsTotal, VenueDayFigures, VolunteerFigures } from './records.js';

/** A row of GET /api/admin/reports/volunteers: who they are, and their figures from the records. */
export interface VolunteerReportRow extends VolunteerFigures {
  /** The user's id. */
  id: number;
  name: string;
  svid: string;
  role: 'SV' | 'TL';
  expectedHours: number;
  notes: { shiftId: number; shiftLabel: string; note: string }[];
}

/** A row of GET /api/admin/reports/venues: one venue on one Pacific day. */
export interface VenueReportRow extends VenueDayFigures {
  /** '<venueId>:<day>' */
  id: string;
  venueName: string;
}

/** One volunteer of a shift on the live board. */
export interface BoardVolunteer {
  id: number;
  name: string;
  svid: string;
  /** ISO instants; a record ticked before times were kept is checked in without a time. */
  checkedInAt: string | null;
  checkedOutAt: string | null;
  /** No check-in and the shift has started. */
  late: boolean;
}

/** A shift on the live board: under way now, or starting within the hour. */
export interface BoardShift {
  id: number;
  venueId: number;
  venueName: string;
  role: string;
  /** Pacific 'YYYY-MM-DD HH:mm'. */
  startTime: string;
  endTime: string;
  /** ISO instants. */
  startsAt: string;
  endsAt: string;
  phase: 'in-progress' | 'starting-soon';
  slots: number;
  assigned: number;
  checkedIn: number;
  volunteers: BoardVolunteer[];
}

/** GET /api/schedule/board: the shifts by start, then venue. */
export interface LiveBoard {
  now: string;
  shifts: BoardShift[];
}

/** GET /api/admin/reports/logistics: the totals from the confirmation forms, each with the people behind it. */
export interface LogisticsReport {
  confirmed: number;
  inPerson: number;
  totals: LogisticsTotal[];
}

/** The names of the reports' CSV files, as the server sends them and the panel saves them. */
export const REPORT_FILES = {
  volunteers: 'volunteer-hours.csv',
  venues: 'venue-coverage.csv',
  logistics: 'logistics.csv',
  logisticsList: (key: string) => `logistics-${key.replace(/[^a-z0-9]+/gi, '-')}.csv`,
} as const;
