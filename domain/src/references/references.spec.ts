import { describe, expect, it } from '@jest/globals';
import {
  REFERENCE_MESSAGES,
  REFERENCE_RATING_KEYS,
  REFERENCE_STATES,
  REFERENCE_STATE_LABELS,
  averageReferenceRating,
  isReferenceState,
  isSelfReference,
  mailboxOf,
  statementCounterText,
  validateReferenceAnswer,
} from './index.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const answer = (change: Record<string, unknown> = {}) => ({
  relationship: 'professor',
  knownFor: '1-2-years',
  ratings: { reliability: 5, teamwork: 4, communication: null, initiative: 3 },
  statement: 'Reliable and kind.',
  ...change,
});

describe('validateReferenceAnswer', () => {
  it('accepts a full answer, with "cannot judge" for a rating', () => {
    expect(validateReferenceAnswer(answer())).toEqual([]);
  });

  it("names every missing or wrong field with the form's words", () => {
    const problems = validateReferenceAnswer({
      relationship: 'cousin',
      knownFor: undefined,
      ratings: { reliability: 6, teamwork: 2.5, communication: '3' },
      statement: '  ',
    });
    expect(problems).toEqual([
      { field: 'relationship', message: REFERENCE_MESSAGES.relationship },
      { field: 'knownFor', message: REFERENCE_MESSAGES.knownFor },
      { field: 'ratings.reliability', message: "Rate reliability from 1 to 5, or choose 'Cannot judge'." },
      { field: 'ratings.teamwork', message: "Rate teamwork from 1 to 5, or choose 'Cannot judge'." },
      { field: 'ratings.communication', message: "Rate communication from 1 to 5, or choose 'Cannot judge'." },
      { field: 'ratings.initiative', message: "Rate initiative from 1 to 5, or choose 'Cannot judge'." },
      { field: 'statement', message: REFERENCE_MESSAGES.statementMissing },
    ]);
  });

  it("takes a statement of 300 words and refuses 301 with the limit's message", () => {
    expect(validateReferenceAnswer(answer({ statement: words(300) }))).toEqual([]);
    expect(validateReferenceAnswer(answer({ statement: words(301) }))).toEqual([
      { field: 'statement', message: 'The statement must be at most 300 words; it has 301. Shorten it by 1.' },
    ]);
  });
});

describe('the statement counter', () => {
  it('counts down, then says how far over the limit the text is', () => {
    expect(statementCounterText('')).toBe('300 words remaining');
    expect(statementCounterText(words(299))).toBe('1 words remaining');
    expect(statementCounterText(words(302))).toBe('2 words over the limit, you will not be able to submit your reference');
  });
});

describe('averageReferenceRating', () => {
  it('averages the ratings given, to two decimals, leaving out "cannot judge"', () => {
    expect(averageReferenceRating({ reliability: 5, teamwork: 4, communication: null, initiative: 4 })).toBe(4.33);
    expect(averageReferenceRating({ reliability: null, teamwork: null, communication: null, initiative: null })).toBeNull();
    expect(averageReferenceRating(null)).toBeNull();
  });
});

describe('states and self-references', () => {
  it('labels every state', () => {
    for (const state of REFERENCE_STATES) expect(REFERENCE_STATE_LABELS[state]).toBeTruthy();
    expect(REFERENCE_STATE_LABELS['not-reachable']).toBe('Not reachable');
    expect(isReferenceState('received')).toBe(true);
    expect(isReferenceState('lost')).toBe(false);
    expect(REFERENCE_RATING_KEYS).toEqual(['reliability', 'teamwork', 'communication', 'initiative']);
  });

  it("finds the applicant's own address whatever the case, spaces and +tag", () => {
    expect(isSelfReference('ada@example.edu', ' ADA@example.edu ')).toBe(true);
    expect(isSelfReference('a2@example.edu', 'a2+ref@example.edu')).toBe(true);
    expect(isSelfReference('A2+Apply@Example.edu', 'a2+other@example.EDU')).toBe(true);
    expect(isSelfReference('ada@example.edu', 'grace@example.edu')).toBe(false);
    expect(isSelfReference('ada@example.edu', 'ada@example.org')).toBe(false);
    expect(isSelfReference('ada@example.edu', '')).toBe(false);
    expect(mailboxOf(' +x@example.edu')).toBe('+x@example.edu');
  });
});
