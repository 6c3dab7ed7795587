import { describe, expect, it } from 'vitest';
import { personLabel, shiftLabel, shiftTimeRange } from './labels';

describe('shift labels', () => {
  it('names a shift by day, Pacific times and role', () => {
    expect(shiftLabel({ day: '2025-08-10', startTime: '2025-08-10 08:00', endTime: '2025-08-10 12:00', role: 'Greeter' })).toBe(
      'Sun Aug 10th 08:00–12:00 · Greeter',
    );
  });

  it('shows the end day of a shift that runs past midnight', () => {
    expect(shiftTimeRange({ startTime: '2025-08-10 22:00', endTime: '2025-08-11 02:00' })).toBe('22:00–Mon Aug 11th 02:00');
  });

  it('names a person with the SV ID', () => {
    expect(personLabel({ firstName: 'Ada', lastName: 'Lovelace', svid: 'SV1' })).toBe('Ada Lovelace (SV ID SV1)');
    expect(personLabel({ firstName: 'Ada', lastName: 'Lovelace', svid: null })).toBe('Ada Lovelace');
  });
});
