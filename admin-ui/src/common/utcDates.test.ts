import { describe, expect, it } from 'vitest';
import { formatUtc, isoToUtcInput, utcInputToIso } from './utcDates';

describe('isoToUtcInput', () => {
  it('shows the UTC wall time whatever the zone the instant was written in', () => {
    expect(isoToUtcInput('2026-02-28T22:00:00.000Z')).toBe('2026-02-28T22:00');
    expect(isoToUtcInput('2026-03-01T00:30:00+02:00')).toBe('2026-02-28T22:30');
  });

  it('keeps seconds only when there are some', () => {
    expect(isoToUtcInput('2026-05-20T06:59:30Z')).toBe('2026-05-20T06:59:30');
  });

  it('answers an empty value for nothing or a non-date', () => {
    expect(isoToUtcInput(undefined)).toBe('');
    expect(isoToUtcInput('')).toBe('');
    expect(isoToUtcInput('tomorrow')).toBe('');
  });
});

describe('utcInputToIso', () => {
  it('reads the input as UTC, not as the browser zone', () => {
    expect(utcInputToIso('2026-02-28T22:00')).toBe('2026-02-28T22:00:00.000Z');
    expect(utcInputToIso('2026-05-20T06:59:30')).toBe('2026-05-20T06:59:30.000Z');
  });

  it('round-trips with isoToUtcInput', () => {
    for (const iso of ['2025-12-02T08:00:00.000Z', '2026-08-05T22:00:00.000Z', '2026-01-01T00:00:45.000Z']) {
      expect(utcInputToIso(isoToUtcInput(iso))).toBe(iso);
    }
  });

  it('answers an empty value for an empty, partial or impossible date', () => {
    expect(utcInputToIso('')).toBe('');
    expect(utcInputToIso('2026-02-28')).toBe('');
    expect(utcInputToIso('2026-02-30T10:00')).toBe('');
    expect(utcInputToIso(null)).toBe('');
  });
});

describe('formatUtc', () => {
  it("writes 'D MMMM YYYY [at] HH:mm' in UTC and names the zone", () => {
    expect(formatUtc('2026-02-28T22:00:00.000Z')).toBe('28 February 2026 at 22:00 UTC');
    expect(formatUtc('2026-05-20T08:59:00+02:00')).toBe('20 May 2026 at 06:59 UTC');
  });

  it('shows a dash for nothing', () => {
    expect(formatUtc(null)).toBe('—');
    expect(formatUtc('x')).toBe('—');
  });
});
