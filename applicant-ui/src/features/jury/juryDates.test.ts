import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatJuryDeadline, ordinal } from './juryDates';

describe('the jury deadline format', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('writes ordinals as English does', () => {
    const days = [1, 2, 3, 4, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24, 30, 31];
    expect(days.map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '14th',
      '20th',
      '21st',
      '22nd',
      '23rd',
      '24th',
      '30th',
      '31st',
    ]);
  });

  it("is 'MMMM Do HH:mm' in the given zone, on a 24-hour clock, followed by the zone's name", () => {
    expect(formatJuryDeadline('2026-02-03T22:00:00.000Z', 'UTC')).toBe('February 3rd 22:00 UTC');
    expect(formatJuryDeadline('2026-02-03T22:00:00.000Z', 'America/Vancouver')).toBe('February 3rd 14:00 PST');
    // The default deadline falls on the evening before in Vancouver, and just before 9 in the morning in Paris.
    expect(formatJuryDeadline('2026-05-20T06:59:00.000Z', 'America/Vancouver')).toBe('May 19th 23:59 PDT');
    expect(formatJuryDeadline('2026-05-20T06:59:00.000Z', 'Europe/Paris')).toBe('May 20th 08:59 GMT+2');
    expect(formatJuryDeadline('2026-05-21T00:05:00.000Z', 'UTC')).toBe('May 21st 00:05 UTC');
  });

  it("uses the browser's zone when none is given, and names it", () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    // A date built from local parts reads back the same whatever zone the tests run in.
    expect(formatJuryDeadline(new Date(2026, 1, 3, 22, 0).toISOString())).toBe('February 3rd 22:00 PST');
    expect(formatJuryDeadline(new Date(2026, 4, 12, 9, 30).toISOString())).toBe('May 12th 09:30 PDT');
  });
});
