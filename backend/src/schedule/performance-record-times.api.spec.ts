import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AuditEntry } from '../audit/audit-entry.entity.js';
import type { User } from '../users/user.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/** Check-in and check-out record their time and who made them; corrections need a reason; the live board. */
describe('performance records: times, corrections and the live board', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let tess: CreatedUser;
  let theo: CreatedUser;
  let vera: CreatedUser;
  let walt: CreatedUser;
  let xena: CreatedUser;
  const ids: Record<string, number> = {};
  const venues: Record<string, number> = {};

  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
  const savePr = (records: object[], user: User = tess.user) =>
    t.http().post('/api/schedule/pr').send({ performance_records: records }).set('Authorization', auth(user));
  const record = (shift: string, volunteer: User, values: object = {}) => ({
    shift_id: ids[shift],
    student_volunteer_id: volunteer.id,
    check_in: true,
    check_out: false,
    rating: 0,
    notes: '',
    ...values,
  });
  const detail = async (shift: string, who: User) =>
    (
      await t.http().get(`/api/schedule/shift/${ids[shift]}`).set('Authorization', auth(tess.user)).expect(200)
    ).body.data.shift.studentVolunteers.find((v: { id: number }) => v.id === who.id).performance_record;
  const board = (user?: User) => {
    const request = t.http().get('/api/schedule/board');
    return user ? request.set('Authorization', auth(user)) : request;
  };

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-08-07T12:00:00.000Z' });
    admin = await t.factories.admin();
    tess = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    theo = await t.factories.teamLeader({ firstName: 'Theo', lastName: 'Other' });
    for (const [name, first] of [
      ['vera', 'Vera'],
      ['walt', 'Walt'],
      ['xena', 'Xena'],
    ] as const) {
      const made = await t.factories.applicant({ firstName: first, lastName: 'Volunteer' });
      await t.factories.application(made.user, { status: 'confirmed' });
      if (name === 'vera') vera = made;
      else if (name === 'walt') walt = made;
      else xena = made;
    }
    venues.registration = (await adminPost('venues', { name: 'Registration', location: 'West Lobby', teamLeaderIds: [tess.user.id] })).id;
    venues.hall = (await adminPost('venues', { name: 'Exhibit Hall', location: 'East Hall A', teamLeaderIds: [theo.user.id] })).id;
    const shift = async (name: string, venue: string, startTime: string, endTime: string, people: User[]) => {
      ids[name] = (await adminPost('shifts', { venueId: venues[venue], startTime, endTime, role: 'Greeter', svSlots: 3 })).id;
      for (const person of people) await adminPost('shift-assignments', { shiftId: ids[name], volunteerId: person.id });
    };
    // 08:00–12:00 PDT = 15:00–19:00 UTC.
    await shift('morning', 'registration', '2026-08-10 08:00', '2026-08-10 12:00', [vera.user, walt.user]);
    // The board's day: one shift under way, one starting within the hour, one later, one at the other venue.
    await shift('boardNow', 'registration', '2026-08-11 08:00', '2026-08-11 12:00', [vera.user, walt.user]);
    await shift('boardSoon', 'hall', '2026-08-11 08:30', '2026-08-11 10:00', [xena.user]);
    await shift('boardLater', 'registration', '2026-08-11 13:00', '2026-08-11 15:00', [xena.user]);
    // 16:30–20:30 PDT = 23:30–03:30 UTC.
    await shift('evening', 'registration', '2026-08-12 16:30', '2026-08-12 20:30', [vera.user, walt.user]);
  });
  afterAll(() => t.close());

  describe('check-in and check-out', () => {
    it(
      'refuses a check-in before 30 minutes ahead of the shift on its row, saving the rest of the batch (200), ' +
        'and answers 409 TOO_EARLY_TO_CHECK_IN naming the row when nothing else was sent',
      async () => {
        t.clock.set('2026-08-10T14:29:59.999Z');
        const early = 'Check-in opens 30 minutes before the shift, at 7:30 AM (Pacific).';
        const res = await savePr([
          record('morning', walt.user, { check_in: false, rating: 4, notes: 'Set up the desk' }),
          record('morning', vera.user, { notes: 'kept on the page only' }),
        ]).expect(200);
        expect(res.body.data).toMatchObject({
          message: `1 of 2 records saved; 1 not saved. Vera Volunteer: ${early}`,
          saved: 1,
          performance_records: [{ student_volunteer_id: walt.user.id, check_in: false, rating: 4, notes: 'Set up the desk', version: 1 }],
          refused: [
            {
              index: 1,
              student_volunteer_id: vera.user.id,
              code: 'TOO_EARLY_TO_CHECK_IN',
              message: early,
              errors: { check_in: early },
              record: null,
            },
          ],
        });
        expect(await detail('morning', vera.user)).toMatchObject({ id: null, check_in: false, notes: '' });

        const alone = await savePr([record('morning', vera.user)]).expect(409);
        expect(alone.body.data).toMatchObject({
          err: 'TOO_EARLY_TO_CHECK_IN',
          message: early,
          errors: { 'performance_records.0.check_in': early },
          refused: [{ index: 0, student_volunteer_id: vera.user.id, code: 'TOO_EARLY_TO_CHECK_IN', record: null }],
        });
        const count = await t.dataSource.query('SELECT COUNT(*) AS n FROM performance_records WHERE volunteer_id = ?', [vera.user.id]);
        expect(Number(count[0].n)).toBe(0);
      },
    );

    it('records the time and who checked in, from exactly 30 minutes before', async () => {
      t.clock.set('2026-08-10T14:30:00.000Z');
      const saved = await savePr([record('morning', vera.user)]).expect(200);
      expect(saved.body.data.performance_records[0]).toMatchObject({
        check_in: true,
        check_in_at: '2026-08-10T14:30:00.000Z',
        check_in_by_name: 'Tess Leader',
        worked_minutes: null,
      });
      const [row] = await t.dataSource.query('SELECT check_in_by, check_out_at FROM performance_records WHERE volunteer_id = ?', [
        vera.user.id,
      ]);
      expect([Number(row.check_in_by), row.check_out_at]).toEqual([tess.user.id, null]);
      // Saved again later (a rating), the check-in keeps its first time and author.
      t.clock.set('2026-08-10T16:00:00.000Z');
      await savePr([record('morning', vera.user, { rating: 4 })]).expect(200);
      expect(await detail('morning', vera.user)).toMatchObject({
        check_in_at: '2026-08-10T14:30:00.000Z',
        check_in_by_name: 'Tess Leader',
        rating: 4,
      });
    });

    it('refuses a check-out without a check-in on its row (400 when nothing else was sent, naming the record)', async () => {
      t.clock.set('2026-08-10T16:00:00.000Z');
      const message = 'Check a volunteer in before checking them out.';
      const res = await savePr([
        record('morning', vera.user, { rating: 4 }),
        record('morning', walt.user, { check_in: false, check_out: true }),
      ]).expect(200);
      expect(res.body.data.refused).toEqual([
        expect.objectContaining({ index: 1, code: 'VALIDATION_FAILED', errors: { check_out: message } }),
      ]);
      const alone = await savePr([record('morning', walt.user, { check_in: false, check_out: true })]).expect(400);
      expect(alone.body.data).toMatchObject({ err: 'VALIDATION_FAILED', message, errors: { 'performance_records.0.check_out': message } });
    });

    it('records the check-out time and the minutes worked', async () => {
      t.clock.set('2026-08-10T19:05:00.000Z');
      const saved = (await savePr([record('morning', vera.user, { check_out: true, rating: 4 })]).expect(200)).body.data
        .performance_records[0];
      // 14:30 to 19:05 UTC: 4 h 35 min.
      expect(saved).toMatchObject({
        check_out: true,
        check_out_at: '2026-08-10T19:05:00.000Z',
        check_out_by_name: 'Tess Leader',
        worked_minutes: 275,
      });
    });

    it('takes a corrected time only with a reason, within the day ± 12 h and check-out after check-in, and audit-logs it', async () => {
      t.clock.set('2026-08-10T19:30:00.000Z');
      const corrected = record('morning', vera.user, {
        check_out: true,
        rating: 4,
        check_in_at: '2026-08-10T14:45:00.000Z',
        check_out_at: '2026-08-10T19:05:00.000Z',
      });
      const noNote = await savePr([corrected]).expect(400);
      expect(noNote.body.data.errors).toEqual({ 'performance_records.0.time_note': 'Say why the time is corrected.' });
      expect((await savePr([{ ...corrected, time_note: '   ' }]).expect(400)).body.data.errors).toEqual({
        'performance_records.0.time_note': 'Say why the time is corrected.',
      });
      // The day starts 2026-08-10 00:00 PDT (07:00Z): a time before 2026-08-09 19:00Z lies outside it.
      const outside = await savePr([{ ...corrected, check_in_at: '2026-08-09T18:59:00.000Z', time_note: 'Forgot' }]).expect(400);
      expect(outside.body.data.errors).toEqual({
        'performance_records.0.check_in_at': "Times must lie within the shift's day, give or take 12 hours.",
      });
      // Within the day, but later than now (12:30 PM Pacific).
      const ahead = await savePr([{ ...corrected, check_out_at: '2026-08-10T19:31:00.000Z', time_note: 'Forgot' }]).expect(400);
      expect(ahead.body.data.errors).toEqual({
        'performance_records.0.check_out_at': 'The check-out time cannot be later than now (12:30 PM Pacific).',
      });
      const backwards = await savePr([{ ...corrected, check_out_at: '2026-08-10T14:00:00.000Z', time_note: 'Forgot' }]).expect(400);
      expect(backwards.body.data.errors).toEqual({
        'performance_records.0.check_out_at': 'The check-out time must be after the check-in time.',
      });
      expect((await savePr([{ ...corrected, check_in_at: 'yesterday', time_note: 'x' }]).expect(400)).body.data.errors).toHaveProperty([
        'performance_records.0.check_in_at',
      ]);
      expect(await detail('morning', vera.user)).toMatchObject({ check_in_at: '2026-08-10T14:30:00.000Z', worked_minutes: 275 });

      const saved = (await savePr([{ ...corrected, time_note: 'Arrived at 7:45, the desk was closed' }], theo.user).expect(403)).body;
      expect(saved.data.err).toBe('FORBIDDEN');
      await savePr([{ ...corrected, time_note: 'Arrived at 7:45, the desk was closed' }]).expect(200);
      expect(await detail('morning', vera.user)).toMatchObject({
        check_in_at: '2026-08-10T14:45:00.000Z',
        check_out_at: '2026-08-10T19:05:00.000Z',
        time_note: 'Arrived at 7:45, the desk was closed',
        worked_minutes: 260,
      });
      const entries = await t.dataSource.getRepository(AuditEntry).findBy({ action: 'performance.time-corrected' });
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorId: tess.user.id,
        entity: 'performance_record',
        before: { check_in_at: '2026-08-10T14:30:00.000Z', check_out_at: '2026-08-10T19:05:00.000Z' },
        after: {
          check_in_at: '2026-08-10T14:45:00.000Z',
          check_out_at: '2026-08-10T19:05:00.000Z',
          shiftId: ids.morning,
          volunteerId: vera.user.id,
          note: 'Arrived at 7:45, the desk was closed',
        },
      });
      // Sent back unchanged (as a page reloaded sends it), the times are no correction: no reason needed, nothing logged.
      await savePr([{ ...corrected, rating: 5 }]).expect(200);
      expect(await t.dataSource.getRepository(AuditEntry).countBy({ action: 'performance.time-corrected' })).toBe(1);
    });

    it('clears both times when check-in is unticked, but not while the volunteer is still checked out', async () => {
      t.clock.set('2026-08-10T19:40:00.000Z');
      const stillOut = await savePr([record('morning', vera.user, { check_in: false, check_out: true })]).expect(400);
      expect(stillOut.body.data.errors).toEqual({ 'performance_records.0.check_out': 'Untick check-out before unticking check-in.' });
      await savePr([record('morning', vera.user, { check_in: false, check_out: false })]).expect(200);
      expect(await detail('morning', vera.user)).toMatchObject({
        check_in: false,
        check_out: false,
        check_in_at: null,
        check_out_at: null,
        check_in_by_name: null,
        worked_minutes: null,
      });
    });

    it('refuses a time later than now (the server clock) on its row, saving the other rows, whose ticks take its time', async () => {
      // 4:01 PM Pacific; the evening shift starts at 4:30 PM. A team leader enters 4:35 PM to 8:30 PM.
      t.clock.set('2026-08-12T23:01:00.000Z');
      const laterIn = 'The check-in time cannot be later than now (4:01 PM Pacific).';
      const laterOut = 'The check-out time cannot be later than now (4:01 PM Pacific).';
      const ahead = record('evening', vera.user, {
        check_out: true,
        check_in_at: '2026-08-12T23:35:00.000Z',
        check_out_at: '2026-08-13T03:30:00.000Z',
        time_note: 'Times from the paper roster',
      });
      const res = await savePr([ahead, record('evening', walt.user, { rating: 5, notes: 'On time' })]).expect(200);
      expect(res.body.data.refused).toEqual([
        {
          index: 0,
          student_volunteer_id: vera.user.id,
          code: 'VALIDATION_FAILED',
          message: `${laterIn} ${laterOut}`,
          errors: { check_in_at: laterIn, check_out_at: laterOut },
          record: null,
        },
      ]);
      // Walt's tick took the server's time.
      expect(res.body.data.performance_records).toEqual([
        expect.objectContaining({
          student_volunteer_id: walt.user.id,
          check_in_at: '2026-08-12T23:01:00.000Z',
          rating: 5,
          notes: 'On time',
        }),
      ]);
      expect(await detail('evening', vera.user)).toMatchObject({ id: null, check_in_at: null, check_out_at: null, worked_minutes: null });
      const alone = await savePr([ahead]).expect(400);
      expect(alone.body.data.errors).toEqual({
        'performance_records.0.check_in_at': laterIn,
        'performance_records.0.check_out_at': laterOut,
      });

      // A time that has happened is taken; at 6:00 PM a check-out at 6:01 PM is not.
      await savePr([record('evening', vera.user, { check_in_at: '2026-08-12T23:00:00.000Z', time_note: 'Came at 4:00' })]).expect(200);
      t.clock.set('2026-08-13T01:00:00.000Z');
      const early = await savePr([
        record('evening', vera.user, {
          check_out: true,
          check_in_at: '2026-08-12T23:00:00.000Z',
          check_out_at: '2026-08-13T01:01:00.000Z',
          time_note: 'Leaving soon',
        }),
      ]).expect(400);
      expect(early.body.data.errors).toEqual({
        'performance_records.0.check_out_at': 'The check-out time cannot be later than now (6:00 PM Pacific).',
      });
      expect(await detail('evening', vera.user)).toMatchObject({
        check_in_at: '2026-08-12T23:00:00.000Z',
        check_out_at: null,
        worked_minutes: null,
      });
    });

    it("refuses a tick once the shift's day has been over for 12 hours (the time is then entered with Correct times)", async () => {
      // The morning shift's day ends at 07:00Z on the 11th; ticks stamp until 19:00Z.
      t.clock.set('2026-08-11T19:01:00.000Z');
      const late = await savePr([record('morning', vera.user)]).expect(400);
      expect(late.body.data.errors).toEqual({
        'performance_records.0.check_in':
          "Check-in can no longer be ticked: the shift's day ended more than 12 hours ago. Enter the time with Correct times instead.",
      });
      await savePr([
        record('morning', vera.user, {
          check_out: true,
          check_in_at: '2026-08-10T15:00:00.000Z',
          check_out_at: '2026-08-10T19:00:00.000Z',
          time_note: 'From the paper roster',
        }),
      ]).expect(200);
      expect(await detail('morning', vera.user)).toMatchObject({ worked_minutes: 240 });
    });
  });

  describe('the live board', () => {
    type BoardShift = {
      id: number;
      phase: string;
      checkedIn: number;
      assigned: number;
      slots: number;
      volunteers: { id: number; late: boolean; checkedInAt: string | null }[];
    };
    const shiftsOf = async (user: User) => (await board(user).expect(200)).body.data.shifts as BoardShift[];

    it(
      'shows administrators every venue: shifts under way and starting within the hour, by start, ' + 'with late volunteers flagged',
      async () => {
        // 08:10 PDT on the 11th: the Registration shift is under way, the Exhibit Hall one starts at 08:30.
        t.clock.set('2026-08-11T15:10:00.000Z');
        await savePr([record('boardNow', vera.user)]).expect(200);
        const res = await board(admin.user).expect(200);
        expect(res.body.data.now).toBe('2026-08-11T15:10:00.000Z');
        const [now, soon, ...rest] = res.body.data.shifts as BoardShift[];
        expect(rest).toEqual([]);
        expect(now).toMatchObject({
          id: ids.boardNow,
          venueId: venues.registration,
          venueName: 'Registration',
          role: 'Greeter',
          startTime: '2026-08-11 08:00',
          endTime: '2026-08-11 12:00',
          startsAt: '2026-08-11T15:00:00.000Z',
          endsAt: '2026-08-11T19:00:00.000Z',
          phase: 'in-progress',
          slots: 3,
          assigned: 2,
          checkedIn: 1,
        });
        expect(now!.volunteers).toEqual([
          {
            id: vera.user.id,
            name: 'Vera Volunteer',
            svid: vera.user.svid,
            checkedInAt: '2026-08-11T15:10:00.000Z',
            checkedOutAt: null,
            late: false,
          },
          { id: walt.user.id, name: 'Walt Volunteer', svid: walt.user.svid, checkedInAt: null, checkedOutAt: null, late: true },
        ]);
        // Not started yet: nobody is late.
        expect(soon).toMatchObject({
          id: ids.boardSoon,
          phase: 'starting-soon',
          checkedIn: 0,
          volunteers: [{ id: xena.user.id, late: false }],
        });
      },
    );

    it('shows a team leader only the venues they lead, and refuses volunteers (403) and strangers (401)', async () => {
      t.clock.set('2026-08-11T15:10:00.000Z');
      expect((await shiftsOf(tess.user)).map((s) => s.id)).toEqual([ids.boardNow]);
      expect((await shiftsOf(theo.user)).map((s) => s.id)).toEqual([ids.boardSoon]);
      expect((await board(vera.user).expect(403)).body.data.err).toBe('FORBIDDEN');
      await board().expect(401);
    });

    it('drops a shift once it has ended and takes one on from 60 minutes before its start', async () => {
      // 12:00 PDT: the morning shift has ended; the 13:00 one starts in exactly an hour.
      t.clock.set('2026-08-11T19:00:00.000Z');
      expect((await shiftsOf(admin.user)).map((s) => [s.id, s.phase])).toEqual([[ids.boardLater, 'starting-soon']]);
      t.clock.set('2026-08-11T18:59:00.000Z');
      expect((await shiftsOf(admin.user)).map((s) => s.id)).toEqual([ids.boardNow]);
    });
  });
});
