import { describe, expect, it } from 'vitest';
import {
  TENDENCY_MIN_VALUES,
  combinedDistribution,
  distributionMean,
  distributionShares,
  essayLabel,
  formatAverage,
  jurorTendency,
  parseTeamLeaderCount,
  parseTlsPerApp,
  progressPercent,
  rankApplications,
  rankShift,
} from './juryStatistics';
import type { ApplicationJuryStats, ScoreDistribution } from './types';

const dist = (...counts: [number, number, number, number, number]): ScoreDistribution => ({
  1: counts[0],
  2: counts[1],
  3: counts[2],
  4: counts[3],
  5: counts[4],
});

const app = (applicationId: number, rawAverage: number | null, calibratedAverage: number | null): ApplicationJuryStats => ({
  applicationId,
  studentVolunteerId: applicationId + 100,
  assigned: 3,
  scored: rawAverage === null ? 0 : 3,
  rawAverage,
  calibratedAverage,
});

describe('parseTlsPerApp', () => {
  it('takes a whole number of at least 1, spaces around it allowed', () => {
    expect(parseTlsPerApp('3')).toEqual({ value: 3, error: null });
    expect(parseTlsPerApp(' 12 ')).toEqual({ value: 12, error: null });
  });

  it('refuses nothing, zero, negatives, fractions and words', () => {
    expect(parseTlsPerApp('').error).toBe('Enter the number of team leaders per application');
    for (const text of ['0', '-1', '2.5', 'three', '1e'])
      expect(parseTlsPerApp(text)).toEqual({ value: null, error: 'Enter a whole number of at least 1' });
  });
});

describe('parseTeamLeaderCount', () => {
  it('takes a whole number, zero included', () => {
    expect(parseTeamLeaderCount('22')).toEqual({ value: 22, error: null });
    expect(parseTeamLeaderCount(' 0 ')).toEqual({ value: 0, error: null });
  });

  it('refuses nothing, negatives, fractions and words', () => {
    expect(parseTeamLeaderCount(' ').error).toBe('Enter the number of team leaders');
    for (const text of ['-1', '2.5', 'many'])
      expect(parseTeamLeaderCount(text)).toEqual({ value: null, error: 'Enter a whole number of team leaders' });
  });
});

describe('progressPercent', () => {
  it('rounds down, so 100% means every assignment is scored', () => {
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(200, 200)).toBe(100);
    expect(progressPercent(1, 3)).toBe(33);
  });

  it('is 0 with nothing assigned and never above 100', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(6, 5)).toBe(100);
  });
});

describe('distributionShares', () => {
  it('gives each score its share of the bar, adding up to 100', () => {
    const shares = distributionShares(dist(5, 4, 0, 0, 1));
    expect(shares.map((s) => s.score)).toEqual([1, 2, 3, 4, 5]);
    expect(shares.map((s) => s.count)).toEqual([5, 4, 0, 0, 1]);
    expect(shares.map((s) => s.percent)).toEqual([50, 40, 0, 0, 10]);
    const thirds = distributionShares(dist(1, 1, 1, 0, 0));
    expect(thirds.reduce((sum, s) => sum + s.percent, 0)).toBeCloseTo(100, 10);
  });

  it('draws nothing for a juror who has not scored', () => {
    expect(distributionShares(dist(0, 0, 0, 0, 0)).map((s) => s.percent)).toEqual([0, 0, 0, 0, 0]);
  });

  it('reads the keys as the API sends them (strings)', () => {
    const fromJson = JSON.parse('{"1":0,"2":2,"3":0,"4":2,"5":0}') as ScoreDistribution;
    expect(distributionShares(fromJson).map((s) => s.percent)).toEqual([0, 50, 0, 50, 0]);
    expect(distributionMean(fromJson)).toBe(3);
  });
});

describe('distributionMean and jurorTendency', () => {
  const harsh = dist(5, 4, 0, 0, 0);
  const lenient = dist(0, 0, 0, 5, 4);
  const middle = dist(0, 2, 5, 2, 0);
  const everyone = combinedDistribution([harsh, lenient, middle]);

  it('averages the essay values given', () => {
    expect(distributionMean(harsh)).toBeCloseTo(13 / 9, 10);
    expect(distributionMean(dist(0, 0, 0, 0, 0))).toBeNull();
    expect(everyone).toEqual(dist(5, 6, 5, 7, 4));
  });

  it('marks a juror well below or above the jury as harsh or lenient', () => {
    expect(jurorTendency(harsh, everyone)).toBe('harsh');
    expect(jurorTendency(lenient, everyone)).toBe('lenient');
    expect(jurorTendency(middle, everyone)).toBeNull();
  });

  it('says nothing about a juror with too few scores', () => {
    expect(TENDENCY_MIN_VALUES).toBe(9);
    expect(jurorTendency(dist(3, 3, 0, 0, 0), everyone)).toBeNull();
    expect(jurorTendency(dist(0, 0, 0, 0, 0), everyone)).toBeNull();
  });
});

describe('rankApplications', () => {
  // 1 and 2 share a raw average; the calibrated averages order them otherwise
  const applications = [app(1, 4, 0.2), app(2, 4, 1.1), app(3, 2.5, -0.9), app(4, null, null), app(5, 3, 0.5)];

  it('ranks by the raw average, highest first, equal averages sharing a place, unscored last', () => {
    const ranked = rankApplications(applications, 'raw');
    expect(ranked.map((a) => [a.applicationId, a.rank])).toEqual([
      [1, 1],
      [2, 1],
      [5, 3],
      [3, 4],
      [4, null],
    ]);
  });

  it('ranks by the calibrated average and keeps the other place to show who moves', () => {
    const ranked = rankApplications(applications, 'calibrated');
    expect(ranked.map((a) => [a.applicationId, a.rank, a.otherRank])).toEqual([
      [2, 1, 1],
      [5, 2, 3],
      [1, 3, 1],
      [3, 4, 4],
      [4, null, null],
    ]);
    expect(ranked.map(rankShift)).toEqual([0, 1, -2, 0, null]);
  });

  it('does not reorder its input and breaks ties of unscored ones by id', () => {
    const input = [app(9, null, null), app(7, null, null)];
    expect(rankApplications(input, 'raw').map((a) => a.applicationId)).toEqual([7, 9]);
    expect(input.map((a) => a.applicationId)).toEqual([9, 7]);
    expect(rankApplications([], 'calibrated')).toEqual([]);
  });
});

describe('formatAverage', () => {
  it('shows raw averages on the 1–5 scale and calibrated ones as signed z-scores', () => {
    expect(formatAverage(3.5, 'raw')).toBe('3.50');
    expect(formatAverage(0.833, 'calibrated')).toBe('+0.83');
    expect(formatAverage(-1.2, 'calibrated')).toBe('−1.20');
    expect(formatAverage(0, 'calibrated')).toBe('0.00');
    expect(formatAverage(-0.001, 'calibrated')).toBe('0.00');
    expect(formatAverage(null, 'raw')).toBe('—');
  });

  it('names essays as the team leaders see them', () => {
    expect(essayLabel('essay3')).toBe('Essay 3');
  });
});
