import type { EssayField } from '@svp/domain';

/** GET /api/jury/preview?TLsPerApp=: what an assignment with this many team leaders per application would give. */
export interface JuryPreview {
  TLsPerApp: number;
  /** Users with the Team-Leader role. */
  teamLeaders: number;
  /** Completed applications, team leaders' own included. */
  completed: number;
  /** The pool: completed applications of applicants who are not team leaders. */
  applications: number;
  appsPerTeamLeader: number;
  maxAppsPerTeamLeader: number;
  /** Scores given so far. */
  scores: number;
  /** 'This will assign {n} apps per TL.' */
  message: string;
  /** Why this TLsPerApp cannot be assigned, if it cannot. */
  problem: string | null;
}

/** POST /api/jury/assign-jury: the body. */
export interface AssignJuryRequest {
  TLsPerApp: number;
  /** Also remove every score (default: keep scored pairs). */
  reset?: boolean;
}

/** POST /api/jury/assign-jury: data. */
export interface AssignJuryResult {
  message: string;
  TLsPerApp: number;
  reset: boolean;
  seed: number;
  avoidSameSchool: boolean;
  teamLeaders: number;
  applications: number;
  assigned: number;
  added: number;
  keptScores: number;
  removedScores: number;
  appsPerTeamLeader: { min: number; max: number };
  balanced: boolean;
  sameSchool: number;
  durationMs: number;
}

/** How often each essay value 1..5 was given (JSON keys '1'..'5'). */
export type ScoreDistribution = Record<1 | 2 | 3 | 4 | 5, number>;

export interface TeamLeaderJuryStats {
  id: number;
  name: string;
  email: string;
  /** False for someone who has assignments or scores but no longer holds the role. */
  isTeamLeader: boolean;
  assigned: number;
  scored: number;
  lastActivity: string | null;
  distribution: ScoreDistribution;
}

export interface RedFlaggedApplication {
  applicationId: number;
  studentVolunteerId: number | null;
  count: number;
  teamLeaderIds: number[];
}

export interface JuryDisagreement {
  applicationId: number;
  studentVolunteerId: number | null;
  essays: { essay: EssayField; min: number; max: number; spread: number }[];
}

export interface ApplicationJuryStats {
  applicationId: number;
  studentVolunteerId: number | null;
  assigned: number;
  scored: number;
  /** The average of the jurors' essay means: what the CSV export ranks by. */
  rawAverage: number | null;
  /** The average of the jurors' z-scores (each juror standardised against their own mean and spread). */
  calibratedAverage: number | null;
}

/** How many references are in each state, and the mean of the received ones' averages (issue #21). */
export interface ReferenceStatistics {
  requested: number;
  received: number;
  declined: number;
  notReachable: number;
  withdrawn: number;
  averageRating: number | null;
}

/** GET /api/jury/statistics. */
export interface JuryStatistics {
  overall: { teamLeaders: number; applications: number; assigned: number; scored: number };
  /** Absent from a server older than the references. */
  references?: ReferenceStatistics;
  teamLeaders: TeamLeaderJuryStats[];
  redFlagged: RedFlaggedApplication[];
  disagreements: JuryDisagreement[];
  applications: ApplicationJuryStats[];
}
