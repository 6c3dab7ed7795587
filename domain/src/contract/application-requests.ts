import { PRECONFERENCE_START_TIMES } from '../options/lists.js';
import { ApplicationDataChange } from './applications.js';
import { Nullable, OneOf, type Static, type TSchema, Type } from './schema.js';

/**
 * The application's request bodies (its save, the confirmation and the decline, an organiser's search by name or email),
 * declared once like requests.ts's: the OpenAPI document describes each from its schema and each DTO is tied to it (`SameShape`).
 */

/** Left out or null: the field is not sent (null counts as absent, as on the other routes). */
const absentOrNull = <T extends TSchema>(type: T, description?: string) =>
  Type.Optional(Nullable(type, description ? { description } : undefined));

const svId = (description: string) => Type.String({ maxLength: 64, description });

/**
 * POST /api/application/save. `data` holds the answers to change (ApplicationDataChange), merged over the stored ones; the
 * server checks it field by field (its errors are keyed `data.<field>`), so its type is an object of answers here.
 */
export const SaveApplicationBody = Type.Object(
  {
    sv_id: absentOrNull(svId("The caller's own SV ID; any other is refused.")),
    data: Type.Unsafe<Record<string, unknown>>({ allOf: [ApplicationDataChange], description: 'The answers to change, and the step.' }),
    completed: absentOrNull(Type.Boolean(), 'true submits the application (refused while anything is missing or over a limit).'),
    team_leader: absentOrNull(Type.Boolean(), 'Applies as a team leader; left out keeps the stored choice.'),
    financial_aid: absentOrNull(Type.Boolean(), 'Asks for financial aid; left out keeps the stored choice.'),
    updated_at: absentOrNull(
      Type.String({ maxLength: 40 }),
      'The updated_at of the version this save was based on; a stale save is answered 409 with the current version.',
    ),
  },
  { additionalProperties: false },
);
export type SaveApplicationBody = Static<typeof SaveApplicationBody>;

const text = (maxLength: number, description?: string) =>
  Type.Optional(Type.String({ maxLength, ...(description ? { description } : {}) }));
const flag = (description?: string) => Type.Optional(Type.Boolean(description ? { description } : {}));

/**
 * POST /api/users/confirm: the confirmation form with the caller's SV ID. Every answer is optional in the body so that the
 * required ones are reported in their fixed order by the confirmation rule.
 */
export const ConfirmBody = Type.Object({
  sv_id: Type.Optional(svId("The caller's own SV ID; any other is refused.")),
  passportStatus: text(32, "'valid', 'applying', 'notNeeded' or 'none'."),
  shirtSize: text(8),
  diet: flag(),
  dietRestrictions: text(1000),
  emailConsent: flag(),
  photoConsent: flag(),
  wantsMembership: flag(),
  additionalInfo: text(2000),
  priorSv: flag(),
  preconfShifts: flag(),
  preconfStart: Type.Optional(OneOf(['friday', 'saturday'])),
  preconfStartTime: Type.Optional(
    OneOf([...PRECONFERENCE_START_TIMES], { description: "Pacific 'HH:mm', 07:00 to 19:00 on the half hour.", examples: ['12:00'] }),
  ),
  artGallery: flag(),
  labs: flag(),
  pavillion: flag(),
  inPerson: flag(),
});
export type ConfirmBody = Static<typeof ConfirmBody>;

/** POST /api/users/decline. */
export const DeclineBody = Type.Object({ sv_id: Type.Optional(svId("The caller's own SV ID; any other is refused.")) });
export type DeclineBody = Static<typeof DeclineBody>;

/** POST /api/application/search: one criterion and the text it must contain. */
export const SearchByUserBody = Type.Object({
  criterion: OneOf(['email', 'firstName', 'lastName']),
  text: Type.String({ maxLength: 200 }),
});
export type SearchByUserBody = Static<typeof SearchByUserBody>;
