import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('POST /api/application/status/{username}', () => {
  let t: TestApp;
  let admin: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-05-01T12:00:00.000Z' });
    admin = await t.factories.admin();
  });
  afterAll(() => t.close());

  const setStatus = (key: string, body: Record<string, unknown>, auth = admin.auth) =>
    t.http().post(`/api/application/status/${key}`).set('Authorization', auth).send(body);

  it("moves along the lifecycle with 'Updated application status' and writes the audit log", async () => {
    const applicant = await t.factories.applicant();
    const application = await t.factories.application(applicant.user);
    const waitlisted = await setStatus(applicant.user.username, { statusId: 5 }).expect(200);
    expect(waitlisted.body.data).toMatchObject({
      message: 'Updated application status',
      application: { sv: { application_status_id: 5, state: 'waitlisted' } },
    });
    const offered = await setStatus(applicant.user.svid, { statusId: 1 }).expect(200);
    expect(offered.body.data.application.sv).toMatchObject({ application_status_id: 1, status: 'Accepted', state: 'offered' });

    const entries = await t.dataSource.query("SELECT * FROM audit_log WHERE action = 'application.status' AND entity_id = ? ORDER BY id", [
      String(application.id),
    ]);
    expect(entries.map((e: { after: string }) => JSON.parse(e.after).state)).toEqual(['waitlisted', 'offered']);
    expect(entries.every((e: { actor_id: number }) => e.actor_id === admin.user.id)).toBe(true);
    const mine = await t.http().get(`/api/application/${applicant.user.id}`).set('Authorization', applicant.auth).expect(200);
    expect(mine.body.data.sv.state).toBe('offered');
  });

  it('refuses moves the lifecycle does not allow (409) and unknown ids (400)', async () => {
    const applicant = await t.factories.applicant();
    await t.factories.application(applicant.user, { status: 'rejected' });
    const back = await setStatus(applicant.user.username, { statusId: 1 }).expect(409);
    expect(back.body.data).toMatchObject({ err: 'ILLEGAL_TRANSITION', message: 'This application cannot go from rejected to offered.' });
    const pending = await t.factories.applicant();
    await t.factories.application(pending.user);
    await setStatus(pending.user.username, { statusId: 2 }).expect(409); // pending → confirmed skips the offer
    await setStatus(pending.user.username, { statusId: 9 }).expect(400);
    await setStatus(pending.user.username, { statusId: 'Accepted' }).expect(400);
  });

  it('refuses to decide an application that was not submitted, or a user without one', async () => {
    const applicant = await t.factories.applicant();
    await t.factories.application(applicant.user, { completed: false });
    expect((await setStatus(applicant.user.username, { statusId: 1 }).expect(409)).body.data.err).toBe('NOT_SUBMITTED');
    const nobody = await t.factories.applicant();
    await setStatus(nobody.user.username, { statusId: 1 }).expect(404);
  });

  it('uses the active catalogue: in B, 2 is Waitlist and 7 is SV - Travel', async () => {
    await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ statusCatalogue: 'B' }).expect(200);
    const applicant = await t.factories.applicant();
    await t.factories.application(applicant.user, { status: 'offered' });
    await setStatus(applicant.user.username, { statusId: 2 }).expect(409); // offered → waitlisted is not a move
    const travel = await setStatus(applicant.user.username, { statusId: 7 }).expect(200);
    expect(travel.body.data.application.sv).toMatchObject({
      application_status_id: 7,
      status: 'SV - Travel',
      state: 'confirmed',
      tag: 'Travel',
    });
    await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ statusCatalogue: 'A' }).expect(200);
  });

  it('grants the Team-Leader role with an offer to a TL applicant when asked', async () => {
    const applicant = await t.factories.applicant();
    await t.factories.application(applicant.user, { teamLeader: true });
    await setStatus(applicant.user.username, { statusId: 1, grantTeamLeader: true }).expect(200);
    const profile = await t.http().get('/api/users/profile').set('Authorization', applicant.auth).expect(200);
    expect(profile.body.data.user.role).toBe('Team-Leader');
  });

  it('answers 401 to anonymous callers and 403 to applicants and team leaders', async () => {
    const applicant = await t.factories.applicant();
    await t.factories.application(applicant.user);
    const teamLeader = await t.factories.teamLeader();
    await t.http().post(`/api/application/status/${applicant.user.username}`).send({ statusId: 1 }).expect(401);
    await setStatus(applicant.user.username, { statusId: 1 }, applicant.auth).expect(403);
    await setStatus(applicant.user.username, { statusId: 1 }, teamLeader.auth).expect(403);
    const mine = await t.http().get(`/api/application/${applicant.user.id}`).set('Authorization', applicant.auth).expect(200);
    expect(mine.body.data.sv.state).toBe('pending');
  });
});
