/** A row of GET /api/admin/audit. */
export interface AuditEntry {
  id: number;
  createdAt: string;
  actorId: number | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
}
