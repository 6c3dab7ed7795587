import { VENUE_PREFERENCES } from '../options/lists.js';
import { RECORD_ACTION_KINDS, RECORD_ACTIONS_PER_SYNC } from '../records/offline.js';
import { RATING_MAX } from '../schedule/venues.js';
import { Instant, Nullable, OneOf, type Static, Type } from './schema.js';

/**
 * The schedule's other request bodies (venues, a team leader's phone's record actions, the schedule import, a proposal for a
 * free place), declared once like requests.ts's: the OpenAPI document describes each from its schema and each DTO is tied to
 * it (`SameShape`).
 */

const venueFields = {
  location: Type.Optional(Nullable(Type.String({ maxLength: 300 }), { description: 'null (a cleared input) is saved as empty.' })),
  teamLeaderIds: Type.Optional(
    Type.Array(Type.Integer(), { maxItems: 100, description: 'Users with the Team-Leader role in charge of this venue.' }),
  ),
  preference: Type.Optional(
    OneOf(
      VENUE_PREFERENCES.map((p) => p.value),
      { default: 'none', description: 'The volunteer preference this venue satisfies.' },
    ),
  ),
};

/** POST /api/admin/venues (the name and location are trimmed). */
export const CreateVenueBody = Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }), ...venueFields });
export type CreateVenueBody = Static<typeof CreateVenueBody>;

/** PUT /api/admin/venues/{id}: the fields sent are changed; null is refused but for the location. */
export const UpdateVenueBody = Type.Object({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })), ...venueFields });
export type UpdateVenueBody = Static<typeof UpdateVenueBody>;

/** One tap a team leader's phone kept: check a volunteer in or out, rate them, or note something. */
export const RecordActionBody = Type.Object({
  key: Type.String({
    minLength: 8,
    maxLength: 64,
    pattern: '^[A-Za-z0-9_-]{8,64}$',
    description: 'Made by the phone, once per action (a UUID): the same key is judged once.',
  }),
  kind: OneOf(RECORD_ACTION_KINDS),
  shift_id: Type.Integer(),
  student_volunteer_id: Type.Integer(),
  tapped_at: Instant({
    maxLength: 40,
    description: "When the team leader tapped, by the phone's clock (set from the portal's when it last answered).",
  }),
  base_version: Type.Integer({
    minimum: 0,
    description:
      "The version of the volunteer's record the phone had when the team leader tapped (0: none saved). A record saved since by " +
      'someone else makes the action a conflict; the same author’s earlier actions do not.',
  }),
  rating: Type.Optional(Type.Integer({ minimum: 0, maximum: RATING_MAX, description: "kind 'rating': 0 clears the rating." })),
  notes: Type.Optional(Type.String({ maxLength: 2000, description: "kind 'note': the notes as they should read." })),
  code: Type.Optional(Nullable(Type.String({ maxLength: 200 }), { description: "kind 'check-in' by a scanned code: the code as read." })),
});
export type RecordActionBody = Static<typeof RecordActionBody>;

/** POST /api/schedule/pr/sync: the actions a phone kept, oldest first. */
export const SyncRecordActionsBody = Type.Object({
  sent_at: Instant({
    maxLength: 40,
    description: 'When the phone sent them, by its clock: the server refuses a phone whose clock is too far off.',
  }),
  actions: Type.Array(RecordActionBody, { minItems: 1, maxItems: RECORD_ACTIONS_PER_SYNC }),
});
export type SyncRecordActionsBody = Static<typeof SyncRecordActionsBody>;

/** POST /api/admin/schedule-import/{shifts|assignments}: the CSV file as text (a file too large is refused with 413). */
export const ScheduleImportBody = Type.Object({
  csv: Type.String({
    minLength: 1,
    description: 'The CSV text, header first.',
    examples: ['venue,day,start,end,role,sv_slots\nRoom 1,2026-08-10,08:00,12:00,Greeter,2'],
  }),
});
export type ScheduleImportBody = Static<typeof ScheduleImportBody>;

/** POST /api/schedule/shift/{id}/proposals: a team leader proposes a volunteer for a free place. */
export const ProposeBody = Type.Object({ volunteerId: Type.Integer({ description: "The volunteer's user id." }) });
export type ProposeBody = Static<typeof ProposeBody>;
