import { describe, expect, it } from 'vitest';
import { fromControl, shiftTimesErrors, toControl } from './shiftTimesValidation';

describe('shiftTimesErrors', () => {
  it('accepts a night shift across midnight', () => {
    expect(shiftTimesErrors({ startTime: '2025-08-10 22:00', endTime: '2025-08-11 02:00' })).toEqual({});
  });

  it('wants both times, in the API format', () => {
    expect(shiftTimesErrors({ startTime: '', endTime: '2025-08-10 8:00' })).toEqual({
      startTime: 'Required',
      endTime: 'Use YYYY-MM-DD HH:mm',
    });
  });

  it('refuses the hour the spring clock change skips', () => {
    expect(shiftTimesErrors({ startTime: '2026-03-08 02:30', endTime: '2026-03-08 06:00' }).startTime).toMatch(/does not exist/);
  });

  it('wants the end after the start', () => {
    expect(shiftTimesErrors({ startTime: '2025-08-10 12:00', endTime: '2025-08-10 08:00' })).toEqual({
      endTime: 'A shift must end after it starts.',
    });
  });
});

describe('datetime-local conversion', () => {
  it('swaps the separator both ways and drops seconds', () => {
    expect(toControl('2025-08-10 08:00')).toBe('2025-08-10T08:00');
    expect(fromControl('2025-08-10T08:00:00')).toBe('2025-08-10 08:00');
    expect(fromControl('')).toBe('');
  });
});
