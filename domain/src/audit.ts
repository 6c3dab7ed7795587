/** A shift as the audit log names it: its role and Pacific times. */
export interface ShiftReference {
  day: string;
  startTime: string;
  endTime: string;
  role: string;
}

/** What the ids of one audit entry stand for, so that the log reads in names, not numbers. */
export interface AuditReferences {
  /** User id → full name. */
  users: Record<string, string>;
  /** Application id → its applicant's full name. */
  applications: Record<string, string>;
  /** Venue id → name. */
  venues: Record<string, string>;
  shifts: Record<string, ShiftReference>;
}
