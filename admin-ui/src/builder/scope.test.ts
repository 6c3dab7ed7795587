import { describe, expect, it } from 'vitest';
import { buildRequest, draftOf, scopeErrors } from './scope';

const DAYS = ['2025-08-08', '2025-08-09', '2025-08-10'];

describe('the scope of a build', () => {
  it('sends days and venues only when fewer than all are chosen', () => {
    expect(buildRequest({ days: [...DAYS].reverse(), venueIds: [], keep: 'all', seed: '42' }, DAYS)).toEqual({ keep: 'all', seed: 42 });
    expect(buildRequest({ days: ['2025-08-10', '2025-08-08'], venueIds: [7, 3], keep: 'pinned', seed: ' 7 ' }, DAYS)).toEqual({
      days: ['2025-08-08', '2025-08-10'],
      venueIds: [3, 7],
      keep: 'pinned',
      seed: 7,
    });
  });

  it('needs a day and a whole-number seed', () => {
    expect(scopeErrors({ days: [], venueIds: [], keep: 'all', seed: '' })).toEqual({
      days: 'Choose at least one day.',
      seed: 'Give a seed, or press New seed.',
    });
    expect(scopeErrors({ days: DAYS, venueIds: [], keep: 'all', seed: '1.5' }).seed).toBe('A seed is a whole number from 0 to 2147483647.');
    expect(scopeErrors({ days: DAYS, venueIds: [], keep: 'all', seed: '2147483648' }).seed).toBe(
      'A seed is a whole number from 0 to 2147483647.',
    );
    expect(scopeErrors({ days: DAYS, venueIds: [], keep: 'all', seed: '0' })).toEqual({});
  });

  it('puts a build’s scope back in the form, all days ticked for a build of every day', () => {
    expect(draftOf({ days: null, venueIds: null, keep: 'all', seed: 9 }, DAYS)).toEqual({
      days: DAYS,
      venueIds: [],
      keep: 'all',
      seed: '9',
    });
    expect(draftOf({ days: ['2025-08-09'], venueIds: [2], keep: 'pinned', seed: 0 }, DAYS)).toEqual({
      days: ['2025-08-09'],
      venueIds: [2],
      keep: 'pinned',
      seed: '0',
    });
  });
});
