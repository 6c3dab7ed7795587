import { FlowNetwork } from './flow-network.js';
import { type Random, seededRandom, shuffle } from '../random/seeded-random.js';

/** Team leaders per application when the administrator does not say (docs/product.md, 'Formats and constants'). */
export const DEFAULT_TLS_PER_APP = 3;
/** The number of team leaders the assignment screen assumes until told (docs/product.md, 'Formats and constants'). */
export const DEFAULT_TEAM_LEADER_COUNT = 22;

/** An application as the jury assignment sees it: whose it is and, for the conflict rule, the school. */
export interface JuryApplication {
  id: number;
  /** The applicant's user id: a team leader never judges their own application. */
  ownerId: number;
  school?: string | null;
}

export interface JuryTeamLeader {
  /** The team leader's user id. */
  id: number;
  /** The school on the team leader's own application, if any (for the conflict rule). */
  school?: string | null;
}

export interface JuryPair {
  teamLeaderId: number;
  applicationId: number;
}

export interface JuryAssignmentInput {
  /** The pool (see `juryPool`). */
  applications: readonly JuryApplication[];
  teamLeaders: readonly JuryTeamLeader[];
  tlsPerApp: number;
  /** The same seed gives the same assignment. */
  seed: number;
  /** Pairs that must stay (scores already given); they count towards an application's jurors and a team leader's load. */
  kept?: readonly JuryPair[];
  /** Avoid pairing a team leader with an application from their own school when that is possible (default on). */
  avoidSameSchool?: boolean;
}

export interface TeamLeaderLoad {
  teamLeaderId: number;
  kept: number;
  added: number;
  total: number;
}

export interface JuryAssignmentPlan {
  /** The new pairs, in a seeded order. */
  added: JuryPair[];
  /** The kept pairs that count towards the pool (the others stay as they are but are not part of this plan). */
  kept: JuryPair[];
  loads: TeamLeaderLoad[];
  /**
   * True when loads are as level as can be: without kept pairs they differ by at most one; with
   * them, everyone who got a new pair ends at most one above the lowest. False only when kept
   * pairs and own applications rule that out; then the highest load is as low as it can be.
   */
  balanced: boolean;
  /** New pairs that share a school (with `avoidSameSchool`: as few as the balance allows, none if possible). */
  sameSchool: number;
}

export type JuryAssignmentErrorCode =
  'INVALID_TLS_PER_APP' | 'DUPLICATE_ID' | 'NO_TEAM_LEADERS' | 'TOO_FEW_TEAM_LEADERS' | 'OWN_APPLICATION';

/** An assignment that cannot be made, with a sentence the administrator can act on. */
export class JuryAssignmentError extends Error {
  constructor(
    readonly code: JuryAssignmentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'JuryAssignmentError';
  }
}

export interface PoolCandidate {
  id: number;
  ownerId: number;
  completed: boolean;
}

/** docs/decisions.md: the pool is the completed applications of applicants who are not team leaders. */
export function juryPool<T extends PoolCandidate>(applications: readonly T[], teamLeaderIds: Iterable<number>): T[] {
  const leaders = new Set(teamLeaderIds);
  return applications.filter((application) => application.completed && !leaders.has(application.ownerId));
}

/**
 * 'This will assign {n} apps per TL.': the fewest any team leader gets (loads differ by at most one).
 * With every team leader holding a completed application of their own, this is the earlier portal's
 * floor((completed − TLs) × TLsPerApp / TLs).
 */
export function appsPerTeamLeader(poolSize: number, teamLeaders: number, tlsPerApp: number): number {
  if (teamLeaders <= 0) return 0;
  return Math.floor((poolSize * tlsPerApp) / teamLeaders);
}

/** The most any team leader gets. */
export function maxAppsPerTeamLeader(poolSize: number, teamLeaders: number, tlsPerApp: number): number {
  if (teamLeaders <= 0) return 0;
  return Math.ceil((poolSize * tlsPerApp) / teamLeaders);
}

/** School names compare without case, accents, punctuation or extra spaces; an empty one matches nothing. */
export function normaliseSchool(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Checks the request before any work: a whole number of team leaders per application, at least one, not more than there are. */
export function tlsPerAppProblem(tlsPerApp: number, teamLeaders: number, poolSize: number): JuryAssignmentError | null {
  if (!Number.isInteger(tlsPerApp) || tlsPerApp < 1) {
    return new JuryAssignmentError('INVALID_TLS_PER_APP', 'TLsPerApp must be a whole number of at least 1.');
  }
  if (poolSize === 0) return null;
  if (teamLeaders === 0) return new JuryAssignmentError('NO_TEAM_LEADERS', 'There are no team leaders to assign applications to.');
  if (tlsPerApp > teamLeaders) {
    return new JuryAssignmentError(
      'TOO_FEW_TEAM_LEADERS',
      `Each application needs ${tlsPerApp} different team leaders, but ` +
        `there ${teamLeaders === 1 ? 'is only 1 team leader' : `are only ${teamLeaders} team leaders`}.`,
    );
  }
  return null;
}

interface JurorGroup {
  /** Indexes into the application list; the applications of a group are interchangeable. */
  members: number[];
  need: number;
  forbidden: number[];
  conflicts: number[];
  /** The order in which the flow tries team leaders (seeded, so shares vary with the seed). */
  leaderOrder: number[];
}

/**
 * Gives every application of the pool `tlsPerApp` distinct team leaders, none its own applicant,
 * with team-leader loads that differ by at most one (with kept pairs: as level as they allow),
 * and, when `avoidSameSchool`, as few same-school pairs as that allows (none when possible).
 *
 * Interchangeable applications (same need, same excluded and same-school team leaders) are
 * grouped; a maximum flow through the groups fixes how many of each group every team leader
 * takes, and each group's share is dealt out largest-remaining-first, which always completes
 * (within a group every leader with a share may take any member, and no share exceeds the
 * group's size). Without kept pairs a pool of 10,000 makes a network of at most a few hundred nodes.
 */
export function assignJury(input: JuryAssignmentInput): JuryAssignmentPlan {
  const k = input.tlsPerApp;
  const avoidSameSchool = input.avoidSameSchool ?? true;
  const random = seededRandom(input.seed);
  // Sorted first, so the plan depends on the seed and the sets, not on the order they came in.
  const applications = shuffle(
    [...input.applications].sort((x, y) => x.id - y.id),
    random,
  );
  const leaders = shuffle(
    [...input.teamLeaders].sort((x, y) => x.id - y.id),
    random,
  );
  const problem = tlsPerAppProblem(k, leaders.length, applications.length);
  if (problem) throw problem;

  const leaderIndex = new Map<number, number>();
  leaders.forEach((leader, i) => {
    if (leaderIndex.has(leader.id)) throw new JuryAssignmentError('DUPLICATE_ID', `Team leader ${leader.id} is listed twice.`);
    leaderIndex.set(leader.id, i);
  });
  const applicationIndex = new Map<number, number>();
  applications.forEach((application, i) => {
    if (applicationIndex.has(application.id))
      throw new JuryAssignmentError('DUPLICATE_ID', `Application ${application.id} is listed twice.`);
    applicationIndex.set(application.id, i);
  });

  // Kept pairs inside the pool count; the rest are left alone.
  const keptBy: number[][] = applications.map(() => []);
  const fixedLoad = new Array<number>(leaders.length).fill(0);
  const kept: JuryPair[] = [];
  const seen = new Set<string>();
  for (const pair of input.kept ?? []) {
    const a = applicationIndex.get(pair.applicationId);
    const t = leaderIndex.get(pair.teamLeaderId);
    const key = `${pair.teamLeaderId}:${pair.applicationId}`;
    if (a === undefined || t === undefined || seen.has(key) || applications[a]!.ownerId === pair.teamLeaderId) continue;
    seen.add(key);
    keptBy[a]!.push(t);
    fixedLoad[t]! += 1;
    kept.push({ teamLeaderId: pair.teamLeaderId, applicationId: pair.applicationId });
  }

  const owner = applications.map((application) => leaderIndex.get(application.ownerId) ?? -1);
  const need = applications.map((_, a) => Math.max(0, k - keptBy[a]!.length));
  applications.forEach((application, a) => {
    if (owner[a] === -1) return;
    const available = leaders.length - 1 - keptBy[a]!.length;
    if (need[a]! > available) {
      throw new JuryAssignmentError(
        'OWN_APPLICATION',
        `Application ${application.id} belongs to team leader ${application.ownerId} and needs ${k} other team leaders, but ` +
          `there ${leaders.length - 1 === 1 ? 'is only 1 other' : `are only ${leaders.length - 1} others`}.`,
      );
    }
  });
  const demand = need.reduce((sum, n) => sum + n, 0);

  // Water-filling: everyone below the level L is raised to it; r of them (at or below L) get one more.
  const raisedTo = (level: number) => fixedLoad.reduce((sum, f) => sum + Math.max(0, level - f), 0);
  let low = 0;
  let high = demand + Math.max(0, ...fixedLoad);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (raisedTo(middle) <= demand) low = middle;
    else high = middle - 1;
  }
  const level = low;
  const extra = demand - raisedTo(level);

  const schools = leaders.map((leader) => normaliseSchool(leader.school));
  const applicationSchools = applications.map((application) => normaliseSchool(application.school));
  const leadersBySchool = new Map<string, number[]>();
  if (avoidSameSchool) {
    schools.forEach((school, t) => {
      if (school) leadersBySchool.set(school, [...(leadersBySchool.get(school) ?? []), t]);
    });
  }

  const groups = new Map<string, JurorGroup>();
  const conflictCache = new Map<string, number[]>();
  applications.forEach((_, a) => {
    if (need[a] === 0) return;
    const forbidden = owner[a]! >= 0 ? [...keptBy[a]!, owner[a]!] : [...keptBy[a]!];
    forbidden.sort((x, y) => x - y);
    const school = avoidSameSchool ? applicationSchools[a]! : '';
    let conflicts = conflictCache.get(school);
    if (!conflicts) {
      conflicts = school ? (leadersBySchool.get(school) ?? []) : [];
      conflictCache.set(school, conflicts);
    }
    const key = `${need[a]}|${forbidden.join(',')}|${school && conflicts.length ? conflicts.join(',') : ''}`;
    const group = groups.get(key);
    if (group) group.members.push(a);
    else
      groups.set(key, {
        members: [a],
        need: need[a]!,
        forbidden,
        conflicts,
        leaderOrder: shuffle(
          leaders.map((_, t) => t),
          random,
        ),
      });
  });

  // Balanced: everyone gets level − fixed load, and `extra` of those at or below the level one more.
  // Should kept pairs make that impossible, the cap on any one load is raised until it fits.
  let shares = shareOut(
    groups,
    leaders.length,
    demand,
    fixedLoad.map((f) => Math.max(0, level - f)),
    fixedLoad.map((f) => f <= level),
    extra,
  );
  const balanced = shares !== null;
  if (!shares) {
    const fits = (cap: number) =>
      shareOut(
        groups,
        leaders.length,
        demand,
        fixedLoad.map((f) => Math.max(0, cap - f)),
        null,
        0,
      );
    let lowCap = level + 1;
    let highCap = Math.max(...fixedLoad) + demand;
    while (lowCap < highCap) {
      const middle = Math.floor((lowCap + highCap) / 2);
      if (fits(middle)) highCap = middle;
      else lowCap = middle + 1;
    }
    shares = fits(lowCap);
    if (!shares) throw new Error('Jury assignment: no share found with unlimited loads (this is a bug).');
  }

  const added: JuryPair[] = [];
  const addedLoad = new Array<number>(leaders.length).fill(0);
  let sameSchool = 0;
  let g = 0;
  for (const group of groups.values()) {
    const remaining = shares[g++]!;
    for (const a of group.members) {
      for (const t of pickLargest(remaining, group.need, random)) {
        remaining[t]! -= 1;
        addedLoad[t]! += 1;
        if (applicationSchools[a] && applicationSchools[a] === schools[t]) sameSchool += 1;
        added.push({ teamLeaderId: leaders[t]!.id, applicationId: applications[a]!.id });
      }
    }
  }

  return {
    added,
    kept,
    loads: leaders
      .map((leader, t) => ({ teamLeaderId: leader.id, kept: fixedLoad[t]!, added: addedLoad[t]!, total: fixedLoad[t]! + addedLoad[t]! }))
      .sort((x, y) => x.teamLeaderId - y.teamLeaderId),
    balanced,
    sameSchool,
  };
}

/**
 * How many applications of each group every team leader takes, by a maximum flow
 * source → group (its demand) → team leader (at most one per application) → sink (the leader's
 * limit, plus one shared "extra" slot for the eligible). Same-school edges open only if the flow
 * falls short without them, and then as few as possible carry flow. Answers per group the count
 * per team leader, or null if it cannot fit.
 */
function shareOut(
  groups: Map<string, JurorGroup>,
  leaderCount: number,
  demand: number,
  limits: readonly number[],
  extraEligible: readonly boolean[] | null,
  extra: number,
): Int32Array[] | null {
  const SOURCE = 0;
  const SINK = 1;
  const EXTRA = 2;
  const leaderNode = (t: number) => 3 + t;
  const network = new FlowNetwork(3 + leaderCount + groups.size);
  const conflictEdges: { edge: number; capacity: number }[] = [];
  const edges: Int32Array[] = [];
  let node = 3 + leaderCount;
  for (const group of groups.values()) {
    const n = group.members.length;
    network.addEdge(SOURCE, node, n * group.need);
    const forbidden = new Set(group.forbidden);
    const conflicts = new Set(group.conflicts);
    const groupEdges = new Int32Array(leaderCount).fill(-1);
    for (const t of group.leaderOrder) {
      if (forbidden.has(t)) continue;
      const conflict = conflicts.has(t);
      groupEdges[t] = network.addEdge(node, leaderNode(t), conflict ? 0 : n, conflict ? 1 : 0);
      if (conflict) conflictEdges.push({ edge: groupEdges[t]!, capacity: n });
    }
    edges.push(groupEdges);
    node += 1;
  }
  for (let t = 0; t < leaderCount; t++) {
    network.addEdge(leaderNode(t), SINK, limits[t]!);
    if (extraEligible?.[t]) network.addEdge(leaderNode(t), EXTRA, 1);
  }
  if (extraEligible) network.addEdge(EXTRA, SINK, extra);

  let flow = network.maxFlow(SOURCE, SINK);
  if (flow < demand && conflictEdges.length) {
    // The flow so far uses no same-school edge, so it is of least cost; fewest same-school pairs from here.
    for (const { edge, capacity } of conflictEdges) network.raiseCapacity(edge, capacity);
    flow += network.minCostMaxFlow(SOURCE, SINK);
  }
  if (flow < demand) return null;
  return edges.map((groupEdges) => groupEdges.map((edge) => (edge >= 0 ? network.flowOn(edge) : 0)));
}

/** The `count` team leaders with the most left to take (ties broken at random); a group's share always allows it. */
function pickLargest(remaining: Int32Array, count: number, random: Random): number[] {
  const picked: number[] = [];
  for (let round = 0; round < count; round++) {
    let best = -1;
    let ties = 0;
    for (let t = 0; t < remaining.length; t++) {
      const left = remaining[t]!;
      if (left <= 0 || picked.includes(t)) continue;
      if (best === -1 || left > remaining[best]!) {
        best = t;
        ties = 1;
      } else if (left === remaining[best]! && random.below(++ties) === 0) {
        best = t;
      }
    }
    if (best === -1) throw new Error('Jury assignment: a group share could not be dealt out (this is a bug).');
    picked.push(best);
  }
  return picked;
}
