import type {
  DayShift,
  DayShiftHolder,
  DayShifts,
  OpenSwapRequest,
  PublicSettings,
  ScheduleShift,
  SwapPerson,
  SwapRequest,
  SwapRequests,
  VolunteerSchedule,
} from '../../api/types';
import { VENUES, releasedSettings, shift, volunteerSchedule, volunteerShifts } from '../schedule/scheduleFixtures';

// Test data shared by the swap tests (not loaded by the app). The clock is the schedule tests' NOW:
// 8:30 on Saturday 9 August 2025, Pacific time. The volunteer is Ana Lopez (user 7, SV ID ABCD2345).

export const swapSettings = (): PublicSettings => ({ ...releasedSettings(), swapsEnabled: true });

export function person(id: number, given: string, family: string): SwapPerson {
  return { id, username: `u-${id}`, given_name: given, family_name: family, sv_id: `SV${id}` };
}

export const ANA = person(7, 'Ana', 'Lopez');
export const PEOPLE = {
  ben: person(8, 'Ben', 'Okafor'),
  cleo: person(9, 'Cleo', 'Ng'),
  dan: person(10, 'Dan', 'Berg'),
  eve: person(11, 'Eve', 'Stone'),
  finn: person(12, 'Finn', 'Walsh'),
  gail: person(13, 'Gail', 'Moss'),
  hugo: person(14, 'Hugo', 'Perez'),
  ivy: person(15, 'Ivy', 'Chen'),
};

/** Ana's shifts: the schedule tests' five (Friday is over; Saturday 9:00 Door Monitor, shift 14, is next), a Sunday and a Monday shift. */
export function myShifts(): ScheduleShift[] {
  return [
    ...volunteerShifts(),
    shift(17, '2025-08-10 09:00', '2025-08-10 13:00', 'Runner', VENUES.registration),
    shift(18, '2025-08-11 14:00', '2025-08-11 18:00', 'Badge Check', VENUES.registration),
  ];
}

export const mySchedule = (): VolunteerSchedule => volunteerSchedule({ shifts: myShifts() });

export const myShift = (id: number): ScheduleShift => myShifts().find((s) => s.id === id)!;

/** A holder of a day's shift, with the shifts of Ana's the server says she could give them for it. */
const holder = (person: SwapPerson, myShiftOptions: number[]): DayShiftHolder => ({ ...person, my_shift_options: myShiftOptions });

const dayShift = (base: ScheduleShift, holders: DayShiftHolder[]): DayShift => ({
  ...base,
  assigned: holders.length,
  studentVolunteers: holders,
});

/**
 * Monday 11 August, with the server's my_shift_options for Ana (she can give 14, 17 or 18; her
 * Friday shifts have started and 15 is the Chapters Lunch). For shift 14 she could take the Greeter
 * from Ben, the Usher from Cleo (not from Dan, who works on Saturday morning and would be
 * double-booked), and the Demo Helper from Eve, whom she has asked for it in exchange for shift 17.
 * Not for 14: the Coat Check (Gail would be double-booked), a shift not swappable, one nobody holds,
 * one overlapping her Monday shift 18 unless she gives 18, and 18 itself.
 */
export function mondayShifts(): DayShifts {
  return {
    day: '2025-08-11',
    shifts: [
      dayShift(shift(37, '2025-08-11 08:00', '2025-08-11 09:00', 'Coat Check', VENUES.registration), [holder(PEOPLE.gail, [18])]),
      dayShift(shift(31, '2025-08-11 08:00', '2025-08-11 12:00', 'Greeter', VENUES.registration), [holder(PEOPLE.ben, [14, 17, 18])]),
      dayShift(shift(33, '2025-08-11 09:00', '2025-08-11 11:00', 'Stage Crew', VENUES.emergingTech, { swappable: false }), [
        holder(PEOPLE.ben, []),
      ]),
      dayShift(shift(32, '2025-08-11 10:00', '2025-08-11 14:00', 'Usher', VENUES.emergingTech), [
        holder(PEOPLE.cleo, [14, 17, 18]),
        holder(PEOPLE.dan, [17]),
      ]),
      dayShift(shift(35, '2025-08-11 11:00', '2025-08-11 13:00', 'Demo Helper', VENUES.historyWall), [holder(PEOPLE.eve, [14, 17, 18])]),
      dayShift(shift(34, '2025-08-11 12:00', '2025-08-11 16:00', 'Cloakroom', VENUES.registration), []),
      dayShift(myShift(18), [holder(ANA, [])]),
      dayShift(shift(36, '2025-08-11 15:00', '2025-08-11 17:00', 'Line Keeper', VENUES.emergingTech), [holder(PEOPLE.dan, [18])]),
    ],
  };
}

/** Saturday 9 August at 8:30: one shift has started; one overlaps only the shift Ana gives up (14), so it fits for 14 alone. */
export function saturdayShifts(): DayShifts {
  return {
    day: '2025-08-09',
    shifts: [
      dayShift(shift(40, '2025-08-09 08:00', '2025-08-09 10:00', 'Early Bird', VENUES.registration), [holder(PEOPLE.ben, [])]),
      dayShift(shift(41, '2025-08-09 10:00', '2025-08-09 12:00', 'Mid Morning', VENUES.emergingTech), [holder(PEOPLE.cleo, [14])]),
    ],
  };
}

/** Wednesday 13 August: nothing Ana could take. */
export function wednesdayShifts(): DayShifts {
  return {
    day: '2025-08-13',
    shifts: [
      dayShift(shift(45, '2025-08-13 09:00', '2025-08-13 12:00', 'Stage Crew', VENUES.emergingTech, { swappable: false }), [
        holder(PEOPLE.ben, []),
      ]),
    ],
  };
}

export function request(id: number, more: Partial<SwapRequest> & Pick<SwapRequest, 'shift' | 'sv'>): SwapRequest {
  return {
    id,
    kind: 'directed',
    status: null,
    accepted: false,
    closed_reason: null,
    swapped_shift: null,
    swapped_sv: null,
    created_at: '2025-08-09T10:00:00.000Z',
    closed_at: null,
    ...more,
  };
}

const openRequest = (
  id: number,
  more: Partial<OpenSwapRequest> & Pick<OpenSwapRequest, 'shift' | 'sv' | 'my_shift_options'>,
): OpenSwapRequest => ({
  ...request(id, { kind: 'open', ...more }),
  my_shift_options: more.my_shift_options,
});

export const FINN_SHIFT = shift(61, '2025-08-11 18:30', '2025-08-11 20:00', 'Closing Crew', VENUES.registration);
export const GAIL_SHIFT = shift(62, '2025-08-12 09:00', '2025-08-12 12:00', 'Docent', VENUES.animationHistory);
export const IVY_SHIFT = shift(63, '2025-08-12 08:00', '2025-08-12 12:00', 'Greeter', VENUES.registration);

/**
 * Ana's requests: created, an open directed request (her Sunday shift 17 for Eve's shift 35), an
 * accepted open one and a declined one; assigned, Ivy asking for shift 14 (open) and a superseded
 * one; open by others, Finn's Monday evening shift (Ana could give 14 or 17) and Gail's (nothing fits).
 */
export function swapRequests(overrides: Partial<SwapRequests> = {}): SwapRequests {
  const monday = mondayShifts().shifts;
  const created = [
    request(71, { shift: myShift(17), sv: ANA, swapped_shift: monday.find((s) => s.id === 35)!, swapped_sv: PEOPLE.eve }),
    request(72, {
      kind: 'open',
      shift: myShift(12),
      sv: ANA,
      status: true,
      accepted: true,
      closed_reason: 'accepted',
      swapped_shift: GAIL_SHIFT,
      swapped_sv: PEOPLE.hugo,
    }),
    request(73, {
      shift: myShift(11),
      sv: ANA,
      status: false,
      closed_reason: 'declined',
      swapped_shift: IVY_SHIFT,
      swapped_sv: PEOPLE.ivy,
    }),
  ];
  const assigned = [
    request(81, { shift: IVY_SHIFT, sv: PEOPLE.ivy, swapped_shift: myShift(14), swapped_sv: ANA }),
    request(82, {
      shift: GAIL_SHIFT,
      sv: PEOPLE.gail,
      swapped_shift: myShift(17),
      swapped_sv: ANA,
      status: false,
      closed_reason: 'superseded',
    }),
  ];
  return {
    created_requests: created,
    assigned_requests: assigned,
    shift_requests: [created[0]!, assigned[0]!],
    open_requests: [
      openRequest(51, { shift: FINN_SHIFT, sv: PEOPLE.finn, my_shift_options: [14, 17] }),
      openRequest(52, { shift: GAIL_SHIFT, sv: PEOPLE.gail, my_shift_options: [] }),
    ],
    ...overrides,
  };
}
