import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  type JuryApplication,
  type JuryAssignmentInput,
  type JuryAssignmentPlan,
  type JuryPair,
  type JuryTeamLeader,
  DEFAULT_TEAM_LEADER_COUNT,
  DEFAULT_TLS_PER_APP,
  JuryAssignmentError,
  appsPerTeamLeader,
  assignJury,
  juryPool,
  maxAppsPerTeamLeader,
  normaliseSchool,
  tlsPerAppProblem,
} from './assignment.js';

const SCHOOLS = ['Emily Carr University', 'emily  carr university!', 'SFU', 'UBC', null] as const;

interface Scenario {
  teamLeaders: JuryTeamLeader[];
  applications: JuryApplication[];
  tlsPerApp: number;
  seed: number;
}

/** Team leaders 1..T, some owning an application in the pool (ids 1000+), plus applicants' applications (ids 2000+). */
const scenario = (maxLeaders = 12, maxOthers = 60) =>
  fc
    .record({
      leaders: fc.array(fc.record({ owns: fc.boolean(), school: fc.constantFrom(...SCHOOLS) }), { minLength: 1, maxLength: maxLeaders }),
      others: fc.array(fc.constantFrom(...SCHOOLS), { maxLength: maxOthers }),
      tlsPerApp: fc.integer({ min: 1, max: maxLeaders }),
      seed: fc.integer(),
    })
    .map(({ leaders, others, tlsPerApp, seed }): Scenario => ({
      teamLeaders: leaders.map((leader, i) => ({ id: i + 1, school: leader.school })),
      applications: [
        ...leaders.flatMap((leader, i) => (leader.owns ? [{ id: 1000 + i, ownerId: i + 1, school: leader.school }] : [])),
        ...others.map((school, i) => ({ id: 2000 + i, ownerId: 500 + i, school })),
      ],
      tlsPerApp: Math.min(tlsPerApp, leaders.length),
      seed,
    }));

/** Every pair of the plan (kept and new), by application and by team leader. */
function tally(plan: JuryAssignmentPlan) {
  const byApplication = new Map<number, number[]>();
  const byLeader = new Map<number, number>();
  for (const pair of [...plan.kept, ...plan.added]) {
    byApplication.set(pair.applicationId, [...(byApplication.get(pair.applicationId) ?? []), pair.teamLeaderId]);
    byLeader.set(pair.teamLeaderId, (byLeader.get(pair.teamLeaderId) ?? 0) + 1);
  }
  return { byApplication, byLeader };
}

/**
 * The assignment's invariants (docs/decisions.md, 'Jury pool and fairness') for any plan, as a list of what breaks
 * them (one assertion, so large pools stay quick).
 */
function violations(input: JuryAssignmentInput, plan: JuryAssignmentPlan): string[] {
  const problems: string[] = [];
  const { byApplication, byLeader } = tally(plan);
  const leaderIds = new Set(input.teamLeaders.map((t) => t.id));
  const owners = new Map(input.applications.map((a) => [a.id, a.ownerId]));
  const keptCount = new Map<number, number>();
  for (const pair of plan.kept) keptCount.set(pair.applicationId, (keptCount.get(pair.applicationId) ?? 0) + 1);
  for (const application of input.applications) {
    const jurors = byApplication.get(application.id) ?? [];
    // exactly TLsPerApp (or the kept ones, if more were kept), all distinct, none the applicant
    const wanted = Math.max(input.tlsPerApp, keptCount.get(application.id) ?? 0);
    if (jurors.length !== wanted) problems.push(`application ${application.id} has ${jurors.length} jurors, not ${wanted}`);
    if (new Set(jurors).size !== jurors.length) problems.push(`application ${application.id} has a juror twice`);
    if (jurors.includes(application.ownerId)) problems.push(`application ${application.id} is judged by its applicant`);
  }
  for (const pair of plan.added) {
    if (!leaderIds.has(pair.teamLeaderId)) problems.push(`${pair.teamLeaderId} is not a team leader`);
    if (!owners.has(pair.applicationId)) problems.push(`${pair.applicationId} is not in the pool`);
  }
  for (const load of plan.loads) {
    if (load.total !== (byLeader.get(load.teamLeaderId) ?? 0)) problems.push(`load of ${load.teamLeaderId} is misreported`);
  }
  if (plan.loads.map((l) => l.teamLeaderId).join() !== [...leaderIds].sort((a, b) => a - b).join())
    problems.push('loads do not list every team leader');
  if (plan.balanced) {
    // water-filling: whoever got a new pair is at most one above everybody else
    const lowest = Math.min(...plan.loads.map((l) => l.total));
    for (const load of plan.loads)
      if (load.added > 0 && load.total > lowest + 1) problems.push(`team leader ${load.teamLeaderId} has ${load.total}, lowest ${lowest}`);
  }
  return problems;
}

function expectValid(input: JuryAssignmentInput, plan: JuryAssignmentPlan): void {
  expect(violations(input, plan)).toEqual([]);
}

const spread = (plan: JuryAssignmentPlan) => Math.max(...plan.loads.map((l) => l.total)) - Math.min(...plan.loads.map((l) => l.total));
const sameSchoolPairs = (input: JuryAssignmentInput, pairs: readonly JuryPair[]) => {
  const leaderSchool = new Map(input.teamLeaders.map((t) => [t.id, normaliseSchool(t.school)]));
  const applicationSchool = new Map(input.applications.map((a) => [a.id, normaliseSchool(a.school)]));
  return pairs.filter(
    (p) => applicationSchool.get(p.applicationId) && applicationSchool.get(p.applicationId) === leaderSchool.get(p.teamLeaderId),
  ).length;
};
const ownsAndTooMany = (s: Scenario) => s.applications.some((a) => a.ownerId < 500) && s.tlsPerApp > s.teamLeaders.length - 1;

describe('assignJury: invariants over random pools', () => {
  it('gives every application TLsPerApp distinct team leaders, never its own applicant, with loads differing by at most one', () => {
    fc.assert(
      fc.property(scenario(), (s) => {
        fc.pre(!ownsAndTooMany(s));
        const plan = assignJury(s);
        expectValid(s, plan);
        expect(plan.balanced).toBe(true);
        expect(plan.kept).toEqual([]);
        if (s.teamLeaders.length) expect(spread(plan)).toBeLessThanOrEqual(1);
        expect(plan.added).toHaveLength(s.applications.length * s.tlsPerApp);
        expect(plan.sameSchool).toBe(sameSchoolPairs(s, plan.added));
      }),
      { numRuns: 400 },
    );
  });

  it('is deterministic for a seed and does not depend on the order of its input', () => {
    fc.assert(
      fc.property(scenario(), (s) => {
        fc.pre(!ownsAndTooMany(s));
        const plan = assignJury(s);
        expect(assignJury({ ...s })).toEqual(plan);
        expect(assignJury({ ...s, applications: [...s.applications].reverse(), teamLeaders: [...s.teamLeaders].reverse() })).toEqual(plan);
      }),
      { numRuns: 100 },
    );
  });

  it('refuses impossible requests with a clear error instead of hanging', () => {
    fc.assert(
      fc.property(scenario(), fc.integer({ min: 1, max: 5 }), (s, over) => {
        fc.pre(s.applications.length > 0);
        const tooMany = { ...s, tlsPerApp: s.teamLeaders.length + over };
        expect(() => assignJury(tooMany)).toThrow(JuryAssignmentError);
        expect(() => assignJury(tooMany)).toThrow(/needs \d+ different team leaders, but there (is|are) only/);
      }),
      { numRuns: 100 },
    );
    // a team leader's own application needs TLsPerApp others
    const own = { teamLeaders: [{ id: 1 }, { id: 2 }], applications: [{ id: 10, ownerId: 1 }], tlsPerApp: 2, seed: 1 };
    expect(() => assignJury(own)).toThrow(
      expect.objectContaining({ code: 'OWN_APPLICATION', message: expect.stringContaining('Application 10 belongs to team leader 1') }),
    );
    expect(() => assignJury({ ...own, teamLeaders: [] })).toThrow(expect.objectContaining({ code: 'NO_TEAM_LEADERS' }));
    for (const bad of [0, -1, 1.5, Number.NaN])
      expect(() => assignJury({ ...own, tlsPerApp: bad })).toThrow(expect.objectContaining({ code: 'INVALID_TLS_PER_APP' }));
    expect(() => assignJury({ ...own, tlsPerApp: 1, applications: [own.applications[0]!, own.applications[0]!] })).toThrow(
      expect.objectContaining({ code: 'DUPLICATE_ID' }),
    );
    // an empty pool needs nobody
    expect(assignJury({ ...own, applications: [], teamLeaders: [] }).added).toEqual([]);
  });

  it('matches an exhaustive search on small pools: balanced whenever possible, same school only when unavoidable', () => {
    fc.assert(
      fc.property(scenario(4, 4), (s) => {
        const k = Math.min(s.tlsPerApp, 2);
        const input = { ...s, tlsPerApp: k };
        const best = exhaustive(input);
        if (!best.any) {
          expect(() => assignJury(input)).toThrow(JuryAssignmentError);
          return;
        }
        const plan = assignJury(input);
        expectValid(input, plan);
        expect(best.balanced).toBe(true); // without kept pairs a balanced plan always exists
        expect(spread(plan)).toBeLessThanOrEqual(1);
        expect(plan.sameSchool).toBe(best.fewestSameSchool);
      }),
      { numRuns: Number(process.env.JURY_RUNS ?? 300) },
    );
  });

  it('avoids same-school pairs when asked and can be told not to', () => {
    const teamLeaders = [
      { id: 1, school: 'SFU' },
      { id: 2, school: 'UBC' },
      { id: 3, school: 'Emily Carr' },
      { id: 4, school: 'Emily Carr' },
    ];
    const applications = Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      ownerId: 100 + i,
      school: ['SFU', 'UBC', 'Emily Carr'][i % 3],
    }));
    for (let seed = 0; seed < 20; seed++) {
      const plan = assignJury({ teamLeaders, applications, tlsPerApp: 2, seed });
      expect(plan.sameSchool).toBe(0);
      expect(spread(plan)).toBeLessThanOrEqual(1);
    }
    // with the rule off, some seed pairs a school with its own team leader
    const off = Array.from(
      { length: 20 },
      (_, seed) => assignJury({ teamLeaders, applications, tlsPerApp: 2, seed, avoidSameSchool: false }).sameSchool,
    );
    expect(Math.max(...off)).toBeGreaterThan(0);
    // unavoidable: every team leader is from the one school, so all pairs share it, and it still assigns
    const oneSchool = assignJury({
      teamLeaders: teamLeaders.map((t) => ({ ...t, school: 'SFU' })),
      applications: applications.map((a) => ({ ...a, school: 'sfu' })),
      tlsPerApp: 2,
      seed: 3,
    });
    expect(oneSchool.sameSchool).toBe(80);
  });
});

describe('assignJury: keeping pairs that already have scores', () => {
  const withKept = scenario(8, 40).chain((s) =>
    fc
      .record({
        kept: fc.array(fc.record({ t: fc.nat(), a: fc.nat() }), { maxLength: 60 }),
        tlsPerApp: fc.integer({ min: 1, max: s.teamLeaders.length }),
      })
      .map(({ kept, tlsPerApp }) => ({
        ...s,
        tlsPerApp,
        kept: s.applications.length
          ? kept.map(({ t, a }) => ({
              teamLeaderId: s.teamLeaders[t % s.teamLeaders.length]!.id,
              applicationId: s.applications[a % s.applications.length]!.id,
            }))
          : [],
      })),
  );

  it('never moves a kept pair, completes every application and levels the loads as far as the kept pairs allow', () => {
    fc.assert(
      fc.property(withKept, (s) => {
        fc.pre(!ownsAndTooMany(s));
        const plan = assignJury(s);
        expectValid(s, plan);
        const keptKeys = new Set(plan.kept.map((p) => `${p.teamLeaderId}:${p.applicationId}`));
        const validKept = s.kept.filter((p) => s.applications.find((a) => a.id === p.applicationId)!.ownerId !== p.teamLeaderId);
        expect(keptKeys).toEqual(new Set(validKept.map((p) => `${p.teamLeaderId}:${p.applicationId}`)));
        for (const pair of plan.added) expect(keptKeys.has(`${pair.teamLeaderId}:${pair.applicationId}`)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it('counts a reduced TLsPerApp against what is kept and ignores kept pairs outside the pool', () => {
    const teamLeaders = [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    const applications = [
      { id: 10, ownerId: 90 },
      { id: 11, ownerId: 91 },
    ];
    const kept = [
      { teamLeaderId: 1, applicationId: 10 },
      { teamLeaderId: 2, applicationId: 10 },
      { teamLeaderId: 9, applicationId: 10 }, // no longer a team leader
      { teamLeaderId: 1, applicationId: 99 }, // no longer in the pool
    ];
    const plan = assignJury({ teamLeaders, applications, tlsPerApp: 1, seed: 5, kept });
    expect(plan.kept).toEqual(kept.slice(0, 2));
    expect(plan.added).toHaveLength(1);
    expect(plan.added[0]!.applicationId).toBe(11);
    expect([3, 4]).toContain(plan.added[0]!.teamLeaderId); // the least loaded
  });

  it('when kept pairs rule out a level result, keeps the highest load as low as possible', () => {
    // leader 2 already scored five others; leader 1's own application can only go to leader 2
    const teamLeaders = [{ id: 1 }, { id: 2 }];
    const others = Array.from({ length: 5 }, (_, i) => ({ id: 20 + i, ownerId: 80 + i }));
    const plan = assignJury({
      teamLeaders,
      applications: [{ id: 10, ownerId: 1 }, ...others],
      tlsPerApp: 1,
      seed: 1,
      kept: others.map((a) => ({ teamLeaderId: 2, applicationId: a.id })),
    });
    expect(plan.balanced).toBe(false);
    expect(plan.added).toEqual([{ teamLeaderId: 2, applicationId: 10 }]);
  });
});

describe('the pool and the figure on the assignment screen', () => {
  it('takes completed applications of applicants who are not team leaders (docs/decisions.md)', () => {
    const applications = [
      { id: 1, ownerId: 11, completed: true },
      { id: 2, ownerId: 12, completed: false },
      { id: 3, ownerId: 13, completed: true }, // a team leader's own
    ];
    expect(juryPool(applications, [13]).map((a) => a.id)).toEqual([1]);
  });

  it('gives the kept floor((completed − 22) × 3 / 22) per team leader for the default case', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 30 }), fc.integer(), (applicants, unfinished, seed) => {
        const [tls, k] = [DEFAULT_TEAM_LEADER_COUNT, DEFAULT_TLS_PER_APP]; // 22 and 3
        const leaders = Array.from({ length: tls }, (_, i) => ({ id: i + 1, school: null }));
        // every team leader has a completed application of their own (they applied as team leaders)
        const all = [
          ...leaders.map((t) => ({ id: 1000 + t.id, ownerId: t.id, completed: true })),
          ...Array.from({ length: applicants }, (_, i) => ({ id: 5000 + i, ownerId: 100 + i, completed: true })),
          ...Array.from({ length: unfinished }, (_, i) => ({ id: 9000 + i, ownerId: 700 + i, completed: false })),
        ];
        const completed = all.filter((a) => a.completed).length;
        const pool = juryPool(
          all,
          leaders.map((t) => t.id),
        );
        const figure = Math.floor(((completed - 22) * 3) / 22);
        expect(appsPerTeamLeader(pool.length, tls, k)).toBe(figure);
        const plan = assignJury({ applications: pool, teamLeaders: leaders, tlsPerApp: k, seed });
        expect(Math.min(...plan.loads.map((l) => l.total))).toBe(figure);
        expect(Math.max(...plan.loads.map((l) => l.total))).toBe(maxAppsPerTeamLeader(pool.length, tls, k));
      }),
      { numRuns: 100 },
    );
  });

  it('checks TLsPerApp before any work', () => {
    expect(tlsPerAppProblem(3, 22, 100)).toBeNull();
    expect(tlsPerAppProblem(23, 22, 100)?.message).toBe(
      'Each application needs 23 different team leaders, but there are only 22 team leaders.',
    );
    expect(tlsPerAppProblem(2, 1, 1)?.message).toBe('Each application needs 2 different team leaders, but there is only 1 team leader.');
    expect(tlsPerAppProblem(2, 0, 0)).toBeNull();
  });

  it('compares school names without case, accents, punctuation or spacing', () => {
    expect(normaliseSchool('  École  Polytechnique-Montréal ')).toBe(normaliseSchool('ecole polytechnique montreal'));
    expect(normaliseSchool(null)).toBe('');
  });
});

describe("assignJury: at a real edition's scale (its speed is measured by test/bench/jury-assign.bench.mjs)", () => {
  it('assigns 10,000 applications to 60 team leaders at 3 each, evenly and never within a school', () => {
    const schools = Array.from({ length: 400 }, (_, i) => `University ${i}`);
    const teamLeaders = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, school: schools[i * 3] }));
    const applications = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      ownerId: 1000 + i,
      school: schools[(i * 7) % schools.length],
    }));
    const plan = assignJury({ applications, teamLeaders, tlsPerApp: 3, seed: 42 });
    expect(plan.added).toHaveLength(30_000);
    expect(spread(plan)).toBeLessThanOrEqual(1);
    expect(plan.sameSchool).toBe(0);

    // and a re-run that keeps a third of them scored
    const kept = plan.added.filter((_, i) => i % 3 === 0);
    const rerun = assignJury({ applications, teamLeaders, tlsPerApp: 3, seed: 43, kept });
    expectValid({ applications, teamLeaders, tlsPerApp: 3, seed: 43, kept }, rerun);
  });
  it('keeps every rule when same-school pairs cannot be avoided and a third of the pairs are kept', () => {
    // 50 of 60 team leaders are from one university, half the applicants too: at least 10,000 shared pairs
    const teamLeaders = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, school: i < 50 ? 'Big University' : `College ${i}` }));
    const applications = Array.from({ length: 10_000 }, (_, i) => ({
      id: i + 1,
      ownerId: 1000 + i,
      school: i % 2 ? 'Big University' : `School ${i % 300}`,
    }));
    const plan = assignJury({ applications, teamLeaders, tlsPerApp: 3, seed: 7 });
    const kept = plan.added.filter((_, i) => i % 3 === 0);
    const rerun = assignJury({ applications, teamLeaders, tlsPerApp: 3, seed: 8, kept });
    expect(plan.sameSchool).toBe(10_000); // 5,000 × 3 pairs, at most 10 × 500 of them with the other colleges
    expectValid({ applications, teamLeaders, tlsPerApp: 3, seed: 8, kept }, rerun);
  });
});

/** Every way to give each application k of its allowed team leaders (tiny pools only). */
function exhaustive(input: Scenario & { tlsPerApp: number }) {
  const leaders = input.teamLeaders.map((t) => t.id);
  const k = input.tlsPerApp;
  const choices = input.applications.map((a) =>
    subsets(
      leaders.filter((id) => id !== a.ownerId),
      k,
    ),
  );
  const school = (name: string | null | undefined) => normaliseSchool(name);
  const leaderSchool = new Map(input.teamLeaders.map((t) => [t.id, school(t.school)]));
  let any = false;
  let balanced = false;
  let fewestSameSchool = Infinity;
  const load = new Map<number, number>(leaders.map((id) => [id, 0]));
  const walk = (i: number, same: number) => {
    if (i === input.applications.length) {
      any = true;
      const loads = [...load.values()];
      if (Math.max(...loads) - Math.min(...loads) <= 1) {
        balanced = true;
        fewestSameSchool = Math.min(fewestSameSchool, same);
      }
      return;
    }
    const application = input.applications[i]!;
    for (const choice of choices[i]!) {
      let s = same;
      for (const id of choice) {
        load.set(id, load.get(id)! + 1);
        if (school(application.school) && school(application.school) === leaderSchool.get(id)) s += 1;
      }
      walk(i + 1, s);
      for (const id of choice) load.set(id, load.get(id)! - 1);
    }
  };
  walk(0, 0);
  return { any, balanced, fewestSameSchool };
}

function subsets(items: number[], size: number): number[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, size - 1).map((s) => [first!, ...s]), ...subsets(rest, size)];
}
