import type { ApplicationData, ConfirmationForm, EditionHistoryRow, ProofOfEnrollment, StatusState, StatusTag, TeamLeaderEligibility } from '@svp/domain';

/** A row of GET /api/admin/applications. */
export interface ApplicationRow {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  svid: string;
  username: string;
  completed: boolean;
  teamLeader: boolean;
  financialAid: boolean;
  /** Wire id of the active catalogue; null is pending. */
  statusId: number | null;
  status: string;
  state: StatusState;
  averageScore: number | null;
  updatedAt: string;
  submittedAt: string | null;
  /** References received, of the two the application names (issue #21). */
  referencesReceived: number;
  /** The mean of the received references' average ratings; null when none was received. */
  referenceRating: number | null;
}

/** POST /api/admin/applications/status: the body. */
export interface BulkStatusRequest {
  ids: number[];
  /** Wire id of the active catalogue; 0 is pending. */
  statusId: number;
  /** With an offer: also grant the Team-Leader role to those who applied as team leaders. */
  grantTeamLeader?: boolean;
}

/** What the bulk change did to one application. */
export type BulkStatusOutcome =
  | { id: number; name: string | null; outcome: 'changed'; status: string }
  | { id: number; name: string | null; outcome: 'refused'; code: string; message: string };

/** POST /api/admin/applications/status: the answer. */
export interface BulkStatusResult {
  changed: number;
  refused: number;
  results: BulkStatusOutcome[];
}

export interface StatusHistoryEntry {
  at: string;
  /** The email recorded, and the actor's name now (null for the system or someone gone). */
  actor: string | null;
  actorName: string | null;
  from: { state: StatusState; tag: StatusTag | null } | null;
  to: { state: StatusState; tag: StatusTag | null; reason?: string } | null;
}

/** The stored answers, plus any fields of earlier editions the application still carries. */
export type StoredApplicationData = Omit<ApplicationData, 'proofOfEnrollment'> & { proofOfEnrollment: ProofOfEnrollment | null } & Record<string, unknown>;

/** GET /api/admin/applications/:id: the row, the application as the API shows it, the allowed moves and the history. */
export interface ApplicationRecord extends ApplicationRow {
  application: {
    id: number;
    data: StoredApplicationData;
    completed: boolean;
    team_leader: boolean;
    financial_aid: boolean;
    status_id: number | null;
    progress: number;
    closed: boolean;
    updated_at: string;
    submitted_at: string | null;
    confirmation: ConfirmationForm | null;
    confirmed_at: string | null;
    declined_at: string | null;
  };
  allowedStatuses: { id: number | null; label: string }[];
  /** The status changes; the contract of #23 puts the person's other editions under the same name (see show/editionHistory.ts). */
  history: (StatusHistoryEntry | EditionHistoryRow)[];
  /** The person's other editions, when the server sends them apart from the status changes. */
  editionHistory?: EditionHistoryRow[];
  /** Team-leader applicants: whether their prior SV experience is on the portal's records, only declared, or missing. */
  teamLeaderCheck?: TeamLeaderEligibility | null;
}
