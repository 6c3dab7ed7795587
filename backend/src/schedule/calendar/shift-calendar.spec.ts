import { describe, expect, it } from '@jest/globals';
import ical, { type VEvent } from 'node-ical';
import type { Shift } from '../shift.entity.js';
import { buildShiftCalendar } from './shift-calendar.js';

const venue = { id: 1, name: 'Théâtre, Salle B', location: 'Level 2; East', teamLeaders: [{ id: 9, name: 'Zoë Ñúñez' }] };

function shift(values: Partial<Shift> = {}): Shift {
  return {
    id: 41,
    editionId: 1,
    venueId: 1,
    day: '2026-03-08',
    startsAt: new Date('2026-03-08T09:00:00.000Z'),
    endsAt: new Date('2026-03-08T11:00:00.000Z'),
    role: 'Greeter',
    reportTo: '',
    description: 'Bienvenue — 歓迎 — '.repeat(12),
    special: null,
    svSlots: 2,
    swappable: true,
    requires: 'none',
    calendarSequence: 0,
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    updatedAt: new Date('2026-02-01T00:00:00.000Z'),
    ...values,
  };
}

const build = (name: string, shifts: Shift[]) =>
  buildShiftCalendar({
    name,
    uidHost: 'sv.example.org',
    now: new Date('2026-03-01T00:00:00.000Z'),
    shifts: shifts.map((s) => ({ shift: s, venue })),
  });

describe('buildShiftCalendar', () => {
  it('escapes commas and semicolons in the calendar name, which the library writes as given', () => {
    const text = build('SIGGRAPH 2026, Vancouver; shifts — Zoë', [shift()]);
    expect(text).toContain('X-WR-CALNAME:SIGGRAPH 2026\\, Vancouver\\; shifts — Zoë\r\n');
    expect(text).toContain('PRODID:-//SV Portal//Shift calendar//EN\r\n');
  });

  it('folds long lines at 75 octets without splitting a multi-byte character, and reads back unchanged', () => {
    const long = shift();
    const text = build('Shifts', [long]);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    const event = Object.values(ical.sync.parseICS(text)).find((c): c is VEvent => c?.type === 'VEVENT')!;
    expect(event.description).toBe(
      `${long.description!.trim()}\nTeam leaders: Zoë Ñúñez\nPlease be at the SV Office 30 minutes before to checkin`,
    );
    expect(event.location).toBe('Théâtre, Salle B, Level 2; East');
    expect(event.uid).toBe('shift-41@sv.example.org');
  });

  it('writes each start and end in UTC, on the spring-forward day as on any other (01:00 PST to 04:00 PDT is two hours)', () => {
    const text = build('Shifts', [shift()]);
    expect(text).toContain('DTSTART:20260308T090000Z\r\nDTEND:20260308T110000Z\r\n');
    // No time is left for a reader to place in a zone: no TZID, and so no VTIMEZONE to go with one.
    expect(text).not.toMatch(/TZID|BEGIN:VTIMEZONE/);
  });

  it('writes the instants of the hour repeated when clocks fall back, which a Pacific wall-clock time cannot tell apart', () => {
    const text = build('Shifts', [
      // 01:30 PDT, the first 01:30 of 2026-11-01, to 01:30 PST, the second one.
      shift({ id: 1, startsAt: new Date('2026-11-01T08:30:00.000Z'), endsAt: new Date('2026-11-01T09:30:00.000Z') }),
    ]);
    expect(text).toContain('DTSTART:20261101T083000Z\r\nDTEND:20261101T093000Z\r\n');
  });

  it("carries the shift's calendar revision as SEQUENCE and when it last changed as LAST-MODIFIED, in UTC", () => {
    const text = build('Shifts', [shift({ calendarSequence: 3, updatedAt: new Date('2026-02-14T17:45:30.000Z') })]);
    expect(text).toContain('SEQUENCE:3\r\n');
    expect(text).toContain('LAST-MODIFIED:20260214T174530Z\r\n');
    expect(text).toContain('DTSTAMP:20260301T000000Z\r\n');
  });
});
