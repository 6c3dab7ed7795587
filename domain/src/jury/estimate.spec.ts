import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { DEFAULT_TEAM_LEADER_COUNT, DEFAULT_TLS_PER_APP } from './assignment.js';
import { estimatedAppsPerTeamLeader } from './estimate.js';

describe('estimatedAppsPerTeamLeader', () => {
  it("is the spec's (completed − 22) × 3 / 22, rounded down, with its defaults", () => {
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

  it('never gives a team leader more than the pool times TLsPerApp shared out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 10 }), (completed, leaders, k) => {
        const n = estimatedAppsPerTeamLeader(completed, leaders, k);
        expect(Number.isInteger(n) && n >= 0).toBe(true);
        expect(n * leaders).toBeLessThanOrEqual(Math.max(0, (completed - leaders) * k));
        if (completed > leaders) expect((n + 1) * leaders).toBeGreaterThan((completed - leaders) * k);
      }),
    );
  });
});
