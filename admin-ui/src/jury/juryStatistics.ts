import { ESSAY_SCORES, type EssayField } from '@svp/domain';
import type { ApplicationJuryStats, ScoreDistribution } from './types';

export type AverageKind = 'raw' | 'calibrated';

/** The number typed as team leaders per application, or why it cannot be sent. */
export function parseTlsPerApp(text: string): { value: number; error: null } | { value: null; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: 'Enter the number of team leaders per application' };
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value < 1) return { value: null, error: 'Enter a whole number of at least 1' };
  return { value, error: null };
}

/** The number typed as the team leaders to plan with (0 is allowed: an edition may have none yet). */
export function parseTeamLeaderCount(text: string): { value: number; error: null } | { value: null; error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { value: null, error: 'Enter the number of team leaders' };
  const value = Number(trimmed);
  if (!Number.isInteger(value) || value < 0) return { value: null, error: 'Enter a whole number of team leaders' };
  return { value, error: null };
}

/** Scored out of assigned as a whole percentage (0 when nothing is assigned, never over 100). */
export function progressPercent(scored: number, assigned: number): number {
  if (assigned <= 0) return 0;
  return Math.min(100, Math.floor((scored / assigned) * 100));
}

export interface DistributionShare {
  score: number;
  count: number;
  /** Width of the bar's segment, in percent; the segments add up to 100 (or are all 0). */
  percent: number;
}

/** Each essay value's share of all values given, for a stacked bar. */
export function distributionShares(distribution: ScoreDistribution): DistributionShare[] {
  const total = distributionTotal(distribution);
  return ESSAY_SCORES.map((score) => {
    const count = countOf(distribution, score);
    return { score, count, percent: total ? (count / total) * 100 : 0 };
  });
}

export function distributionTotal(distribution: ScoreDistribution): number {
  return ESSAY_SCORES.reduce((sum, score) => sum + countOf(distribution, score), 0);
}

/** The mean essay value given, or null when none was. */
export function distributionMean(distribution: ScoreDistribution): number | null {
  const total = distributionTotal(distribution);
  if (!total) return null;
  return ESSAY_SCORES.reduce((sum, score) => sum + score * countOf(distribution, score), 0) / total;
}

/** Every team leader's values together: the yardstick a single juror is compared with. */
export function combinedDistribution(distributions: readonly ScoreDistribution[]): ScoreDistribution {
  const out = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as ScoreDistribution;
  for (const distribution of distributions)
    for (const score of ESSAY_SCORES) out[score as keyof ScoreDistribution] += countOf(distribution, score);
  return out;
}

/** A juror this far (in essay points) below or above everyone's mean is marked harsh or lenient. */
export const TENDENCY_GAP = 0.75;
/** Below this many essay values (three applications) a juror's mean says too little to mark. */
export const TENDENCY_MIN_VALUES = 9;

export type Tendency = 'harsh' | 'lenient' | null;

/** Whether a juror scores markedly lower (harsh) or higher (lenient) than the jury as a whole. */
export function jurorTendency(juror: ScoreDistribution, everyone: ScoreDistribution): Tendency {
  const mine = distributionMean(juror);
  const all = distributionMean(everyone);
  if (mine === null || all === null || distributionTotal(juror) < TENDENCY_MIN_VALUES) return null;
  if (mine <= all - TENDENCY_GAP) return 'harsh';
  if (mine >= all + TENDENCY_GAP) return 'lenient';
  return null;
}

export interface RankedApplication extends ApplicationJuryStats {
  /** Place by the chosen average (equal averages share a place); null when unscored. */
  rank: number | null;
  /** Place by the other average, to show who moves. */
  otherRank: number | null;
}

const averageOf = (application: ApplicationJuryStats, kind: AverageKind) =>
  kind === 'raw' ? application.rawAverage : application.calibratedAverage;

/** Places by one average, highest first; equal averages share a place (1, 2, 2, 4) and unscored applications get none. */
function placesBy(applications: readonly ApplicationJuryStats[], kind: AverageKind): Map<number, number> {
  const scored = applications.filter((a) => averageOf(a, kind) !== null).sort((a, b) => averageOf(b, kind)! - averageOf(a, kind)!);
  const places = new Map<number, number>();
  scored.forEach((application, i) => {
    const previous = scored[i - 1];
    const place = previous && averageOf(previous, kind) === averageOf(application, kind) ? places.get(previous.applicationId)! : i + 1;
    places.set(application.applicationId, place);
  });
  return places;
}

/** The applications ranked by the raw or the calibrated average, unscored ones last, ties by application id. */
export function rankApplications(applications: readonly ApplicationJuryStats[], by: AverageKind): RankedApplication[] {
  const other: AverageKind = by === 'raw' ? 'calibrated' : 'raw';
  const places = placesBy(applications, by);
  const otherPlaces = placesBy(applications, other);
  return applications
    .map((application) => ({
      ...application,
      rank: places.get(application.applicationId) ?? null,
      otherRank: otherPlaces.get(application.applicationId) ?? null,
    }))
    .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.applicationId - b.applicationId);
}

/** How many places an application moves up (positive) or down when ranked by `by` instead of the other average. */
export function rankShift(application: Pick<RankedApplication, 'rank' | 'otherRank'>): number | null {
  if (application.rank === null || application.otherRank === null) return null;
  return application.otherRank - application.rank;
}

/** Raw averages on the 1–5 scale ('3.50'); calibrated ones as signed z-scores ('+0.83', '−1.20'); '—' for none. */
export function formatAverage(value: number | null, kind: AverageKind): string {
  if (value === null) return '—';
  if (kind === 'raw') return value.toFixed(2);
  const text = Math.abs(value).toFixed(2);
  if (text === '0.00') return text;
  return `${value > 0 ? '+' : '−'}${text}`;
}

/** 'Essay 1' */
export function essayLabel(essay: EssayField): string {
  return `Essay ${essay.slice('essay'.length)}`;
}

function countOf(distribution: ScoreDistribution, score: number): number {
  return Number(distribution[score as keyof ScoreDistribution] ?? 0) || 0;
}
