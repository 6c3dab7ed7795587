import { REFERENCE_DECLINE_REASON_MAX_LENGTH } from '../references/index.js';
import { ReferenceRatings } from './references.js';
import { type Static, Type } from './schema.js';

/**
 * The referee's request bodies, declared once like requests.ts's. Only the types are checked on the way in; what is missing or
 * out of range is refused by the domain rule (validateReferenceAnswer), in the form's own words.
 */

/** PUT /api/referee/{token}: the referee's answer, first or corrected. */
export const ReferenceAnswerBody = Type.Object({
  relationship: Type.Optional(
    Type.String({ maxLength: 64, examples: ['professor'], description: 'How the referee knows the applicant (REFERENCE_RELATIONSHIPS).' }),
  ),
  knownFor: Type.Optional(
    Type.String({
      maxLength: 64,
      examples: ['1-2-years'],
      description: 'How long the referee has known the applicant (REFERENCE_KNOWN_FOR).',
    }),
  ),
  ratings: Type.Optional(
    Type.Partial(ReferenceRatings, {
      description: 'Each of reliability, teamwork, communication and initiative: 1 to 5, or null for "Cannot judge"; all four are needed.',
      examples: [{ reliability: 5, teamwork: 4, communication: null, initiative: 4 }],
    }),
  ),
  statement: Type.Optional(Type.String({ maxLength: 10_000, description: 'At most 300 words.' })),
});
export type ReferenceAnswerBody = Static<typeof ReferenceAnswerBody>;

/** POST /api/referee/{token}/decline. */
export const DeclineReferenceBody = Type.Object({
  reason: Type.Optional(Type.String({ maxLength: REFERENCE_DECLINE_REASON_MAX_LENGTH })),
});
export type DeclineReferenceBody = Static<typeof DeclineReferenceBody>;
