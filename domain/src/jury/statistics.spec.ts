import { describe, expect, it } from '@jest/globals';
import {
  type ScoreRecord,
  calibratedAverages,
  disagreements,
  essayMean,
  rawAverages,
  redFlagged,
  scoreDistribution,
} from './statistics.js';

const score = (teamLeaderId: number, applicationId: number, essays: [number, number, number], redFlag = 0): ScoreRecord => ({
  teamLeaderId,
  applicationId,
  essay1: essays[0],
  essay2: essays[1],
  essay3: essays[2],
  overall: 1,
  redFlag,
});

describe('raw averages', () => {
  it("averages each juror's essay mean, as the CSV export does", () => {
    const scores = [score(1, 10, [5, 4, 3]), score(2, 10, [1, 1, 1]), score(1, 11, [2, 2, 5])];
    expect(essayMean(scores[0]!)).toBe(4);
    const raw = rawAverages(scores);
    expect(raw.get(10)).toBeCloseTo(2.5);
    expect(raw.get(11)).toBeCloseTo(3);
    expect(raw.has(12)).toBe(false);
  });
});

describe('calibrated averages', () => {
  it('cancels out a harsh and a lenient juror who rank alike', () => {
    // juror 1 is lenient (4..5), juror 2 harsh (1..2); both put application 10 first and 12 last
    const scores = [
      score(1, 10, [5, 5, 5]),
      score(1, 11, [5, 4, 4]),
      score(1, 12, [4, 4, 4]),
      score(2, 10, [2, 2, 2]),
      score(2, 11, [2, 1, 1]),
      score(2, 12, [1, 1, 1]),
    ];
    const calibrated = calibratedAverages(scores);
    // each juror's essay means are 5, 4.33, 4 and 2, 1.33, 1: the same shape, so the same z-scores
    const z = (v: number, m: number, sd: number) => (v - m) / sd;
    const values = [5, 13 / 3, 4];
    const m = values.reduce((a, b) => a + b) / 3;
    const sd = Math.sqrt(values.map((v) => (v - m) ** 2).reduce((a, b) => a + b) / 3);
    expect(calibrated.get(10)).toBeCloseTo(z(5, m, sd), 10);
    expect(calibrated.get(11)).toBeCloseTo(z(13 / 3, m, sd), 10);
    expect(calibrated.get(12)).toBeCloseTo(z(4, m, sd), 10);
    // and a juror's z-scores average to zero over their own applications
    expect([...calibrated.values()].reduce((a, b) => a + b)).toBeCloseTo(0, 10);
  });

  it('corrects the raw ranking when one application met only the harsh juror', () => {
    const scores = [
      score(1, 10, [4, 4, 4]), // lenient juror's lowest
      score(1, 11, [5, 5, 5]),
      score(2, 12, [3, 3, 3]), // harsh juror's highest
      score(2, 13, [1, 1, 1]),
    ];
    const raw = rawAverages(scores);
    const calibrated = calibratedAverages(scores);
    expect(raw.get(10)!).toBeGreaterThan(raw.get(12)!);
    expect(calibrated.get(12)!).toBeGreaterThan(calibrated.get(10)!);
  });

  it('gives 0 for a juror whose scores do not vary or who gave only one', () => {
    const calibrated = calibratedAverages([score(1, 10, [3, 3, 3]), score(1, 11, [3, 3, 3]), score(2, 12, [5, 1, 2])]);
    expect(calibrated.get(10)).toBe(0);
    expect(calibrated.get(11)).toBe(0);
    expect(calibrated.get(12)).toBe(0);
    expect(calibratedAverages([]).size).toBe(0);
  });
});

describe('disagreements', () => {
  it('lists applications whose jurors lie 3 or more apart on an essay, naming the essays', () => {
    const scores = [
      score(1, 10, [5, 3, 2]),
      score(2, 10, [2, 3, 5]),
      score(3, 10, [4, 3, 3]),
      score(1, 11, [5, 5, 5]),
      score(2, 11, [3, 3, 3]), // spread 2: not strong
      score(1, 12, [1, 1, 1]), // a single juror cannot disagree
    ];
    expect(disagreements(scores)).toEqual([
      {
        applicationId: 10,
        essays: [
          { essay: 'essay1', min: 2, max: 5, spread: 3 },
          { essay: 'essay3', min: 2, max: 5, spread: 3 },
        ],
      },
    ]);
    expect(disagreements(scores, 2).map((d) => d.applicationId)).toEqual([10, 11]);
  });
});

describe('red flags and distributions', () => {
  it('lists red-flagged applications with who raised the flag', () => {
    const scores = [score(2, 11, [1, 1, 1], 1), score(1, 11, [2, 2, 2], 1), score(3, 11, [2, 2, 2]), score(1, 10, [5, 5, 5])];
    expect(redFlagged(scores)).toEqual([{ applicationId: 11, count: 2, teamLeaderIds: [1, 2] }]);
  });

  it('counts each essay value 1..5 over all three essays', () => {
    expect(scoreDistribution([score(1, 10, [5, 4, 4]), score(1, 11, [1, 4, 5])])).toEqual({ 1: 1, 2: 0, 3: 0, 4: 3, 5: 2 });
    expect(scoreDistribution([])).toEqual({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });
  });
});
