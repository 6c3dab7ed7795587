import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import {
  formatDeadline,
  PACIFIC_ZONE,
  formatPacific,
  formatShiftDay,
  formatShiftTime,
  isDay,
  ordinal,
  pacificDay,
  pacificTime,
  parsePacific,
} from './time.js';

const iso = (local: string) => parsePacific(local)?.toISOString() ?? null;

describe('parsePacific and formatPacific', () => {
  it('reads summer times as PDT (UTC-7) and winter times as PST (UTC-8)', () => {
    expect(iso('2025-08-10 08:00')).toBe('2025-08-10T15:00:00.000Z');
    expect(iso('2026-12-01 08:00')).toBe('2026-12-01T16:00:00.000Z');
  });

  it('keeps the Pacific day around midnight, though UTC is already on the next day', () => {
    expect(iso('2025-08-10 23:59')).toBe('2025-08-11T06:59:00.000Z');
    expect(iso('2025-08-11 00:00')).toBe('2025-08-11T07:00:00.000Z');
    const lateEvening = new Date('2025-08-11T06:30:00.000Z');
    expect(pacificDay(lateEvening)).toBe('2025-08-10');
    expect(pacificTime(lateEvening)).toBe('23:30');
    expect(pacificDay(new Date('2025-08-11T07:00:00.000Z'))).toBe('2025-08-11');
  });

  it('round-trips every half hour across the 2026-03-08 spring-forward day, refusing the skipped hour', () => {
    expect(iso('2026-03-08 01:59')).toBe('2026-03-08T09:59:00.000Z');
    expect(parsePacific('2026-03-08 02:00')).toBeNull();
    expect(parsePacific('2026-03-08 02:30')).toBeNull();
    expect(iso('2026-03-08 03:00')).toBe('2026-03-08T10:00:00.000Z');
    for (let ms = Date.parse('2026-03-08T06:00:00Z'); ms <= Date.parse('2026-03-09T08:00:00Z'); ms += 30 * 60_000) {
      const at = new Date(ms);
      expect(parsePacific(formatPacific(at))?.getTime()).toBe(ms);
    }
  });

  it('reads the repeated hour of the 2026-11-01 fall-back as its first (daylight) occurrence', () => {
    expect(iso('2026-11-01 00:30')).toBe('2026-11-01T07:30:00.000Z');
    expect(iso('2026-11-01 01:30')).toBe('2026-11-01T08:30:00.000Z');
    expect(iso('2026-11-01 02:00')).toBe('2026-11-01T10:00:00.000Z');
    // Both instants of the repeated hour print as the same wall time.
    expect(formatPacific(new Date('2026-11-01T08:30:00.000Z'))).toBe('2026-11-01 01:30');
    expect(formatPacific(new Date('2026-11-01T09:30:00.000Z'))).toBe('2026-11-01 01:30');
  });

  it('refuses malformed or impossible dates', () => {
    for (const bad of ['2025-08-10T08:00', '2025-08-10 8:00', '2025-02-30 08:00', '2025-08-10 24:00', '', 'tomorrow']) {
      expect(parsePacific(bad)).toBeNull();
    }
    expect(parsePacific(42 as unknown as string)).toBeNull();
  });

  it('knows a calendar day', () => {
    expect(isDay('2025-08-08')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('2025-8-8')).toBe(false);
  });
});

describe('display formats', () => {
  it("formats shift days as 'ddd MMM Do'", () => {
    expect(formatShiftDay('2025-08-08')).toBe('Fri Aug 8th');
    expect(formatShiftDay('2025-08-11')).toBe('Mon Aug 11th');
    expect(formatShiftDay('2025-08-01')).toBe('Fri Aug 1st');
    expect(formatShiftDay('2025-08-22')).toBe('Fri Aug 22nd');
    expect(formatShiftDay('2025-08-23')).toBe('Sat Aug 23rd');
    // An instant late in the Pacific evening is still that Pacific day.
    expect(formatShiftDay(new Date('2025-08-11T06:30:00.000Z'))).toBe('Sun Aug 10th');
  });

  it('formats shift times in Pacific time', () => {
    expect(formatShiftTime(new Date('2025-08-10T15:00:00.000Z'))).toBe('8:00 AM');
    expect(formatShiftTime(new Date('2025-08-11T06:30:00.000Z'))).toBe('11:30 PM');
  });

  it("formats 'MMMM Do HH:mm' in a zone", () => {
    expect(formatDeadline(new Date('2026-05-20T06:59:00.000Z'))).toBe('May 19th 23:59');
    expect(formatDeadline(new Date('2026-05-20T06:59:00.000Z'), 'UTC')).toBe('May 20th 06:59');
  });

  it('writes ordinals the English way', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31, 101, 111].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
      '101st',
      '111th',
    ]);
  });
});

describe('formatPacific agrees with the time-zone database around both clock changes', () => {
  it.each(['2026-03-07T00:00:00Z', '2026-10-31T00:00:00Z', '2025-08-08T00:00:00Z'])('every 15 minutes for three days from %s', (start) => {
    for (let t = Date.parse(start); t < Date.parse(start) + 3 * 86_400_000; t += 15 * 60_000) {
      const at = new Date(t);
      expect(formatPacific(at)).toBe(DateTime.fromJSDate(at, { zone: PACIFIC_ZONE }).toFormat('yyyy-MM-dd HH:mm'));
    }
  });
});

describe('formatPacific at any minute (property)', () => {
  it('agrees with luxon for every instant from 2024 to 2028, clock changes included', () => {
    const minute = fc.integer({ min: Date.parse('2024-01-01T00:00:00Z') / 60_000, max: Date.parse('2028-12-31T23:59:00Z') / 60_000 });
    fc.assert(
      fc.property(minute, (m) => {
        const at = new Date(m * 60_000);
        return formatPacific(at) === DateTime.fromJSDate(at, { zone: PACIFIC_ZONE }).toFormat('yyyy-MM-dd HH:mm');
      }),
      { numRuns: 5000 },
    );
  });
});
