import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { formatUtcDate, formatUtcDateTime } from './dates.js';

describe("UTC dates as the portal shows them ('D MMMM YYYY [at] HH:mm')", () => {
  it('writes the day, and the day with the time, in UTC whatever the zone the instant was written in', () => {
    expect(formatUtcDate(new Date('2026-08-05T22:00:00.000Z'))).toBe('5 August 2026');
    expect(formatUtcDateTime(new Date('2026-08-05T22:00:00.000Z'))).toBe('5 August 2026 at 22:00 UTC');
    expect(formatUtcDateTime('2026-05-20T06:59:00.000Z')).toBe('20 May 2026 at 06:59 UTC');
    expect(formatUtcDateTime('2025-12-02T08:05:00+01:00')).toBe('2 December 2025 at 07:05 UTC');
    // Late evening in Vancouver is already the next day in UTC.
    expect(formatUtcDate('2026-01-31T23:59:59-08:00')).toBe('1 February 2026');
    expect(formatUtcDate(Date.UTC(2024, 1, 29, 12))).toBe('29 February 2024');
  });

  it('answers an empty text for something that is not an instant', () => {
    expect(formatUtcDate('tomorrow')).toBe('');
    expect(formatUtcDateTime(new Date(Number.NaN))).toBe('');
    expect(formatUtcDateTime('')).toBe('');
  });

  it('agrees with the UTC reading of every instant in the years the portal runs', () => {
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const at = new Date(ms);
        const hh = String(at.getUTCHours()).padStart(2, '0');
        const mm = String(at.getUTCMinutes()).padStart(2, '0');
        expect(formatUtcDateTime(at)).toBe(`${at.getUTCDate()} ${months[at.getUTCMonth()]} ${at.getUTCFullYear()} at ${hh}:${mm} UTC`);
      }),
    );
  });
});
