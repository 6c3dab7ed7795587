import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import type { CreatedUser } from '../testing/factories.js';

describe('/api/admin/users', () => {
  let t: TestApp;
  let admin: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.factories.admin({ email: 'chair@example.org', firstName: 'Chair', lastName: 'Person' });
    await t.factories.user({ email: 'ada@example.edu', firstName: 'Ada', lastName: 'Lovelace' });
    await t.factories.user({ email: 'grace@example.edu', firstName: 'Grace', lastName: 'Hopper', verified: false });
    await t.factories.teamLeader({ email: 'alan@example.edu', firstName: 'Alan', lastName: 'Turing' });
    await t.factories.user({ email: 'percent%sign@example.edu', firstName: 'Odd', lastName: 'Name_With_Underscore' });
  });
  afterAll(() => t.close());

  const list = (query: Record<string, unknown>) =>
    t
      .http()
      .get('/api/admin/users')
      .query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])))
      .set('Authorization', admin.auth);

  it('lists users a page at a time with Content-Range, sorted', async () => {
    const page = await list({ range: [0, 1], sort: ['email', 'ASC'] }).expect(200);
    expect(page.headers['content-range']).toBe('users 0-1/5');
    expect(page.body.map((u: { email: string }) => u.email)).toEqual(['ada@example.edu', 'alan@example.edu']);
    expect(page.body[0]).toEqual({
      id: expect.any(Number),
      email: 'ada@example.edu',
      firstName: 'Ada',
      lastName: 'Lovelace',
      svid: expect.any(String),
      username: expect.any(String),
      role: 'Student-Volunteer',
      isAdmin: false,
      verified: true,
      profileComplete: false,
      createdAt: expect.any(String),
    });
    const next = await list({ range: [2, 3], sort: ['email', 'ASC'] }).expect(200);
    expect(next.headers['content-range']).toBe('users 2-3/5');
    expect(next.body.map((u: { email: string }) => u.email)).toEqual(['chair@example.org', 'grace@example.edu']);
  });

  it('searches email, first name and last name, case-insensitively; % and _ are literal', async () => {
    const names = async (q: string) =>
      (await list({ filter: { q } }).expect(200)).body.map((u: { firstName: string }) => u.firstName).sort();
    expect(await names('LOVELACE')).toEqual(['Ada']);
    expect(await names('grace@')).toEqual(['Grace']);
    expect(await names('al')).toEqual(['Alan']);
    expect(await names('%')).toEqual(['Odd']);
    expect(await names('_with_')).toEqual(['Odd']);
    expect(await names('nobody')).toEqual([]);
  });

  it('filters by role and verified', async () => {
    expect((await list({ filter: { role: 'Team-Leader' } }).expect(200)).body.map((u: { email: string }) => u.email)).toEqual([
      'alan@example.edu',
    ]);
    const unverified = await list({ filter: { verified: false } }).expect(200);
    expect(unverified.body.map((u: { email: string }) => u.email)).toEqual(['grace@example.edu']);
    expect(unverified.headers['content-range']).toBe('users 0-0/1');
  });

  it('refuses malformed list parameters with 400', async () => {
    await t.http().get('/api/admin/users?range=[0').set('Authorization', admin.auth).expect(400);
    await list({ sort: ['passwordHash', 'ASC'] }).expect(400);
    await list({ range: [5, 1] }).expect(400);
    await t.http().get('/api/admin/users?page=2').set('Authorization', admin.auth).expect(400);
  });

  it('grants the Team-Leader role and the administrator flag, writing the audit log', async () => {
    const volunteer = await t.factories.user();
    const res = await t
      .http()
      .put(`/api/admin/users/${volunteer.user.id}`)
      .set('Authorization', admin.auth)
      .send({ role: 'Team-Leader' })
      .expect(200);
    expect(res.body).toMatchObject({ id: volunteer.user.id, role: 'Team-Leader', isAdmin: false });
    // The new role holds at once for the user's existing token: the guard reads it from the database.
    const profile = await t.http().get('/api/users/profile').set('Authorization', volunteer.auth).expect(200);
    expect(profile.body.data.user.is_team_leader).toBe(true);

    await t.http().put(`/api/admin/users/${volunteer.user.id}`).set('Authorization', admin.auth).send({ isAdmin: true }).expect(200);
    await t.http().get('/api/admin/settings').set('Authorization', volunteer.auth).expect(200);

    const entries = await t.dataSource.query("SELECT * FROM audit_log WHERE action = 'user.update' AND entity_id = ? ORDER BY id", [
      String(volunteer.user.id),
    ]);
    expect(entries.map((e: { before: string; after: string }) => [JSON.parse(e.before), JSON.parse(e.after)])).toEqual([
      [
        { role: 'Student-Volunteer', isAdmin: false },
        { role: 'Team-Leader', isAdmin: false },
      ],
      [
        { role: 'Team-Leader', isAdmin: false },
        { role: 'Team-Leader', isAdmin: true },
      ],
    ]);
    expect(entries[0].actor_id).toBe(admin.user.id);
  });

  it('refuses to let an administrator remove their own flag', async () => {
    const res = await t
      .http()
      .put(`/api/admin/users/${admin.user.id}`)
      .set('Authorization', admin.auth)
      .send({ isAdmin: false })
      .expect(409);
    expect(res.body.message).toBe('You cannot remove your own administrator rights. Ask another administrator.');
    expect((await t.http().get(`/api/admin/users/${admin.user.id}`).set('Authorization', admin.auth).expect(200)).body.isAdmin).toBe(true);
  });

  it('refuses unknown roles, unknown fields, a missing user and a bad id', async () => {
    const someone = await t.factories.user();
    const bad = await t
      .http()
      .put(`/api/admin/users/${someone.user.id}`)
      .set('Authorization', admin.auth)
      .send({ role: 'Overlord' })
      .expect(400);
    expect(bad.body.errors).toEqual({ role: 'role must be Team-Leader or Student-Volunteer' });
    await t.http().put(`/api/admin/users/${someone.user.id}`).set('Authorization', admin.auth).send({ email: 'x@y.z' }).expect(400);
    await t.http().get('/api/admin/users/999999').set('Authorization', admin.auth).expect(404);
    await t.http().get('/api/admin/users/abc').set('Authorization', admin.auth).expect(400);
  });

  it('answers 401 to an anonymous caller and 403 to a volunteer or a team leader on every route', async () => {
    const volunteer = await t.factories.user();
    const teamLeader = await t.factories.teamLeader();
    const calls = [
      () => t.http().get('/api/admin/users'),
      () => t.http().get(`/api/admin/users/${volunteer.user.id}`),
      () => t.http().put(`/api/admin/users/${volunteer.user.id}`).send({ role: 'Team-Leader' }),
    ];
    for (const call of calls) {
      await call().expect(401);
      await call().set('Authorization', volunteer.auth).expect(403);
      await call().set('Authorization', teamLeader.auth).expect(403);
    }
    const still = await t.http().get(`/api/admin/users/${volunteer.user.id}`).set('Authorization', admin.auth).expect(200);
    expect(still.body.role).toBe('Student-Volunteer');
  });
});
