import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedUser } from '../testing/factories.js';
import { completeApplicationData } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { JURY_ITEM_ID_PATTERN, juryItemId, juryItemKey } from './jury-item-id.js';

const BEFORE_RELEASE = '2026-03-15T12:00:00.000Z';
const IN_JURY = '2026-04-20T12:00:00.000Z';
const AT_DEADLINE = '2026-05-20T06:59:00.000Z';

const ITEM_KEYS = ['essay1', 'essay2', 'essay3', 'overall', 'red_flag', 'score_id', 'student_volunteer_id'];

describe('the team-leader side of the jury', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let lead: CreatedUser;
  let other: CreatedUser;
  let applicants: CreatedUser[];
  /** The applicant assigned to `lead`, and one assigned only to `other`. */
  let mine: CreatedUser;
  let theirs: CreatedUser;
  /** The opaque ids: `mine` on lead's list, `theirs` on other's. */
  let mineId: string;
  let theirsId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: BEFORE_RELEASE });
    admin = await t.factories.admin();
    lead = await t.factories.teamLeader();
    other = await t.factories.teamLeader();
    applicants = [];
    for (let i = 0; i < 4; i++) {
      const applicant = await t.factories.applicant({
        firstName: `Zanzibar${i}`,
        lastName: `Quixotic${i}`,
        email: `zq${i}@unique-school.example`,
      });
      await t.factories.application(applicant.user, {
        data: completeApplicationData({
          schoolName: `Xylophone Institute ${i}`,
          schoolCity: 'Ulaanbaatar',
          essay1: `Essay one of applicant ${i}.`,
          essay2: `Essay two of applicant ${i}.`,
          essay3: `Essay three of applicant ${i} 😊.`,
          firstReferenceEmail: `reference${i}@unique-school.example`,
        }),
      });
      applicants.push(applicant);
    }
    await t.http().post('/api/jury/assign-jury').set('Authorization', admin.auth).send({ TLsPerApp: 1, seed: 1 }).expect(200);
    const rows = await t.dataSource.query(
      'SELECT ja.team_leader_id AS tl, app.user_id AS sv FROM jury_assignments ja JOIN applications app ON app.id = ja.application_id',
    );
    const assignedTo = (tl: number) => rows.filter((r: { tl: number }) => Number(r.tl) === tl).map((r: { sv: number }) => Number(r.sv));
    mine = applicants.find((a) => assignedTo(lead.user.id).includes(a.user.id))!;
    theirs = applicants.find((a) => assignedTo(other.user.id).includes(a.user.id))!;
    expect(assignedTo(lead.user.id)).toHaveLength(2);
    t.clock.set(IN_JURY);
    lead.auth = t.factories.auth(lead.user);
    other.auth = t.factories.auth(other.user);
    mineId = await itemId(lead, mine);
    theirsId = await itemId(other, theirs);
  });
  afterAll(() => t.close());

  const values = { essay1: 4, essay2: 3, essay3: 5, overall: 1, red_flag: 0 };
  const score = (body: Record<string, unknown>, auth = lead.auth, id?: number) =>
    t
      .http()
      .post(id === undefined ? '/api/jury/score' : `/api/jury/score/${id}`)
      .set('Authorization', auth)
      .send(body);
  const list = (id: number, auth = lead.auth) => t.http().get(`/api/jury/tl-assignments/${id}`).set('Authorization', auth);
  const essays = (key: string | number, auth = lead.auth) => t.http().get(`/api/application/${key}`).set('Authorization', auth);
  const idsOf = (res: { body: { data: { assignments: { student_volunteer_id: string }[] } } }) =>
    res.body.data.assignments.map((i) => i.student_volunteer_id);
  /** The id `leader` knows `applicant`'s application by, derived here on its own from the server's secret. */
  const itemId = async (leader: CreatedUser, applicant: CreatedUser) => {
    const [row] = await t.dataSource.query('SELECT id, edition_id FROM applications WHERE user_id = ?', [applicant.user.id]);
    return juryItemId(juryItemKey(t.config.jwtSecret), Number(row.edition_id), leader.user.id, Number(row.id));
  };

  it("lists the caller's own assignments, unscored at first", async () => {
    const res = await list(lead.user.id).expect(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ assigned: 2, scored: 0 });
    for (const item of res.body.data.assignments) {
      expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
      expect(item).toMatchObject({ score_id: null, essay1: null, essay2: null, essay3: null, overall: null, red_flag: null });
    }
    expect(idsOf(res)).toContain(mineId);
  });

  it('knows each application by an opaque id: no user id, stable from one read to the next, different for each team leader', async () => {
    const first = idsOf(await list(lead.user.id).expect(200));
    expect(first).toHaveLength(2);
    const users = await t.dataSource.query('SELECT id, username, svid FROM users');
    const known = new Set<string>(users.flatMap((u: { id: number; username: string; svid: string }) => [String(u.id), u.username, u.svid]));
    const applicationIds = (await t.dataSource.query('SELECT id FROM applications')).map((a: { id: number }) => String(a.id));
    for (const id of first) {
      expect(id).toMatch(JURY_ITEM_ID_PATTERN);
      expect(known.has(id)).toBe(false);
      expect(applicationIds).not.toContain(id);
    }
    expect(idsOf(await list(lead.user.id).expect(200))).toEqual(first);
    const theirs = idsOf(await list(other.user.id, other.auth).expect(200));
    expect(theirs).toContain(theirsId);
    expect(theirs.filter((id) => first.includes(id))).toEqual([]);
  });

  it("refuses another team leader's list (403)", async () => {
    const res = await list(other.user.id).expect(403);
    expect(res.body.data).toEqual({ message: 'You can only see your own jury assignments.', err: 'FORBIDDEN' });
    await list(admin.user.id).expect(403);
    await t.http().get('/api/jury/tl-assignments/not-a-number').set('Authorization', lead.auth).expect(400);
  });

  it('answers only the essays of an assigned application: nothing identifies the applicant', async () => {
    const res = await essays(mineId).expect(200);
    expect(Object.keys(res.body)).toEqual(['success', 'data']);
    expect(Object.keys(res.body.data).sort()).toEqual(['data', 'student_volunteer_id']);
    expect(Object.keys(res.body.data.data).sort()).toEqual(['essay1', 'essay2', 'essay3']);
    const i = applicants.indexOf(mine);
    expect(res.body.data).toEqual({
      student_volunteer_id: mineId,
      data: { essay1: `Essay one of applicant ${i}.`, essay2: `Essay two of applicant ${i}.`, essay3: `Essay three of applicant ${i} 😊.` },
    });
    const json = JSON.stringify(res.body);
    for (const secret of [
      mine.user.firstName,
      mine.user.lastName,
      mine.user.email,
      mine.user.svid,
      mine.user.username,
      'Xylophone',
      'Ulaanbaatar',
      'unique-school',
    ]) {
      expect(json).not.toContain(secret);
    }
  });

  it('refuses the essays of an application not assigned to the caller (403), and everything else of a stranger', async () => {
    for (const key of [theirsId, String(theirs.user.id), theirs.user.username, theirs.user.svid, '999999', 'nobody', 'A'.repeat(22)]) {
      const res = await essays(key).expect(403);
      expect(res.body.data).toEqual({ message: 'This application is not assigned to you.', err: 'FORBIDDEN' });
    }
    // The applicant's user id no longer opens an application on the caller's own list.
    expect((await essays(mine.user.id).expect(403)).body.data.err).toBe('FORBIDDEN');
    // Nor does the caller's id for it open anything to another team leader.
    await essays(mineId, other.auth).expect(403);
    // a volunteer still cannot read anyone else's
    await essays(mine.user.id, t.factories.auth(theirs.user)).expect(403);
    await essays(mineId, t.factories.auth(theirs.user)).expect(403);
    // and the team leader's own application still answers as their own (404: none yet)
    await essays(lead.user.id).expect(404);
  });

  let scoreId: number;

  it('creates a score (data.score.score_id) and then updates it', async () => {
    const created = await score({ tl_id: lead.user.id, sv_id: mineId, ...values }).expect(200);
    expect(created.body.success).toBe(true);
    expect(created.body.data.message).toBe('Scores saved successfully');
    scoreId = created.body.data.score.score_id;
    expect(scoreId).toEqual(expect.any(Number));
    expect(created.body.data.score).toMatchObject({ ...values, sv_id: mineId, student_volunteer_id: mineId, tl_id: lead.user.id });

    const listed = (await list(lead.user.id).expect(200)).body.data;
    expect(listed.scored).toBe(1);
    expect(listed.assignments.find((i: { student_volunteer_id: string }) => i.student_volunteer_id === mineId)).toEqual({
      student_volunteer_id: mineId,
      score_id: scoreId,
      ...values,
    });

    const changed = { essay1: 1, essay2: 2, essay3: 2, overall: 0, red_flag: 1 };
    const updated = await score({ tl_id: lead.user.id, sv_id: mineId, ...changed }, lead.auth, scoreId).expect(200);
    expect(updated.body.data.score).toMatchObject({ score_id: scoreId, ...changed });
    const row = (await t.dataSource.query('SELECT * FROM jury_scores WHERE id = ?', [scoreId]))[0];
    expect([row.essay1, row.essay2, row.essay3, row.overall, row.red_flag].map(Number)).toEqual([1, 2, 2, 0, 1]);
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM jury_scores'))[0].n)).toBe(1);
  });

  it('answers a second create of the same item with 409 and the existing score id', async () => {
    const again = await score({ tl_id: lead.user.id, sv_id: mineId, ...values }).expect(409);
    expect(again.body.data).toMatchObject({ err: 'ALREADY_SCORED', score: { score_id: scoreId } });
  });

  it('requires all five values, in range (400)', async () => {
    const base = { tl_id: lead.user.id, sv_id: mineId, ...values };
    const missing = await score({ ...base, red_flag: undefined }).expect(400);
    expect(missing.body.data).toMatchObject({ err: 'VALIDATION_FAILED', errors: { red_flag: 'red_flag is required' } });
    const none = await score({ tl_id: lead.user.id, sv_id: mineId }).expect(400);
    expect(Object.keys(none.body.data.errors).sort()).toEqual(['essay1', 'essay2', 'essay3', 'overall', 'red_flag']);
    expect((await score({ ...base, essay1: 6 }).expect(400)).body.data.errors).toEqual({
      essay1: 'essay1 must be a whole number from 1 to 5',
    });
    expect((await score({ ...base, essay2: 0 }).expect(400)).body.data.errors).toEqual({
      essay2: 'essay2 must be a whole number from 1 to 5',
    });
    expect((await score({ ...base, essay3: 2.5 }).expect(400)).body.data.errors).toEqual({
      essay3: 'essay3 must be a whole number from 1 to 5',
    });
    expect((await score({ ...base, overall: 2 }).expect(400)).body.data.errors).toEqual({ overall: 'overall must be 1 (Yes) or 0 (No)' });
    expect((await score({ ...base, red_flag: '1' }).expect(400)).body.data.errors).toEqual({
      red_flag: 'red_flag must be 0 (No) or 1 (Yes)',
    });
    await score({ ...base, essay1: 6 }, lead.auth, scoreId).expect(400);
    await score({ ...base, comment: 'x' }, lead.auth, scoreId).expect(400);
    for (const sv_id of [null, true, { id: mineId }, 'x'.repeat(65)]) {
      expect((await score({ ...base, sv_id }).expect(400)).body.data.errors).toEqual({ sv_id: expect.stringMatching(/^sv_id /) });
    }
  });

  it("refuses someone else's assignment or score (403)", async () => {
    // an application assigned to another team leader
    const res = await score({ tl_id: lead.user.id, sv_id: theirsId, ...values }).expect(403);
    expect(res.body.data).toEqual({ message: 'This application is not assigned to you.', err: 'FORBIDDEN' });
    // scoring in another team leader's name
    await score({ tl_id: other.user.id, sv_id: theirsId, ...values }).expect(403);
    // updating another team leader's score
    await score({ tl_id: other.user.id, sv_id: mineId, ...values }, other.auth, scoreId).expect(403);
    // a score id that is not there, and a score of another application on the caller's list
    await score({ tl_id: lead.user.id, sv_id: mineId, ...values }, lead.auth, 999999).expect(404);
    const mySecond = idsOf(await list(lead.user.id).expect(200)).find((id) => id !== mineId)!;
    const wrong = await score({ tl_id: lead.user.id, sv_id: mySecond, ...values }, lead.auth, scoreId).expect(400);
    expect(wrong.body.data.errors).toEqual({ sv_id: 'sv_id is not the application of this score' });
    // another team leader's id for an application, on a first score and on an update
    await score({ tl_id: lead.user.id, sv_id: theirsId, ...values }, lead.auth, scoreId).expect(403);
  });

  it("refuses a score sent by the applicant's user id (403), as a number or as text", async () => {
    const unscored = idsOf(await list(lead.user.id).expect(200)).find((id) => id !== mineId)!;
    const ids = await Promise.all(applicants.map((a) => itemId(lead, a)));
    const second = applicants[ids.indexOf(unscored)]!;
    for (const sv_id of [mine.user.id, String(mine.user.id), second.user.id]) {
      const created = await score({ tl_id: lead.user.id, sv_id, ...values }).expect(403);
      expect(created.body.data).toEqual({ message: 'This application is not assigned to you.', err: 'FORBIDDEN' });
      const updated = await score({ tl_id: lead.user.id, sv_id, ...values }, lead.auth, scoreId).expect(403);
      expect(updated.body.data).toEqual({ message: 'This application is not assigned to you.', err: 'FORBIDDEN' });
    }
    expect(Number((await t.dataSource.query('SELECT COUNT(*) AS n FROM jury_scores'))[0].n)).toBe(1);
    expect(
      (await list(lead.user.id).expect(200)).body.data.assignments.find(
        (i: { student_volunteer_id: string }) => i.student_volunteer_id === unscored,
      ).score_id,
    ).toBeNull();
  });

  it('only scores between the jury release and the jury deadline (409 otherwise)', async () => {
    const body = { tl_id: lead.user.id, sv_id: mineId, ...values };
    t.clock.set('2026-04-12T16:59:59.999Z');
    const auth = t.factories.auth(lead.user);
    const early = await score(body, auth, scoreId).expect(409);
    expect(early.body.data).toEqual({ message: 'Jury scoring opens on 12 April 2026 at 17:00 UTC.', err: 'JURY_NOT_OPEN' });
    await essays(mineId, auth).expect(409);
    const mySecond = (await list(lead.user.id, auth).expect(200)).body.data.assignments.find(
      (i: { score_id: number | null }) => i.score_id === null,
    );
    expect(mySecond).toBeDefined();

    t.clock.set(AT_DEADLINE);
    const late = t.factories.auth(lead.user);
    expect((await score(body, late, scoreId).expect(409)).body.data).toEqual({
      message: 'The jury deadline has passed; scores can no longer be saved.',
      err: 'DEADLINE_PASSED',
    });
    await score({ ...body, sv_id: mySecond.student_volunteer_id }, late).expect(409);
    await essays(mineId, late).expect(409);
    t.clock.set(IN_JURY);
  });

  it('closes the list after the jury deadline (409), and opens it to nobody else', async () => {
    t.clock.set(AT_DEADLINE);
    const late = t.factories.auth(lead.user);
    const closed = await list(lead.user.id, late).expect(409);
    expect(closed.body).toEqual({
      success: false,
      data: { message: 'The jury deadline has passed; the list of applications is closed.', err: 'DEADLINE_PASSED' },
    });
    expect(JSON.stringify(closed.body)).not.toContain(mineId);
    await list(other.user.id, late).expect(403);
    t.clock.set(IN_JURY);
    await list(lead.user.id, t.factories.auth(lead.user)).expect(200);
  });

  it('keeps the ids across a re-assignment, and the same pair keeps its id', async () => {
    const before = idsOf(await list(lead.user.id).expect(200));
    const rowsBefore = (await t.dataSource.query('SELECT id FROM jury_assignments')).map((r: { id: number }) => Number(r.id));
    await t
      .http()
      .post('/api/jury/assign-jury')
      .set('Authorization', t.factories.auth(admin.user))
      .send({ TLsPerApp: 2, seed: 5 })
      .expect(200);
    const rowsAfter = (await t.dataSource.query('SELECT id FROM jury_assignments')).map((r: { id: number }) => Number(r.id));
    expect(rowsAfter.length).toBeGreaterThan(rowsBefore.length);
    const after = idsOf(await list(lead.user.id).expect(200));
    // Two team leaders per application: each now has all four, the two they had under the same ids.
    expect(after).toHaveLength(4);
    for (const id of before) expect(after).toContain(id);
    const expected = await Promise.all(applicants.map((a) => itemId(lead, a)));
    expect([...after].sort()).toEqual([...expected].sort());
    expect((await essays(mineId).expect(200)).body.data.student_volunteer_id).toBe(mineId);
    // The score given before keeps answering to the same id.
    expect(
      (await list(lead.user.id).expect(200)).body.data.assignments.find(
        (i: { student_volunteer_id: string }) => i.student_volunteer_id === mineId,
      ).score_id,
    ).toBe(scoreId);
  });
});

describe('an administrator on the jury', () => {
  let t: TestApp;
  let adminLeader: CreatedUser;
  let applicant: CreatedUser;

  beforeAll(async () => {
    t = await createTestApp({ now: BEFORE_RELEASE });
    adminLeader = await t.factories.user({ role: 'Team-Leader', admin: true });
    applicant = await t.factories.applicant({ firstName: 'Zanzibar' });
    await t.factories.application(applicant.user, { data: completeApplicationData({ essay1: 'The only essay one.' }) });
    await t.http().post('/api/jury/assign-jury').set('Authorization', adminLeader.auth).send({ TLsPerApp: 1, seed: 1 }).expect(200);
    t.clock.set(IN_JURY);
    adminLeader.auth = t.factories.auth(adminLeader.user);
  });
  afterAll(() => t.close());

  it('reads the items of their list blind by the opaque id, and any application as an administrator by a user key', async () => {
    const [item] = (
      await t.http().get(`/api/jury/tl-assignments/${adminLeader.user.id}`).set('Authorization', adminLeader.auth).expect(200)
    ).body.data.assignments;
    expect(item.student_volunteer_id).toMatch(JURY_ITEM_ID_PATTERN);
    const blind = await t.http().get(`/api/application/${item.student_volunteer_id}`).set('Authorization', adminLeader.auth).expect(200);
    expect(Object.keys(blind.body.data).sort()).toEqual(['data', 'student_volunteer_id']);
    expect(blind.body.data.data.essay1).toBe('The only essay one.');
    expect(JSON.stringify(blind.body)).not.toContain('Zanzibar');
    const full = await t.http().get(`/api/application/${applicant.user.id}`).set('Authorization', adminLeader.auth).expect(200);
    expect(JSON.stringify(full.body)).toContain('Zanzibar');
    await t
      .http()
      .get(`/api/application/${'B'.repeat(22)}`)
      .set('Authorization', adminLeader.auth)
      .expect(404);
  });
});
