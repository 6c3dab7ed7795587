import { describe, expect, it } from 'vitest';
import { availabilityErrors, unavailableText } from './availability';

const DAYS = ['2025-08-08', '2025-08-09', '2025-08-10'];

describe('unavailableText', () => {
  it('names a whole day or the hours of one', () => {
    expect(unavailableText({ day: '2025-08-09', from: null, to: null })).toBe('Sat Aug 9th, whole day');
    expect(unavailableText({ day: '2025-08-09', from: '13:00', to: '17:30' })).toBe('Sat Aug 9th 13:00–17:30');
  });
});

describe('availabilityErrors', () => {
  it('accepts whole days, spans and empty limits', () => {
    const unavailable = [
      { day: '2025-08-08', from: null, to: null },
      { day: '2025-08-10', from: '08:00', to: '12:00' },
    ];
    expect(availabilityErrors({ unavailable, maxHoursPerDay: null, minRestMinutes: null }, DAYS)).toEqual({});
    expect(availabilityErrors({ unavailable: [], maxHoursPerDay: 24, minRestMinutes: 720 }, DAYS)).toEqual({});
  });

  it("puts each of the rule's messages under its field, the good rows left empty", () => {
    const errors = availabilityErrors(
      {
        unavailable: [
          { day: '2025-08-08', from: null, to: null },
          { day: '2025-08-20', from: null, to: null },
          { day: '2025-08-09', from: '12:00', to: '12:00' },
        ],
        maxHoursPerDay: 0,
        minRestMinutes: null,
      },
      DAYS,
    );
    expect(errors).toEqual({
      unavailable: [
        {},
        { day: 'Choose one of the conference days, 2025-08-08 to 2025-08-10.' },
        { to: 'The end of the time you cannot work must be after its start.' },
      ],
      maxHoursPerDay: 'The most hours a day must be a whole number from 1 to 24, or empty for no limit.',
    });
  });

  it('reads an empty time as none, and checks nothing before the days are known', () => {
    expect(availabilityErrors({ unavailable: [{ day: '2025-08-09', from: '', to: '' } as never] }, DAYS)).toEqual({});
    expect(availabilityErrors({ unavailable: [{ day: '2030-01-01', from: null, to: null }] }, [])).toEqual({});
  });
});
