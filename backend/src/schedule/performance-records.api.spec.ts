import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '../users/user.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** Two team leaders of one venue recording the same shift from pages loaded at different times. */
describe('performance records: no silent overwrite', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let leader: CreatedUser;
  let vera: CreatedUser;
  let walt: CreatedUser;

  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
  const get = (path: string, user: User) => t.http().get(`/api/schedule/${path}`).set('Authorization', auth(user));
  const savePr = (records: object[], user: User) =>
    t.http().post('/api/schedule/pr').send({ performance_records: records }).set('Authorization', auth(user));

  beforeAll(async () => {
    // After schedules are out (the default timeline's release), during the conference week.
    t = await createTestApp({ now: '2026-08-12T16:00:00.000Z' });
    admin = await t.factories.admin();
    leader = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    vera = await t.factories.applicant({ firstName: 'Vera', lastName: 'Volunteer' });
    await t.factories.application(vera.user, { status: 'confirmed' });
    walt = await t.factories.applicant({ firstName: 'Walt', lastName: 'Worker' });
    await t.factories.application(walt.user, { status: 'confirmed' });
  });
  afterAll(() => t.close());

  it('refuses a save made from records older than the stored ones (409 STALE, with the current records), overwriting nothing', async () => {
    const coLeader = await t.factories.teamLeader({ firstName: 'Cora', lastName: 'Colead' });
    const venue = await adminPost('venues', {
      name: 'Art Gallery',
      location: 'West 211',
      teamLeaderIds: [leader.user.id, coLeader.user.id],
    });
    const gallery = (
      await adminPost('shifts', {
        venueId: venue.id,
        startTime: '2026-08-12 08:00',
        endTime: '2026-08-12 12:00',
        role: 'Docent',
        svSlots: 2,
      })
    ).id;
    await adminPost('shift-assignments', { shiftId: gallery, volunteerId: vera.user.id });
    await adminPost('shift-assignments', { shiftId: gallery, volunteerId: walt.user.id });
    const loaded = async (user: User) =>
      (await get(`shift/${gallery}`, user).expect(200)).body.data.shift.studentVolunteers as {
        performance_record: Record<string, unknown>;
      }[];
    // What the page sends: every field of the record as loaded but its last-saved time, with the edits.
    const send = (rows: { performance_record: Record<string, unknown> }[], change: object) =>
      rows.map(({ performance_record: { updated_at: _savedAt, ...record } }) => ({ ...record, ...change }));

    // Both open the shift; Tess checks everyone in and saves first.
    const [tessPage, coraPage] = [await loaded(leader.user), await loaded(coLeader.user)];
    await savePr(send(tessPage, { check_in: true, notes: 'Tess was here' }), leader.user).expect(200);

    // Cora saves from her older page: refused, with what Tess saved.
    const stale = await savePr(send(coraPage, { rating: 2 }), coLeader.user).expect(409);
    expect(stale.body.data).toMatchObject({
      err: 'STALE',
      message: 'Another team leader saved records of this shift after you opened it. Reload to see their changes, or save yours over them.',
    });
    const current = stale.body.data.current.shift.studentVolunteers as { performance_record: Record<string, unknown> }[];
    expect(current.map((row) => [row.performance_record.check_in, row.performance_record.notes, row.performance_record.version])).toEqual([
      [true, 'Tess was here', 1],
      [true, 'Tess was here', 1],
    ]);
    const stored = await loaded(leader.user);
    expect(stored.map((row) => [row.performance_record.rating, row.performance_record.notes])).toEqual([
      [0, 'Tess was here'],
      [0, 'Tess was here'],
    ]);

    // With the current versions (reloaded, or kept on purpose) her save goes through, and Tess's old page is now the stale one.
    await savePr(send(current, { rating: 2 }), coLeader.user).expect(200);
    expect((await loaded(leader.user)).map((row) => [row.performance_record.rating, row.performance_record.version])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    expect((await savePr(send(tessPage, { rating: 5 }), leader.user).expect(409)).body.data.err).toBe('STALE');
    // A record created meanwhile is seen too: a page that knew no record (version 0) cannot overwrite it.
    expect((await savePr(send(coraPage, {}), coLeader.user).expect(409)).body.data.err).toBe('STALE');
  });
});
