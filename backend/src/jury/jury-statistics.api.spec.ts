import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { calibratedAverages, rawAverages } from '@svp/domain';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { juryItemId, juryItemKey } from './jury-item-id.js';

const IN_JURY = '2026-04-20T12:00:00.000Z';

describe('GET /api/jury/statistics', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let leaders: CreatedUser[];
  let idle: CreatedUser;
  let applicants: CreatedUser[];
  const applicationIds: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00.000Z' });
    admin = await t.factories.admin();
    leaders = [
      await t.factories.teamLeader({ firstName: 'Harsh', lastName: 'Adams' }),
      await t.factories.teamLeader({ firstName: 'Lenient', lastName: 'Baker' }),
    ];
    applicants = [];
    for (let i = 0; i < 4; i++) {
      const applicant = await t.factories.applicant();
      applicationIds.push((await t.factories.application(applicant.user)).id);
      applicants.push(applicant);
    }
    // both leaders judge all four applications
    await t.http().post('/api/jury/assign-jury').set('Authorization', admin.auth).send({ TLsPerApp: 2 }).expect(200);
    idle = await t.factories.teamLeader({ firstName: 'Idle', lastName: 'Zed' }); // became a team leader after the assignment
    t.clock.set(IN_JURY);
    const given: [CreatedUser, number, [number, number, number], number][] = [
      [leaders[0]!, 0, [2, 2, 2], 0],
      [leaders[0]!, 1, [1, 1, 2], 1],
      [leaders[0]!, 2, [1, 1, 1], 0],
      [leaders[1]!, 0, [5, 5, 5], 0],
      [leaders[1]!, 1, [4, 4, 5], 1],
      [leaders[1]!, 2, [4, 4, 4], 0],
    ];
    // The opaque id each leader knows an application by (student_volunteer_id of their list).
    const itemId = async (leader: CreatedUser, a: number) => {
      const [row] = await t.dataSource.query('SELECT edition_id FROM applications WHERE id = ?', [applicationIds[a]]);
      return juryItemId(juryItemKey(t.config.jwtSecret), Number(row.edition_id), leader.user.id, applicationIds[a]!);
    };
    for (const [leader, a, [essay1, essay2, essay3], redFlag] of given) {
      t.clock.advance(60_000);
      await t
        .http()
        .post('/api/jury/score')
        .set('Authorization', t.factories.auth(leader.user))
        .send({ tl_id: leader.user.id, sv_id: await itemId(leader, a), essay1, essay2, essay3, overall: 1, red_flag: redFlag })
        .expect(200);
    }
  });
  afterAll(() => t.close());

  it('reports progress per team leader, red flags, strong disagreements and both averages', async () => {
    const res = await t.http().get('/api/jury/statistics').set('Authorization', t.factories.auth(admin.user)).expect(200);
    const data = res.body.data;
    expect(data.overall).toEqual({ teamLeaders: 3, applications: 4, assigned: 8, scored: 6 });
    expect(data.teamLeaders).toEqual([
      {
        id: leaders[0]!.user.id,
        name: 'Harsh Adams',
        email: leaders[0]!.user.email,
        isTeamLeader: true,
        assigned: 4,
        scored: 3,
        lastActivity: '2026-04-20T12:03:00.000Z',
        distribution: { 1: 5, 2: 4, 3: 0, 4: 0, 5: 0 },
      },
      {
        id: leaders[1]!.user.id,
        name: 'Lenient Baker',
        email: leaders[1]!.user.email,
        isTeamLeader: true,
        assigned: 4,
        scored: 3,
        lastActivity: '2026-04-20T12:06:00.000Z',
        distribution: { 1: 0, 2: 0, 3: 0, 4: 5, 5: 4 },
      },
      {
        id: idle.user.id,
        name: 'Idle Zed',
        email: idle.user.email,
        isTeamLeader: true,
        assigned: 0,
        scored: 0,
        lastActivity: null,
        distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      },
    ]);
    expect(data.redFlagged).toEqual([
      {
        applicationId: applicationIds[1],
        studentVolunteerId: applicants[1]!.user.id,
        count: 2,
        teamLeaderIds: leaders.map((l) => l.user.id).sort((a, b) => a - b),
      },
    ]);
    expect(data.disagreements.map((d: { applicationId: number }) => d.applicationId)).toEqual([
      applicationIds[0],
      applicationIds[1],
      applicationIds[2],
    ]);
    expect(data.disagreements[0]).toEqual({
      applicationId: applicationIds[0],
      studentVolunteerId: applicants[0]!.user.id,
      essays: ['essay1', 'essay2', 'essay3'].map((essay) => ({ essay, min: 2, max: 5, spread: 3 })),
    });

    const byId = new Map(data.applications.map((a: { applicationId: number }) => [a.applicationId, a]));
    // raw: the average of the jurors' essay means, as the CSV export ranks
    expect(byId.get(applicationIds[0])).toEqual({
      applicationId: applicationIds[0],
      studentVolunteerId: applicants[0]!.user.id,
      assigned: 2,
      scored: 2,
      rawAverage: 3.5,
      calibratedAverage: expect.any(Number),
    });
    expect(byId.get(applicationIds[3])).toMatchObject({ assigned: 2, scored: 0, rawAverage: null, calibratedAverage: null });
    // calibrated: both jurors rank 0 > 1 > 2 alike, so the harsh and the lenient one agree once standardised
    const scores = [
      [0, 0, [2, 2, 2]],
      [0, 1, [1, 1, 2]],
      [0, 2, [1, 1, 1]],
      [1, 0, [5, 5, 5]],
      [1, 1, [4, 4, 5]],
      [1, 2, [4, 4, 4]],
    ].map(([l, a, e]) => ({
      teamLeaderId: l as number,
      applicationId: applicationIds[a as number]!,
      essay1: (e as number[])[0]!,
      essay2: (e as number[])[1]!,
      essay3: (e as number[])[2]!,
      overall: 1,
      redFlag: 0,
    }));
    const expected = calibratedAverages(scores);
    for (const id of applicationIds.slice(0, 3)) {
      expect((byId.get(id) as { calibratedAverage: number }).calibratedAverage).toBeCloseTo(expected.get(id)!, 3);
      expect((byId.get(id) as { rawAverage: number }).rawAverage).toBeCloseTo(rawAverages(scores).get(id)!, 3);
    }
    const calibrated = applicationIds.slice(0, 3).map((id) => (byId.get(id) as { calibratedAverage: number }).calibratedAverage);
    expect(calibrated[0]).toBeGreaterThan(calibrated[1]!);
    expect(calibrated[1]).toBeGreaterThan(calibrated[2]!);
  });

  it("agrees with the export's average essay score", async () => {
    const search = await t
      .http()
      .get('/api/application/search?withScores=true&limit=10')
      .set('Authorization', t.factories.auth(admin.user))
      .expect(200);
    const stats = (await t.http().get('/api/jury/statistics').set('Authorization', t.factories.auth(admin.user)).expect(200)).body.data;
    for (const app of search.body.data.apps as { sv_id: number; totalavg: number | null }[]) {
      const mine = stats.applications.find((a: { studentVolunteerId: number }) => a.studentVolunteerId === app.sv_id);
      if (app.totalavg === null) expect(mine.rawAverage).toBeNull();
      else expect(mine.rawAverage).toBeCloseTo(app.totalavg, 2);
    }
  });
});
