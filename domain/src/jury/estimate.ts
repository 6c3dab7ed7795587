/**
 * What assigning the pool (the completed applications of applicants who are not team leaders) gives
 * each team leader: pool × TLsPerApp shared out evenly, so loads differ by at most one, and never
 * more than the pool itself, since nobody scores the same application twice.
 */
export function assignmentLoads(poolSize: number, teamLeaders: number, tlsPerApp: number): { min: number; max: number } {
  if (teamLeaders <= 0 || poolSize <= 0) return { min: 0, max: 0 };
  const share = (poolSize * tlsPerApp) / teamLeaders;
  return { min: Math.min(poolSize, Math.floor(share)), max: Math.min(poolSize, Math.ceil(share)) };
}

/**
 * 'This will assign {n} apps per TL.' for a number of team leaders the administrator plans with
 * rather than the users who hold the role now (docs/decisions.md, 'The jury assignment preview'): each team leader's own
 * completed application leaves the pool, so n = floor((completed − teamLeaders) × TLsPerApp /
 * teamLeaders), never below 0, and never above that pool (completed − teamLeaders).
 */
export function estimatedAppsPerTeamLeader(completed: number, teamLeaders: number, tlsPerApp: number): number {
  return assignmentLoads(completed - teamLeaders, teamLeaders, tlsPerApp).min;
}
