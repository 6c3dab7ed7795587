import {
  type FieldError,
  REFERENCE_RATING_KEYS,
  type ReferenceAnswer,
  type ReferenceRating,
  type ReferenceRatingKey,
  validateReferenceAnswer,
} from '@svp/domain';
import type { RefereeForm } from '../../api/types';

/** A rating as its radio group holds it: '' until chosen, '1'..'5', or 'cannot-judge' (sent as null). */
export type RatingChoice = '' | '1' | '2' | '3' | '4' | '5' | typeof CANNOT_JUDGE;

export const CANNOT_JUDGE = 'cannot-judge';

export const RATING_CHOICES: readonly { value: Exclude<RatingChoice, ''>; label: string }[] = [
  { value: '1', label: '1' },
  { value: '2', label: '2' },
  { value: '3', label: '3' },
  { value: '4', label: '4' },
  { value: '5', label: '5' },
  { value: CANNOT_JUDGE, label: 'Cannot judge' },
];

/** The referee's answers as the form holds them. */
export interface ReferenceValues {
  relationship: string;
  knownFor: string;
  ratings: Record<ReferenceRatingKey, RatingChoice>;
  statement: string;
}

export const REFERENCE_LABELS = {
  relationship: 'How do you know the applicant?',
  knownFor: 'How long have you known the applicant?',
  ratings: 'Ratings',
  ratingsHint: "1 is poor and 5 is excellent; choose 'Cannot judge' when you have had no chance to see it.",
  statement: 'Statement',
  statementNote: 'Please do not name the applicant in your statement: the jury reads it without names.',
} as const;

const choiceOf = (rating: ReferenceRating | undefined): RatingChoice =>
  rating === null ? CANNOT_JUDGE : rating === undefined ? '' : (String(rating) as RatingChoice);

/** The form's values: empty for a first answer, the stored answer (GET /referee/{token}) when the link is opened again to correct it. */
export function referenceValues(answer: RefereeForm['answer']): ReferenceValues {
  return {
    relationship: answer?.relationship ?? '',
    knownFor: answer?.knownFor ?? '',
    ratings: Object.fromEntries(REFERENCE_RATING_KEYS.map((key) => [key, choiceOf(answer?.ratings?.[key])])) as ReferenceValues['ratings'],
    statement: answer?.statement ?? '',
  };
}

/**
 * The body of PUT /referee/{token}. A rating not chosen stays undefined, which the domain rule
 * refuses, so that 'Cannot judge' is always an explicit choice, never a forgotten question.
 */
export function referenceAnswer(values: ReferenceValues): ReferenceAnswer {
  const ratings = Object.fromEntries(
    REFERENCE_RATING_KEYS.map((key) => {
      const choice = values.ratings?.[key] ?? '';
      return [key, choice === '' ? undefined : choice === CANNOT_JUDGE ? null : Number(choice)];
    }),
  ) as ReferenceAnswer['ratings'];
  return { relationship: values.relationship ?? '', knownFor: values.knownFor ?? '', ratings, statement: values.statement ?? '' };
}

/** Every problem with the answers, at the paths the server uses too ('ratings.teamwork'). */
export const referenceProblems = (values: ReferenceValues): FieldError[] => validateReferenceAnswer(referenceAnswer(values));

/** The order the fields appear in, for the cursor to go to the first one with a problem. */
export const REFERENCE_FIELD_ORDER: readonly string[] = [
  'relationship',
  'knownFor',
  ...REFERENCE_RATING_KEYS.map((key) => `ratings.${key}`),
  'statement',
];

export function firstProblemField(fields: Iterable<string>): string | undefined {
  const given = new Set(fields);
  return REFERENCE_FIELD_ORDER.find((field) => given.has(field)) ?? [...given][0];
}

/** Puts the cursor on a field: the select or text by its id, a rating on its first radio. */
export function focusReferenceField(field: string): void {
  const element = document.getElementById(field) ?? document.querySelector<HTMLElement>(`input[name="${field}"]`);
  element?.focus();
}
