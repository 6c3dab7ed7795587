import type { JuryStatistics } from '@svp/domain';

/**
 * The jury's answers (the contract's, domain/src/contract/jury.ts): GET /api/jury/preview?TLsPerApp=
 * (what an assignment with this many team leaders per application would give), POST /api/jury/assign-jury
 * (what it did) and GET /api/jury/statistics.
 */
export type { JuryAssignmentResult as AssignJuryResult, JuryPreview, JuryStatistics } from '@svp/domain';

/** POST /api/jury/assign-jury: the body, as the contract declares it. */
export type { AssignJuryBody as AssignJuryRequest } from '@svp/domain';

export type TeamLeaderJuryStats = JuryStatistics['teamLeaders'][number];
export type ScoreDistribution = TeamLeaderJuryStats['distribution'];
export type RedFlaggedApplication = JuryStatistics['redFlagged'][number];
export type JuryDisagreement = JuryStatistics['disagreements'][number];
export type ApplicationJuryStats = JuryStatistics['applications'][number];
/** How many references are in each state, and the mean of the received ones' averages. */
export type ReferenceStatistics = JuryStatistics['references'];
