import { describe, expect, it } from 'vitest';
import { countdownParts, formatDate, formatDateTime, formatDayRange, formatWeekday } from './dateText';

describe('date texts', () => {
  it("writes 'D MMMM YYYY [at] HH:mm' in UTC whatever the browser's zone", () => {
    expect(formatDateTime('2026-02-28T22:00:00.000Z')).toBe('28 February 2026 at 22:00 UTC');
    expect(formatDateTime('2025-12-02T08:05:00+01:00')).toBe('2 December 2025 at 07:05 UTC');
    expect(formatDate('2026-01-31T23:59:59Z')).toBe('31 January 2026');
  });

  it('writes a span of days compactly', () => {
    expect(formatDayRange('2025-08-09', '2025-08-14')).toBe('9 to 14 August 2025');
    expect(formatDayRange('2025-07-30', '2025-08-02')).toBe('30 July to 2 August 2025');
    expect(formatDayRange('2025-12-30', '2026-01-02')).toBe('30 December 2025 to 2 January 2026');
    expect(formatWeekday('2025-08-08')).toBe('Friday 8 August');
  });

  it('splits what is left into days, hours, minutes and seconds, never below zero', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(1500)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 2 });
    expect(countdownParts(-10)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
