/** A shift as the log names it: its role and Pacific times. */
export interface ShiftReference {
  day: string;
  startTime: string;
  endTime: string;
  role: string;
}

/** What the ids of one entry stand for, looked up by the server. */
export interface AuditReferences {
  /** User id → full name. */
  users: Record<string, string>;
  /** Application id → its applicant's full name. */
  applications: Record<string, string>;
  /** Venue id → name. */
  venues: Record<string, string>;
  shifts: Record<string, ShiftReference>;
}

/** A row of GET /api/admin/audit. */
export interface AuditEntry {
  id: number;
  createdAt: string;
  actorId: number | null;
  actorEmail: string | null;
  /** The actor's name now; null for the system or a user who is gone. */
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  references: AuditReferences;
}
