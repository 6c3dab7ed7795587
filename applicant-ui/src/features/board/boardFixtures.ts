import type { BoardShift, ScheduleBoard } from '../../api/types';

// Test data for the live board (not loaded by the app). Saturday 9 August 2025, 8:30 Pacific.

export const BOARD_NOW = '2025-08-09T15:30:00.000Z';

/** Badge Check (8:00–12:00, under way): Ana checked in, Ben late, Cleo checked out. Line Keeper (9:00–13:00, starting soon): Dev not due
 * yet. */
export function board(overrides: Partial<ScheduleBoard> = {}): ScheduleBoard {
  const badgeCheck: BoardShift = {
    id: 25,
    venueId: 1,
    venueName: 'Registration',
    role: 'Badge Check',
    startTime: '2025-08-09 08:00',
    endTime: '2025-08-09 12:00',
    startsAt: '2025-08-09T15:00:00.000Z',
    endsAt: '2025-08-09T19:00:00.000Z',
    phase: 'in-progress',
    slots: 6,
    assigned: 3,
    checkedIn: 2,
    volunteers: [
      { id: 7, name: 'Ana Lopez', svid: 'SV7', checkedInAt: '2025-08-09T14:52:00.000Z', checkedOutAt: null, late: false },
      { id: 8, name: 'Ben Okafor', svid: 'SV8', checkedInAt: null, checkedOutAt: null, late: true },
      {
        id: 9,
        name: 'Cleo Park',
        svid: 'SV9',
        checkedInAt: '2025-08-09T14:45:00.000Z',
        checkedOutAt: '2025-08-09T15:20:00.000Z',
        late: false,
      },
    ],
  };
  const lineKeeper: BoardShift = {
    id: 26,
    venueId: 2,
    venueName: 'Emerging Technologies',
    role: 'Line Keeper',
    startTime: '2025-08-09 09:00',
    endTime: '2025-08-09 13:00',
    startsAt: '2025-08-09T16:00:00.000Z',
    endsAt: '2025-08-09T20:00:00.000Z',
    phase: 'starting-soon',
    slots: 4,
    assigned: 1,
    checkedIn: 0,
    volunteers: [{ id: 10, name: 'Dev Shah', svid: 'SV10', checkedInAt: null, checkedOutAt: null, late: false }],
  };
  return { now: BOARD_NOW, shifts: [badgeCheck, lineKeeper], ...overrides };
}
