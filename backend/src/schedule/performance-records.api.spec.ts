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

/** A shift's records are saved row by row: a row that cannot be saved yet never holds back the others. */
describe('performance records: row by row', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let tess: CreatedUser;
  let cora: CreatedUser;
  const people: Record<'ann' | 'bo' | 'cy', CreatedUser> = {} as never;
  let venueId: number;

  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
  const savePr = (records: object[], user: User = tess.user) =>
    t.http().post('/api/schedule/pr').send({ performance_records: records }).set('Authorization', auth(user));
  type Row = { id: number; performance_record: Record<string, unknown> };
  const loaded = async (shiftId: number, user: User = tess.user) =>
    (await t.http().get(`/api/schedule/shift/${shiftId}`).set('Authorization', auth(user)).expect(200)).body.data.shift
      .studentVolunteers as Row[];
  /** What the page sends: each record as loaded but its last-saved time, with the edits of that volunteer. */
  const send = (rows: Row[], edits: Record<number, object>) =>
    rows.map(({ id, performance_record: { updated_at: _savedAt, ...record } }) => ({ ...record, ...(edits[id] ?? {}) }));
  const newShift = async (startTime: string, endTime: string) => {
    const id = (await adminPost('shifts', { venueId, startTime, endTime, role: 'Usher', svSlots: 3 })).id as number;
    for (const who of [people.ann, people.bo, people.cy]) await adminPost('shift-assignments', { shiftId: id, volunteerId: who.user.id });
    return id;
  };

  beforeAll(async () => {
    // 9:00 AM Pacific on the 12th, schedules out.
    t = await createTestApp({ now: '2026-08-12T16:00:00.000Z' });
    admin = await t.factories.admin();
    tess = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    cora = await t.factories.teamLeader({ firstName: 'Cora', lastName: 'Colead' });
    for (const [key, first] of [
      ['ann', 'Ann'],
      ['bo', 'Bo'],
      ['cy', 'Cy'],
    ] as const) {
      people[key] = await t.factories.applicant({ firstName: first, lastName: 'Volunteer' });
      await t.factories.application(people[key].user, { status: 'confirmed' });
    }
    venueId = (await adminPost('venues', { name: 'Theatre', location: 'West 301', teamLeaderIds: [tess.user.id, cora.user.id] })).id;
  });
  afterAll(() => t.close());

  it(
    "saves the other volunteers' ratings and notes when one check-in is too early (200), naming the refused row and why, " +
      'and keeps the error status when nothing at all could be saved',
    async () => {
      // The shift starts at 4:30 PM; at 9:00 AM check-in has not opened.
      const shiftId = await newShift('2026-08-12 16:30', '2026-08-12 20:30');
      const early = 'Check-in opens 30 minutes before the shift, at 4:00 PM (Pacific).';
      const page = await loaded(shiftId);
      const res = await savePr(
        send(page, {
          [people.ann.user.id]: { check_in: true, rating: 4, notes: 'Asked to come early' },
          [people.bo.user.id]: { rating: 5, notes: 'Briefed the ushers' },
          [people.cy.user.id]: { rating: 3, notes: 'Needs a radio' },
        }),
      ).expect(200);
      expect(res.body.data).toMatchObject({
        message: `2 of 3 records saved; 1 not saved. Ann Volunteer: ${early}`,
        saved: 2,
        refused: [
          {
            index: 0,
            student_volunteer_id: people.ann.user.id,
            code: 'TOO_EARLY_TO_CHECK_IN',
            message: early,
            errors: { check_in: early },
            record: null,
          },
        ],
      });
      expect(res.body.data.performance_records.map((r: Record<string, unknown>) => [r.student_volunteer_id, r.rating, r.notes])).toEqual([
        [people.bo.user.id, 5, 'Briefed the ushers'],
        [people.cy.user.id, 3, 'Needs a radio'],
      ]);
      const stored = await loaded(shiftId);
      expect(
        stored.map((row) => [row.id, row.performance_record.check_in, row.performance_record.rating, row.performance_record.notes]),
      ).toEqual([
        [people.ann.user.id, false, 0, ''],
        [people.bo.user.id, false, 5, 'Briefed the ushers'],
        [people.cy.user.id, false, 3, 'Needs a radio'],
      ]);

      // The page sends the same again (Bo and Cy at the versions it was given back): Ann alone is still refused, the rest saved again.
      const again = await savePr(
        send(stored, { [people.ann.user.id]: { check_in: true, rating: 4, notes: 'Asked to come early' } }),
      ).expect(200);
      expect(again.body.data).toMatchObject({ saved: 2, refused: [{ index: 0, code: 'TOO_EARLY_TO_CHECK_IN' }] });

      // Nothing else in the save: still a refusal, naming the row.
      const alone = await savePr([send(stored, {})[0]!].map((r) => ({ ...r, check_in: true }))).expect(409);
      expect(alone.body.data).toMatchObject({
        err: 'TOO_EARLY_TO_CHECK_IN',
        message: early,
        errors: { 'performance_records.0.check_in': early },
        refused: [{ index: 0, student_volunteer_id: people.ann.user.id, code: 'TOO_EARLY_TO_CHECK_IN' }],
      });

      // From 4:00 PM her check-in is taken, her rating and notes with it.
      t.clock.set('2026-08-12T23:00:00.000Z');
      await savePr(
        send(await loaded(shiftId), { [people.ann.user.id]: { check_in: true, rating: 4, notes: 'Asked to come early' } }),
      ).expect(200);
      expect((await loaded(shiftId))[0]!.performance_record).toMatchObject({
        check_in: true,
        check_in_at: '2026-08-12T23:00:00.000Z',
        rating: 4,
        notes: 'Asked to come early',
      });
    },
  );

  it(
    "refuses a row another team leader saved since the page loaded (STALE, with the record as it is now), saving the others' " +
      'rows, and answers 400 with every row named when no row could be saved',
    async () => {
      // Under way: 8:00 AM to 12:00 PM on the 13th; it is 9:00 AM.
      t.clock.set('2026-08-13T16:00:00.000Z');
      const shiftId = await newShift('2026-08-13 08:00', '2026-08-13 12:00');
      const [tessPage, coraPage] = [await loaded(shiftId, tess.user), await loaded(shiftId, cora.user)];
      // Tess rates Ann first.
      await savePr(send(tessPage, { [people.ann.user.id]: { check_in: true, rating: 5, notes: 'Tess: excellent' } }).slice(0, 1)).expect(
        200,
      );

      // Cora saves from her older page: Ann's row is stale, Bo's and Cy's are saved.
      const res = await savePr(
        send(coraPage, {
          [people.ann.user.id]: { rating: 1, notes: 'Cora: absent?' },
          [people.bo.user.id]: { check_in: true, rating: 4 },
          [people.cy.user.id]: { check_in: true, notes: 'Cora: on the door' },
        }),
        cora.user,
      ).expect(200);
      const staleRow =
        "Another team leader saved this volunteer's record after you opened the shift. Reload to see it, or save yours over it.";
      expect(res.body.data).toMatchObject({
        message: `2 of 3 records saved; 1 not saved. Ann Volunteer: ${staleRow}`,
        saved: 2,
        refused: [
          {
            index: 0,
            student_volunteer_id: people.ann.user.id,
            code: 'STALE',
            message: staleRow,
            errors: { version: staleRow },
            record: { student_volunteer_id: people.ann.user.id, rating: 5, notes: 'Tess: excellent', version: 1, check_in: true },
          },
        ],
      });
      const now = await loaded(shiftId);
      expect(now.map((row) => [row.performance_record.rating, row.performance_record.notes, row.performance_record.check_in])).toEqual([
        [5, 'Tess: excellent', true],
        [4, '', true],
        [0, 'Cora: on the door', true],
      ]);

      // Nothing savable, every row stale: 409 STALE as before, each row named, with the shift as it is now.
      const none = await savePr(send(coraPage, { [people.ann.user.id]: { rating: 2 } }).slice(0, 2), cora.user).expect(409);
      expect(none.body.data).toMatchObject({
        err: 'STALE',
        errors: { 'performance_records.0.version': staleRow, 'performance_records.1.version': staleRow },
        refused: [
          { index: 0, code: 'STALE', record: { rating: 5, version: 1 } },
          { index: 1, code: 'STALE', record: { rating: 4, version: 1 } },
        ],
      });
      expect(none.body.data.current.shift.studentVolunteers).toHaveLength(3);

      // A stale row and a correction without its reason: 400, since a field is to be fixed; both rows named.
      const fresh = await loaded(shiftId, cora.user);
      const mixed = await savePr(
        [send(coraPage, {})[0]!, send(fresh, { [people.bo.user.id]: { check_in_at: '2026-08-13T15:10:00.000Z' } })[1]!],
        cora.user,
      ).expect(400);
      expect(mixed.body.data).toMatchObject({
        err: 'VALIDATION_FAILED',
        message: `Please correct these records: ${staleRow}; Say why the time is corrected.`,
        errors: { 'performance_records.0.version': staleRow, 'performance_records.1.time_note': 'Say why the time is corrected.' },
        refused: [
          { index: 0, code: 'STALE' },
          { index: 1, code: 'VALIDATION_FAILED', record: { rating: 4, version: 1 } },
        ],
      });
      expect((await loaded(shiftId)).map((row) => row.performance_record.version)).toEqual([1, 1, 1]);
    },
  );
});
