/** Jury scores: three essays 1–5, overall Yes = 1 / No = 0, red flag No = 0 / Yes = 1. */
export const ESSAY_SCORE_MIN = 1;
export const ESSAY_SCORE_MAX = 5;
export const ESSAY_SCORES: readonly number[] = [1, 2, 3, 4, 5];

export const ESSAY_FIELDS = ['essay1', 'essay2', 'essay3'] as const;
export type EssayField = (typeof ESSAY_FIELDS)[number];
export const JURY_SCORE_FIELDS = [...ESSAY_FIELDS, 'overall', 'red_flag'] as const;
export type JuryScoreField = (typeof JURY_SCORE_FIELDS)[number];

/** The five values a team leader gives one application. */
export type JuryScoreValues = Record<JuryScoreField, number>;

export const OVERALL_OPTIONS = [
  { value: 1, label: 'Yes' },
  { value: 0, label: 'No' },
] as const;
export const RED_FLAG_OPTIONS = [
  { value: 0, label: 'No' },
  { value: 1, label: 'Yes' },
] as const;

export const JURY_SCORE_MESSAGES: Readonly<Record<JuryScoreField, string>> = {
  essay1: 'essay1 must be a whole number from 1 to 5',
  essay2: 'essay2 must be a whole number from 1 to 5',
  essay3: 'essay3 must be a whole number from 1 to 5',
  overall: 'overall must be 1 (Yes) or 0 (No)',
  red_flag: 'red_flag must be 0 (No) or 1 (Yes)',
};

export const JURY_SAVED_MESSAGE = 'Scores saved successfully';

/** Every problem with a score: all five values are required and in range. */
export function juryScoreProblems(values: Partial<Record<JuryScoreField, unknown>>): { field: JuryScoreField; message: string }[] {
  const problems: { field: JuryScoreField; message: string }[] = [];
  for (const field of JURY_SCORE_FIELDS) {
    const value = values[field];
    if (value === undefined || value === null || value === '') {
      problems.push({ field, message: `${field} is required` });
      continue;
    }
    const essay = (ESSAY_FIELDS as readonly string[]).includes(field);
    const ok =
      Number.isInteger(value) &&
      (essay ? (value as number) >= ESSAY_SCORE_MIN && (value as number) <= ESSAY_SCORE_MAX : value === 0 || value === 1);
    if (!ok) problems.push({ field, message: JURY_SCORE_MESSAGES[field] });
  }
  return problems;
}
