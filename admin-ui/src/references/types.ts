import type { ReferenceRatings, ReferenceState } from '@svp/domain';

/** One email of the reference's request, as the mail ledger recorded it. */
export interface ReferenceMail {
  /** 'reference-request' or 'reference-reminder'. */
  kind: string;
  /** The ledger's status: 'pending', 'sent' or 'failed'. */
  status: string;
  recipient: string;
  sentAt: string | null;
  /** The SMTP server's answer when sending failed. */
  lastError: string | null;
}

/** A row of GET /api/admin/references (docs/api.md, issue #21): one referee of one application. */
export interface ReferenceRow {
  id: number;
  applicationId: number;
  /** 1 is the first reference, 2 the second. */
  slot: number;
  referenceType: string;
  firstName: string;
  lastName: string;
  email: string;
  state: ReferenceState;
  /** How many requests were sent: 1 for the first, +1 for each 'Send again' or new referee. */
  requestNo: number;
  requestedAt: string | null;
  answeredAt: string | null;
  relationship: string | null;
  knownFor: string | null;
  ratings: ReferenceRatings | null;
  averageRating: number | null;
  statement: string | null;
  declineReason: string | null;
  unreachableReason: string | null;
  withdrawnAt: string | null;
  mails: ReferenceMail[];
}

/** PUT /api/admin/references/:id: what an administrator may correct. */
export interface RefereeCorrection {
  firstName?: string;
  lastName?: string;
  email?: string;
}
