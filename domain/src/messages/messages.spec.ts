import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type AudienceFacts, type AudienceNode, audienceProblem, describeAudience, inAudience, inSegment } from './audience.js';
import { MERGE_FIELD_NAMES, fillMergeFields, mergeFieldProblem, mergeFieldsIn, unknownMergeFields } from './merge-fields.js';

const volunteer = (overrides: Partial<AudienceFacts> = {}): AudienceFacts => ({
  role: 'Student-Volunteer',
  application: { state: 'confirmed', tag: 'SV', teamLeader: false, financialAid: false, confirmationSent: true },
  ledVenueIds: [],
  shifts: [{ id: 7, venueId: 2, day: '2026-08-10', startTime: '08:00' }],
  ...overrides,
});

describe('audience segments', () => {
  it('match a status by the catalogue: an untagged entry any tag, a tagged one only its tag', () => {
    expect(inSegment(volunteer(), { kind: 'status', statusId: 2 }, 'A')).toBe(true);
    expect(inSegment(volunteer(), { kind: 'status', statusId: 5 }, 'B')).toBe(true);
    expect(inSegment(volunteer(), { kind: 'status', statusId: 4 }, 'B')).toBe(false);
    expect(inSegment(volunteer({ application: null }), { kind: 'status', statusId: null }, 'A')).toBe(false);
  });

  it('tell an offered place whose form was not sent from a confirmed one', () => {
    const offered = volunteer({
      application: { state: 'offered', tag: null, teamLeader: false, financialAid: false, confirmationSent: false },
    });
    expect(inSegment(offered, { kind: 'confirmationIncomplete' }, 'A')).toBe(true);
    expect(inSegment(volunteer(), { kind: 'confirmationIncomplete' }, 'A')).toBe(false);
  });

  it('count a venue’s team leaders and its volunteers', () => {
    expect(inSegment(volunteer({ shifts: [], ledVenueIds: [2] }), { kind: 'venue', venueId: 2 }, 'A')).toBe(true);
    expect(inSegment(volunteer(), { kind: 'venue', venueId: 2 }, 'A')).toBe(true);
    expect(inSegment(volunteer(), { kind: 'venue', venueId: 3 }, 'A')).toBe(false);
  });

  it('read a day window as Pacific start times: from inclusive, before exclusive', () => {
    const day = (startsFrom?: string, startsBefore?: string, venueId?: number) =>
      inSegment(volunteer(), { kind: 'day', day: '2026-08-10', startsFrom, startsBefore, venueId }, 'A');
    expect(day()).toBe(true);
    expect(day('08:00')).toBe(true);
    expect(day('08:01')).toBe(false);
    expect(day(undefined, '08:00')).toBe(false);
    expect(day(undefined, '12:00')).toBe(true);
    expect(day(undefined, undefined, 3)).toBe(false);
    expect(inSegment(volunteer(), { kind: 'day', day: '2026-08-11' }, 'A')).toBe(false);
  });

  it('combine with and/or as sets do', () => {
    const segments: AudienceNode[] = [
      { kind: 'confirmed' },
      { kind: 'financialAidApplicants' },
      { kind: 'venue', venueId: 2 },
      { kind: 'role', role: 'Team-Leader' },
    ];
    const facts = fc.record({
      role: fc.constantFrom('Student-Volunteer' as const, 'Team-Leader' as const),
      application: fc.option(
        fc.record({
          state: fc.constantFrom('pending' as const, 'offered' as const, 'confirmed' as const),
          tag: fc.constant(null),
          teamLeader: fc.boolean(),
          financialAid: fc.boolean(),
          confirmationSent: fc.boolean(),
        }),
        { nil: null },
      ),
      ledVenueIds: fc.subarray([1, 2]),
      shifts: fc.constant([]),
    });
    fc.assert(
      fc.property(facts, fc.subarray(segments, { minLength: 1 }), (person, parts) => {
        const each = parts.map((part) => inAudience(person, part, 'A'));
        expect(inAudience(person, { op: 'and', parts }, 'A')).toBe(each.every(Boolean));
        expect(inAudience(person, { op: 'or', parts }, 'A')).toBe(each.some(Boolean));
      }),
    );
  });
});

describe('audienceProblem', () => {
  it('accepts well-formed audiences', () => {
    expect(
      audienceProblem(
        {
          op: 'and',
          parts: [
            { kind: 'confirmed' },
            {
              op: 'or',
              parts: [
                { kind: 'venue', venueId: 1 },
                { kind: 'day', day: '2026-08-10', startsBefore: '12:00' },
              ],
            },
          ],
        },
        'A',
      ),
    ).toBeNull();
  });

  it('names what to fix in a malformed one', () => {
    expect(audienceProblem({ kind: 'status', statusId: 9 }, 'A')).toBe('Pick a status of the edition’s catalogue.');
    expect(audienceProblem({ kind: 'status', statusId: 8 }, 'B')).toBeNull();
    expect(audienceProblem({ kind: 'venue', venueId: '1' }, 'A')).toBe('Pick a venue.');
    expect(audienceProblem({ kind: 'confirmed', extra: 1 }, 'A')).toBe("A 'confirmed' segment holds nothing else.");
    expect(audienceProblem({ kind: 'day', day: '2026-08-10', startsFrom: '12:00', startsBefore: '09:00' }, 'A')).toBe(
      'The earliest start must come before the latest start.',
    );
    expect(audienceProblem({ kind: 'day', day: '2026-02-30' }, 'A')).toBe('Give the day as YYYY-MM-DD.');
    expect(audienceProblem({ op: 'and', parts: [] }, 'A')).toBe('A group needs at least one segment.');
    expect(
      audienceProblem(
        { op: 'or', parts: [{ op: 'or', parts: [{ op: 'or', parts: [{ op: 'or', parts: [{ kind: 'confirmed' }] }] }] }] },
        'A',
      ),
    ).toBe('Groups may nest at most 3 deep.');
    expect(audienceProblem({ op: 'or', parts: Array.from({ length: 41 }, () => ({ kind: 'confirmed' })) }, 'A')).toBe(
      'An audience may combine at most 40 segments.',
    );
    expect(audienceProblem([{ kind: 'confirmed' }], 'A')).toBe('Each part of the audience must be a segment or a group.');
  });
});

describe('describeAudience', () => {
  it('says an audience in words, bracketing nested groups', () => {
    const audience: AudienceNode = {
      op: 'and',
      parts: [
        { kind: 'confirmed' },
        {
          op: 'or',
          parts: [
            { kind: 'venue', venueId: 1 },
            { kind: 'day', day: '2026-08-10', venueId: 1, startsBefore: '12:00' },
          ],
        },
      ],
    };
    expect(describeAudience(audience, { venue: (id) => (id === 1 ? 'Room 1' : undefined) })).toBe(
      'confirmed volunteers and (venue Room 1 or shifts at Room 1 on 2026-08-10, starting before 12:00)',
    );
  });
});

describe('merge fields', () => {
  it('finds the fields a text names, once each, and the unknown ones', () => {
    expect(mergeFieldsIn('Hi {firstName} {svid}, {firstName}! { not a field } {frist}')).toEqual(['firstName', 'svid', 'frist']);
    expect(unknownMergeFields('Hi {firstName} {frist} {toString}')).toEqual(['frist', 'toString']);
  });

  it('says which names exist when one does not', () => {
    const problem = mergeFieldProblem('Dear {frist} and {lst}');
    expect(problem).toMatch(/^Unknown merge fields \{frist\}, \{lst\}: use one of \{firstName\}, \{lastName\}/);
    expect(mergeFieldProblem('Dear {firstName}')).toBeNull();
  });

  it('fills only known fields and leaves other braces as written', () => {
    const filled = fillMergeFields('{firstName}/{svid}/{x}/{ y }', (field) => field.toUpperCase());
    expect(filled).toBe('FIRSTNAME/SVID/{x}/{ y }');
    expect(MERGE_FIELD_NAMES).toContain('nextShift');
  });
});
