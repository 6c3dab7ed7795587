import type { AuditReferences, ShiftReference } from '@svp/domain';
export type { AuditReferences, ShiftReference };

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
