import { REFERENCE_DECLINE_REASON_MAX_LENGTH } from '../references/index.js';
import { ReferenceRatings } from './references.js';
import type { TSchemaOptions } from 'typebox';
import { type Static, Type } from './schema.js';

/**
 * The referee's request bodies (and the applicant's and an administrator's changes of referee), declared once like requests.ts's.
 * Only the types of the referee's answer are checked on the way in; what is missing or out of range is refused by the domain rule
 * (validateReferenceAnswer), in the form's own words.
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

const name = (options?: TSchemaOptions) => Type.String({ maxLength: 200, ...options });
const email = Type.String({ maxLength: 254, examples: ['grace@example.edu'] });

/** PUT /api/users/references/{slot}: another referee for one who could not be reached (the names and email are trimmed). */
export const ReplaceRefereeBody = Type.Object({
  referenceType: Type.String({ maxLength: 64, examples: ['professor'] }),
  firstName: name({ examples: ['Grace'] }),
  lastName: name({ examples: ['Hopper'] }),
  email,
});
export type ReplaceRefereeBody = Static<typeof ReplaceRefereeBody>;

/** PUT /api/admin/references/{id}: an administrator corrects the referee (the request is sent again only with `resend`). */
export const CorrectRefereeBody = Type.Object({
  id: Type.Optional(Type.Union([Type.String(), Type.Integer()], { description: "react-admin sends the record's id back; ignored." })),
  firstName: Type.Optional(name({ examples: ['Grace'] })),
  lastName: Type.Optional(name({ examples: ['Hopper'] })),
  email: Type.Optional(email),
});
export type CorrectRefereeBody = Static<typeof CorrectRefereeBody>;

/** POST /api/references/bounces: a bounce reported by the mail system. */
export const BounceBody = Type.Object({
  recipient: Type.String({ maxLength: 254, examples: ['grace@example.edu'], description: 'The address that bounced.' }),
  reason: Type.Optional(Type.String({ maxLength: 1000, examples: ['550 5.1.1 User unknown'] })),
});
export type BounceBody = Static<typeof BounceBody>;
