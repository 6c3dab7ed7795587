import { ErrorCode } from './error-codes.js';
import { ScheduleException, ScheduleRuleName } from './builder.js';
import { Count, Day, FieldErrors, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

const PacificTime = (description = "Pacific local 'YYYY-MM-DD HH:mm'.") => Type.String({ description });

/** A team leader as a shift or a venue names them. */
export const TeamLeaderName = Type.Object({ id: Id(), name: Type.String() });

export const VenueView = Type.Object(
  { id: Id(), name: Type.String(), location: Type.String(), teamLeaders: Type.Array(TeamLeaderName) },
  { description: 'A venue with its team leaders.' },
);
export type VenueView = Static<typeof VenueView>;

/** A shift of the applicant app's schedule calls. */
export const ScheduleShift = Type.Object(
  {
    id: Id(),
    day: Day({ description: 'The Pacific day it starts on.' }),
    start_time: PacificTime(),
    end_time: PacificTime(),
    starts_at: Instant(),
    ends_at: Instant(),
    role: Type.String(),
    report_to: Type.String(),
    description: Type.String(),
    special: Type.String(),
    sv_slots: Count({ description: 'Places for volunteers.' }),
    swappable: Type.Boolean(),
    venue: VenueView,
  },
  { description: 'A shift: `start_time`/`end_time` Pacific local, `starts_at`/`ends_at` UTC instants.' },
);
export type ScheduleShift = Static<typeof ScheduleShift>;

/** A shift of a venue the team leader leads, with how many volunteers are assigned to it, and whether the team leader works it. */
export const TeamLeaderShift = Type.Interface([ScheduleShift], {
  assigned: Count(),
  mine: Type.Boolean({ description: 'The team leader holds a place on it: they work this shift.' }),
});
export type TeamLeaderShift = Static<typeof TeamLeaderShift>;

/** GET /api/schedule/{id}: the volunteer's own shifts in start order, with the server's now. */
export const VolunteerSchedule = Type.Object({
  now: Instant(),
  shifts: Type.Array(ScheduleShift),
  next_shifts: Type.Array(ScheduleShift),
  current_shifts: Type.Array(ScheduleShift),
  hours: Type.Number({ description: 'Hours of the work shifts listed.' }),
});
export type VolunteerSchedule = Static<typeof VolunteerSchedule>;

/**
 * GET /api/schedule/tl/{id}: the venues the team leader leads and their shifts (`next_shifts`,
 * `current_shifts`: of those venues), and the shifts the team leader works themselves, wherever they are.
 */
export const TeamLeaderSchedule = Type.Object({
  now: Instant(),
  venues: Type.Array(VenueView),
  shifts: Type.Array(TeamLeaderShift),
  next_shifts: Type.Array(TeamLeaderShift),
  current_shifts: Type.Array(TeamLeaderShift),
  my_shifts: Type.Array(ScheduleShift, { description: 'Every shift the team leader holds, at their venues or elsewhere, in start order.' }),
  my_next_shifts: Type.Array(ScheduleShift, { description: 'The next of the shifts they hold.' }),
  hours: Type.Number({ description: 'Hours of the work shifts they hold.' }),
});
export type TeamLeaderSchedule = Static<typeof TeamLeaderSchedule>;

const recordCore = {
  shift_id: Id(),
  student_volunteer_id: Id({ description: "The volunteer's user id." }),
  check_in: Type.Boolean(),
  check_out: Type.Boolean(),
  rating: Type.Integer({ minimum: 0, maximum: 5, description: '0: not rated.' }),
  notes: Type.String(),
  version: Count({ description: 'The version read (0: not saved yet); a save from an older one is refused with 409 STALE.' }),
  check_in_at: Nullable(Instant()),
  check_in_by_name: Nullable(Type.String()),
  check_out_at: Nullable(Instant()),
  check_out_by_name: Nullable(Type.String()),
  time_note: Type.String({ description: "Why the times were last corrected ('': never)." }),
  worked_minutes: Nullable(Type.Number(), {
    description: 'Check-out minus check-in in real elapsed minutes, counted only up to now; null until both times exist.',
  }),
};

/** One volunteer's record on one shift as the shift detail reads it; `id` is null until first saved. */
export const StoredPerformanceRecord = Type.Object({
  id: Nullable(Id()),
  ...recordCore,
  updated_at: Nullable(Instant(), { description: 'When it was last saved (null: never).' }),
});
export type StoredPerformanceRecord = Static<typeof StoredPerformanceRecord>;

export const ShiftVolunteer = Type.Object({
  id: Id(),
  username: Type.String(),
  given_name: Type.String(),
  family_name: Type.String(),
  nickname: Type.String(),
  sv_id: Type.String(),
  start_back_to_back: Type.String(),
  end_back_to_back: Type.String(),
  accommodations: Type.String(),
  exception: Nullable(Type.Object({ rules: Type.Array(ScheduleRuleName), reason: Type.String() }), {
    description: "On this shift through an organiser's exception to the schedule rules, and why; null otherwise.",
  }),
  performance_record: StoredPerformanceRecord,
});
export type ShiftVolunteer = Static<typeof ShiftVolunteer>;

/** GET /api/schedule/shift/{id}. */
export const ShiftDetail = Type.Object({
  shift: Type.Interface([TeamLeaderShift], { studentVolunteers: Type.Array(ShiftVolunteer) }),
});
export type ShiftDetail = Static<typeof ShiftDetail>;

/** A performance record as stored. */
export const PerformanceRecordAsStored = Type.Object({ id: Id(), ...recordCore, updated_at: Instant(), updated_by: Nullable(Id()) });
export type PerformanceRecordAsStored = Static<typeof PerformanceRecordAsStored>;

/** Why POST /api/schedule/pr did not save one row: a row is checked and saved on its own. */
export const RefusedPerformanceRecord = Type.Object({
  index: Count({ description: "The row's place in `performance_records` as sent (from 0)." }),
  student_volunteer_id: Type.Integer({ description: 'As sent.' }),
  code: OneOf([ErrorCode.ValidationFailed, ErrorCode.TooEarlyToCheckIn, ErrorCode.Stale, ErrorCode.ConcurrentSave], {
    description:
      'VALIDATION_FAILED: a field to fix; TOO_EARLY_TO_CHECK_IN: check-in has not opened; STALE: saved by someone else since ' +
      'the version sent; CONCURRENT_SAVE: created by someone else at the same moment.',
  }),
  message: Type.String({ description: "The row's problems in one sentence or a few." }),
  errors: FieldErrors,
  record: Nullable(PerformanceRecordAsStored, {
    description: 'The record as it is stored now, untouched by this save; null: none stored.',
  }),
});
export type RefusedPerformanceRecord = Static<typeof RefusedPerformanceRecord>;

/**
 * POST /api/schedule/pr when at least one row was saved: the rows saved, as stored, and the rows refused
 * with their reasons (the same `refused` comes with the 400/409 of a save that kept nothing).
 */
export const SavedPerformanceRecords = Type.Object({
  message: Type.String({ description: "'Performance records saved' when every row was; otherwise how many were and which were not." }),
  saved: Count({ description: 'How many rows were saved.' }),
  performance_records: Type.Array(PerformanceRecordAsStored, { description: 'The rows saved, as stored, in the order sent.' }),
  refused: Type.Array(RefusedPerformanceRecord, { description: 'The rows not saved, in the order sent; empty when every row was.' }),
});
export type SavedPerformanceRecords = Static<typeof SavedPerformanceRecords>;

export const BoardVolunteer = Type.Object({
  id: Id(),
  name: Type.String(),
  svid: Type.String(),
  checkedInAt: Nullable(Instant(), { description: 'A record ticked before times were kept is checked in without a time.' }),
  checkedOutAt: Nullable(Instant()),
  late: Type.Boolean({ description: 'No check-in and the shift has started.' }),
});
export type BoardVolunteer = Static<typeof BoardVolunteer>;

export const BoardShift = Type.Object(
  {
    id: Id(),
    venueId: Id(),
    venueName: Type.String(),
    role: Type.String(),
    startTime: PacificTime(),
    endTime: PacificTime(),
    startsAt: Instant(),
    endsAt: Instant(),
    phase: OneOf(['in-progress', 'starting-soon']),
    slots: Count(),
    assigned: Count(),
    checkedIn: Count(),
    volunteers: Type.Array(BoardVolunteer),
  },
  { description: 'A shift on the live board: under way now, or starting within the hour.' },
);
export type BoardShift = Static<typeof BoardShift>;

/** GET /api/schedule/board: the shifts by start, then venue. */
export const LiveBoard = Type.Object({ now: Instant(), shifts: Type.Array(BoardShift) });
export type LiveBoard = Static<typeof LiveBoard>;

export const RosterVolunteer = Type.Object({
  id: Id(),
  name: Type.String(),
  svid: Type.String(),
  phoneNumber: Nullable(Type.String(), { description: 'From the profile; null when the volunteer has not given one.' }),
});
export type RosterVolunteer = Static<typeof RosterVolunteer>;

export const RosterShift = Type.Object({
  id: Id(),
  role: Type.String(),
  reportTo: Type.String(),
  description: Type.String(),
  startTime: PacificTime(),
  endTime: PacificTime(),
  startsAt: Instant(),
  endsAt: Instant(),
  slots: Count(),
  volunteers: Type.Array(RosterVolunteer),
});
export type RosterShift = Static<typeof RosterShift>;

/** GET /api/schedule/roster: every shift of a venue starting on a Pacific day, with its volunteers. */
export const VenueDayRoster = Type.Object({ venue: VenueView, day: Day(), shifts: Type.Array(RosterShift) });
export type VenueDayRoster = Static<typeof VenueDayRoster>;

/** POST /api/schedule/{id}/calendar-feed: a new personal calendar link (any earlier one stops working). */
export const CalendarFeedLink = Type.Object({
  url: Type.String({ description: 'The https link to the .ics feed.' }),
  webcal_url: Type.String({ description: 'The same link as webcal://, which calendar apps subscribe to.' }),
  created_at: Instant(),
});
export type CalendarFeedLink = Static<typeof CalendarFeedLink>;

/** GET /api/schedule/{id}/calendar-feed: whether the caller has a working calendar link (never the link itself). */
export const CalendarFeedStatus = Type.Object({
  active: Type.Boolean(),
  created_at: Nullable(Instant()),
  last_used_at: Nullable(Instant()),
});
export type CalendarFeedStatus = Static<typeof CalendarFeedStatus>;

/** DELETE /api/schedule/{id}/calendar-feed. */
export const CalendarFeedRevoked = Type.Interface([CalendarFeedStatus], { message: Type.String() });
export type CalendarFeedRevoked = Static<typeof CalendarFeedRevoked>;

/** A record of the admin panel's `venues` resource. */
export const AdminVenue = Type.Object({
  id: Id(),
  editionId: Id(),
  name: Type.String(),
  location: Type.String(),
  preference: Type.String({ description: "The volunteer preference the venue satisfies (a VENUE_PREFERENCES value, 'none' for none)." }),
  teamLeaderIds: Type.Array(Id()),
  createdAt: Instant(),
  updatedAt: Instant(),
});
export type AdminVenue = Static<typeof AdminVenue>;

/** A record of the admin panel's `shifts` resource. */
export const AdminShift = Type.Object({
  id: Id(),
  editionId: Id(),
  venueId: Id(),
  day: Day(),
  startTime: PacificTime(),
  endTime: PacificTime(),
  startsAt: Instant(),
  endsAt: Instant(),
  role: Type.String(),
  reportTo: Type.String(),
  description: Type.String(),
  special: Type.String(),
  svSlots: Count(),
  swappable: Type.Boolean(),
  requires: OneOf(['none', 'experienced', 'team-leader']),
  assigned: Count(),
  createdAt: Instant(),
  updatedAt: Instant(),
});
export type AdminShift = Static<typeof AdminShift>;

/** A record of the admin panel's `shift-assignments` resource. */
export const AdminShiftAssignment = Type.Object({
  id: Id(),
  shiftId: Id(),
  volunteerId: Id(),
  volunteerName: Nullable(Type.String()),
  svid: Nullable(Type.String()),
  startBackToBack: Type.String(),
  endBackToBack: Type.String(),
  accommodations: Type.String(),
  pinned: Type.Boolean({ description: 'Never moved by the schedule builder.' }),
  exception: Nullable(ScheduleException, { description: 'Made despite a rule, with a reason: every build keeps it.' }),
  createdAt: Instant(),
  updatedAt: Instant(),
});
export type AdminShiftAssignment = Static<typeof AdminShiftAssignment>;

export const ImportRowError = Type.Object({
  row: Type.Integer({ description: "The row's line in the file (the header is row 1)." }),
  field: Type.Optional(Type.String()),
  message: Type.String(),
});
export type ImportRowError = Static<typeof ImportRowError>;

/** POST /api/admin/schedule-import/{shifts|assignments}: checked whole, imported all or none. */
export const ImportResult = Type.Object({
  dryRun: Type.Boolean(),
  rows: Count(),
  valid: Count(),
  errors: Type.Array(ImportRowError),
  created: Count(),
});
export type ImportResult = Static<typeof ImportResult>;
