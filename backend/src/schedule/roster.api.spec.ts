import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '../users/user.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { APPLICATIONS_OPEN_AT, createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * The venue-day roster. Registration on Monday 10 August (Pacific) has, made in this order: an
 * afternoon shift, a morning shift, a shorter morning shift, and a night shift across midnight; the
 * same venue on the 11th and the Night Desk on the 10th are other rosters.
 */
describe('GET /api/schedule/roster', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let tess: CreatedUser;
  let theo: CreatedUser;
  let ann: CreatedUser;
  let bo: CreatedUser;
  let cy: CreatedUser;
  let dee: CreatedUser;
  const venues: Record<string, number> = {};
  const shifts: Record<string, number> = {};

  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
  const roster = (user: User | null, query: Record<string, string | number>) => {
    const call = t.http().get('/api/schedule/roster').query(query);
    return user ? call.set('Authorization', auth(user)) : call;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-08-07T12:00:00.000Z' });
    admin = await t.factories.admin();
    tess = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    theo = await t.factories.teamLeader({ firstName: 'Theo', lastName: 'Other' });
    ann = await t.factories.applicant({ firstName: 'Ann', lastName: 'Able' });
    bo = await t.factories.applicant({ firstName: 'Bo', lastName: 'Brown' });
    // Cy has no phone number in the profile.
    cy = await t.factories.user({ firstName: 'Cy', lastName: 'Aardvark' });
    dee = await t.factories.applicant({ firstName: 'Dee', lastName: 'Dorsey' });
    for (const who of [ann, bo, cy, dee]) await t.factories.application(who.user, { status: 'confirmed' });
    await t.dataSource.query('UPDATE users SET phone_number = ? WHERE id = ?', ['+1 604 555 0111', bo.user.id]);

    venues.registration = (await adminPost('venues', { name: 'Registration', location: 'West Lobby', teamLeaderIds: [tess.user.id] })).id;
    venues.nightDesk = (await adminPost('venues', { name: 'Night Desk', location: 'East Lobby', teamLeaderIds: [theo.user.id] })).id;
    const shift = async (
      name: string,
      venue: string,
      startTime: string,
      endTime: string,
      role: string,
      people: User[],
      extra: object = {},
    ) => {
      shifts[name] = (await adminPost('shifts', { venueId: venues[venue], startTime, endTime, role, svSlots: 3, ...extra })).id;
      for (const person of people) await adminPost('shift-assignments', { shiftId: shifts[name], volunteerId: person.id });
    };
    await shift('afternoon', 'registration', '2026-08-10 13:00', '2026-08-10 17:00', 'Greeter', [bo.user, ann.user]);
    await shift('morning', 'registration', '2026-08-10 08:00', '2026-08-10 12:00', 'Greeter', [cy.user, bo.user, ann.user], {
      reportTo: 'Registration desk',
    });
    await shift('early', 'registration', '2026-08-10 08:00', '2026-08-10 10:00', 'Badge Check', []);
    await shift('night', 'registration', '2026-08-10 22:00', '2026-08-11 02:00', 'Night Watch', [cy.user]);
    await shift('nextDay', 'registration', '2026-08-11 08:00', '2026-08-11 12:00', 'Greeter', [ann.user]);
    await shift('otherVenue', 'nightDesk', '2026-08-10 08:00', '2026-08-10 12:00', 'Desk', [dee.user]);
  });
  afterAll(() => t.close());

  it(
    'gives the venue, the day and its shifts in start order, each with its volunteers by last name, ' + 'their SV IDs and phone numbers',
    async () => {
      const res = await roster(tess.user, { venueId: venues.registration!, day: '2026-08-10' }).expect(200);
      expect(res.body.success).toBe(true);
      const data = res.body.data;
      expect(data.venue).toEqual({
        id: venues.registration,
        name: 'Registration',
        location: 'West Lobby',
        teamLeaders: [{ id: tess.user.id, name: 'Tess Leader' }],
      });
      expect(data.day).toBe('2026-08-10');
      // The shorter of the two 08:00 shifts first; the night that ends on the 11th is on the 10th's roster.
      expect(data.shifts.map((s: { id: number }) => s.id)).toEqual([shifts.early, shifts.morning, shifts.afternoon, shifts.night]);
      expect(data.shifts[1]).toEqual({
        id: shifts.morning,
        role: 'Greeter',
        reportTo: 'Registration desk',
        description: '',
        startTime: '2026-08-10 08:00',
        endTime: '2026-08-10 12:00',
        startsAt: '2026-08-10T15:00:00.000Z',
        endsAt: '2026-08-10T19:00:00.000Z',
        slots: 3,
        volunteers: [
          { id: cy.user.id, name: 'Cy Aardvark', svid: cy.user.svid, phoneNumber: null },
          { id: ann.user.id, name: 'Ann Able', svid: ann.user.svid, phoneNumber: '+1 604 555 0100' },
          { id: bo.user.id, name: 'Bo Brown', svid: bo.user.svid, phoneNumber: '+1 604 555 0111' },
        ],
      });
      expect(data.shifts[0].volunteers).toEqual([]);
      expect(data.shifts[2].volunteers.map((v: { name: string }) => v.name)).toEqual(['Ann Able', 'Bo Brown']);
      expect(data.shifts[3]).toMatchObject({
        role: 'Night Watch',
        startTime: '2026-08-10 22:00',
        endTime: '2026-08-11 02:00',
        volunteers: [{ name: 'Cy Aardvark' }],
      });
    },
  );

  it('gives administrators the same roster, of any venue', async () => {
    const mine = await roster(tess.user, { venueId: venues.registration!, day: '2026-08-10' }).expect(200);
    expect((await roster(admin.user, { venueId: venues.registration!, day: '2026-08-10' }).expect(200)).body).toEqual(mine.body);
    const other = await roster(admin.user, { venueId: venues.nightDesk!, day: '2026-08-10' }).expect(200);
    expect(
      other.body.data.shifts.map((s: { id: number; volunteers: { name: string }[] }) => [s.id, s.volunteers.map((v) => v.name)]),
    ).toEqual([[shifts.otherVenue, ['Dee Dorsey']]]);
  });

  it('gives an empty list for a day without shifts there', async () => {
    const res = await roster(tess.user, { venueId: venues.registration!, day: '2026-08-12' }).expect(200);
    expect(res.body.data).toMatchObject({ day: '2026-08-12', shifts: [] });
  });

  it('refuses volunteers and the team leaders of other venues (403)', async () => {
    const volunteer = await roster(ann.user, { venueId: venues.registration!, day: '2026-08-10' }).expect(403);
    expect(volunteer.body).toMatchObject({ success: false, data: { err: 'FORBIDDEN' } });
    const other = await roster(theo.user, { venueId: venues.registration!, day: '2026-08-10' }).expect(403);
    expect(other.body.data).toMatchObject({ err: 'FORBIDDEN', message: 'You can only see the rosters of the venues you lead.' });
    await roster(null, { venueId: venues.registration!, day: '2026-08-10' }).expect(401);
  });

  it('refuses team leaders before schedules are released, not administrators', async () => {
    t.clock.set(APPLICATIONS_OPEN_AT);
    try {
      const early = await roster(tess.user, { venueId: venues.registration!, day: '2026-08-10' }).expect(403);
      expect(early.body.data.message).toMatch(/^Schedules are released on /);
      await roster(admin.user, { venueId: venues.registration!, day: '2026-08-10' }).expect(200);
    } finally {
      t.clock.set('2026-08-07T12:00:00.000Z');
    }
  });

  it('names a missing or malformed venue or day (400), and an unknown venue (404)', async () => {
    const missing = await roster(admin.user, {}).expect(400);
    expect(missing.body.data.errors).toEqual({
      venueId: 'venueId must be the id of a venue, a whole number',
      day: 'day must be a date, YYYY-MM-DD',
    });
    expect((await roster(admin.user, { venueId: 'one', day: '2026-08-10' }).expect(400)).body.data.errors).toEqual({
      venueId: 'venueId must be the id of a venue, a whole number',
    });
    expect((await roster(admin.user, { venueId: venues.registration!, day: '2026-02-30' }).expect(400)).body.data.errors).toEqual({
      day: 'day must be a date, YYYY-MM-DD',
    });
    expect((await roster(admin.user, { venueId: venues.registration!, day: '10/08/2026' }).expect(400)).body.data.errors).toEqual({
      day: 'day must be a date, YYYY-MM-DD',
    });
    const unknown = await roster(admin.user, { venueId: 99_999, day: '2026-08-10' }).expect(404);
    expect(unknown.body.data).toMatchObject({ err: 'NOT_FOUND', message: 'There is no venue with id 99999.' });
  });
});
