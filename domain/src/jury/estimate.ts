/**
 * 'This will assign {n} apps per TL.' for a number of team leaders the administrator plans with
 * rather than the users who hold the role now (operations-area §2, §9): each team leader's own
 * completed application leaves the pool, so n = floor((completed − teamLeaders) × TLsPerApp /
 * teamLeaders), never below 0.
 */
export function estimatedAppsPerTeamLeader(completed: number, teamLeaders: number, tlsPerApp: number): number {
  if (teamLeaders <= 0) return 0;
  return Math.max(0, Math.floor(((completed - teamLeaders) * tlsPerApp) / teamLeaders));
}
