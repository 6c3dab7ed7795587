import { type BuildScope, VolunteerConstraintsInput } from './builder.js';
import { Day, Id, Instant, Nullable, OneOf, type Static, type TSchema, Type } from './schema.js';
import { CatalogueName, ConferenceFacts, ResultTexts, RetentionPeriods, Timeline } from './settings.js';

/**
 * Request bodies, declared once like the answers. The OpenAPI document describes each of these bodies
 * from its schema here (backend/src/openapi/request-bodies.ts names the DTO each one describes), and
 * each backend DTO is checked at compile time to have the shape of its schema (`SameShape`), so the two
 * cannot drift. The limits the DTOs check (lengths, ranges) are written in the schemas as well, for the
 * document; the DTOs' messages say what to fix.
 */

const note = (maxLength: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength }), description ? { description } : undefined));

/** A wire id of the active status catalogue; null or 0 is pending. */
const StatusId = Nullable(Type.Integer({ minimum: 0, maximum: 8 }), {
  description:
    'A wire id of the active catalogue (null or 0 is pending). Catalogue A: 1 Accepted, 2 Confirmed, 3 Rejected, ' +
    '4 Declined, 5 Waitlisted; B: 1–8.',
});

/** POST /api/application/status/{username} and PUT /api/admin/applications/{id}. */
export const UpdateStatusBody = Type.Object({
  statusId: StatusId,
  grantTeamLeader: Type.Optional(
    Type.Boolean({ description: 'With an offer to a team-leader applicant: also grant the Team-Leader role.' }),
  ),
});
export type UpdateStatusBody = Static<typeof UpdateStatusBody>;

/** POST /api/admin/applications/status: one processing status for the applications picked in the list. */
export const BulkStatusBody = Type.Object({
  ids: Type.Array(Id(), { minItems: 1, maxItems: 500, description: 'Application ids.' }),
  statusId: StatusId,
  grantTeamLeader: Type.Optional(
    Type.Boolean({ description: 'With an offer: also grant the Team-Leader role to those who applied as team leaders.' }),
  ),
});
export type BulkStatusBody = Static<typeof BulkStatusBody>;

const shownOnly = <T extends TSchema>(schema: T, description: string) => Type.Optional(Nullable(schema, { description }));

/** One volunteer's record on one shift, as a team leader saves it. */
export const PerformanceRecordBody = Type.Object({
  id: Type.Optional(Nullable(Id(), { description: 'The record id when it exists already.' })),
  version: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'The version of the record the page was loaded with (0 when it had not been saved yet). When given, a save from an older ' +
        'version is refused with 409 STALE and the current records; left out, the save overwrites.',
    }),
  ),
  shift_id: Id(),
  student_volunteer_id: Id(),
  check_in: Type.Boolean(),
  check_out: Type.Boolean(),
  rating: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 5 }), { description: '0 (or null): not rated.' })),
  notes: note(2000),
  check_in_at: Type.Optional(
    Nullable(Instant(), {
      description:
        'A corrected check-in time. Left out or null: ticking check_in records the server time. A time other than the stored one ' +
        'needs time_note.',
    }),
  ),
  check_out_at: Type.Optional(Nullable(Instant(), { description: 'A corrected check-out time, as check_in_at.' })),
  time_note: note(500, 'Why a time is corrected; needed with a corrected time.'),
  check_in_by_name: shownOnly(Type.String({ maxLength: 500 }), 'Ignored (shown by the shift detail).'),
  check_out_by_name: shownOnly(Type.String({ maxLength: 500 }), 'Ignored (shown by the shift detail).'),
  worked_minutes: shownOnly(Type.Integer(), 'Ignored (worked minutes, computed from the times).'),
});
export type PerformanceRecordBody = Static<typeof PerformanceRecordBody>;

/** POST /api/schedule/pr: the records of one shift, saved together. */
export const SavePerformanceRecordsBody = Type.Object({
  performance_records: Type.Array(PerformanceRecordBody, { minItems: 1, maxItems: 500 }),
});
export type SavePerformanceRecordsBody = Static<typeof SavePerformanceRecordsBody>;

const PacificLocal = (example: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$',
    description: 'Pacific local time, YYYY-MM-DD HH:mm.',
    examples: [example],
  });

/** POST /api/admin/shifts. */
export const CreateShiftBody = Type.Object({
  venueId: Id(),
  startTime: PacificLocal('2025-08-10 08:00'),
  endTime: PacificLocal('2025-08-10 12:00'),
  role: Type.String({ minLength: 1, maxLength: 200 }),
  reportTo: Type.Optional(Type.String({ maxLength: 200 })),
  description: note(5000),
  special: note(2000),
  svSlots: Type.Integer({ minimum: 0, maximum: 500 }),
  swappable: Type.Optional(Type.Boolean({ default: true })),
  requires: Type.Optional(
    OneOf(['none', 'experienced', 'team-leader'], {
      default: 'none',
      description: 'Who may take it: anyone, an experienced volunteer, or a team leader.',
    }),
  ),
});
export type CreateShiftBody = Static<typeof CreateShiftBody>;

/** PUT /api/admin/shifts/{id}: the fields sent are changed, each checked as on creation. */
export const UpdateShiftBody = Type.Partial(CreateShiftBody);
export type UpdateShiftBody = Static<typeof UpdateShiftBody>;

const exceptionReason = note(
  500,
  'Why an administrator assigns them despite a schedule rule (not capacity or overlap): kept with the assignment, shown with it ' +
    'and audit-logged; ignored when no rule is broken.',
);

const assignmentNotes = {
  startBackToBack: note(500, 'What the volunteer comes from, when back to back.'),
  endBackToBack: note(500, 'Where the volunteer goes next, when back to back.'),
  accommodations: note(2000),
  pinned: Type.Optional(Type.Boolean({ default: false, description: 'Pinned: the schedule builder never moves it.' })),
  exceptionReason,
};

/** POST /api/admin/shift-assignments. */
export const CreateShiftAssignmentBody = Type.Object({
  shiftId: Id(),
  volunteerId: Id({ description: "The volunteer's user id." }),
  ...assignmentNotes,
});
export type CreateShiftAssignmentBody = Static<typeof CreateShiftAssignmentBody>;

/** PUT /api/admin/shift-assignments/{id}: the fields sent are changed (another shift or volunteer is checked like a new assignment). */
export const UpdateShiftAssignmentBody = Type.Object({
  shiftId: Type.Optional(Id()),
  volunteerId: Type.Optional(Id()),
  ...assignmentNotes,
});
export type UpdateShiftAssignmentBody = Static<typeof UpdateShiftAssignmentBody>;

/** POST /api/admin/shift-proposals/{id}/accept. */
export const AcceptProposalBody = Type.Object({ exceptionReason });
export type AcceptProposalBody = Static<typeof AcceptProposalBody>;

/** The largest seed a build takes (the same seed and data give the same schedule). */
export const MAX_BUILD_SEED = 2 ** 31 - 1;

/**
 * POST /api/admin/schedule-builds: what to build. The build keeps it as its `scope` (BuildScope): empty or
 * left-out lists become null (every day, every venue) and a seed is drawn when none is given.
 */
export const StartBuildBody = Type.Object({
  days: Type.Optional(Type.Array(Day(), { maxItems: 62, description: 'Pacific days to build; all when left out or empty.' })),
  venueIds: Type.Optional(Type.Array(Id(), { maxItems: 1000, description: 'Venues to build; all when left out or empty.' })),
  keep: OneOf(['pinned', 'all'], {
    description: 'Keep only pinned assignments (rebuild the rest) or every current one (fill around them).',
  }),
  seed: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_BUILD_SEED, description: 'The same seed and data give the same schedule.' })),
});
export type StartBuildBody = Static<typeof StartBuildBody>;

/**
 * The scope a build keeps from what was asked: an empty or left-out list of days or venues is every one (null), the days and
 * venues are kept once each in order, and a seed is drawn (`drawSeed`, 0 to MAX_BUILD_SEED) when none is given.
 */
export function buildScopeOf(request: StartBuildBody, drawSeed: () => number): BuildScope {
  return {
    days: request.days?.length ? [...new Set(request.days)].sort() : null,
    venueIds: request.venueIds?.length ? [...new Set(request.venueIds)].sort((a, b) => a - b) : null,
    keep: request.keep,
    seed: request.seed ?? drawSeed(),
  };
}

/** PUT /api/users/availability and PUT /api/admin/volunteer-constraints/{userId}. */
export const VolunteerConstraintsBody = VolunteerConstraintsInput;
export type VolunteerConstraintsBody = Static<typeof VolunteerConstraintsBody>;

/** A profile's postal address (POST /api/users/profile, `address`). */
export const AddressBody = Type.Object({
  address1: Type.Optional(Type.String({ maxLength: 200 })),
  address2: Type.Optional(Type.String({ maxLength: 200 })),
  city: Type.Optional(Type.String({ maxLength: 100 })),
  region: Type.Optional(Type.String({ maxLength: 100 })),
  country: Type.Optional(Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2.' })),
  postal_code: Type.Optional(Type.String({ maxLength: 20 })),
});
export type AddressBody = Static<typeof AddressBody>;

/** PUT /api/admin/settings: any subset of the edition settings; what is left out keeps its current value. */
export const UpdateSettingsBody = Type.Object({
  id: Type.Optional(Type.String({ description: "react-admin sends the record's id back; it changes nothing." })),
  timeline: Type.Optional(
    Type.Partial(Timeline, { description: 'Checked as ISO-8601 instants and for their order once merged with the current ones.' }),
  ),
  statusCatalogue: Type.Optional(CatalogueName),
  swapsEnabled: Type.Optional(Type.Boolean()),
  autoOfferWaitlist: Type.Optional(Type.Boolean()),
  juryReferences: Type.Optional(
    Type.Boolean({ description: "Show references to the jury: their ratings and statements, never the referees' names or emails." }),
  ),
  contactEmail: Type.Optional(Type.String({ format: 'email' })),
  mailingListUrl: Type.Optional(Type.String({ format: 'uri' })),
  programmeUrl: Type.Optional(Type.String({ format: 'uri' })),
  conference: Type.Optional(Type.Partial(ConferenceFacts)),
  resultTexts: Type.Optional(Type.Partial(ResultTexts)),
  retention: Type.Optional(Type.Partial(RetentionPeriods)),
});
export type UpdateSettingsBody = Static<typeof UpdateSettingsBody>;
