import { parsePacific } from '@svp/domain';
import { describe, expect, it } from 'vitest';
import type { ShiftAssignmentRow, ShiftRow } from './types';
import { standingOf, volunteerHours } from './volunteerHours';

const shift = (id: number, startTime: string, endTime: string): ShiftRow => ({
  id,
  venueId: 1,
  day: startTime.slice(0, 10),
  startTime,
  endTime,
  startsAt: parsePacific(startTime)!.toISOString(),
  endsAt: parsePacific(endTime)!.toISOString(),
  role: 'Greeter',
  reportTo: '',
  description: '',
  special: '',
  svSlots: 5,
  swappable: true,
  requires: 'none',
  assigned: 1,
});

let nextId = 1;
const assign = (shiftId: number, volunteerId: number, volunteerName: string, svid: string): ShiftAssignmentRow => ({
  id: nextId++,
  shiftId,
  volunteerId,
  volunteerName,
  svid,
  startBackToBack: '',
  endBackToBack: '',
  accommodations: '',
  pinned: false,
  exception: null,
});

const shifts = [
  shift(1, '2025-08-10 08:00', '2025-08-10 12:00'),
  shift(2, '2025-08-10 13:00', '2025-08-10 17:30'),
  shift(3, '2026-11-01 00:00', '2026-11-01 04:00'), // the fall-back night: 5 real hours
];

// About 25 h for an SV and 60 h for a TL (the edition's svHours and tlHours).
const SPEC_HOURS = { svHours: 25, tlHours: 60 };

describe('volunteerHours', () => {
  it('adds up each volunteer’s shifts against 25 h for an SV and 60 h for a TL', () => {
    const rows = volunteerHours(
      [assign(1, 10, 'Ada Lovelace', 'SV1'), assign(2, 10, 'Ada Lovelace', 'SV1'), assign(1, 20, 'Alan Turing', 'SV2')],
      shifts,
      new Set([20]),
      SPEC_HOURS,
    );
    expect(rows).toEqual([
      { volunteerId: 20, name: 'Alan Turing', svid: 'SV2', teamLeader: true, shifts: 1, hours: 4, expected: 60, standing: 'under' },
      { volunteerId: 10, name: 'Ada Lovelace', svid: 'SV1', teamLeader: false, shifts: 2, hours: 8.5, expected: 25, standing: 'under' },
    ]);
  });

  it("measures against the edition's own expectations", () => {
    const rows = volunteerHours(
      [assign(1, 10, 'Ada Lovelace', 'SV1'), assign(2, 10, 'Ada Lovelace', 'SV1'), assign(1, 20, 'Alan Turing', 'SV2')],
      shifts,
      new Set([20]),
      {
        svHours: 8,
        tlHours: 4,
      },
    );
    expect(rows.map((r) => [r.name, r.expected, r.standing])).toEqual([
      ['Alan Turing', 4, 'met'],
      ['Ada Lovelace', 8, 'met'],
    ]);
  });

  it('counts real hours across a clock change', () => {
    const [row] = volunteerHours([assign(3, 10, 'Ada Lovelace', 'SV1')], shifts, new Set(), SPEC_HOURS);
    expect(row!.hours).toBe(5);
  });

  it('lists known volunteers without shifts at 0 h, first', () => {
    const rows = volunteerHours([assign(1, 10, 'Ada Lovelace', 'SV1')], shifts, new Set(), SPEC_HOURS, [
      { volunteerId: 30, name: 'Grace Hopper', svid: 'SV3' },
    ]);
    expect(rows.map((r) => [r.name, r.hours, r.shifts])).toEqual([
      ['Grace Hopper', 0, 0],
      ['Ada Lovelace', 4, 1],
    ]);
  });

  it('ignores an assignment whose shift is unknown rather than guessing its length', () => {
    const [row] = volunteerHours([assign(99, 10, 'Ada Lovelace', 'SV1')], shifts, new Set(), SPEC_HOURS);
    expect(row).toMatchObject({ hours: 0, shifts: 0 });
  });
});

describe('standingOf', () => {
  it('is under below the expectation, met up to 5 h above it, over beyond', () => {
    expect(standingOf(24.5, 25)).toBe('under');
    expect(standingOf(25, 25)).toBe('met');
    expect(standingOf(30, 25)).toBe('met');
    expect(standingOf(30.5, 25)).toBe('over');
  });
});
