/** A row of GET /api/admin/audit, with the names its ids stand for (the contract's AuditEntryView). */
export type { AuditEntryView as AuditEntry, AuditReferences, ShiftReference } from '@svp/domain';
