/** A row of GET /api/admin/venues. */
export interface VenueRow {
  id: number;
  name: string;
  location: string;
  teamLeaderIds: number[];
  /** The volunteer preference this venue satisfies (a VENUE_PREFERENCES value; 'none' for none). */
  preference: string;
  createdAt: string;
  updatedAt: string;
}

/** A row of GET /api/admin/shifts; startTime and endTime are Pacific local "YYYY-MM-DD HH:mm". */
export interface ShiftRow {
  id: number;
  venueId: number;
  day: string;
  startTime: string;
  endTime: string;
  startsAt: string;
  endsAt: string;
  role: string;
  reportTo: string;
  description: string;
  special: string;
  svSlots: number;
  swappable: boolean;
  /** Who may take it: anyone, a volunteer who has volunteered before, or a team leader. */
  requires: ShiftRequirement;
  assigned: number;
}

export type ShiftRequirement = 'none' | 'experienced' | 'team-leader';

/** A row of GET /api/admin/shift-assignments. */
export interface ShiftAssignmentRow {
  id: number;
  shiftId: number;
  volunteerId: number;
  volunteerName: string | null;
  svid: string | null;
  startBackToBack: string;
  endBackToBack: string;
  accommodations: string;
  /** A pinned assignment is never moved by the schedule builder. */
  pinned: boolean;
}

export type { ShiftCandidate, ShiftCandidates } from '@svp/domain';

export type ImportKind = 'shifts' | 'assignments';

export interface ImportRowError {
  row: number;
  field?: string;
  message: string;
}

/** The answer of POST /api/admin/schedule-import/{kind}. */
export interface ImportResult {
  dryRun: boolean;
  rows: number;
  valid: number;
  errors: ImportRowError[];
  created: number;
}
