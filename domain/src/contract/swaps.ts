import { Count, Day, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';
import { ScheduleShift } from './schedule.js';

/** A volunteer as a swap request or a day's shift names them (names only). */
export const SwapPerson = Type.Object({
  id: Id(),
  username: Type.String(),
  given_name: Type.String(),
  family_name: Type.String(),
  sv_id: Type.String(),
});
export type SwapPerson = Static<typeof SwapPerson>;

export const SwapClosedReason = OneOf(['accepted', 'declined', 'deleted', 'cancelled', 'superseded'], {
  description: 'Why a swap request was closed.',
});
export type SwapClosedReason = Static<typeof SwapClosedReason>;

export const SwapRequest = Type.Object(
  {
    id: Id(),
    kind: OneOf(['open', 'directed']),
    status: Nullable(Type.Boolean(), { description: 'null: open; true: accepted; false: closed for `closed_reason`.' }),
    accepted: Type.Boolean(),
    closed_reason: Nullable(SwapClosedReason),
    shift: ScheduleShift,
    swapped_shift: Nullable(ScheduleShift, {
      description: 'Directed: the shift asked for; open: null until accepted, then the shift given.',
    }),
    sv: SwapPerson,
    swapped_sv: Nullable(SwapPerson, { description: 'Directed: the volunteer asked; open: null until accepted, then the acceptor.' }),
    created_at: Instant(),
    closed_at: Nullable(Instant()),
  },
  { description: "A shift swap request: `shift` is the creator's, offered." },
);
export type SwapRequest = Static<typeof SwapRequest>;

/** Another volunteer's open request, with the ids of the caller's shifts that could be given for it. */
export const OpenSwapRequest = Type.Interface([SwapRequest], { my_shift_options: Type.Array(Id()) });
export type OpenSwapRequest = Static<typeof OpenSwapRequest>;

/** GET /api/schedule/swap/{username}. */
export const SwapRequests = Type.Object({
  created_requests: Type.Array(SwapRequest),
  assigned_requests: Type.Array(SwapRequest),
  shift_requests: Type.Array(SwapRequest, { description: "Open requests involving one of the caller's shifts, on either side." }),
  open_requests: Type.Array(OpenSwapRequest),
});
export type SwapRequests = Static<typeof SwapRequests>;

/** The answer of accepting, declining or deleting a swap request. */
export const SwapRequestClosed = Type.Object({ request: SwapRequest });
export type SwapRequestClosed = Static<typeof SwapRequestClosed>;

/** A volunteer holding a shift of the day, with the caller's shifts they could be given for it by the swap rules of both schedules. */
export const DayShiftHolder = Type.Interface([SwapPerson], { my_shift_options: Type.Array(Id()) });
export type DayShiftHolder = Static<typeof DayShiftHolder>;

/** A shift of GET /api/schedule/shifts/{day}, with its free places and the volunteers holding it. */
export const DayShift = Type.Interface([ScheduleShift], { assigned: Count(), studentVolunteers: Type.Array(DayShiftHolder) });
export type DayShift = Static<typeof DayShift>;

/** GET /api/schedule/shifts/{day}. */
export const DayShifts = Type.Object({ day: Day(), shifts: Type.Array(DayShift) });
export type DayShifts = Static<typeof DayShifts>;
