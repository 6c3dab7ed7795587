import { ESSAY_SCORE_MAX, ESSAY_SCORE_MIN } from '../jury/scores.js';
import { type Static, Type } from './schema.js';

/** The jury's request bodies, declared once like requests.ts's (each DTO tied to its schema with `SameShape`). */

const essay = Type.Integer({ minimum: ESSAY_SCORE_MIN, maximum: ESSAY_SCORE_MAX });

/** POST /api/jury/score and /api/jury/score/{scoreId}: all five values are required. */
export const ScoreBody = Type.Object({
  tl_id: Type.Integer({ description: "The team leader's profile id (the caller's own)." }),
  sv_id: Type.String({
    maxLength: 64,
    description: 'The student_volunteer_id of the jury item: its opaque id, not a user id (a number is read as its text).',
  }),
  essay1: essay,
  essay2: essay,
  essay3: essay,
  overall: Type.Integer({ minimum: 0, maximum: 1, description: 'Yes = 1, No = 0.' }),
  red_flag: Type.Integer({ minimum: 0, maximum: 1, description: 'No = 0, Yes = 1.' }),
});
export type ScoreBody = Static<typeof ScoreBody>;

/** POST /api/jury/assign-jury. */
export const AssignJuryBody = Type.Object({
  TLsPerApp: Type.Integer({ minimum: 1, maximum: 50, description: 'Team leaders per application.' }),
  reset: Type.Optional(
    Type.Boolean({ description: 'Also remove every score given (default: keep them and the assignments they belong to).' }),
  ),
  seed: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 4294967295,
      description: 'Seed of the shuffle; the same seed and pool give the same assignment (default: a random one, reported back).',
    }),
  ),
  avoidSameSchool: Type.Optional(
    Type.Boolean({ description: 'Avoid pairing a team leader with an application from their own school when possible (default true).' }),
  ),
});
export type AssignJuryBody = Static<typeof AssignJuryBody>;
