import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('/api/admin/audit names the people, applications and venues its entries are about', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let ada: CreatedUser;
  let grace: CreatedUser;
  let graceApplication: number;
  let venueId: number;

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-03-15T12:00:00.000Z' });
    admin = await t.factories.admin({ email: 'chair@example.org', firstName: 'Chiara', lastName: 'Président' });
    ada = await t.factories.applicant({ firstName: 'Ada', lastName: 'Lovelace' });
    grace = await t.factories.applicant({ firstName: 'Grace', lastName: 'Hopper' });
    graceApplication = (await t.factories.application(grace.user)).id;
    await t.http().put(`/api/admin/users/${ada.user.id}`).set('Authorization', admin.auth).send({ role: 'Team-Leader' }).expect(200);
    await t.http().put(`/api/admin/applications/${graceApplication}`).set('Authorization', admin.auth).send({ statusId: 5 }).expect(200);
    venueId = (
      await t
        .http()
        .post('/api/admin/venues')
        .set('Authorization', admin.auth)
        .send({ name: 'Main Hall', teamLeaderIds: [ada.user.id] })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  const list = (filter: Record<string, unknown> = {}) =>
    t
      .http()
      .get('/api/admin/audit')
      .query({ filter: JSON.stringify(filter), sort: JSON.stringify(['id', 'ASC']) })
      .set('Authorization', admin.auth)
      .expect(200);

  it("gives each entry its actor's name and the names behind the ids it records", async () => {
    const entries = (await list()).body as {
      action: string;
      actorName: string | null;
      references: Record<string, Record<string, unknown>>;
    }[];
    expect(entries.map((e) => e.action)).toEqual(['user.update', 'application.status', 'venue.create']);
    expect(entries.every((e) => e.actorName === 'Chiara Président')).toBe(true);
    const [role, status, venue] = entries;
    expect(role!.references.users).toEqual({ [admin.user.id]: 'Chiara Président', [ada.user.id]: 'Ada Lovelace' });
    expect(status!.references.applications).toEqual({ [graceApplication]: 'Grace Hopper' });
    expect(venue!.references.venues).toEqual({ [venueId]: 'Main Hall' });
    expect(venue!.references.users).toMatchObject({ [ada.user.id]: 'Ada Lovelace' });
    // The record itself stays as it was, for the details.
    expect(status).toMatchObject({ before: { state: 'pending', tag: null }, after: { state: 'waitlisted', tag: null, reason: 'admin' } });
  });

  it('shows one entry with the same names', async () => {
    const [first] = (await list()).body as { id: number }[];
    const one = await t.http().get(`/api/admin/audit/${first!.id}`).set('Authorization', admin.auth).expect(200);
    expect(one.body).toMatchObject({ actorName: 'Chiara Président', references: { users: { [ada.user.id]: 'Ada Lovelace' } } });
  });

  it('finds the entries of an actor by name, accents and case aside, or by email', async () => {
    expect((await list({ actor: 'president' })).body).toHaveLength(3);
    expect((await list({ actor: 'CHIARA' })).body).toHaveLength(3);
    expect((await list({ actor: 'chair@' })).body).toHaveLength(3);
    expect((await list({ actor: 'Lovelace' })).body).toHaveLength(0);
  });

  it('answers 401 anonymously and 403 to a volunteer', async () => {
    await t.http().get('/api/admin/audit').expect(401);
    await t.http().get('/api/admin/audit').set('Authorization', ada.auth).expect(403);
  });
});
