/** The rows of the administrators' reports on the week's records, as the API sends them. */

/** A row of GET /api/admin/reports/volunteers. */
export interface VolunteerReportRow {
  /** The user's id. */
  id: number;
  name: string;
  svid: string;
  role: 'SV' | 'TL';
  expectedHours: number;
  scheduledHours: number;
  /** Worked time of the records with both a check-in and a check-out. */
  checkedInHours: number;
  shifts: number;
  /** Assigned shifts that have ended with no check-in. */
  noShows: number;
  /** Of the records rated 1–5; null when none is. */
  averageRating: number | null;
  notes: { shiftId: number; shiftLabel: string; note: string }[];
}

/** A row of GET /api/admin/reports/venues: one venue on one Pacific day. */
export interface VenueReportRow {
  /** '<venueId>:<day>' */
  id: string;
  venueId: number;
  venueName: string;
  day: string;
  slots: number;
  filledSlots: number;
  plannedHours: number;
  workedHours: number;
  /** filledSlots / slots, 0..1 */
  coverage: number;
}
