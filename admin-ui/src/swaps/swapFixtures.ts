import type { ShiftSwapRow, SwapPerson, SwapShiftView } from './types';

// Test data for the shift swap helpers (not loaded by the panel).

export const person = (id: number, given: string, family: string): SwapPerson => ({
  id,
  username: `u-${id}`,
  given_name: given,
  family_name: family,
  sv_id: `SV${id}`,
});

export function shiftView(id: number, start: string, end: string, role: string, venue = 'Registration'): SwapShiftView {
  return {
    id,
    day: start.slice(0, 10),
    start_time: start,
    end_time: end,
    starts_at: `${start.replace(' ', 'T')}:00-07:00`,
    ends_at: `${end.replace(' ', 'T')}:00-07:00`,
    role,
    report_to: 'SV Office',
    description: '',
    special: '',
    sv_slots: 4,
    swappable: true,
    venue: { id: 1, name: venue, location: 'West Lobby', teamLeaders: [] },
  };
}

export function swapRow(overrides: Partial<ShiftSwapRow> = {}): ShiftSwapRow {
  return {
    id: 5,
    kind: 'open',
    status: null,
    accepted: false,
    closed_reason: null,
    shift: shiftView(14, '2025-08-09 09:00', '2025-08-09 13:00', 'Door Monitor'),
    swapped_shift: null,
    sv: person(7, 'Ana', 'Lopez'),
    swapped_sv: null,
    created_at: '2025-08-09T16:00:00.000Z',
    closed_at: null,
    ...overrides,
  };
}
