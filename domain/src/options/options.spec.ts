import { describe, expect, it } from '@jest/globals';
import {
  COUNTRIES,
  ETHNICITIES,
  FINANCIAL_SITUATIONS,
  LANGUAGES,
  MONTHS,
  PRECONFERENCE_START_TIMES,
  PRONOUNS,
  REFERENCE_TYPES,
  SHIRT_SIZES,
  TRANSPORTS,
  VENUE_PREFERENCES,
  graduationYears,
} from './index.js';

const values = (options: readonly { value: unknown }[]) => options.map((o) => o.value);

describe('option lists', () => {
  it('lists every country once with its two-letter code', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) expect(c.code).toMatch(/^[A-Z]{2}$/);
    expect(COUNTRIES).toContainEqual({ code: 'CA', name: 'Canada' });
    expect(COUNTRIES).toContainEqual({ code: 'US', name: 'United States' });
  });

  it('lists languages once each, none containing a list separator', () => {
    expect(LANGUAGES.length).toBeGreaterThan(150);
    expect(new Set(LANGUAGES).size).toBe(LANGUAGES.length);
    for (const l of LANGUAGES) expect(l).not.toMatch(/[,{}]/);
    expect(LANGUAGES).toEqual(expect.arrayContaining(['English', 'French', 'Mandarin', 'Spanish', 'American Sign Language']));
  });

  it('has the kept values for the short lists', () => {
    expect(values(PRONOUNS)).toEqual(['he/him', 'she/her', 'they/them', 'unspecified', 'other']);
    expect(values(ETHNICITIES)).toEqual([
      'eastAsian',
      'southeastAsian',
      'southAsian',
      'centralAsian',
      'northAsian',
      'westAsian',
      'white',
      'african',
      'northAfrican',
      'hispanicLatinx',
      'indigenous',
      'pacificIslander',
      'unspecified',
      'other',
    ]);
    expect(REFERENCE_TYPES.map((o) => o.label)).toEqual([
      'Professor/Teacher',
      'Academic Advisor',
      'Professional Mentor',
      'Work Supervisor',
      'Coworker',
      'Other',
    ]);
    expect(values(TRANSPORTS)).toEqual(['plane', 'car', 'train', 'other']);
    expect(values(FINANCIAL_SITUATIONS)).toEqual([
      'internationalStudent',
      'highCurrencyExchange',
      'working',
      'lowIncome',
      'financiallyIndependent',
      'pellGrant',
      'disability',
      'governmentAid',
      'supportingFamily',
      'caregiver',
    ]);
    expect(values(SHIRT_SIZES)).toEqual(['xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl']);
    expect(values(VENUE_PREFERENCES)).toEqual(['none', 'artGallery', 'etech', 'vrtheater', 'pavillion', 'labs', 'globalDiplomat']);
  });

  it('has months 1 to 12 and graduation years from a year to seven after it', () => {
    expect(values(MONTHS)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(MONTHS[0]!.label).toBe('January');
    expect(graduationYears(2025)).toEqual([2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032]);
  });

  it('offers pre-conference start times every 30 minutes from 07:00 to 19:00', () => {
    expect(PRECONFERENCE_START_TIMES[0]).toBe('07:00');
    expect(PRECONFERENCE_START_TIMES[1]).toBe('07:30');
    expect(PRECONFERENCE_START_TIMES).toContain('12:00');
    expect(PRECONFERENCE_START_TIMES.at(-1)).toBe('19:00');
    expect(PRECONFERENCE_START_TIMES).toHaveLength(25);
  });
});
