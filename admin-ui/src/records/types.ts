// The week's records as the server answers them (docs/api.md, issue #22 items 6–8).

/** One volunteer of a shift on the live board. */
export interface BoardVolunteer {
  id: number;
  name: string;
  svid: string | null;
  checkedInAt: string | null;
  checkedOutAt: string | null;
  /** No check-in and the shift has started. */
  late: boolean;
}

/** A shift in progress, or starting within the next hour. */
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

/** GET /api/schedule/board */
export interface LiveBoard {
  now: string;
  shifts: BoardShift[];
}

import type { VenueReportRow, VolunteerReportRow } from '@svp/domain';
export type { VenueReportRow, VolunteerReportRow };

export interface LogisticsPerson {
  id: number;
  name: string;
  svid: string | null;
  email: string;
  detail: string | null;
}

/** One count of the logistics totals and the people behind it. */
export interface LogisticsTotal {
  /** 'shirt:M', 'diet', 'passport:valid', … */
  key: string;
  label: string;
  count: number;
  people: LogisticsPerson[];
}

/** GET /api/admin/reports/logistics */
export interface LogisticsReport {
  confirmed: number;
  inPerson: number;
  totals: LogisticsTotal[];
}
