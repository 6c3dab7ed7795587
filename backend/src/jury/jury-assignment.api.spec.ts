import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedUser } from '../testing/factories.js';
import { JuryAssignment } from './jury-assignment.entity.js';
import { completeApplicationData } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** After the application deadline, before the jury opens (default timeline). */
const BEFORE_RELEASE = '2026-03-15T12:00:00.000Z';
const IN_JURY = '2026-04-20T12:00:00.000Z';
const AFTER_JURY = '2026-05-20T06:59:00.000Z';

interface Pair {
  team_leader_id: number;
  application_id: number;
}

describe('POST /api/jury/assign-jury and GET /api/jury/preview', () => {
  let t: TestApp;
  let admin: CreatedUser;
  const leaders: CreatedUser[] = [];
  const pool: number[] = [];
  const outside: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: BEFORE_RELEASE });
    admin = await t.factories.admin();
    const schools = ['Emily Carr University', 'SFU', 'UBC', 'SFU', 'Concordia'];
    for (let i = 0; i < 5; i++) {
      const leader = await t.factories.teamLeader({ firstName: 'Lead', lastName: `Er${i}` });
      leaders.push(leader);
      // three team leaders applied as team leaders; their own applications are not in the pool
      if (i < 3)
        outside.push(
          (await t.factories.application(leader.user, { teamLeader: true, data: completeApplicationData({ schoolName: schools[i] }) })).id,
        );
    }
    for (let i = 0; i < 20; i++) {
      const applicant = await t.factories.applicant();
      pool.push(
        (await t.factories.application(applicant.user, { data: completeApplicationData({ schoolName: schools[i % schools.length] }) })).id,
      );
    }
    for (let i = 0; i < 2; i++) {
      const unfinished = await t.factories.applicant();
      outside.push((await t.factories.application(unfinished.user, { completed: false })).id);
    }
    await t.factories.applicant(); // registered, no application
  });
  afterAll(() => t.close());

  const assign = (body: Record<string, unknown>, auth = admin.auth) =>
    t.http().post('/api/jury/assign-jury').set('Authorization', auth).send(body);
  const pairs = async (): Promise<Pair[]> =>
    (await t.dataSource.query('SELECT team_leader_id, application_id FROM jury_assignments ORDER BY team_leader_id, application_id')).map(
      (r: Pair) => ({
        team_leader_id: Number(r.team_leader_id),
        application_id: Number(r.application_id),
      }),
    );
  const ownerOf = async () =>
    new Map<number, number>(
      (await t.dataSource.query('SELECT id, user_id FROM applications')).map((r: { id: number; user_id: number }) => [
        Number(r.id),
        Number(r.user_id),
      ]),
    );

  function expectValidAssignment(rows: Pair[], owners: Map<number, number>, tlsPerApp: number) {
    const byApplication = new Map<number, number[]>();
    const byLeader = new Map<number, number>(leaders.map((l) => [l.user.id, 0]));
    for (const row of rows) {
      byApplication.set(row.application_id, [...(byApplication.get(row.application_id) ?? []), row.team_leader_id]);
      byLeader.set(row.team_leader_id, byLeader.get(row.team_leader_id)! + 1);
      expect(owners.get(row.application_id)).not.toBe(row.team_leader_id); // no self-review
    }
    expect([...byApplication.keys()].sort((a, b) => a - b)).toEqual(pool);
    for (const jurors of byApplication.values()) {
      expect(jurors).toHaveLength(tlsPerApp);
      expect(new Set(jurors).size).toBe(tlsPerApp);
    }
    const loads = [...byLeader.values()];
    expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    return loads;
  }

  it("previews the figure for 'This will assign {n} apps per TL.'", async () => {
    const res = await t.http().get('/api/jury/preview?TLsPerApp=3').set('Authorization', admin.auth).expect(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        TLsPerApp: 3,
        teamLeaders: 5,
        completed: 23,
        applications: 20,
        appsPerTeamLeader: 12,
        maxAppsPerTeamLeader: 12,
        scores: 0,
        message: 'This will assign 12 apps per TL.',
        problem: null,
      },
    });
    const defaults = await t.http().get('/api/jury/preview').set('Authorization', admin.auth).expect(200);
    expect(defaults.body.data.TLsPerApp).toBe(3);
    const two = await t.http().get('/api/jury/preview?TLsPerApp=2').set('Authorization', admin.auth).expect(200);
    expect(two.body.data).toMatchObject({ appsPerTeamLeader: 8, message: 'This will assign 8 apps per TL.' });
    const tooMany = await t.http().get('/api/jury/preview?TLsPerApp=6').set('Authorization', admin.auth).expect(200);
    expect(tooMany.body.data.problem).toBe('Each application needs 6 different team leaders, but there are only 5 team leaders.');
    await t.http().get('/api/jury/preview?TLsPerApp=0').set('Authorization', admin.auth).expect(400);
    await t.http().get('/api/jury/preview?TLsPerApp=many').set('Authorization', admin.auth).expect(400);
  });

  it('assigns every application in the pool to TLsPerApp distinct team leaders, evenly, and logs it', async () => {
    const res = await assign({ TLsPerApp: 3, seed: 7 }).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      message: 'Assigned 20 applications to 5 team leaders, 3 each: 12 apps per TL. Kept 0 scores already given.',
      TLsPerApp: 3,
      seed: 7,
      teamLeaders: 5,
      applications: 20,
      assigned: 60,
      keptScores: 0,
      appsPerTeamLeader: { min: 12, max: 12 },
      balanced: true,
      sameSchool: 0, // three team leaders share a school with some applicants; none is paired with them
    });
    const rows = await pairs();
    expect(rows).toHaveLength(60);
    expect(expectValidAssignment(rows, await ownerOf(), 3)).toEqual([12, 12, 12, 12, 12]);
    expect(rows.some((r) => outside.includes(r.application_id))).toBe(false);
    const stored = await t.dataSource.getRepository(JuryAssignment).find({ take: 3 });
    for (const row of stored) expect(row.createdAt.toISOString()).toBe(BEFORE_RELEASE);

    const [entry] = await t.dataSource.query("SELECT * FROM audit_log WHERE action = 'jury.assign' ORDER BY id DESC");
    expect(Number(entry.actor_id)).toBe(admin.user.id);
    expect(JSON.parse(entry.after)).toMatchObject({ TLsPerApp: 3, seed: 7, assigned: 60, reset: false });
    expect(JSON.parse(entry.before)).toEqual({ assignments: 0, scores: 0 });
  });

  it('gives the same assignment for the same seed and pool', async () => {
    const first = await pairs();
    await assign({ TLsPerApp: 3, seed: 7 }).expect(200);
    expect(await pairs()).toEqual(first);
    const other = await assign({ TLsPerApp: 3 }).expect(200);
    expect(other.body.data.seed).toEqual(expect.any(Number));
  });

  it('keeps every score already given (and its assignment) unless told to reset', async () => {
    const rows = await pairs();
    const scored = [rows[0]!, rows[7]!, rows[30]!];
    for (const pair of scored) {
      await t.dataSource.query(
        'INSERT INTO jury_scores (edition_id, team_leader_id, application_id, essay1, essay2, essay3, overall, red_flag, created_at, ' +
          'updated_at) VALUES (1, ?, ?, 4, 4, 4, 1, 0, ?, ?)',
        [pair.team_leader_id, pair.application_id, '2026-03-15 12:00:00.000', '2026-03-15 12:00:00.000'],
      );
    }
    const kept = await assign({ TLsPerApp: 2 }).expect(200);
    expect(kept.body.data).toMatchObject({ keptScores: 3, assigned: 40, removedScores: 0 });
    expect(kept.body.data.message).toMatch(/Kept 3 scores already given\.$/);
    const after = await pairs();
    for (const pair of scored) expect(after).toContainEqual(pair);
    expectValidAssignment(after, await ownerOf(), 2);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM jury_scores'))[0].n)).toBe(3);

    const reset = await assign({ TLsPerApp: 3, reset: true }).expect(200);
    expect(reset.body.data).toMatchObject({ reset: true, keptScores: 0, removedScores: 3, assigned: 60 });
    expect(reset.body.data.message).toMatch(/Removed 3 scores\.$/);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM jury_scores'))[0].n)).toBe(0);
    expectValidAssignment(await pairs(), await ownerOf(), 3);
    const [entry] = await t.dataSource.query("SELECT * FROM audit_log WHERE action = 'jury.assign' ORDER BY id DESC");
    expect(JSON.parse(entry.before)).toEqual({ assignments: 40, scores: 3 });
    expect(JSON.parse(entry.after)).toMatchObject({ reset: true, removedScores: 3 });
  });

  it('refuses TLsPerApp that is missing, not a whole number, or more than there are team leaders (400)', async () => {
    const before = await pairs();
    expect((await assign({}).expect(400)).body.data.errors).toEqual({ TLsPerApp: 'TLsPerApp is required' });
    await assign({ TLsPerApp: 0 }).expect(400);
    await assign({ TLsPerApp: 2.5 }).expect(400);
    await assign({ TLsPerApp: '3' }).expect(400);
    await assign({ TLsPerApp: 3, extra: true }).expect(400);
    const tooMany = await assign({ TLsPerApp: 6 }).expect(400);
    expect(tooMany.body.data).toMatchObject({
      message: 'Each application needs 6 different team leaders, but there are only 5 team leaders.',
      errors: { TLsPerApp: 'Each application needs 6 different team leaders, but there are only 5 team leaders.' },
    });
    expect(await pairs()).toEqual(before);
  });

  it('is open during the jury too, and refused (409) from the jury deadline on', async () => {
    t.clock.set(IN_JURY);
    await assign({ TLsPerApp: 3 }, t.factories.auth(admin.user)).expect(200);
    const before = await pairs();
    t.clock.set(AFTER_JURY);
    const late = await assign({ TLsPerApp: 3 }, t.factories.auth(admin.user)).expect(409);
    expect(late.body.data).toEqual({ message: 'The jury deadline has passed; assignments can no longer change.', err: 'DEADLINE_PASSED' });
    expect(await pairs()).toEqual(before);
    t.clock.set(BEFORE_RELEASE);
  });
});

describe('GET /api/jury/preview with a small pool', () => {
  let t: TestApp;
  let admin: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp({ now: BEFORE_RELEASE });
    admin = await t.factories.admin();
    for (let i = 0; i < 2; i++) await t.factories.teamLeader();
    for (let i = 0; i < 8; i++) await t.factories.application((await t.factories.applicant()).user);
  });
  afterAll(() => t.close());

  const preview = async (tlsPerApp: number) =>
    (await t.http().get(`/api/jury/preview?TLsPerApp=${tlsPerApp}`).set('Authorization', admin.auth).expect(200)).body.data;

  it('never promises a team leader more applications than the pool holds', async () => {
    // 8 applications × 3 ÷ 2 team leaders would be 12 each, but each can score each application once.
    expect(await preview(3)).toMatchObject({
      applications: 8,
      teamLeaders: 2,
      appsPerTeamLeader: 8,
      maxAppsPerTeamLeader: 8,
      message: 'This will assign 8 apps per TL.',
      problem: 'Each application needs 3 different team leaders, but there are only 2 team leaders.',
    });
    expect(await preview(2)).toMatchObject({
      appsPerTeamLeader: 8,
      maxAppsPerTeamLeader: 8,
      message: 'This will assign 8 apps per TL.',
      problem: null,
    });
    expect(await preview(1)).toMatchObject({
      appsPerTeamLeader: 4,
      maxAppsPerTeamLeader: 4,
      message: 'This will assign 4 apps per TL.',
      problem: null,
    });
  });
});
