import { REFERENCE_STATES } from '../references/states.js';
import { Count, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

export const ReferenceRating = Nullable(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4), Type.Literal(5)]), {
  description: "1 (poor) to 5 (excellent); null is 'cannot judge'.",
});

export const ReferenceRatings = Type.Object({
  reliability: ReferenceRating,
  teamwork: ReferenceRating,
  communication: ReferenceRating,
  initiative: ReferenceRating,
});
export type ReferenceRatings = Static<typeof ReferenceRatings>;

export const ReferenceAnswer = Type.Object(
  {
    relationship: Type.String({ description: 'How the referee knows the applicant (a reference type of the option list).' }),
    knownFor: Type.String({ description: 'How long they have known the applicant (a code of REFERENCE_KNOWN_FOR).' }),
    ratings: ReferenceRatings,
    statement: Type.String({ description: 'At most 300 words.' }),
  },
  { description: "A referee's answer." },
);
export type ReferenceAnswer = Static<typeof ReferenceAnswer>;

export const ReferenceState = OneOf(REFERENCE_STATES);
export type ReferenceState = Static<typeof ReferenceState>;

const Name = Type.Object({ firstName: Type.String(), lastName: Type.String() });

/** GET and PUT /api/referee/{token}. */
export const RefereeForm = Type.Object(
  {
    applicant: Name,
    programme: Type.String(),
    referee: Name,
    referenceType: Type.String(),
    closesAt: Instant({ description: 'Until when the answer can be given or corrected.' }),
    state: OneOf(['requested', 'received']),
    answer: Nullable(
      Type.Object({
        relationship: Nullable(Type.String()),
        knownFor: Nullable(Type.String()),
        ratings: Nullable(ReferenceRatings),
        statement: Nullable(Type.String()),
      }),
      { description: 'The answer given, once received.' },
    ),
    answeredAt: Nullable(Instant()),
  },
  { description: "What the referee's form shows, and their answer once given." },
);
export type RefereeForm = Static<typeof RefereeForm>;

/** POST /api/referee/{token}/decline. */
export const RefereeDeclined = Type.Object({ state: Type.Literal('declined') });
export type RefereeDeclined = Static<typeof RefereeDeclined>;

export const UserReference = Type.Object(
  {
    slot: Type.Integer({ minimum: 1, maximum: 2 }),
    referenceType: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    email: Type.String(),
    state: Nullable(ReferenceState, { description: 'null before the request job has run.' }),
    stateLabel: Type.String(),
    requestedAt: Nullable(Instant()),
    answeredAt: Nullable(Instant()),
    canReplace: Type.Boolean({ description: 'Not reachable, and references have not closed: another referee may be named.' }),
  },
  { description: "One referee of the applicant's own application: who and where it stands, never what they wrote." },
);
export type UserReference = Static<typeof UserReference>;

/** GET /api/users/references and PUT /api/users/references/{slot}. */
export const UserReferences = Type.Object({
  closesAt: Instant(),
  requestsFrom: Instant({ description: 'When the requests go out (the application deadline).' }),
  references: Type.Array(UserReference, { description: 'Nothing for an application not submitted.' }),
});
export type UserReferences = Static<typeof UserReferences>;

/** POST /api/references/bounces. */
export const BouncesMarked = Type.Object({ marked: Count({ description: 'References marked not reachable.' }) });
export type BouncesMarked = Static<typeof BouncesMarked>;

/** A record of the admin panel's `references` resource. */
export const AdminReference = Type.Object({
  id: Id(),
  applicationId: Id(),
  slot: Type.Integer({ minimum: 1, maximum: 2 }),
  referenceType: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  state: ReferenceState,
  requestNo: Count({ description: 'How many links were drawn for it.' }),
  requestedAt: Nullable(Instant()),
  answeredAt: Nullable(Instant()),
  relationship: Nullable(Type.String()),
  knownFor: Nullable(Type.String()),
  ratings: Nullable(ReferenceRatings),
  averageRating: Nullable(Type.Number()),
  statement: Nullable(Type.String()),
  declineReason: Nullable(Type.String()),
  unreachableReason: Nullable(Type.String()),
  withdrawnAt: Nullable(Instant()),
  mails: Type.Array(
    Type.Object({
      kind: Type.String(),
      status: OneOf(['pending', 'sending', 'sent', 'failed', 'cancelled']),
      recipient: Type.String(),
      sentAt: Nullable(Instant()),
      lastError: Nullable(Type.String()),
    }),
  ),
});
export type AdminReference = Static<typeof AdminReference>;
