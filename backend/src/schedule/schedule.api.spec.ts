import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { User } from '../users/user.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { holdElapsedTime } from '../testing/elapsed-time.js';
import { SCHEDULE_ACCESS_TTL_MS } from './schedule-access.js';

const BEFORE_RELEASE = '2026-08-05T21:59:00.000Z';
const AFTER_RELEASE = '2026-08-06T12:00:00.000Z';
/** Pacific midnight between Sunday 9 and Monday 10 August 2026. */
const PACIFIC_MIDNIGHT = '2026-08-10T07:00:00.000Z';

describe('schedules: /api/schedule/*', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let leader: CreatedUser;
  let otherLeader: CreatedUser;
  let vera: CreatedUser;
  let walt: CreatedUser;
  let pending: CreatedUser;
  const ids: Record<string, number> = {};

  /** Tokens signed at the clock's current time, since tests move the clock by months. */
  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
  const get = (path: string, user?: User) => {
    const request = t.http().get(`/api/schedule/${path}`);
    return user ? request.set('Authorization', auth(user)) : request;
  };
  const savePr = (records: object[], user?: User) => {
    const request = t.http().post('/api/schedule/pr').send({ performance_records: records });
    return user ? request.set('Authorization', auth(user)) : request;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-07-01T12:00:00.000Z' });
    admin = await t.factories.admin();
    leader = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    otherLeader = await t.factories.teamLeader({ firstName: 'Theo', lastName: 'Other' });
    vera = await t.factories.applicant({ firstName: 'Vera', lastName: 'Volunteer' });
    await t.factories.application(vera.user, { status: 'confirmed' });
    walt = await t.factories.applicant({ firstName: 'Walt', lastName: 'Worker' });
    await t.factories.application(walt.user, { status: 'confirmed' });
    pending = await t.factories.applicant();
    await t.factories.application(pending.user, { status: 'offered' });

    const room = await adminPost('venues', { name: 'Computer Animation History', location: 'West 301', teamLeaderIds: [leader.user.id] });
    const hall = await adminPost('venues', { name: 'Exhibit Hall', location: 'East Hall A', teamLeaderIds: [otherLeader.user.id] });
    const placeholder = await adminPost('venues', { name: 'Placeholder', location: '', teamLeaderIds: [leader.user.id] });
    const shift = async (name: string, venueId: number, startTime: string, endTime: string, extra: object = {}) => {
      ids[name] = (
        await adminPost('shifts', {
          venueId,
          startTime,
          endTime,
          role: 'Greeter',
          reportTo: 'Tess',
          description: `The ${name} shift`,
          svSlots: 3,
          ...extra,
        })
      ).id;
    };
    await shift('night', room.id, '2026-08-09 22:00', '2026-08-10 01:00');
    await shift('morning', hall.id, '2026-08-10 08:00', '2026-08-10 12:00', { special: 'Wear the blue shirt' });
    await shift('afternoon', room.id, '2026-08-10 13:00', '2026-08-10 17:00');
    await shift('fallBack', room.id, '2026-11-01 00:00', '2026-11-01 03:00');
    await shift('hidden', placeholder.id, '2026-08-11 08:00', '2026-08-11 18:00');
    for (const name of ['night', 'morning', 'afternoon', 'fallBack', 'hidden'])
      await adminPost('shift-assignments', { shiftId: ids[name], volunteerId: vera.user.id });
    await adminPost('shift-assignments', {
      shiftId: ids.afternoon,
      volunteerId: walt.user.id,
      accommodations: 'Step-free access',
      startBackToBack: 'Exhibit Hall',
    });
  });
  afterAll(() => t.close());

  describe('who may see a schedule', () => {
    it('hides every schedule before schedulesReleaseDate (403)', async () => {
      t.clock.set(BEFORE_RELEASE);
      const res = await get(`${vera.user.id}`, vera.user).expect(403);
      expect(res.body).toEqual({
        success: false,
        data: { message: 'Schedules are released on 5 August 2026 at 22:00 UTC.', err: 'FORBIDDEN' },
      });
      await get(`tl/${leader.user.id}`, leader.user).expect(403);
      await get(`shift/${ids.afternoon}`, leader.user).expect(403);
      await get('shifts/2026-08-10', vera.user).expect(403);
      await savePr(
        [{ shift_id: ids.afternoon, student_volunteer_id: walt.user.id, check_in: true, check_out: false, rating: 0 }],
        leader.user,
      ).expect(403);
    });

    it('shows it from the release on, to confirmed volunteers only', async () => {
      t.clock.set('2026-08-05T22:00:00.000Z');
      await get(`${vera.user.id}`, vera.user).expect(200);
      const res = await get(`${pending.user.id}`, pending.user).expect(403);
      expect(res.body.data.message).toBe('Schedules are for confirmed volunteers and team leaders.');
      await get('shifts/2026-08-10', pending.user).expect(403);
    });

    it("refuses another volunteer's or team leader's schedule (403)", async () => {
      t.clock.set(AFTER_RELEASE);
      expect((await get(`${walt.user.id}`, vera.user).expect(403)).body.data.message).toBe('You can only see your own schedule.');
      await get(`tl/${otherLeader.user.id}`, leader.user).expect(403);
      await get(`tl/${vera.user.id}`, vera.user).expect(403);
    });

    it('answers 401 to anonymous callers on every route', async () => {
      t.clock.set(AFTER_RELEASE);
      for (const path of [`${vera.user.id}`, `tl/${leader.user.id}`, `shift/${ids.afternoon}`, 'shifts/2026-08-10']) {
        expect((await get(path).expect(401)).body.data.err).toBe('UNAUTHENTICATED');
      }
      await savePr([{ shift_id: ids.afternoon, student_volunteer_id: walt.user.id, check_in: true, check_out: false }]).expect(401);
    });
  });

  describe("a volunteer's schedule", () => {
    it('answers the kept shape, leaving out the Placeholder venue', async () => {
      t.clock.set(AFTER_RELEASE);
      const res = await get(`${vera.user.id}`, vera.user).expect(200);
      expect(res.body.success).toBe(true);
      const { shifts, next_shifts, current_shifts, hours } = res.body.data;
      expect(shifts.map((s: { id: number }) => s.id)).toEqual([ids.night, ids.morning, ids.afternoon, ids.fallBack]);
      expect(shifts[1]).toEqual({
        id: ids.morning,
        day: '2026-08-10',
        start_time: '2026-08-10 08:00',
        end_time: '2026-08-10 12:00',
        starts_at: '2026-08-10T15:00:00.000Z',
        ends_at: '2026-08-10T19:00:00.000Z',
        role: 'Greeter',
        report_to: 'Tess',
        description: 'The morning shift',
        special: 'Wear the blue shirt',
        sv_slots: 3,
        swappable: true,
        venue: {
          id: expect.any(Number),
          name: 'Exhibit Hall',
          location: 'East Hall A',
          teamLeaders: [{ id: otherLeader.user.id, name: 'Theo Other' }],
        },
      });
      expect(shifts[0]).toMatchObject({ day: '2026-08-09', start_time: '2026-08-09 22:00', end_time: '2026-08-10 01:00' });
      expect(next_shifts.map((s: { id: number }) => s.id)).toEqual([ids.night]);
      expect(current_shifts).toEqual([]);
      // 3 + 4 + 4 + 4 (the fall-back night has an extra hour).
      expect(hours).toBe(15);
    });

    it('at Pacific midnight the night shift is current and the morning shift next', async () => {
      t.clock.set(PACIFIC_MIDNIGHT);
      const { data } = (await get(`${vera.user.id}`, vera.user).expect(200)).body;
      expect(data.current_shifts.map((s: { id: number }) => s.id)).toEqual([ids.night]);
      expect(data.next_shifts.map((s: { id: number }) => s.id)).toEqual([ids.morning]);
    });

    it('at the end of a shift it is over, and the next one starts later', async () => {
      t.clock.set('2026-08-10T19:00:00.000Z'); // 12:00 PDT
      const { data } = (await get(`${vera.user.id}`, vera.user).expect(200)).body;
      expect(data.current_shifts).toEqual([]);
      expect(data.next_shifts.map((s: { id: number }) => s.id)).toEqual([ids.afternoon]);
    });

    it('in the repeated hour of the 2026-11-01 fall-back the night shift is still current', async () => {
      t.clock.set('2026-11-01T09:30:00.000Z'); // the second 01:30, now PST
      const { data } = (await get(`${vera.user.id}`, vera.user).expect(200)).body;
      expect(data.current_shifts.map((s: { id: number; end_time: string }) => [s.id, s.end_time])).toEqual([
        [ids.fallBack, '2026-11-01 03:00'],
      ]);
      expect(data.next_shifts).toEqual([]);
    });

    it('lists the shifts of a Pacific day with their assigned counts and the volunteers holding them, by name only', async () => {
      t.clock.set(AFTER_RELEASE);
      const { data } = (await get('shifts/2026-08-10', vera.user).expect(200)).body;
      expect(data.shifts.map((s: { id: number; assigned: number }) => [s.id, s.assigned])).toEqual([
        [ids.morning, 1],
        [ids.afternoon, 2],
      ]);
      // Vera holds both shifts, so none of hers could be given for them (my_shift_options, the swap rules' answer).
      const person = (user: User) => ({
        id: user.id,
        username: user.username,
        given_name: user.firstName,
        family_name: user.lastName,
        sv_id: user.svid,
        my_shift_options: [],
      });
      expect(data.shifts.map((s: { studentVolunteers: unknown[] }) => s.studentVolunteers)).toEqual([
        [person(vera.user)],
        [person(vera.user), person(walt.user)],
      ]);
      await get('shifts/10-08-2026', vera.user).expect(400);
    });
  });

  describe("a team leader's schedule and shift detail", () => {
    it('shows the shifts of the venues they lead', async () => {
      t.clock.set(PACIFIC_MIDNIGHT);
      const { data } = (await get(`tl/${leader.user.id}`, leader.user).expect(200)).body;
      expect(data.venues.map((v: { name: string }) => v.name)).toEqual(['Computer Animation History']);
      expect(data.shifts.map((s: { id: number; assigned: number }) => [s.id, s.assigned])).toEqual([
        [ids.night, 1],
        [ids.afternoon, 2],
        [ids.fallBack, 1],
      ]);
      expect(data.current_shifts.map((s: { id: number }) => s.id)).toEqual([ids.night]);
      expect(data.next_shifts.map((s: { id: number }) => s.id)).toEqual([ids.afternoon]);
    });

    it('shows a shift with its volunteers and empty records before anything is saved', async () => {
      t.clock.set(AFTER_RELEASE);
      const { data } = (await get(`shift/${ids.afternoon}`, leader.user).expect(200)).body;
      expect(data.shift).toMatchObject({
        id: ids.afternoon,
        sv_slots: 3,
        assigned: 2,
        venue: { name: 'Computer Animation History', teamLeaders: [{ name: 'Tess Leader' }] },
      });
      expect(data.shift.studentVolunteers).toEqual([
        {
          id: vera.user.id,
          username: vera.user.username,
          given_name: 'Vera',
          family_name: 'Volunteer',
          nickname: '',
          sv_id: vera.user.svid,
          start_back_to_back: '',
          end_back_to_back: '',
          accommodations: '',
          exception: null,
          performance_record: {
            id: null,
            shift_id: ids.afternoon,
            student_volunteer_id: vera.user.id,
            check_in: false,
            check_out: false,
            rating: 0,
            notes: '',
            version: 0,
            updated_at: null,
            check_in_at: null,
            check_in_by_name: null,
            check_out_at: null,
            check_out_by_name: null,
            time_note: '',
            worked_minutes: null,
          },
        },
        expect.objectContaining({ id: walt.user.id, accommodations: 'Step-free access', start_back_to_back: 'Exhibit Hall' }),
      ]);
    });

    it("refuses another venue's shift (403), an unknown shift (404), and volunteers (403)", async () => {
      t.clock.set(AFTER_RELEASE);
      expect((await get(`shift/${ids.morning}`, leader.user).expect(403)).body.data.message).toBe(
        'This shift is at a venue you do not lead.',
      );
      await get('shift/999999', leader.user).expect(404);
      await get(`shift/${ids.afternoon}`, vera.user).expect(403);
      await get(`tl/${vera.user.id}`, vera.user).expect(403);
    });
  });

  describe('performance records', () => {
    const record = (volunteer: User, values: object = {}) => ({
      shift_id: ids.afternoon,
      student_volunteer_id: volunteer.id,
      check_in: true,
      check_out: false,
      rating: 0,
      notes: '',
      ...values,
    });

    it('saves the records of a shift and reads them back, then updates them', async () => {
      t.clock.set('2026-08-10T20:30:00.000Z');
      const saved = await savePr(
        [record(vera.user, { rating: 4, notes: 'Great with visitors' }), record(walt.user, { check_out: true, rating: null })],
        leader.user,
      ).expect(200);
      expect(saved.body.data.message).toBe('Performance records saved');
      const [first, second] = saved.body.data.performance_records;
      expect(first).toMatchObject({
        shift_id: ids.afternoon,
        student_volunteer_id: vera.user.id,
        check_in: true,
        check_out: false,
        rating: 4,
        notes: 'Great with visitors',
        updated_by: leader.user.id,
        updated_at: '2026-08-10T20:30:00.000Z',
      });
      expect(second).toMatchObject({ student_volunteer_id: walt.user.id, check_out: true, rating: 0 });

      const reread = (await get(`shift/${ids.afternoon}`, leader.user).expect(200)).body.data.shift.studentVolunteers;
      expect(reread[0].performance_record).toEqual({
        id: first.id,
        shift_id: ids.afternoon,
        student_volunteer_id: vera.user.id,
        check_in: true,
        check_out: false,
        rating: 4,
        notes: 'Great with visitors',
        version: 1,
        updated_at: '2026-08-10T20:30:00.000Z',
        // Checked in at the save's time, by the team leader who saved.
        check_in_at: '2026-08-10T20:30:00.000Z',
        check_in_by_name: 'Tess Leader',
        check_out_at: null,
        check_out_by_name: null,
        time_note: '',
        worked_minutes: null,
      });
      expect(reread[1].performance_record).toMatchObject({ id: second.id, check_in: true, check_out: true, rating: 0 });

      await savePr([record(vera.user, { id: first.id, check_out: true, rating: 5, notes: 'Stayed late' })], leader.user).expect(200);
      const again = (await get(`shift/${ids.afternoon}`, leader.user).expect(200)).body.data.shift.studentVolunteers;
      expect(again[0].performance_record).toMatchObject({ id: first.id, check_out: true, rating: 5, notes: 'Stayed late' });
      const count = await t.dataSource.query('SELECT COUNT(*) AS n FROM performance_records');
      expect(Number(count[0].n)).toBe(2);
    });

    it(
      'refuses on its row a volunteer not on the shift, one sent twice or a foreign id (400 when no row is saved), ' +
        'and records of two shifts at once (400), saving nothing of them',
      async () => {
        t.clock.set(AFTER_RELEASE);
        // Row by row: Vera's record (as stored) is saved, the volunteer who is not on the shift is refused.
        const vera$ = record(vera.user, { check_out: true, rating: 5, notes: 'Stayed late' });
        const notOnShift = 'This volunteer is not assigned to this shift.';
        const outsider = await savePr([vera$, record(pending.user, { notes: 'must not be saved' })], leader.user).expect(200);
        expect(outsider.body.data.refused).toEqual([
          {
            index: 1,
            student_volunteer_id: pending.user.id,
            code: 'VALIDATION_FAILED',
            message: notOnShift,
            errors: { student_volunteer_id: notOnShift },
            record: null,
          },
        ]);
        const alone = await savePr([record(pending.user, { notes: 'must not be saved' })], leader.user).expect(400);
        expect(alone.body.data.errors).toEqual({ 'performance_records.0.student_volunteer_id': notOnShift });
        await savePr([record(vera.user), { ...record(vera.user), shift_id: ids.night }], leader.user).expect(400);
        const twice = await savePr([vera$, vera$], leader.user).expect(200);
        expect(twice.body.data.refused).toMatchObject([
          { index: 1, errors: { student_volunteer_id: 'This volunteer appears twice; send one record per volunteer.' } },
        ]);
        await savePr([record(walt.user, { id: 987654 })], leader.user).expect(400);
        await savePr([record(vera.user, { rating: 6 })], leader.user).expect(400);
        await savePr([], leader.user).expect(400);
        const notes = await t.dataSource.query("SELECT COUNT(*) AS n FROM performance_records WHERE notes = 'must not be saved'");
        expect(Number(notes[0].n)).toBe(0);
      },
    );

    it('refuses volunteers (403) and team leaders of another venue (403)', async () => {
      t.clock.set(AFTER_RELEASE);
      const res = await savePr([record(vera.user, { rating: 5 })], vera.user).expect(403);
      expect(res.body.data.err).toBe('FORBIDDEN');
      await savePr([record(vera.user, { rating: 1 })], otherLeader.user).expect(403);
    });
  });

  it('shows every schedule write at once, though schedules are kept built between writes', async () => {
    t.clock.set(AFTER_RELEASE);
    const volunteerView = async () => (await get(`${walt.user.id}`, walt.user).expect(200)).body.data;
    const leaderView = async () => (await get(`tl/${leader.user.id}`, leader.user).expect(200)).body.data;
    const waltShift = async () => (await volunteerView()).shifts.find((s: { id: number }) => s.id === ids.afternoon);
    const admin$ = (method: 'put' | 'post' | 'delete', path: string, body?: object) =>
      t.http()[method](`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body);

    expect((await waltShift()).start_time).toBe('2026-08-10 13:00');
    await admin$('put', `shifts/${ids.afternoon}`, { startTime: '2026-08-10 13:30', role: 'Usher' }).expect(200);
    expect(await waltShift()).toMatchObject({ start_time: '2026-08-10 13:30', role: 'Usher' });

    const venueId = (await waltShift()).venue.id;
    await admin$('put', `venues/${venueId}`, { name: 'History Wall', teamLeaderIds: [leader.user.id, otherLeader.user.id] }).expect(200);
    expect((await waltShift()).venue).toMatchObject({
      name: 'History Wall',
      teamLeaders: [{ name: 'Tess Leader' }, { name: 'Theo Other' }],
    });

    // A team leader's new name reaches the schedules that list them.
    const profile = {
      given_name: 'Tessa',
      family_name: 'Leader',
      birthdate: '2001-05-05',
      gender: ['she/her'],
      disability: 'no',
      address: { address1: '1 Pixel Way', address2: '', city: 'Vancouver', region: 'BC', country: 'CA', postal_code: 'V6B 1A1' },
      phone_number: '+1 604 555 0100',
    };
    await t.http().post('/api/users/profile').set('Authorization', auth(leader.user)).send(profile).expect(200);
    expect((await waltShift()).venue.teamLeaders.map((l: { name: string }) => l.name)).toEqual(['Tessa Leader', 'Theo Other']);

    const shiftsBefore = (await leaderView()).shifts.find((s: { id: number }) => s.id === ids.afternoon).assigned;
    const listed = await t
      .http()
      .get('/api/admin/shift-assignments')
      .query({ filter: JSON.stringify({ volunteerId: walt.user.id }) })
      .set('Authorization', auth(admin.user))
      .expect(200);
    await admin$('delete', `shift-assignments/${listed.body[0].id}`).expect(200);
    expect((await volunteerView()).shifts).toEqual([]);
    expect((await leaderView()).shifts.find((s: { id: number }) => s.id === ids.afternoon).assigned).toBe(shiftsBefore - 1);

    await admin$('post', 'shift-assignments', { shiftId: ids.afternoon, volunteerId: walt.user.id }).expect(201);
    expect((await volunteerView()).shifts.map((s: { id: number }) => s.id)).toEqual([ids.afternoon]);
    const extra = (
      await admin$('post', 'shifts', {
        venueId,
        startTime: '2026-08-13 09:00',
        endTime: '2026-08-13 11:00',
        role: 'Greeter',
        svSlots: 2,
      }).expect(201)
    ).body;
    await admin$('post', 'shift-assignments', { shiftId: extra.id, volunteerId: walt.user.id }).expect(201);
    expect((await leaderView()).shifts.map((s: { id: number }) => s.id)).toContain(extra.id);
    await admin$('delete', `shifts/${extra.id}`).expect(200);
    expect((await volunteerView()).shifts.map((s: { id: number }) => s.id)).toEqual([ids.afternoon]);
    expect((await leaderView()).shifts.map((s: { id: number }) => s.id)).not.toContain(extra.id);
  });

  it('loads schedules and shift detail in a fixed number of queries, however many shifts and venues (no N+1)', async () => {
    t.clock.set(AFTER_RELEASE);
    // Elapsed time stands still: a kept revision or status running out between two reads would be counted as the read's.
    const held = holdElapsedTime();
    const queries = jest.spyOn(t.dataSource.logger, 'logQuery');
    const count = async (path: string, user: User) => {
      const token = auth(user);
      queries.mockClear();
      await t.http().get(`/api/schedule/${path}`).set('Authorization', token).expect(200);
      // The caller, settings and status lookups come back whenever their caches expire on wall-clock time (1 s, 2 s): a slow
      // machine would count them. Emails owed by the admin's writes are sent in the background and are not the read's either.
      return queries.mock.calls.filter(
        ([sql]) =>
          !/^SELECT id, email, role, is_admin|["`]Setting["`]|^SELECT status FROM applications WHERE user_id|mail_sends/.test(String(sql)),
      ).length;
    };
    let touches = 0;
    // Any schedule write makes the server build schedules again: count a build, then a read of the built one.
    const measure = async (path: string, user: User) => {
      await t
        .http()
        .put(`/api/admin/shifts/${ids.morning}`)
        .set('Authorization', auth(admin.user))
        .send({ description: `Touched ${touches++}` })
        .expect(200);
      return { built: await count(path, user), reused: await count(path, user) };
    };
    const all = async () => ({
      volunteer: await measure(`${vera.user.id}`, vera.user),
      leader: await measure(`tl/${leader.user.id}`, leader.user),
      detail: await measure(`shift/${ids.afternoon}`, leader.user),
    });
    const before = await all();
    await t.http().put(`/api/admin/shifts/${ids.afternoon}`).set('Authorization', auth(admin.user)).send({ svSlots: 10 }).expect(200);
    for (let i = 0; i < 4; i += 1) {
      const venue = await adminPost('venues', {
        name: `Extra ${i}`,
        location: `Room ${i}`,
        teamLeaderIds: [leader.user.id, otherLeader.user.id],
      });
      const shift = await adminPost('shifts', {
        venueId: venue.id,
        startTime: `2026-08-12 0${i * 2}:00`,
        endTime: `2026-08-12 0${i * 2 + 1}:00`,
        role: 'Usher',
        svSlots: 5,
      });
      await adminPost('shift-assignments', { shiftId: shift.id, volunteerId: vera.user.id });
      const helper = await t.factories.applicant();
      await t.factories.application(helper.user, { status: 'confirmed' });
      await adminPost('shift-assignments', { shiftId: ids.afternoon, volunteerId: helper.user.id });
    }
    const after = await all();
    expect(after).toEqual(before);
    expect(before.volunteer.built).toBeLessThanOrEqual(8);
    // A built schedule is reused: no shift, venue or team-leader query until the next schedule write.
    expect(before.volunteer.reused).toBeLessThanOrEqual(before.volunteer.built - 2);
    expect(before.leader.reused).toBeLessThanOrEqual(before.leader.built - 2);
    queries.mockRestore();
    held.release();
  });

  it('lists the Job Fair on the schedule but leaves its time out of the hours worked', async () => {
    t.clock.set(AFTER_RELEASE);
    const before = (await get(`${walt.user.id}`, walt.user).expect(200)).body.data;
    const fair = await adminPost('venues', { name: 'Career Center', location: 'Job Fair, Hall B' });
    const slot = await adminPost('shifts', {
      venueId: fair.id,
      startTime: '2026-08-14 10:00',
      endTime: '2026-08-14 13:00',
      role: 'Job Fair',
      svSlots: 50,
    });
    await adminPost('shift-assignments', { shiftId: slot.id, volunteerId: walt.user.id });
    const after = (await get(`${walt.user.id}`, walt.user).expect(200)).body.data;
    expect(after.shifts.map((s: { id: number }) => s.id)).toContain(slot.id);
    expect(after.hours).toBe(before.hours);
  });
  // The schedule revision and each caller's application status are kept for SCHEDULE_ACCESS_TTL_MS between reads.
  describe('what a read keeps for a moment', () => {
    const setStatus = (user: User, statusId: number) =>
      t.http().post(`/api/application/status/${user.username}`).set('Authorization', auth(admin.user)).send({ statusId }).expect(200);

    it('follows a status change made through this server on the very next read, either way', async () => {
      t.clock.set(AFTER_RELEASE);
      const kim = await t.factories.applicant();
      await t.factories.application(kim.user, { status: 'offered' });
      await get(`${kim.user.id}`, kim.user).expect(403);
      await setStatus(kim.user, 2);
      await get(`${kim.user.id}`, kim.user).expect(200);
      await setStatus(kim.user, 4);
      expect((await get(`${kim.user.id}`, kim.user).expect(403)).body.data.message).toBe(
        'Schedules are for confirmed volunteers and team leaders.',
      );
    });

    it('shows a change written by another server of the deployment within SCHEDULE_ACCESS_TTL_MS', async () => {
      t.clock.set(AFTER_RELEASE);
      const elapsed = holdElapsedTime();
      const roleOfAfternoon = async () =>
        (await get(`${walt.user.id}`, walt.user).expect(200)).body.data.shifts.find((s: { id: number }) => s.id === ids.afternoon).role;
      const before = await roleOfAfternoon();
      try {
        await t.dataSource.query('UPDATE shifts SET role = ? WHERE id = ?', ['Runner', ids.afternoon]);
        await t.dataSource.query('UPDATE schedule_revision SET revision = revision + 1 WHERE id = 1');
        elapsed.pass(SCHEDULE_ACCESS_TTL_MS + 50);
        expect(await roleOfAfternoon()).toBe('Runner');
      } finally {
        await t.dataSource.query('UPDATE shifts SET role = ? WHERE id = ?', [before, ids.afternoon]);
        await t.dataSource.query('UPDATE schedule_revision SET revision = revision + 1 WHERE id = 1');
      }
    });
  });
});
