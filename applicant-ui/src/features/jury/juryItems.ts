import { ESSAY_SCORES, JURY_SCORE_FIELDS, type JuryScoreField, OVERALL_OPTIONS, RED_FLAG_OPTIONS } from '@svp/domain';
import type { JuryItem } from '../../api/types';

export type JuryFilter = 'all' | 'scored' | 'unscored';

export const JURY_FILTERS: readonly { value: JuryFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'scored', label: 'Scored' },
  { value: 'unscored', label: 'Unscored' },
];

/** The five selects of the score form, in the kept order, with their choices (docs/product.md, 'Formats and constants'). */
export const SCORE_FIELDS: readonly { field: JuryScoreField; label: string; choices: readonly { value: number; label: string }[] }[] = [
  ...(['essay1', 'essay2', 'essay3'] as const).map((field, i) => ({
    field,
    label: `Essay ${i + 1}`,
    choices: ESSAY_SCORES.map((value) => ({ value, label: String(value) })),
  })),
  { field: 'overall', label: 'Overall', choices: OVERALL_OPTIONS },
  { field: 'red_flag', label: 'Red Flag', choices: RED_FLAG_OPTIONS },
];

/** The five values being edited; null until chosen. */
export type ScoreDraft = Record<JuryScoreField, number | null>;

export const isScored = (item: JuryItem): boolean => item.score_id !== null;

/** The kept name of an item: its place in the team leader's list, from 1. */
export const applicationTitle = (index: number): string => `Application ${index + 1}`;

export function matchesFilter(item: JuryItem, filter: JuryFilter): boolean {
  return filter === 'all' || (filter === 'scored') === isScored(item);
}

export function draftOf(item: JuryItem): ScoreDraft {
  return Object.fromEntries(JURY_SCORE_FIELDS.map((field) => [field, item[field]])) as ScoreDraft;
}

/** 'Essay 1: 4', 'Overall: Yes', 'Red Flag: No' … for a scored item. */
export function scoreSummary(item: JuryItem): { field: JuryScoreField; text: string }[] {
  return SCORE_FIELDS.map(({ field, label, choices }) => {
    const value = item[field];
    return { field, text: `${label}: ${choices.find((c) => c.value === value)?.label ?? '–'}` };
  });
}
