import { describe, expect, it } from 'vitest';
import { type AudienceDraft, audienceOf, draftProblem, newGroup, newSegment, partProblem, withKind } from './audienceDraft';

describe('the audience as the builder holds it', () => {
  it('is sent as a group of the segments’ own fields, empty times left out', () => {
    const draft: AudienceDraft = {
      op: 'and',
      parts: [
        { ...newSegment('status'), statusId: null },
        {
          ...newGroup('or'),
          parts: [
            { ...newSegment('venue'), venueId: 2 },
            { ...newSegment('day', '2025-08-09'), startsBefore: '12:00' },
            { ...newSegment('shift'), shiftId: 5 },
          ],
        },
        newSegment('role'),
      ],
    };
    expect(audienceOf(draft)).toEqual({
      op: 'and',
      parts: [
        { kind: 'status', statusId: null },
        {
          op: 'or',
          parts: [
            { kind: 'venue', venueId: 2 },
            { kind: 'day', day: '2025-08-09', startsBefore: '12:00' },
            { kind: 'shift', shiftId: 5 },
          ],
        },
        { kind: 'role', role: 'Student-Volunteer' },
      ],
    });
    expect(draftProblem(draft, 'A')).toBeNull();
  });

  it('names what a row lacks in the domain rule’s words', () => {
    expect(partProblem(newSegment('venue'), 'A')).toBe('Pick a venue.');
    expect(partProblem(newSegment('shift'), 'A')).toBe('Pick a shift.');
    expect(partProblem(newSegment('status'), 'A')).toBe('Pick a status of the edition’s catalogue.');
    expect(partProblem({ ...newSegment('status'), statusId: 8 }, 'A')).toBe('Pick a status of the edition’s catalogue.');
    expect(partProblem({ ...newSegment('status'), statusId: 8 }, 'B')).toBeNull();
    expect(partProblem({ ...newSegment('day', '2025-08-09'), startsFrom: '12:00', startsBefore: '08:00' }, 'A')).toBe(
      'The earliest start must come before the latest start.',
    );
    expect(partProblem(newGroup(), 'A')).toBe('A group needs at least one segment.');
    expect(draftProblem({ op: 'or', parts: [] }, 'A')).toBe('A group needs at least one segment.');
  });

  it('keeps a row’s place and drops the old kind’s picks when its kind changes', () => {
    const venue = { ...newSegment('venue'), venueId: 2 };
    const day = withKind(venue, 'day', '2025-08-08');
    expect(day).toEqual({ key: venue.key, kind: 'day', day: '2025-08-08' });
    expect(audienceOf({ op: 'and', parts: [withKind(day, 'confirmed')] })).toEqual({ op: 'and', parts: [{ kind: 'confirmed' }] });
  });
});
