import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('POST /api/admin/applications/status: one status for the applications picked in the list', () => {
  let t: TestApp;
  let admin: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-05-01T12:00:00.000Z' });
    admin = await t.factories.admin({ email: 'chair@example.org' });
  });
  afterAll(() => t.close());

  const bulk = (body: Record<string, unknown>, auth: string | null = admin.auth) => {
    const request = t.http().post('/api/admin/applications/status');
    return (auth ? request.set('Authorization', auth) : request).send(body);
  };
  const applicationOf = async (firstName: string, options: Parameters<TestApp['factories']['application']>[1] = {}) => {
    const person = await t.factories.applicant({ firstName, lastName: 'Tester' });
    return { person, application: await t.factories.application(person.user, options) };
  };
  const statusEntries = async (applicationId: number) =>
    t.dataSource.query("SELECT * FROM audit_log WHERE action = 'application.status' AND entity_id = ? ORDER BY id", [
      String(applicationId),
    ]);

  it('changes each application the lifecycle allows, refuses the others with the reason, and logs each change once', async () => {
    const ada = await applicationOf('Ada');
    const grace = await applicationOf('Grace', { teamLeader: true });
    const alan = await applicationOf('Alan', { completed: false });
    const kat = await applicationOf('Katherine', { status: 'offered' });
    const ids = [ada.application.id, grace.application.id, alan.application.id, kat.application.id, 99999, ada.application.id];

    const res = await bulk({ ids, statusId: 1, grantTeamLeader: true }).expect(200);
    expect(res.body).toEqual({
      changed: 2,
      refused: 3,
      results: [
        { id: ada.application.id, name: 'Ada Tester', outcome: 'changed', status: 'Accepted' },
        { id: grace.application.id, name: 'Grace Tester', outcome: 'changed', status: 'Accepted' },
        {
          id: alan.application.id,
          name: 'Alan Tester',
          outcome: 'refused',
          code: 'NOT_SUBMITTED',
          message: 'Only submitted applications can be decided.',
        },
        { id: kat.application.id, name: 'Katherine Tester', outcome: 'refused', code: 'UNCHANGED', message: 'It is already Accepted.' },
        { id: 99999, name: null, outcome: 'refused', code: 'NOT_FOUND', message: 'There is no application with id 99999.' },
      ],
    });
    for (const changed of [ada, grace]) {
      const entries = await statusEntries(changed.application.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ actor_id: admin.user.id, actor_email: 'chair@example.org' });
      expect(JSON.parse(entries[0].after)).toEqual({ state: 'offered', tag: null, reason: 'admin' });
    }
    expect(await statusEntries(alan.application.id)).toEqual([]);
    expect(await statusEntries(kat.application.id)).toEqual([]);
    // The offer to a team-leader applicant granted the role, as the single change does when asked.
    const roles = await t.dataSource.query('SELECT id, role FROM users WHERE id IN (?, ?) ORDER BY id', [
      ada.person.user.id,
      grace.person.user.id,
    ]);
    expect(roles.map((r: { role: string }) => r.role)).toEqual(['Student-Volunteer', 'Team-Leader']);
  });

  it('refuses a move the lifecycle does not allow, in the catalogue’s words', async () => {
    const waitlisted = await applicationOf('Wendy', { status: 'waitlisted' });
    const res = await bulk({ ids: [waitlisted.application.id], statusId: 2 }).expect(200);
    expect(res.body.results).toEqual([
      {
        id: waitlisted.application.id,
        name: 'Wendy Tester',
        outcome: 'refused',
        code: 'ILLEGAL_TRANSITION',
        message: 'It cannot go from Waitlisted to Confirmed.',
      },
    ]);
    const back = await bulk({ ids: [waitlisted.application.id], statusId: null }).expect(200);
    expect(back.body.results[0]).toMatchObject({ outcome: 'refused', message: 'It cannot go from Waitlisted to Pending.' });
  });

  it('refuses a request without applications, with an unknown status or with unknown fields (400)', async () => {
    const none = await bulk({ ids: [], statusId: 1 }).expect(400);
    expect(none.body).toEqual({
      message: 'Pick at least one application',
      errors: { ids: 'Pick at least one application' },
      err: 'VALIDATION_FAILED',
    });
    await bulk({ ids: [1], statusId: 9 }).expect(400);
    await bulk({ ids: ['x'], statusId: 1 }).expect(400);
    await bulk({ ids: [1], statusId: 1, force: true }).expect(400);
    await bulk({ ids: Array.from({ length: 501 }, (_, i) => i + 1), statusId: 1 }).expect(400);
  });

  it('answers 401 anonymously and 403 to applicants and team leaders, changing nothing', async () => {
    const target = await applicationOf('Target');
    const teamLeader = await t.factories.teamLeader();
    await bulk({ ids: [target.application.id], statusId: 1 }, null).expect(401);
    await bulk({ ids: [target.application.id], statusId: 1 }, target.person.auth).expect(403);
    await bulk({ ids: [target.application.id], statusId: 1 }, teamLeader.auth).expect(403);
    expect(await statusEntries(target.application.id)).toEqual([]);
  });
});
