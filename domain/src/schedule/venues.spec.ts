import { describe, expect, it } from '@jest/globals';
import { isNotAShift, isPlaceholderVenue, isRating, venueGroupName } from './venues.js';

describe('venue rules', () => {
  it('recognises the Placeholder venue', () => {
    expect(isPlaceholderVenue('Placeholder')).toBe(true);
    expect(isPlaceholderVenue(' placeholder ')).toBe(true);
    expect(isPlaceholderVenue('Placeholder Hall')).toBe(false);
  });

  it("merges every venue whose name contains 'History' into 'History'", () => {
    expect(venueGroupName('Computer Animation History')).toBe('History');
    expect(venueGroupName('history wall')).toBe('History');
    expect(venueGroupName('Emerging Technologies')).toBe('Emerging Technologies');
  });

  it('tells the Job Fair and the Chapters Lunch apart from shifts', () => {
    expect(isNotAShift({ role: 'Greeter', venue: { name: 'Career Center', location: 'Job Fair, Hall B' } })).toBe(true);
    expect(isNotAShift({ role: 'Chapters Lunch', venue: { name: 'Room 1', location: 'West 1' } })).toBe(true);
    expect(isNotAShift({ role: 'Greeter', venue: { name: 'Room 1', location: 'West 1' } })).toBe(false);
  });

  it('takes ratings 0 (not rated) to 5', () => {
    expect([0, 1, 5].every(isRating)).toBe(true);
    expect([-1, 6, 2.5, '3', null].some(isRating)).toBe(false);
  });
});
