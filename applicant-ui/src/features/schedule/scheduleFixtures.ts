import { screen, within } from '@testing-library/react';
import { parsePacific, timelineWithPassed } from '@svp/domain';
import type {
  ScheduleShift,
  ScheduleVenue,
  ShiftDetail,
  ShiftVolunteer,
  TeamLeaderSchedule,
  TeamLeaderShift,
  VolunteerSchedule,
} from '../../api/types';
import { profileUser } from '../../test/kit/records';
import { publicSettings } from '../../test/kit/settings';

// Test data and queries shared by the schedule tests (not loaded by the app).

/** 8:30 on Saturday 9 August 2025, Pacific time: during the conference. */
export const NOW = parsePacific('2025-08-09 08:30')!.getTime();

/** Settings with schedules out (all eight deadlines passed), or not yet (seven passed). */
export const releasedSettings = () => publicSettings(timelineWithPassed(8, NOW), NOW);
export const unreleasedSettings = () => publicSettings(timelineWithPassed(7, NOW), NOW);

/** A volunteer whose status id stands for 'confirmed' in catalogue A (2), or for 'offered' (1). */
export const confirmedVolunteer = () => profileUser({ application_status_id: 2 });
export const offeredVolunteer = () => profileUser({ application_status_id: 1 });

/** Who is signed in on a schedule page once schedules are out: a team leader, or with false a volunteer (renderPage's session). */
export const scheduleSession = (isTeamLeader = true) => ({
  settings: releasedSettings(),
  isTeamLeader,
  profile: profileUser({ role: isTeamLeader ? 'Team-Leader' : 'Student-Volunteer' }),
});

export function venue(id: number, name: string, location = `Hall ${id}`, leaders: string[] = ['Tess Leader']): ScheduleVenue {
  return { id, name, location, teamLeaders: leaders.map((leaderName, i) => ({ id: 100 + id * 10 + i, name: leaderName })) };
}

export const VENUES = {
  registration: venue(1, 'Registration', 'West Lobby', ['Tess Leader', 'Omar Guide']),
  emergingTech: venue(2, 'Emerging Technologies', 'Exhibit Hall C'),
  animationHistory: venue(3, 'Computer Animation History', 'East 2'),
  historyWall: venue(4, 'History Wall', 'East 3'),
  careerCenter: venue(5, 'Career Center', 'Job Fair, Hall B'),
  chapters: venue(6, 'Chapters', 'Ballroom A'),
};

/** A shift from Pacific local 'YYYY-MM-DD HH:mm' start and end. */
export function shift(
  id: number,
  start: string,
  end: string,
  role: string,
  at: ScheduleVenue,
  more: Partial<ScheduleShift> = {},
): ScheduleShift {
  return {
    id,
    day: start.slice(0, 10),
    start_time: start,
    end_time: end,
    starts_at: parsePacific(start)!.toISOString(),
    ends_at: parsePacific(end)!.toISOString(),
    role,
    report_to: 'SV Office',
    description: `${role} duties.`,
    special: '',
    sv_slots: 6,
    swappable: true,
    venue: at,
    ...more,
  };
}

export const tlShift = (assigned: number, base: ScheduleShift, mine = false): TeamLeaderShift => ({ ...base, assigned, mine });

/** Friday: two shifts and the Job Fair; Saturday: a shift (the next one at NOW) and the Chapters Lunch; Sunday: nothing. */
export function volunteerShifts(): ScheduleShift[] {
  return [
    shift(11, '2025-08-08 08:00', '2025-08-08 12:00', 'Greeter', VENUES.registration, {
      description: 'Welcome attendees and hand out badges.',
      report_to: 'Registration desk',
      special: 'Wear the blue shirt.',
    }),
    shift(12, '2025-08-08 13:00', '2025-08-08 17:00', 'Usher', VENUES.emergingTech),
    shift(13, '2025-08-08 18:00', '2025-08-08 20:00', 'Recruiting', VENUES.careerCenter),
    shift(14, '2025-08-09 09:00', '2025-08-09 13:00', 'Door Monitor', VENUES.animationHistory),
    shift(15, '2025-08-09 13:00', '2025-08-09 14:00', 'Chapters Lunch', VENUES.chapters),
  ];
}

export function volunteerSchedule(overrides: Partial<VolunteerSchedule> = {}): VolunteerSchedule {
  const shifts = volunteerShifts();
  return { now: new Date(NOW).toISOString(), shifts, next_shifts: [shifts[3]!], current_shifts: [], hours: 15, ...overrides };
}

/** The team leader leads Registration, Emerging Technologies and two History venues; all shifts on Friday. */
export function teamLeaderSchedule(overrides: Partial<TeamLeaderSchedule> = {}): TeamLeaderSchedule {
  const shifts = [
    tlShift(2, shift(21, '2025-08-08 08:00', '2025-08-08 12:00', 'Greeter', VENUES.registration)),
    tlShift(3, shift(22, '2025-08-08 09:00', '2025-08-08 13:00', 'Docent', VENUES.animationHistory, { sv_slots: 4 })),
    tlShift(1, shift(23, '2025-08-08 10:00', '2025-08-08 14:00', 'Wall Guide', VENUES.historyWall, { sv_slots: 2 })),
    tlShift(0, shift(24, '2025-08-08 11:00', '2025-08-08 15:00', 'Demo Helper', VENUES.emergingTech)),
    tlShift(5, shift(25, '2025-08-09 08:00', '2025-08-09 12:00', 'Badge Check', VENUES.registration)),
    tlShift(4, shift(26, '2025-08-09 09:00', '2025-08-09 13:00', 'Line Keeper', VENUES.emergingTech)),
  ];
  return {
    now: new Date(NOW).toISOString(),
    venues: [VENUES.animationHistory, VENUES.emergingTech, VENUES.historyWall, VENUES.registration],
    shifts,
    current_shifts: [shifts[4]!],
    next_shifts: [shifts[5]!],
    my_shifts: [],
    my_next_shifts: [],
    hours: 0,
    ...overrides,
  };
}

const NO_TIMES = {
  check_in_at: null,
  check_in_by_name: null,
  check_out_at: null,
  check_out_by_name: null,
  time_note: '',
  worked_minutes: null,
};

function volunteer(
  id: number,
  given: string,
  family: string,
  record: Partial<ShiftVolunteer['performance_record']> = {},
  more: Partial<ShiftVolunteer> = {},
): ShiftVolunteer {
  return {
    id,
    username: `u-${id}`,
    given_name: given,
    family_name: family,
    nickname: '',
    sv_id: `SV${id}`,
    start_back_to_back: '',
    end_back_to_back: '',
    accommodations: '',
    exception: null,
    performance_record: {
      id: null,
      shift_id: 21,
      student_volunteer_id: id,
      check_in: false,
      check_out: false,
      rating: 0,
      notes: '',
      version: 0,
      updated_at: null,
      ...NO_TIMES,
      ...record,
    },
    ...more,
  };
}

/** Shift 21 (Fri 8:00 AM – 12:00 PM Pacific) with two of its six places filled: Ana checked in at 7:52 AM by Tess Leader, with notes; Ben
 * has no record yet. */
export function shiftDetail(): ShiftDetail {
  const base = teamLeaderSchedule().shifts[0]!;
  return {
    shift: {
      ...base,
      special: 'Bring the radio back to the office.',
      assigned: 2,
      studentVolunteers: [
        volunteer(
          7,
          'Ana',
          'Lopez',
          {
            id: 31,
            check_in: true,
            check_in_at: '2025-08-08T14:52:00.000Z',
            check_in_by_name: 'Tess Leader',
            rating: 3,
            notes: 'Arrived early.',
            version: 1,
            updated_at: '2025-08-08T15:10:00.000Z',
          },
          { accommodations: 'Needs to sit down every hour', start_back_to_back: 'Came from Usher at Hall 2' },
        ),
        volunteer(8, 'Ben', 'Okafor', {}, { end_back_to_back: 'Goes on to Docent at East 2' }),
      ],
    },
  };
}

/** The texts of the day's list, one per entry. */
export const dayEntries = () =>
  within(screen.getByRole('list', { name: /^Shifts on / }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
