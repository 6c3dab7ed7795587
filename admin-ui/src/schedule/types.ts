/** A row of GET /api/admin/venues. */
export interface VenueRow {
  id: number;
  name: string;
  location: string;
  teamLeaderIds: number[];
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
  assigned: number;
}

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
}

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
