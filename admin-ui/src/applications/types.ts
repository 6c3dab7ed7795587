import type {
  AdminApplicationDetail,
  EditionHistoryRow,
  StatusState,
  StatusTag,
  StoredApplicationData as ApplicationAnswers,
} from '@svp/domain';

/** A row of GET /api/admin/applications (the contract's AdminApplicationRow, domain/src/contract/applications.ts). */
export type { AdminApplicationRow as ApplicationRow } from '@svp/domain';

/** What POST /api/admin/applications/status did to each application, and how many changed or were refused. */
export type { BulkStatusOutcome, BulkStatusResult } from '@svp/domain';

/** POST /api/admin/applications/status: the body (the contract's; a wire id of the active catalogue, null or 0 pending). */
export type { BulkStatusBody as BulkStatusRequest } from '@svp/domain';

/** A status change of the application's history, with the audited values it records read as what they are. */
export type StatusHistoryEntry = Omit<AdminApplicationDetail['history'][number], 'from' | 'to'> & {
  from: { state: StatusState; tag: StatusTag | null } | null;
  to: { state: StatusState; tag: StatusTag | null; reason?: string } | null;
};

/** The stored answers, plus any fields of earlier editions the application still carries. */
export type StoredApplicationData = ApplicationAnswers & Record<string, unknown>;

/** GET /api/admin/applications/:id: the row, the application as the API shows it, the allowed moves and the history. */
export type ApplicationRecord = Omit<AdminApplicationDetail, 'application' | 'history' | 'editionHistory' | 'teamLeaderCheck'> & {
  /** The application as the API shows it: the parts the panel reads. */
  application: Pick<
    AdminApplicationDetail['application'],
    | 'id'
    | 'completed'
    | 'team_leader'
    | 'financial_aid'
    | 'status_id'
    | 'progress'
    | 'closed'
    | 'updated_at'
    | 'submitted_at'
    | 'confirmation'
    | 'confirmed_at'
    | 'declined_at'
  > & { data: StoredApplicationData };
  /** The status changes; the editions contract once put the person's other editions under the same name (see show/editionHistory.ts). */
  history: (StatusHistoryEntry | EditionHistoryRow)[];
  /** The person's other editions, when the server sends them apart from the status changes. */
  editionHistory?: EditionHistoryRow[];
  /** Team-leader applicants: whether their prior SV experience is on the portal's records, only declared, or missing. */
  teamLeaderCheck?: AdminApplicationDetail['teamLeaderCheck'];
};
