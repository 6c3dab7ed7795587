import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DEFAULT_TEAM_LEADER_COUNT, DEFAULT_TLS_PER_APP } from './assignment.js';
import { assignmentLoads, estimatedAppsPerTeamLeader } from './estimate.js';

describe('estimatedAppsPerTeamLeader', () => {
  it("is the earlier portal's (completed − 22) × 3 / 22, rounded down, with its defaults", () => {
    expect(estimatedAppsPerTeamLeader(100, DEFAULT_TEAM_LEADER_COUNT, DEFAULT_TLS_PER_APP)).toBe(10); // 78 × 3 / 22 = 10.6
    expect(estimatedAppsPerTeamLeader(22 + 22 * 4, 22, 3)).toBe(12); // exactly 12
    expect(estimatedAppsPerTeamLeader(500, 22, 3)).toBe(65); // 478 × 3 / 22 = 65.2
  });

  it('follows the number of team leaders and of team leaders per application given', () => {
    expect(estimatedAppsPerTeamLeader(100, 10, 3)).toBe(27);
    expect(estimatedAppsPerTeamLeader(100, 10, 2)).toBe(18);
    expect(estimatedAppsPerTeamLeader(23, 5, 3)).toBe(10); // 18 × 3 / 5 = 10.8
  });

  it('is 0 without team leaders or with more team leaders than completed applications', () => {
    expect(estimatedAppsPerTeamLeader(100, 0, 3)).toBe(0);
    expect(estimatedAppsPerTeamLeader(5, 22, 3)).toBe(0);
    expect(estimatedAppsPerTeamLeader(0, 1, 3)).toBe(0);
  });

  it('never gives a team leader more applications than the pool holds', () => {
    // 8 completed, 2 team leaders, 3 each: the formula says 9, but only 6 applications are left to score.
    expect(estimatedAppsPerTeamLeader(8, 2, 3)).toBe(6);
    expect(estimatedAppsPerTeamLeader(8, 1, 3)).toBe(7);
  });

  it('is the pool times TLsPerApp shared out, rounded down, within the pool', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 10 }),
        (completed, leaders, k) => {
          const n = estimatedAppsPerTeamLeader(completed, leaders, k);
          const pool = Math.max(0, completed - leaders);
          expect(Number.isInteger(n) && n >= 0 && n <= pool).toBe(true);
          expect(n * leaders).toBeLessThanOrEqual(pool * k);
          if (n < pool) expect((n + 1) * leaders).toBeGreaterThan(pool * k);
        },
      ),
    );
  });
});

describe('assignmentLoads', () => {
  it('shares the pool times TLsPerApp out evenly: loads differ by at most one', () => {
    expect(assignmentLoads(20, 5, 3)).toEqual({ min: 12, max: 12 });
    expect(assignmentLoads(23, 5, 3)).toEqual({ min: 13, max: 14 });
    expect(assignmentLoads(100, 22, 3)).toEqual({ min: 13, max: 14 });
  });

  it('never answers more than the pool: 8 applications cannot make 12 per team leader', () => {
    expect(assignmentLoads(8, 2, 3)).toEqual({ min: 8, max: 8 });
    expect(assignmentLoads(8, 1, 3)).toEqual({ min: 8, max: 8 });
    expect(assignmentLoads(1, 3, 2)).toEqual({ min: 0, max: 1 });
  });

  it('is 0 without applications or without team leaders', () => {
    expect(assignmentLoads(0, 5, 3)).toEqual({ min: 0, max: 0 });
    expect(assignmentLoads(20, 0, 3)).toEqual({ min: 0, max: 0 });
  });

  it('adds up to every application scored TLsPerApp times when there are team leaders enough', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 10 }),
        (pool, leaders, k) => {
          const { min, max } = assignmentLoads(pool, leaders, k);
          expect(min <= max && max <= pool && max - min <= 1).toBe(true);
          if (k <= leaders) expect(min * leaders <= pool * k && pool * k <= max * leaders).toBe(true);
        },
      ),
    );
  });
});
