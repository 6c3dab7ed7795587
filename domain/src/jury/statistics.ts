import { ESSAY_FIELDS, ESSAY_SCORES, type EssayField } from './scores.js';

/** One given score, as the statistics need it. */
export interface ScoreRecord {
  teamLeaderId: number;
  applicationId: number;
  essay1: number;
  essay2: number;
  essay3: number;
  overall: number;
  redFlag: number;
}

/** Jurors "disagree strongly" on an essay when their scores lie this far apart or more. */
export const DISAGREEMENT_SPREAD = 3;

/** One juror's view of one application: the mean of the three essay scores. */
export function essayMean(score: Pick<ScoreRecord, EssayField>): number {
  return (score.essay1 + score.essay2 + score.essay3) / 3;
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/** Per application, the average of its jurors' essay means: what the CSV export ranks by. */
export function rawAverages(scores: readonly ScoreRecord[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const [applicationId, list] of groupBy(scores, (s) => s.applicationId)) out.set(applicationId, mean(list.map(essayMean)));
  return out;
}

/**
 * Per application, the average of its jurors' z-scores: each juror's essay means standardised
 * against that juror's own mean and (population) standard deviation, so a harsh and a lenient
 * juror count alike. A juror whose scores do not vary (or who gave only one) says nothing about
 * rank, so their z-score is 0.
 */
export function calibratedAverages(scores: readonly ScoreRecord[]): Map<number, number> {
  const jurors = new Map<number, { mean: number; sd: number }>();
  for (const [teamLeaderId, list] of groupBy(scores, (s) => s.teamLeaderId)) {
    const values = list.map(essayMean);
    const m = mean(values);
    const sd = Math.sqrt(mean(values.map((v) => (v - m) ** 2)));
    jurors.set(teamLeaderId, { mean: m, sd });
  }
  const out = new Map<number, number>();
  for (const [applicationId, list] of groupBy(scores, (s) => s.applicationId)) {
    const z = list.map((score) => {
      const juror = jurors.get(score.teamLeaderId)!;
      return juror.sd > 1e-9 ? (essayMean(score) - juror.mean) / juror.sd : 0;
    });
    out.set(applicationId, mean(z));
  }
  return out;
}

export interface EssaySpread {
  essay: EssayField;
  min: number;
  max: number;
  spread: number;
}

export interface Disagreement {
  applicationId: number;
  /** The essays on which the jurors lie `threshold` or more apart. */
  essays: EssaySpread[];
}

/** Applications whose jurors disagree strongly on at least one essay (spread ≥ threshold). */
export function disagreements(scores: readonly ScoreRecord[], threshold = DISAGREEMENT_SPREAD): Disagreement[] {
  const out: Disagreement[] = [];
  for (const [applicationId, list] of groupBy(scores, (s) => s.applicationId)) {
    if (list.length < 2) continue;
    const essays = ESSAY_FIELDS.map((essay) => {
      const values = list.map((s) => s[essay]);
      const min = Math.min(...values);
      const max = Math.max(...values);
      return { essay, min, max, spread: max - min };
    }).filter((e) => e.spread >= threshold);
    if (essays.length) out.push({ applicationId, essays });
  }
  return out.sort((a, b) => a.applicationId - b.applicationId);
}

export interface RedFlag {
  applicationId: number;
  /** How many jurors raised it, and who. */
  count: number;
  teamLeaderIds: number[];
}

export function redFlagged(scores: readonly ScoreRecord[]): RedFlag[] {
  const out: RedFlag[] = [];
  for (const [applicationId, list] of groupBy(
    scores.filter((s) => s.redFlag === 1),
    (s) => s.applicationId,
  )) {
    out.push({ applicationId, count: list.length, teamLeaderIds: list.map((s) => s.teamLeaderId).sort((a, b) => a - b) });
  }
  return out.sort((a, b) => a.applicationId - b.applicationId);
}

/** How often each essay value 1..5 was given, over all three essays of every score. */
export function scoreDistribution(scores: readonly Pick<ScoreRecord, EssayField>[]): Record<1 | 2 | 3 | 4 | 5, number> {
  const counts = Object.fromEntries(ESSAY_SCORES.map((v) => [v, 0])) as Record<1 | 2 | 3 | 4 | 5, number>;
  for (const score of scores) {
    for (const essay of ESSAY_FIELDS) {
      const value = score[essay] as 1 | 2 | 3 | 4 | 5;
      if (value in counts) counts[value] += 1;
    }
  }
  return counts;
}
