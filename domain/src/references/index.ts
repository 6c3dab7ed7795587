import { REFERENCE_TYPES } from '../options/lists.js';
import type { Option } from '../options/lists.js';
import { countWords } from '../rules/words.js';
import { REFERENCE_STATES, type ReferenceState } from './states.js';
import type { FieldError } from '../timeline.js';
import type { ReferenceAnswer } from '../contract/references.js';

/** Declared once, as wire shapes, in domain/src/contract/references.ts. */
export type { ReferenceAnswer, ReferenceRatings } from '../contract/references.js';

/**
 * The references the referees named in an application give: what the form asks, what a valid
 * answer is, and the states a reference goes through. Shared by the server (which enforces them)
 * and the referee's form (which shows the same limits as they are typed).
 */

export const REFERENCE_STATEMENT_WORD_LIMIT = 300;
export const REFERENCE_DECLINE_REASON_MAX_LENGTH = 1000;

export const REFERENCE_RATING_KEYS = ['reliability', 'teamwork', 'communication', 'initiative'] as const;
export type ReferenceRatingKey = (typeof REFERENCE_RATING_KEYS)[number];

export const REFERENCE_RATING_LABELS: Readonly<Record<ReferenceRatingKey, string>> = {
  reliability: 'Reliability',
  teamwork: 'Teamwork',
  communication: 'Communication',
  initiative: 'Initiative',
};

/** 1 (poor) to 5 (excellent); null is 'cannot judge'. */
export type ReferenceRating = 1 | 2 | 3 | 4 | 5 | null;

/** How long the referee has known the applicant. */
export const REFERENCE_KNOWN_FOR: readonly Option[] = [
  { value: 'under-6-months', label: 'Less than 6 months' },
  { value: '6-12-months', label: '6 to 12 months' },
  { value: '1-2-years', label: '1 to 2 years' },
  { value: '2-5-years', label: '2 to 5 years' },
  { value: 'over-5-years', label: 'More than 5 years' },
];

/** The relationship the referee confirms: the same list the applicant chose from. */
export const REFERENCE_RELATIONSHIPS: readonly Option[] = REFERENCE_TYPES;

export { REFERENCE_STATES, type ReferenceState } from './states.js';

export const REFERENCE_STATE_LABELS: Readonly<Record<ReferenceState, string>> = {
  requested: 'Requested',
  received: 'Received',
  declined: 'Declined',
  'not-reachable': 'Not reachable',
  withdrawn: 'Withdrawn',
};

export function isReferenceState(value: unknown): value is ReferenceState {
  return typeof value === 'string' && (REFERENCE_STATES as readonly string[]).includes(value);
}

export const REFERENCE_MESSAGES = {
  relationship: 'Choose how you know the applicant.',
  knownFor: 'Choose how long you have known the applicant.',
  rating: (label: string) => `Rate ${label.toLowerCase()} from 1 to 5, or choose 'Cannot judge'.`,
  statementMissing: 'Write a statement about the applicant.',
  statementTooLong: (words: number) =>
    `The statement must be at most ${REFERENCE_STATEMENT_WORD_LIMIT} words; it has ${words}. Shorten it ` +
    `by ${words - REFERENCE_STATEMENT_WORD_LIMIT}.`,
  declineReasonTooLong: `The reason can be at most ${REFERENCE_DECLINE_REASON_MAX_LENGTH} characters.`,
  selfReference:
    'This is your own email address. A reference must come from someone else: name a teacher, advisor, mentor, supervisor or coworker.',
} as const;

/** The live counter under the statement, in the words the essays' counter uses. */
export function statementCounterText(text: string | null | undefined): string {
  const remaining = REFERENCE_STATEMENT_WORD_LIMIT - countWords(text);
  return remaining >= 0
    ? `${remaining} words remaining`
    : `${-remaining} words over the limit, you will not be able to submit your reference`;
}

const optionValues = (options: readonly Option[]) => new Set(options.map((o) => o.value));
const RELATIONSHIPS = optionValues(REFERENCE_RELATIONSHIPS);
const KNOWN_FOR = optionValues(REFERENCE_KNOWN_FOR);

/** Every problem with a referee's answer, by field (`ratings.teamwork` for a rating). */
export function validateReferenceAnswer(input: Partial<Record<keyof ReferenceAnswer, unknown>>): FieldError[] {
  const problems: FieldError[] = [];
  if (typeof input.relationship !== 'string' || !RELATIONSHIPS.has(input.relationship))
    problems.push({ field: 'relationship', message: REFERENCE_MESSAGES.relationship });
  if (typeof input.knownFor !== 'string' || !KNOWN_FOR.has(input.knownFor))
    problems.push({ field: 'knownFor', message: REFERENCE_MESSAGES.knownFor });
  const ratings = (input.ratings && typeof input.ratings === 'object' ? input.ratings : {}) as Record<string, unknown>;
  for (const key of REFERENCE_RATING_KEYS) {
    const value = ratings[key];
    const valid = value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5);
    if (!valid) problems.push({ field: `ratings.${key}`, message: REFERENCE_MESSAGES.rating(REFERENCE_RATING_LABELS[key]) });
  }
  const statement = typeof input.statement === 'string' ? input.statement : '';
  const words = countWords(statement);
  if (words === 0) problems.push({ field: 'statement', message: REFERENCE_MESSAGES.statementMissing });
  else if (words > REFERENCE_STATEMENT_WORD_LIMIT)
    problems.push({ field: 'statement', message: REFERENCE_MESSAGES.statementTooLong(words) });
  return problems;
}

/** The mean of the ratings given (not 'cannot judge'), to two decimals; null when none was given. */
export function averageReferenceRating(ratings: Partial<Record<ReferenceRatingKey, ReferenceRating>> | null | undefined): number | null {
  const given = REFERENCE_RATING_KEYS.map((key) => ratings?.[key]).filter((v): v is 1 | 2 | 3 | 4 | 5 => typeof v === 'number');
  if (!given.length) return null;
  return Math.round((given.reduce((sum, v) => sum + v, 0) / given.length) * 100) / 100;
}

/**
 * An address as a mailbox receives it: trimmed, in lower case, without a `+tag` on its local part
 * ('Ada+Ref@Example.edu' and 'ada@example.edu' reach the same person).
 */
export function mailboxOf(email: string | null | undefined): string {
  const address = (email ?? '').trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  const local = address.slice(0, at).split('+')[0]!;
  return `${local || address.slice(0, at)}${address.slice(at)}`;
}

/** Whether the applicant named themself: the referee's address reaches the account's mailbox (case, spaces, `+tag`). */
export function isSelfReference(accountEmail: string | null | undefined, refereeEmail: string | null | undefined): boolean {
  return mailboxOf(refereeEmail) !== '' && mailboxOf(refereeEmail) === mailboxOf(accountEmail);
}
