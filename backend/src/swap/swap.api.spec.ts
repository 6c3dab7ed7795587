import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SWAP_MESSAGES, formatPacific, parsePacific } from '@svp/domain';
import type { User } from '../users/user.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** After schedules are released (default timeline), before the conference. */
const NOW = '2026-08-06T12:00:00.000Z';
const NOT_OPEN = 'This swap request is no longer open.';

interface Shift {
  id: number;
}

describe('shift swaps: /api/schedule/swap/* and /api/admin/shift-swaps', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: CreatedUser;
  let tlHall: CreatedUser;
  let tlRoom: CreatedUser;
  let ann: User;
  let ben: User;
  let cat: User;
  let dan: User;
  let eve: User;
  let offered: User;
  let hall: number;
  let room: number;

  const auth = (user: User) => t.factories.auth(user);
  const admin$ = (method: 'get' | 'post' | 'put', path: string, body?: object) =>
    t.http()[method](`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body);
  const swap = (path: string, user: User | null, body: object = {}) => {
    const request = t.http().post(`/api/schedule/swap/${path}`).send(body);
    return user ? request.set('Authorization', auth(user)) : request;
  };
  const lists = async (user: User) =>
    (await t.http().get(`/api/schedule/swap/${user.username}`).set('Authorization', auth(user)).expect(200)).body.data;
  const scheduleOf = async (user: User) =>
    (await t.http().get(`/api/schedule/${user.id}`).set('Authorization', auth(user)).expect(200)).body.data.shifts.map((s: Shift) => s.id);
  const setSwaps = (on: boolean) => admin$('put', 'settings', { swapsEnabled: on }).expect(200);

  // Each shift gets a two-hour window of its own three hours after the last one, so shifts never overlap by accident.
  let cursor = parsePacific('2026-08-10 00:00')!.getTime();
  const nextSlot = () => {
    const start = cursor;
    cursor += 3 * 3_600_000;
    return { startTime: formatPacific(new Date(start)), endTime: formatPacific(new Date(start + 2 * 3_600_000)) };
  };
  const newShift = async (venueId: number, extra: object = {}): Promise<Shift> =>
    (await admin$('post', 'shifts', { venueId, role: 'Greeter', svSlots: 3, ...nextSlot(), ...extra }).expect(201)).body;
  const assign = (shift: Shift, ...users: User[]) =>
    Promise.all(users.map((u) => admin$('post', 'shift-assignments', { shiftId: shift.id, volunteerId: u.id }).expect(201)));
  /** A new shift at `venueId` held by `user`. */
  const shiftOf = async (user: User, venueId = hall, extra: object = {}) => {
    const shift = await newShift(venueId, extra);
    await assign(shift, user);
    return shift;
  };
  const confirmed = async (firstName: string) => {
    const created = await t.factories.applicant({ firstName, lastName: 'Volunteer' });
    await t.factories.application(created.user, { status: 'confirmed' });
    return created.user;
  };
  const person = (user: User) => ({
    id: user.id,
    username: user.username,
    given_name: user.firstName,
    family_name: user.lastName,
    sv_id: user.svid,
  });
  const revision = async () => Number((await t.dataSource.query('SELECT revision FROM schedule_revision WHERE id = 1'))[0].revision);

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await createTestApp({ now: NOW, env: { MAIL_URL: smtp.url, PUBLIC_URL: 'https://sv.example.org' } });
    admin = await t.factories.admin();
    // Shifts that have started are made on 6 August: in this edition that is a day of service, not a pre-conference day.
    await admin$('put', 'settings', {
      conference: { firstShiftDay: '2026-08-05', startDate: '2026-08-05', defaultScheduleDay: '2026-08-05' },
    }).expect(200);
    tlHall = await t.factories.teamLeader({ firstName: 'Hana', lastName: 'Hall' });
    tlRoom = await t.factories.teamLeader({ firstName: 'Rory', lastName: 'Room' });
    [ann, ben, cat, dan, eve] = [
      await confirmed('Ann'),
      await confirmed('Ben'),
      await confirmed('Cat'),
      await confirmed('Dan'),
      await confirmed('Eve'),
    ];
    const pending = await t.factories.applicant({ firstName: 'Olga' });
    await t.factories.application(pending.user, { status: 'offered' });
    offered = pending.user;
    hall = (await admin$('post', 'venues', { name: 'Exhibit Hall', location: 'East Hall A', teamLeaderIds: [tlHall.user.id] }).expect(201))
      .body.id;
    room = (await admin$('post', 'venues', { name: 'Room 301', location: 'West Building', teamLeaderIds: [tlRoom.user.id] }).expect(201))
      .body.id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('the swaps switch', () => {
    it('answers every swap call with the notice while swapping online is off, right after authentication', async () => {
      const mine = await shiftOf(ann);
      const calls = [
        t.http().get(`/api/schedule/swap/${ann.username}`).set('Authorization', auth(ann)),
        swap('create', ann, { shift_id: mine.id }),
        swap('accept', ann, { shift_swap_request_id: 1, swapped_shift_id: mine.id }),
        swap('decline', ann, { shift_swap_request_id: 1 }),
        swap('delete', ann, { shift_swap_request_id: 1 }),
        // Before validation: a malformed body hears the notice too.
        swap('create', ann, { shift_id: 'x', unknown: true }),
        // And before the schedule gate: an applicant without a confirmed place hears it as well.
        t.http().get(`/api/schedule/swap/${offered.username}`).set('Authorization', auth(offered)),
      ];
      for (const call of calls) {
        const res = await call.expect(403);
        expect(res.body).toEqual({ success: false, data: { message: SWAP_MESSAGES.disabled, err: 'SWAPS_DISABLED' } });
      }
      await swap('create', null, { shift_id: mine.id }).expect(401);
      // Administrators still see requests.
      await admin$('get', 'shift-swaps').expect(200);
      expect((await t.http().get('/api/settings').expect(200)).body.data.swapsEnabled).toBe(false);
    });

    it('opens the flow when switched on', async () => {
      await setSwaps(true);
      const data = await lists(ann);
      expect(data).toEqual({ created_requests: [], assigned_requests: [], shift_requests: [], open_requests: [] });
    });
  });

  describe('who may call', () => {
    it('refuses anonymous callers (401) on every route', async () => {
      expect((await t.http().get(`/api/schedule/swap/${ann.username}`).expect(401)).body.data.err).toBe('UNAUTHENTICATED');
      for (const path of ['create', 'accept', 'decline', 'delete'])
        await swap(path, null, { shift_swap_request_id: 1, shift_id: 1 }).expect(401);
    });

    it('refuses applicants without a confirmed place (403) on every route', async () => {
      const notConfirmed = 'Schedules are for confirmed volunteers and team leaders.';
      const res = await t.http().get(`/api/schedule/swap/${offered.username}`).set('Authorization', auth(offered)).expect(403);
      expect(res.body.data.message).toBe(notConfirmed);
      for (const [path, body] of [
        ['create', { shift_id: 1 }],
        ['accept', { shift_swap_request_id: 1, swapped_shift_id: 1 }],
        ['decline', { shift_swap_request_id: 1 }],
        ['delete', { shift_swap_request_id: 1 }],
      ] as const) {
        expect((await swap(path, offered, body).expect(403)).body.data.message).toBe(notConfirmed);
      }
    });

    it("refuses another volunteer's lists (403)", async () => {
      const res = await t.http().get(`/api/schedule/swap/${ben.username}`).set('Authorization', auth(ann)).expect(403);
      expect(res.body.data.message).toBe('You can only see your own swap requests.');
      await t.http().get('/api/schedule/swap/nobody-at-all').set('Authorization', auth(ann)).expect(403);
    });

    it("refuses a call carrying someone else's svid (403)", async () => {
      const mine = await shiftOf(ann);
      const res = await swap('create', ann, { shift_id: mine.id, svid: ben.svid }).expect(403);
      expect(res.body.data.message).toBe('svid must be your own SV ID: swap requests are made and answered by the volunteers themselves.');
      await swap('create', ann, { shift_id: mine.id, svid: ann.svid }).expect(201);
    });
  });

  describe('the requests on the caller’s shifts (shift_requests)', () => {
    it('hold the caller’s own side only, not a co-worker’s request on the same shift', async () => {
      await setSwaps(true);
      const shared = await newShift(hall);
      await assign(shared, ann, ben);
      const annOffer = (await swap('create', ann, { shift_id: shared.id }).expect(201)).body.data;
      const benOffer = (await swap('create', ben, { shift_id: shared.id }).expect(201)).body.data;
      const annIds = (await lists(ann)).shift_requests.map((r: { id: number }) => r.id);
      const benIds = (await lists(ben)).shift_requests.map((r: { id: number }) => r.id);
      expect(annIds).toContain(annOffer.id);
      expect(annIds).not.toContain(benOffer.id);
      expect(benIds).toContain(benOffer.id);
      expect(benIds).not.toContain(annOffer.id);
      await swap('delete', ann, { shift_swap_request_id: annOffer.id }).expect(200);
      await swap('delete', ben, { shift_swap_request_id: benOffer.id }).expect(200);
    });
  });

  describe('an open request', () => {
    it('is made, listed, accepted with one of the acceptor’s shifts, and both schedules show the exchange', async () => {
      const annShift = await shiftOf(ann, hall);
      const benShift = await shiftOf(ben, room);
      const benOther = await shiftOf(ben, room);
      const before = await revision();
      // Built schedules, so the test also sees them rebuilt after the swap.
      expect(await scheduleOf(ann)).toContain(annShift.id);

      const created = await swap('create', ann, { shift_id: annShift.id }).expect(201);
      expect(created.body).toMatchObject({ success: true, message: SWAP_MESSAGES.created });
      const request = created.body.data;
      expect(request).toEqual({
        id: expect.any(Number),
        kind: 'open',
        status: null,
        accepted: false,
        closed_reason: null,
        shift: expect.objectContaining({
          id: annShift.id,
          role: 'Greeter',
          swappable: true,
          venue: expect.objectContaining({ name: 'Exhibit Hall', teamLeaders: [{ id: tlHall.user.id, name: 'Hana Hall' }] }),
        }),
        swapped_shift: null,
        sv: person(ann),
        swapped_sv: null,
        created_at: NOW,
        closed_at: null,
      });
      // Making a request changes no schedule.
      expect(await revision()).toBe(before);

      const annLists = await lists(ann);
      expect(annLists.created_requests.map((r: { id: number }) => r.id)).toContain(request.id);
      expect(annLists.shift_requests.map((r: { id: number }) => r.id)).toContain(request.id);
      expect(annLists.open_requests.map((r: { id: number }) => r.id)).not.toContain(request.id);
      const offer = (await lists(ben)).open_requests.find((r: { id: number }) => r.id === request.id);
      expect(offer).toMatchObject({ id: request.id, sv: person(ann), my_shift_options: [benShift.id, benOther.id] });

      const accepted = await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: benShift.id }).expect(200);
      expect(accepted.body.message).toBe(SWAP_MESSAGES.accepted);
      expect(accepted.body.data.request).toMatchObject({
        id: request.id,
        status: true,
        accepted: true,
        closed_reason: 'accepted',
        swapped_shift: { id: benShift.id },
        swapped_sv: person(ben),
        closed_at: NOW,
      });
      expect(await revision()).toBeGreaterThan(before);
      expect(await scheduleOf(ann)).toContain(benShift.id);
      expect(await scheduleOf(ann)).not.toContain(annShift.id);
      expect(await scheduleOf(ben)).toContain(annShift.id);
      expect(await scheduleOf(ben)).not.toContain(benShift.id);

      // Both volunteers and the team leaders of both venues hear of it.
      const annMail = await smtp.waitFor(ann.email, /your shift swap with Ben Volunteer is done/);
      expect(annMail.text).toContain(`You now work: Greeter at Room 301`);
      await smtp.waitFor(ben.email, /your shift swap with Ann Volunteer is done/);
      const leaderMail = await smtp.waitFor(tlHall.user.email, /Ann Volunteer and Ben Volunteer swapped shifts/);
      expect(leaderMail.text).toContain('Ann Volunteer now works Greeter at Room 301');
      await smtp.waitFor(tlRoom.user.email, /Ann Volunteer and Ben Volunteer swapped shifts/);

      // Another acceptor comes too late.
      const catShift = await shiftOf(cat);
      const late = await swap('accept', cat, { shift_swap_request_id: request.id, swapped_shift_id: catShift.id }).expect(409);
      expect(late.body.data).toEqual({ message: NOT_OPEN, err: 'SWAP_NOT_OPEN' });
    });

    it('moves the performance records with their volunteers', async () => {
      const annShift = await shiftOf(ann, hall);
      const benShift = await shiftOf(ben, hall);
      const pr = (shift: Shift, volunteer: User, notes: string) => ({
        shift_id: shift.id,
        student_volunteer_id: volunteer.id,
        check_in: false,
        check_out: false,
        rating: 0,
        notes,
      });
      const saveAs = (records: object[]) =>
        t.http().post('/api/schedule/pr').set('Authorization', auth(tlHall.user)).send({ performance_records: records }).expect(200);
      const annRecord = (await saveAs([pr(annShift, ann, 'Ann asked for a quiet post')])).body.data.performance_records[0];
      const benRecord = (await saveAs([pr(benShift, ben, 'Ben brings his own radio')])).body.data.performance_records[0];

      const request = (await swap('create', ann, { shift_id: annShift.id }).expect(201)).body.data;
      await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: benShift.id }).expect(200);

      const records = await t.dataSource.query(
        'SELECT id, shift_id, volunteer_id, notes FROM performance_records WHERE id IN (?, ?) ORDER BY id',
        [annRecord.id, benRecord.id],
      );
      expect(
        records.map((r: { id: number; shift_id: number; volunteer_id: number }) => [
          Number(r.id),
          Number(r.shift_id),
          Number(r.volunteer_id),
        ]),
      ).toEqual([
        [annRecord.id, benShift.id, ann.id],
        [benRecord.id, annShift.id, ben.id],
      ]);
      const detail = (await t.http().get(`/api/schedule/shift/${benShift.id}`).set('Authorization', auth(tlHall.user)).expect(200)).body
        .data.shift;
      expect(detail.studentVolunteers).toEqual([
        expect.objectContaining({
          id: ann.id,
          performance_record: expect.objectContaining({ id: annRecord.id, notes: 'Ann asked for a quiet post' }),
        }),
      ]);
    });

    it('offers only the shifts that fit both volunteers as my_shift_options', async () => {
      const annShift = await shiftOf(ann);
      const slot = nextSlot();
      // Dan holds one shift at the same time as another of Ann's, one that is not swappable, and one that fits.
      const clashWithAnn = await newShift(hall, { startTime: slot.startTime, endTime: slot.endTime });
      const annBusy = await newShift(room, { startTime: slot.startTime, endTime: slot.endTime });
      await assign(clashWithAnn, dan);
      await assign(annBusy, ann);
      const locked = await shiftOf(dan, hall, { swappable: false });
      const fits = await shiftOf(dan);
      const request = (await swap('create', ann, { shift_id: annShift.id }).expect(201)).body.data;
      const offer = (await lists(dan)).open_requests.find((r: { id: number }) => r.id === request.id);
      expect(offer.my_shift_options).toContain(fits.id);
      expect(offer.my_shift_options).not.toContain(clashWithAnn.id);
      expect(offer.my_shift_options).not.toContain(locked.id);
      await swap('delete', ann, { id: request.id }).expect(200);
    });

    it('refuses an acceptance without a shift to give (400), with a shift not your own (403), and your own request (403)', async () => {
      const annShift = await shiftOf(ann);
      const catShift = await shiftOf(cat);
      const request = (await swap('create', ann, { shift_id: annShift.id }).expect(201)).body.data;
      const missing = await swap('accept', ben, { shift_swap_request_id: request.id }).expect(400);
      expect(missing.body.data.errors).toEqual({
        swapped_shift_id: 'swapped_shift_id is required: choose which of your shifts you give for this one',
      });
      const notMine = await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: catShift.id }).expect(403);
      expect(notMine.body.data.message).toBe('You can only give one of your own shifts.');
      const own = await swap('accept', ann, { shift_swap_request_id: request.id, swapped_shift_id: annShift.id }).expect(403);
      expect(own.body.data.message).toBe('You cannot accept your own swap request.');
      await swap('accept', ben, { shift_swap_request_id: 999999, swapped_shift_id: catShift.id }).expect(404);
      const badId = await swap('accept', ben, { shift_swap_request_id: 'one', swapped_shift_id: catShift.id }).expect(400);
      expect(badId.body.data.errors).toEqual({ shift_swap_request_id: 'shift_swap_request_id must be the id of a swap request' });
      await swap('delete', ann, { shift_swap_request_id: request.id }).expect(200);
    });

    it('refuses an acceptance that would give the acceptor two overlapping shifts (409)', async () => {
      const annShift = await shiftOf(ann);
      const benGives = await shiftOf(ben);
      // Ben already works at the time of Ann's shift.
      const annTimes = (await admin$('get', `shifts/${annShift.id}`).expect(200)).body;
      const clash = await newShift(room, { startTime: annTimes.startTime, endTime: annTimes.endTime });
      await assign(clash, ben);
      const request = (await swap('create', ann, { shift_id: annShift.id }).expect(201)).body.data;
      const res = await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: benGives.id }).expect(409);
      expect(res.body.data).toEqual({ message: 'This shift overlaps another of your shifts.', err: 'SWAP_OVERLAP' });
      expect(await scheduleOf(ben)).toContain(benGives.id);
      // Giving the clashing shift itself is fine: it is no longer held.
      await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: clash.id }).expect(200);
    });

    it('refuses giving a shift that is not swappable or has started (409)', async () => {
      const annShift = await shiftOf(ann);
      const locked = await shiftOf(ben, hall, { swappable: false });
      const started = await shiftOf(ben, hall, { startTime: '2026-08-06 01:00', endTime: '2026-08-06 20:00' });
      const request = (await swap('create', ann, { shift_id: annShift.id }).expect(201)).body.data;
      expect(
        (await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: locked.id }).expect(409)).body.data.message,
      ).toBe('Your shift cannot be swapped.');
      expect(
        (await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: started.id }).expect(409)).body.data.message,
      ).toBe('Your shift has already started.');
      await swap('delete', ann, { shift_swap_request_id: request.id }).expect(200);
    });

    it(
      'refuses an acceptance once the creator no longer holds the offered shift, ' +
        'or when the acceptor’s shift would overlap another of the creator’s (409)',
      async () => {
        const annShift = await newShift(hall);
        const [held] = await assign(annShift, ann);
        const benShift = await shiftOf(ben);
        const request = (await swap('create', ann, { shift_id: annShift.id }).expect(201)).body.data;
        await t.http().delete(`/api/admin/shift-assignments/${held!.body.id}`).set('Authorization', auth(admin.user)).expect(200);
        expect(
          (await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: benShift.id }).expect(409)).body.data.message,
        ).toBe('Ann Volunteer no longer holds this shift.');
        await assign(annShift, ann);

        // Ben's shift to give overlaps another shift Ann already works: she could not take it.
        const slot = nextSlot();
        await assign(await newShift(hall, slot), ann);
        const clashing = await newShift(room, slot);
        await assign(clashing, ben);
        expect(
          (await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: clashing.id }).expect(409)).body.data.message,
        ).toBe("Your shift overlaps another of Ann Volunteer's shifts.");
        await swap('delete', ann, { shift_swap_request_id: request.id }).expect(200);
      },
    );

    it('refuses an acceptance once the offered shift has started or was made not swappable (409)', async () => {
      const annShift = await shiftOf(ann);
      const benShift = await shiftOf(ben);
      const request = (await swap('create', ann, { shift_id: annShift.id }).expect(201)).body.data;
      await admin$('put', `shifts/${annShift.id}`, { swappable: false }).expect(200);
      expect(
        (await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: benShift.id }).expect(409)).body.data.message,
      ).toBe('This shift cannot be swapped.');
      await admin$('put', `shifts/${annShift.id}`, { swappable: true }).expect(200);
      const startsAt = (await admin$('get', `shifts/${annShift.id}`).expect(200)).body.startsAt;
      t.clock.set(startsAt);
      try {
        expect(
          (await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: benShift.id }).expect(409)).body.data.message,
        ).toBe('This shift has already started.');
        // A started offer is no longer listed for others.
        expect((await lists(ben)).open_requests.map((r: { id: number }) => r.id)).not.toContain(request.id);
      } finally {
        t.clock.set(NOW);
      }
      await swap('delete', ann, { shift_swap_request_id: request.id }).expect(200);
    });
  });

  describe('a directed request', () => {
    it('is made to one volunteer, who hears of it by email, sees it, and accepts it; schedules show the exchange', async () => {
      const catShift = await shiftOf(cat, hall);
      const danShift = await shiftOf(dan, room);
      const created = await swap('create', cat, { shift_id: catShift.id, swapped_shift_id: danShift.id, swapped_svid: dan.svid }).expect(
        201,
      );
      const request = created.body.data;
      expect(request).toMatchObject({
        kind: 'directed',
        status: null,
        shift: { id: catShift.id },
        swapped_shift: { id: danShift.id },
        sv: person(cat),
        swapped_sv: person(dan),
      });
      const mail = await smtp.waitFor(dan.email, /Cat Volunteer asks to swap shifts with you/);
      expect(mail.text).toContain('You would work: Greeter at Exhibit Hall');
      expect(mail.text).toContain('https://sv.example.org/schedule/swap/list');

      const danLists = await lists(dan);
      expect(danLists.assigned_requests.map((r: { id: number }) => r.id)).toContain(request.id);
      expect(danLists.shift_requests.map((r: { id: number }) => r.id)).toContain(request.id);
      // A directed request is not offered to everyone.
      expect((await lists(eve)).open_requests.map((r: { id: number }) => r.id)).not.toContain(request.id);

      const wrongShift = await swap('accept', dan, { shift_swap_request_id: request.id, swapped_shift_id: catShift.id }).expect(400);
      expect(wrongShift.body.data.errors.swapped_shift_id).toBe(
        `This request asks for your shift ${danShift.id}: leave swapped_shift_id out or send ${danShift.id}.`,
      );
      const stranger = await swap('accept', eve, { shift_swap_request_id: request.id, swapped_shift_id: danShift.id }).expect(403);
      expect(stranger.body.data.message).toBe('Only the volunteer asked can accept this swap request.');

      const accepted = await swap('accept', dan, { shift_swap_request_id: request.id }).expect(200);
      expect(accepted.body.data.request).toMatchObject({
        status: true,
        closed_reason: 'accepted',
        swapped_sv: person(dan),
        swapped_shift: { id: danShift.id },
      });
      expect(await scheduleOf(cat)).toContain(danShift.id);
      expect(await scheduleOf(dan)).toContain(catShift.id);
      expect(await scheduleOf(dan)).not.toContain(danShift.id);
      await smtp.waitFor(cat.email, /your shift swap with Dan Volunteer is done/);
      await smtp.waitFor(tlRoom.user.email, /Cat Volunteer and Dan Volunteer swapped shifts/);
    });

    it('is declined by the volunteer asked, and by nobody else', async () => {
      const catShift = await shiftOf(cat);
      const danShift = await shiftOf(dan);
      const request = (
        await swap('create', cat, { shift_id: catShift.id, swapped_shift_id: danShift.id, swapped_svid: dan.svid }).expect(201)
      ).body.data;
      const byCreator = await swap('decline', cat, { shift_swap_request_id: request.id }).expect(403);
      expect(byCreator.body.data.message).toBe('Only the volunteer asked can decline this swap request.');
      await swap('decline', eve, { shift_swap_request_id: request.id }).expect(403);
      const before = await revision();
      const declined = await swap('decline', dan, { shift_swap_request_id: request.id }).expect(200);
      expect(declined.body).toMatchObject({
        success: true,
        message: SWAP_MESSAGES.declined,
        data: { request: { id: request.id, status: false, accepted: false, closed_reason: 'declined', closed_at: NOW } },
      });
      expect(await revision()).toBe(before);
      expect((await lists(cat)).created_requests.find((r: { id: number }) => r.id === request.id)).toMatchObject({
        status: false,
        closed_reason: 'declined',
      });
      expect((await swap('decline', dan, { shift_swap_request_id: request.id }).expect(409)).body.data.message).toBe(NOT_OPEN);
      expect((await swap('accept', dan, { shift_swap_request_id: request.id }).expect(409)).body.data.message).toBe(NOT_OPEN);
      expect(await scheduleOf(dan)).toContain(danShift.id);
    });

    it('cannot be declined when it is an open request (403)', async () => {
      const annShift = await shiftOf(ann);
      const request = (await swap('create', ann, { shift_id: annShift.id }).expect(201)).body.data;
      await swap('decline', ben, { shift_swap_request_id: request.id }).expect(403);
      await swap('delete', ann, { shift_swap_request_id: request.id }).expect(200);
    });

    it('refuses a directed request that breaks a rule, saying what is wrong', async () => {
      const catShift = await shiftOf(cat);
      const danShift = await shiftOf(dan);
      const eveShift = await shiftOf(eve);
      const ask = (body: object, status: number) =>
        swap('create', cat, { shift_id: catShift.id, swapped_shift_id: danShift.id, swapped_svid: dan.svid, ...body }).expect(status);

      // Not own shift: offering Eve's.
      expect((await ask({ shift_id: eveShift.id }, 403)).body.data).toEqual({
        message: 'You can only give one of your own shifts.',
        err: 'SWAP_SHIFT_NOT_HELD',
      });
      // Dan does not hold Eve's shift.
      expect((await ask({ swapped_shift_id: eveShift.id }, 409)).body.data.message).toBe('Dan Volunteer no longer holds this shift.');
      // Asking for a shift Cat already works.
      const shared = await shiftOf(dan);
      await assign(shared, cat);
      expect((await ask({ swapped_shift_id: shared.id }, 409)).body.data.message).toBe('This is already one of your shifts.');
      // Asking for a shift that overlaps another of Cat's.
      const slot = nextSlot();
      const catBusy = await newShift(room, slot);
      await assign(catBusy, cat);
      const danAtSameTime = await newShift(hall, slot);
      await assign(danAtSameTime, dan);
      expect((await ask({ swapped_shift_id: danAtSameTime.id }, 409)).body.data).toEqual({
        message: 'This shift overlaps another of your shifts.',
        err: 'SWAP_OVERLAP',
      });
      // Offering a shift that overlaps another of Dan's.
      const slot2 = nextSlot();
      const catOffer = await newShift(room, slot2);
      await assign(catOffer, cat);
      const danBusy = await newShift(hall, slot2);
      await assign(danBusy, dan);
      expect((await ask({ shift_id: catOffer.id }, 409)).body.data.message).toBe("Your shift overlaps another of Dan Volunteer's shifts.");
      // Offering a shift Dan already works too.
      const both = await shiftOf(cat);
      await assign(both, dan);
      expect((await ask({ shift_id: both.id }, 409)).body.data.message).toBe('Dan Volunteer already works your shift.');
      // Not swappable, either side; started.
      const danLocked = await shiftOf(dan, hall, { swappable: false });
      expect((await ask({ swapped_shift_id: danLocked.id }, 409)).body.data).toEqual({
        message: 'This shift cannot be swapped.',
        err: 'SWAP_NOT_SWAPPABLE',
      });
      const catLocked = await shiftOf(cat, hall, { swappable: false });
      expect((await ask({ shift_id: catLocked.id }, 409)).body.data.message).toBe('Your shift cannot be swapped.');
      const catStarted = await shiftOf(cat, hall, { startTime: '2026-08-06 04:00', endTime: '2026-08-06 06:00' });
      expect((await ask({ shift_id: catStarted.id }, 409)).body.data).toEqual({
        message: 'Your shift has already started.',
        err: 'SWAP_SHIFT_STARTED',
      });
      // Unknown shift, unknown volunteer, yourself, half a directed request, bad types.
      expect((await ask({ swapped_shift_id: 999999 }, 404)).body.data.message).toBe('There is no shift with id 999999.');
      expect((await ask({ swapped_svid: 'NOBODY99' }, 404)).body.data.message).toBe('There is no volunteer with SV ID NOBODY99.');
      expect((await ask({ swapped_svid: cat.svid }, 400)).body.data.errors).toEqual({
        swapped_svid: 'You cannot ask yourself for a swap: choose another volunteer.',
      });
      const half = await swap('create', cat, { shift_id: catShift.id, swapped_shift_id: danShift.id }).expect(400);
      expect(half.body.data.errors).toEqual({
        swapped_svid: 'swapped_svid is required with swapped_shift_id: the SV ID of the volunteer who holds that shift',
      });
      const types = await swap('create', cat, { shift_id: 'mine', swapped_shift_id: -1, swapped_svid: 12, extra: 1 }).expect(400);
      expect(types.body.data.errors).toEqual({
        shift_id: 'shift_id must be the id of one of your shifts',
        swapped_shift_id: 'swapped_shift_id must be the id of the shift you ask for',
        swapped_svid: 'swapped_svid must be the SV ID of the volunteer you ask',
        extra: 'extra is not a known field; remove it',
      });
      expect((await swap('create', cat, {}).expect(400)).body.data.errors).toEqual({
        shift_id: 'shift_id is required: the id of your shift you offer',
      });

      // The rules hold: the same request works, once.
      await ask({}, 201);
      expect((await ask({}, 409)).body.data.message).toBe('You have already asked Dan Volunteer for this shift.');
    });
  });

  describe("the day's shifts a swap is chosen from", () => {
    it('name for each holder the caller’s shifts the exchange fits for both, and the server accepts exactly those', async () => {
      await setSwaps(true);
      const day = '2026-09-20';
      const at = (start: string, end: string) => ({ startTime: `${day} ${start}`, endTime: `${day} ${end}` });
      const catMorning = await shiftOf(cat, room, at('09:00', '11:00'));
      const catAfternoon = await shiftOf(cat, room, at('13:00', '15:00'));
      // Dan and Eve share the evening shift; only Dan works again while Cat's morning shift runs.
      const evening = await newShift(hall, at('16:00', '18:00'));
      await assign(evening, dan, eve);
      const danMorning = await shiftOf(dan, hall, at('09:30', '10:30'));
      const holdersOf = async (user: User, shiftId: number) => {
        const { data } = (await t.http().get(`/api/schedule/shifts/${day}`).set('Authorization', auth(user)).expect(200)).body;
        return data.shifts.find((s: Shift) => s.id === shiftId).studentVolunteers as { id: number; my_shift_options: number[] }[];
      };
      const optionsOf = (holders: { id: number; my_shift_options: number[] }[], user: User) =>
        holders.find((h) => h.id === user.id)!.my_shift_options.filter((id) => id === catMorning.id || id === catAfternoon.id);

      const atEvening = await holdersOf(cat, evening.id);
      expect(atEvening.map((h) => h.id)).toEqual([dan.id, eve.id]);
      // Taking Cat's morning shift would double-book Dan; Eve is free.
      expect(optionsOf(atEvening, dan)).toEqual([catAfternoon.id]);
      expect(optionsOf(atEvening, eve)).toEqual([catMorning.id, catAfternoon.id]);
      // Dan's morning shift fits Cat only for her own morning one (the afternoon one she keeps would not clash, the morning one would).
      expect(optionsOf(await holdersOf(cat, danMorning.id), dan)).toEqual([catMorning.id]);
      // Her own shift, and the team leader who holds no shift, have nothing to give.
      expect((await holdersOf(cat, catMorning.id)).map((h) => h.my_shift_options)).toEqual([[]]);
      expect((await holdersOf(tlHall.user, evening.id)).map((h) => h.my_shift_options)).toEqual([[], []]);

      const ask = (shiftId: number, holder: User) =>
        swap('create', cat, { shift_id: shiftId, swapped_shift_id: evening.id, swapped_svid: holder.svid });
      expect((await ask(catMorning.id, dan).expect(409)).body.data).toEqual({
        message: "Your shift overlaps another of Dan Volunteer's shifts.",
        err: 'SWAP_OVERLAP',
      });
      const asked = (await ask(catMorning.id, eve).expect(201)).body.data;
      const askedDan = (await ask(catAfternoon.id, dan).expect(201)).body.data;
      for (const request of [asked, askedDan]) await swap('delete', cat, { id: request.id }).expect(200);
    });
  });

  describe('refusals of an open request', () => {
    it('refuses offering a shift not your own (403), not swappable, started or already offered (409)', async () => {
      const benShift = await shiftOf(ben);
      expect((await swap('create', ann, { shift_id: benShift.id }).expect(403)).body.data.message).toBe(
        'You can only give one of your own shifts.',
      );
      const locked = await shiftOf(ann, hall, { swappable: false });
      expect((await swap('create', ann, { shift_id: locked.id }).expect(409)).body.data.message).toBe('Your shift cannot be swapped.');
      const started = await shiftOf(ann, hall, { startTime: '2026-08-06 04:00', endTime: '2026-08-06 06:00' });
      expect((await swap('create', ann, { shift_id: started.id }).expect(409)).body.data.message).toBe('Your shift has already started.');
      const fine = await shiftOf(ann);
      await swap('create', ann, { shift_id: fine.id }).expect(201);
      expect((await swap('create', ann, { shift_id: fine.id }).expect(409)).body.data).toEqual({
        message: 'You have already offered this shift in an open request.',
        err: 'SWAP_ALREADY_OFFERED',
      });
      await swap('create', ann, { shift_id: 999999 }).expect(404);
    });

    it('never offers a Placeholder entry or the Job Fair in a swap', async () => {
      const placeholder = (await admin$('post', 'venues', { name: 'Placeholder', location: '' }).expect(201)).body.id;
      const fair = (await admin$('post', 'venues', { name: 'Career Center', location: 'Job Fair, Hall B' }).expect(201)).body.id;
      const blocked = await shiftOf(ann, placeholder);
      const jobFair = await shiftOf(ann, fair, { role: 'Job Fair' });
      for (const shift of [blocked, jobFair])
        expect((await swap('create', ann, { shift_id: shift.id }).expect(409)).body.data.message).toBe('Your shift cannot be swapped.');
    });
  });

  describe('deleting a request', () => {
    it('lets only the creator delete an open request, keeps it out of their lists, and changes no schedule', async () => {
      const annShift = await shiftOf(ann);
      const request = (await swap('create', ann, { shift_id: annShift.id }).expect(201)).body.data;
      const before = await revision();
      const byOther = await swap('delete', ben, { shift_swap_request_id: request.id }).expect(403);
      expect(byOther.body.data.message).toBe('Only the volunteer who made a swap request can delete it.');
      const deleted = await swap('delete', ann, { id: request.id }).expect(200);
      expect(deleted.body).toMatchObject({
        success: true,
        message: SWAP_MESSAGES.deleted,
        data: { request: { id: request.id, status: false, closed_reason: 'deleted' } },
      });
      expect(await revision()).toBe(before);
      const annLists = await lists(ann);
      expect(annLists.created_requests.map((r: { id: number }) => r.id)).not.toContain(request.id);
      expect(annLists.shift_requests.map((r: { id: number }) => r.id)).not.toContain(request.id);
      expect((await lists(ben)).open_requests.map((r: { id: number }) => r.id)).not.toContain(request.id);
      expect((await swap('delete', ann, { shift_swap_request_id: request.id }).expect(409)).body.data.message).toBe(NOT_OPEN);
      expect(
        (await swap('accept', ben, { shift_swap_request_id: request.id, swapped_shift_id: annShift.id }).expect(409)).body.data.message,
      ).toBe(NOT_OPEN);
      await swap('delete', ann, { shift_swap_request_id: 999999 }).expect(404);
      expect((await swap('delete', ann, {}).expect(400)).body.data.errors).toEqual({
        shift_swap_request_id: 'shift_swap_request_id is required',
      });
      expect((await swap('delete', ann, { id: 1, shift_swap_request_id: 2 }).expect(400)).body.data.message).toBe(
        'id and shift_swap_request_id name different requests: send one of them',
      );
    });
  });

  describe('what an accepted swap closes', () => {
    it('closes the other open requests it makes moot, and leaves those of other volunteers on the same shift', async () => {
      const shared = await newShift(hall); // Ann and Eve both work it
      await assign(shared, ann, eve);
      const benShift = await shiftOf(ben);
      const catShift = await shiftOf(cat);
      const danShift = await shiftOf(dan);
      const accepted = (await swap('create', ann, { shift_id: shared.id }).expect(201)).body.data;
      const annDirected = (
        await swap('create', ann, { shift_id: shared.id, swapped_shift_id: catShift.id, swapped_svid: cat.svid }).expect(201)
      ).body.data;
      const askingAnn = (
        await swap('create', dan, { shift_id: danShift.id, swapped_shift_id: shared.id, swapped_svid: ann.svid }).expect(201)
      ).body.data;
      const benOffer = (await swap('create', ben, { shift_id: benShift.id }).expect(201)).body.data;
      const eveOffer = (await swap('create', eve, { shift_id: shared.id }).expect(201)).body.data;

      await swap('accept', ben, { shift_swap_request_id: accepted.id, swapped_shift_id: benShift.id }).expect(200);
      const state = async (id: number) => (await admin$('get', `shift-swaps/${id}`).expect(200)).body;
      for (const moot of [annDirected, askingAnn, benOffer])
        expect(await state(moot.id)).toMatchObject({ status: false, closed_reason: 'superseded', closed_at: NOW });
      // Eve still works the shared shift: her offer stands.
      expect(await state(eveOffer.id)).toMatchObject({ status: null, closed_reason: null });
      expect((await lists(eve)).shift_requests.map((r: { id: number }) => r.id)).toContain(eveOffer.id);
      await swap('delete', eve, { shift_swap_request_id: eveOffer.id }).expect(200);
    });

    it('keeps every shift within its places and nobody on two overlapping shifts', async () => {
      const rows = await t.dataSource.query(
        `SELECT s.id AS id, s.sv_slots AS slots, COUNT(a.id) AS taken FROM shifts s LEFT JOIN shift_assignments a ` +
          `ON a.shift_id = s.id GROUP BY s.id, s.sv_slots`,
      );
      for (const row of rows) expect(Number(row.taken)).toBeLessThanOrEqual(Number(row.slots));
      const overlaps = await t.dataSource.query(
        `SELECT COUNT(*) AS n FROM shift_assignments a JOIN shift_assignments b ON a.volunteer_id = b.volunteer_id AND a.id < b.id
           JOIN shifts x ON x.id = a.shift_id JOIN shifts y ON y.id = b.shift_id
          WHERE x.starts_at < y.ends_at AND y.starts_at < x.ends_at`,
      );
      expect(Number(overlaps[0].n)).toBe(0);
    });
  });

  describe('administrators', () => {
    let openId: number;

    beforeAll(async () => {
      const eveShift = await shiftOf(eve);
      openId = (await swap('create', eve, { shift_id: eveShift.id }).expect(201)).body.data.id;
    });

    it('list every request in the simple-rest form, filtered by status and by a volunteer on either side', async () => {
      const all = await admin$('get', 'shift-swaps?range=[0,4]&sort=["id","DESC"]').expect(200);
      const total = Number(/\/(\d+)$/.exec(all.headers['content-range'])![1]);
      expect(all.headers['content-range']).toBe(`shift-swaps 0-4/${total}`);
      expect(all.body).toHaveLength(5);
      expect(all.body[0]).toMatchObject({ id: openId, kind: 'open', status: null, sv: person(eve) });

      const byStatus = async (status: string) =>
        (await admin$('get', `shift-swaps?filter=${encodeURIComponent(JSON.stringify({ status }))}&range=[0,499]`).expect(200)).body as {
          status: boolean | null;
          closed_reason: string | null;
        }[];
      const open = await byStatus('open');
      expect(open.length).toBeGreaterThan(0);
      expect(open.every((r) => r.status === null)).toBe(true);
      for (const reason of ['accepted', 'declined', 'deleted', 'superseded']) {
        const rows = await byStatus(reason);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r.closed_reason === reason && r.status === (reason === 'accepted'))).toBe(true);
      }
      const bad = await admin$('get', `shift-swaps?filter=${encodeURIComponent(JSON.stringify({ status: 'lost' }))}`).expect(400);
      expect(bad.body.errors).toEqual({
        'filter.status': 'filter.status must be one of open, accepted, declined, deleted, cancelled, superseded',
      });

      const byVolunteer = async (q: string) =>
        (await admin$('get', `shift-swaps?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=[0,499]`).expect(200)).body as {
          sv: { id: number };
          swapped_sv: { id: number } | null;
        }[];
      for (const q of [dan.username, dan.svid.toLowerCase(), dan.email, 'dan volunteer']) {
        const rows = await byVolunteer(q);
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.every((r) => r.sv.id === dan.id || r.swapped_sv?.id === dan.id)).toBe(true);
      }
      expect(await byVolunteer('no such person')).toEqual([]);
      const many = await admin$('get', `shift-swaps?filter=${encodeURIComponent(JSON.stringify({ id: [openId] }))}`).expect(200);
      expect(many.body.map((r: { id: number }) => r.id)).toEqual([openId]);
    });

    it('cancel an open request (audited), and only an open one (409)', async () => {
      expect((await admin$('get', `shift-swaps/${openId}`).expect(200)).body).toMatchObject({ id: openId, status: null });
      const cancelled = await admin$('post', `shift-swaps/${openId}/cancel`).expect(200);
      expect(cancelled.body).toMatchObject({ id: openId, status: false, accepted: false, closed_reason: 'cancelled', closed_at: NOW });
      const audit = await t.dataSource.query("SELECT action, actor_id FROM audit_log WHERE entity = 'shift-swap' AND entity_id = ?", [
        String(openId),
      ]);
      expect(audit.map((a: { action: string; actor_id: number }) => [a.action, Number(a.actor_id)])).toEqual([
        ['shift-swap.cancel', admin.user.id],
      ]);
      expect((await admin$('post', `shift-swaps/${openId}/cancel`).expect(409)).body.message).toBe(NOT_OPEN);
      expect((await lists(eve)).created_requests.find((r: { id: number }) => r.id === openId)).toMatchObject({
        closed_reason: 'cancelled',
      });
      await admin$('get', 'shift-swaps/999999').expect(404);
      await admin$('post', 'shift-swaps/999999/cancel').expect(404);
      await admin$('get', 'shift-swaps/abc').expect(400);
    });

    it('are the only ones who reach the admin routes', async () => {
      for (const caller of [ann, tlHall.user]) {
        expect((await t.http().get('/api/admin/shift-swaps').set('Authorization', auth(caller)).expect(403)).body.message).toBe(
          'Only administrators can do this.',
        );
        await t.http().get(`/api/admin/shift-swaps/${openId}`).set('Authorization', auth(caller)).expect(403);
        await t.http().post(`/api/admin/shift-swaps/${openId}/cancel`).set('Authorization', auth(caller)).expect(403);
      }
      await t.http().get('/api/admin/shift-swaps').expect(401);
      await t.http().post(`/api/admin/shift-swaps/${openId}/cancel`).expect(401);
    });
  });
});

describe('shift swaps when mail cannot go out', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9: every message fails.
    t = await createTestApp({ now: NOW, env: { MAIL_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(() => t.close());

  it('still makes and accepts requests: a swap is never undone by a mail that failed', async () => {
    const admin = await t.factories.admin();
    const post = (path: string, body: object) =>
      t.http().post(`/api/admin/${path}`).set('Authorization', admin.auth).send(body).expect(201);
    await t.http().put('/api/admin/settings').set('Authorization', admin.auth).send({ swapsEnabled: true }).expect(200);
    const volunteer = async () => {
      const created = await t.factories.applicant();
      await t.factories.application(created.user, { status: 'confirmed' });
      return created.user;
    };
    const [one, two] = [await volunteer(), await volunteer()];
    const leader = await t.factories.teamLeader();
    const venue = (await post('venues', { name: 'Room 1', teamLeaderIds: [leader.user.id] })).body;
    const first = (
      await post('shifts', { venueId: venue.id, startTime: '2026-08-10 08:00', endTime: '2026-08-10 10:00', role: 'Greeter', svSlots: 1 })
    ).body;
    const second = (
      await post('shifts', { venueId: venue.id, startTime: '2026-08-11 08:00', endTime: '2026-08-11 10:00', role: 'Greeter', svSlots: 1 })
    ).body;
    await post('shift-assignments', { shiftId: first.id, volunteerId: one.id });
    await post('shift-assignments', { shiftId: second.id, volunteerId: two.id });
    const as = (user: User) => t.factories.auth(user);

    const request = await t
      .http()
      .post('/api/schedule/swap/create')
      .set('Authorization', as(one))
      .send({ shift_id: first.id, swapped_shift_id: second.id, swapped_svid: two.svid })
      .expect(201);
    await t
      .http()
      .post('/api/schedule/swap/accept')
      .set('Authorization', as(two))
      .send({ shift_swap_request_id: request.body.data.id })
      .expect(200);
    const held = await t.dataSource.query('SELECT shift_id, volunteer_id FROM shift_assignments ORDER BY shift_id');
    expect(held.map((r: { shift_id: number; volunteer_id: number }) => [Number(r.shift_id), Number(r.volunteer_id)])).toEqual([
      [first.id, two.id],
      [second.id, one.id],
    ]);
  });
});
