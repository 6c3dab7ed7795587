import type { AdminReference } from '@svp/domain';

/** A row of GET /api/admin/references (docs/api.md, 'References'; the contract's AdminReference): one referee of one application. */
export type ReferenceRow = AdminReference;

/** One email of the reference's request, as the mail ledger recorded it. */
export type ReferenceMail = AdminReference['mails'][number];

/** PUT /api/admin/references/:id: what an administrator may correct. */
export interface RefereeCorrection {
  firstName?: string;
  lastName?: string;
  email?: string;
}
