import { Count, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

/** POST /api/jury/assign-jury. */
export const JuryAssignmentResult = Type.Object(
  {
    durationMs: Type.Number(),
    TLsPerApp: Count({ description: 'Team leaders per application.' }),
    reset: Type.Boolean({ description: 'Whether the scores given were removed.' }),
    seed: Type.Integer(),
    avoidSameSchool: Type.Boolean(),
    teamLeaders: Count(),
    applications: Count(),
    assigned: Count(),
    added: Count(),
    keptScores: Count(),
    removedScores: Count(),
    appsPerTeamLeader: Type.Object({ min: Count(), max: Count() }),
    balanced: Type.Boolean(),
    sameSchool: Count({ description: 'Pairs of a team leader and an application of their own school, where unavoidable.' }),
    message: Type.String(),
  },
  { description: 'The assignment made, with its counts.' },
);
export type JuryAssignmentResult = Static<typeof JuryAssignmentResult>;

/** GET /api/jury/preview. */
export const JuryPreview = Type.Object({
  TLsPerApp: Count(),
  teamLeaders: Count(),
  completed: Count(),
  applications: Count(),
  appsPerTeamLeader: Count(),
  maxAppsPerTeamLeader: Count(),
  scores: Count(),
  message: Type.String({ description: "'This will assign {n} apps per TL.'" }),
  problem: Nullable(Type.String(), { description: 'Why the assignment cannot be made now, if it cannot.' }),
});
export type JuryPreview = Static<typeof JuryPreview>;

export const EssaySpread = Type.Object({
  essay: OneOf(['essay1', 'essay2', 'essay3']),
  min: Type.Number(),
  max: Type.Number(),
  spread: Type.Number(),
});

/** GET /api/jury/statistics. */
export const JuryStatistics = Type.Object({
  overall: Type.Object({ teamLeaders: Count(), applications: Count(), assigned: Count(), scored: Count() }),
  teamLeaders: Type.Array(
    Type.Object({
      id: Id(),
      name: Type.String(),
      email: Type.String(),
      isTeamLeader: Type.Boolean(),
      assigned: Count(),
      scored: Count(),
      lastActivity: Nullable(Instant()),
      distribution: Type.Object(
        { 1: Count(), 2: Count(), 3: Count(), 4: Count(), 5: Count() },
        { description: 'How many overall scores of each value the team leader gave.' },
      ),
    }),
  ),
  redFlagged: Type.Array(
    Type.Object({
      studentVolunteerId: Nullable(Type.Integer()),
      applicationId: Id(),
      count: Count(),
      teamLeaderIds: Type.Array(Type.Integer()),
    }),
  ),
  disagreements: Type.Array(
    Type.Object({ studentVolunteerId: Nullable(Type.Integer()), applicationId: Id(), essays: Type.Array(EssaySpread) }),
  ),
  references: Type.Object({
    requested: Count(),
    received: Count(),
    declined: Count(),
    notReachable: Count(),
    withdrawn: Count(),
    averageRating: Nullable(Type.Number()),
  }),
  applications: Type.Array(
    Type.Object({
      applicationId: Id(),
      studentVolunteerId: Nullable(Type.Integer()),
      assigned: Count(),
      scored: Count(),
      rawAverage: Nullable(Type.Number()),
      calibratedAverage: Nullable(Type.Number()),
    }),
  ),
});
export type JuryStatistics = Static<typeof JuryStatistics>;

const score = Nullable(Type.Number());

/** One application assigned to the team leader: the five values are null until scored. */
export const JuryItem = Type.Object({
  student_volunteer_id: Type.String({ description: "The item's opaque id, never the applicant's user id (docs/api.md)." }),
  score_id: Nullable(Id()),
  essay1: score,
  essay2: score,
  essay3: score,
  overall: score,
  red_flag: score,
});
export type JuryItem = Static<typeof JuryItem>;

/** GET /api/jury/tl-assignments/{tlProfileId}. */
export const JuryAssignments = Type.Object({ assignments: Type.Array(JuryItem), assigned: Count(), scored: Count() });
export type JuryAssignments = Static<typeof JuryAssignments>;

export const JuryScore = Type.Object(
  {
    score_id: Id(),
    tl_id: Id(),
    sv_id: Type.String({ description: "The item's opaque id." }),
    student_volunteer_id: Type.String({ description: "The item's opaque id again." }),
    essay1: Type.Number(),
    essay2: Type.Number(),
    essay3: Type.Number(),
    overall: Type.Number(),
    red_flag: Type.Number(),
    updated_at: Instant(),
  },
  { description: 'A score as stored.' },
);
export type JuryScore = Static<typeof JuryScore>;

/** POST /api/jury/score and /api/jury/score/{scoreId}. */
export const JuryScoreSaved = Type.Object({ message: Type.String(), score: JuryScore });
export type JuryScoreSaved = Static<typeof JuryScoreSaved>;
