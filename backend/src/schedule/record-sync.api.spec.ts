import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '../users/user.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * A team leader's phone sends what it kept offline: each action once (by its key), at the time of its
 * tap, through the rules of an online save; a record another team leader changed meanwhile is a conflict.
 */
describe('record actions kept offline (POST /api/schedule/pr/sync) and check-in codes', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let tess: CreatedUser;
  let tara: CreatedUser;
  let theo: CreatedUser;
  const people: CreatedUser[] = [];
  const ids: Record<string, number> = {};
  let keyNo = 0;

  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
  const key = () => `key-${++keyNo}-abcdefgh`;
  const action = (shift: string, volunteer: User, tappedAt: string, values: object = {}) => ({
    key: key(),
    kind: 'check-in',
    shift_id: ids[shift],
    student_volunteer_id: volunteer.id,
    tapped_at: tappedAt,
    base_version: 0,
    ...values,
  });
  const sync = (actions: object[], user: User = tess.user, sentAt = t.clock.now().toISOString()) =>
    t.http().post('/api/schedule/pr/sync').set('Authorization', auth(user)).send({ sent_at: sentAt, actions });
  const recordOf = async (shift: string, who: User) =>
    (
      await t.http().get(`/api/schedule/shift/${ids[shift]}`).set('Authorization', auth(tess.user)).expect(200)
    ).body.data.shift.studentVolunteers.find((v: { id: number }) => v.id === who.id).performance_record;
  const count = async (sql: string, params: unknown[] = []) => Number((await t.dataSource.query(sql, params))[0].n);

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-08-07T12:00:00.000Z' });
    admin = await t.factories.admin();
    tess = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    tara = await t.factories.teamLeader({ firstName: 'Tara', lastName: 'Coleader' });
    theo = await t.factories.teamLeader({ firstName: 'Theo', lastName: 'Other' });
    for (const first of ['Ana', 'Bo', 'Cy', 'Di', 'Ed']) {
      const made = await t.factories.applicant({ firstName: first, lastName: 'Volunteer' });
      await t.factories.application(made.user, { status: 'confirmed' });
      people.push(made);
    }
    const registration = (
      await adminPost('venues', { name: 'Registration', location: 'West', teamLeaderIds: [tess.user.id, tara.user.id] })
    ).id;
    const hall = (await adminPost('venues', { name: 'Exhibit Hall', location: 'East', teamLeaderIds: [theo.user.id] })).id;
    const shift = async (name: string, venueId: number, startTime: string, endTime: string, who: CreatedUser[]) => {
      ids[name] = (await adminPost('shifts', { venueId, startTime, endTime, role: 'Greeter', svSlots: 5 })).id;
      for (const person of who) await adminPost('shift-assignments', { shiftId: ids[name], volunteerId: person.user.id });
    };
    // 08:00–12:00 PDT = 15:00–19:00 UTC.
    await shift('morning', registration, '2026-08-10 08:00', '2026-08-10 12:00', people.slice(0, 4));
    await shift('hall', hall, '2026-08-10 08:00', '2026-08-10 12:00', [people[4]!]);
  });
  afterAll(() => t.close());

  it('stores each check-in at the time of its tap, by the team leader, and answers every action', async () => {
    t.clock.set('2026-08-10T15:40:00.000Z');
    const [ana, bo] = people;
    const res = await sync([
      action('morning', ana!.user, '2026-08-10T15:02:10.000Z'),
      action('morning', bo!.user, '2026-08-10T15:03:20.000Z'),
    ]).expect(200);
    expect(res.body.data).toMatchObject({ applied: 2, refused: 0, conflicts: 0, now: '2026-08-10T15:40:00.000Z' });
    expect(res.body.data.results[0]).toMatchObject({
      outcome: 'applied',
      repeated: false,
      tapped_at: '2026-08-10T15:02:10.000Z',
      record: { check_in: true, check_in_at: '2026-08-10T15:02:10.000Z', check_in_by_name: 'Tess Leader', version: 1 },
    });
    expect(await recordOf('morning', bo!.user)).toMatchObject({ check_in: true, check_in_at: '2026-08-10T15:03:20.000Z', version: 1 });
  });

  it('judges a key once: the same queue sent again, or twice at the same moment, writes nothing more', async () => {
    t.clock.set('2026-08-10T15:45:00.000Z');
    const cy = people[2]!;
    const queue = [
      action('morning', cy.user, '2026-08-10T15:10:00.000Z'),
      action('morning', cy.user, '2026-08-10T15:11:00.000Z', { kind: 'rating', rating: 4 }),
      action('morning', cy.user, '2026-08-10T15:12:00.000Z', { kind: 'note', notes: 'Ran the badge desk' }),
    ];
    const [first, second] = await Promise.all([sync(queue).expect(200), sync(queue).expect(200)]);
    const outcomes = [...first.body.data.results, ...second.body.data.results];
    expect(outcomes.every((r: { outcome: string }) => r.outcome === 'applied')).toBe(true);
    expect(outcomes.filter((r: { repeated: boolean }) => !r.repeated)).toHaveLength(3);
    const again = await sync(queue).expect(200);
    expect(again.body.data).toMatchObject({ applied: 0, refused: 0, conflicts: 0 });
    expect(again.body.data.results.map((r: { repeated: boolean }) => r.repeated)).toEqual([true, true, true]);
    expect(again.body.data.results[2].record).toMatchObject({ rating: 4, notes: 'Ran the badge desk', version: 3 });
    expect(await recordOf('morning', cy.user)).toMatchObject({ check_in_at: '2026-08-10T15:10:00.000Z', rating: 4, version: 3 });
    expect(await count('SELECT COUNT(*) AS n FROM record_actions WHERE volunteer_id = ?', [cy.user.id])).toBe(3);
  });

  it('shows a conflict when another team leader saved the record since, takes the resolution sent with the current version', async () => {
    t.clock.set('2026-08-10T15:50:00.000Z');
    const ana = people[0]!;
    // Tara, online, rates Ana after Tess's phone went offline with Ana's record at version 1.
    await t
      .http()
      .post('/api/schedule/pr')
      .set('Authorization', auth(tara.user))
      .send({
        performance_records: [
          { shift_id: ids.morning, student_volunteer_id: ana.user.id, version: 1, check_in: true, check_out: false, rating: 2 },
        ],
      })
      .expect(200);
    const mine = action('morning', ana.user, '2026-08-10T15:30:00.000Z', { kind: 'rating', rating: 5, base_version: 1 });
    const res = await sync([mine]).expect(200);
    expect(res.body.data.results[0]).toMatchObject({
      outcome: 'conflict',
      code: 'STALE',
      record: { rating: 2, version: 2 },
    });
    expect(await recordOf('morning', ana.user)).toMatchObject({ rating: 2, version: 2 });
    const keepMine = await sync([{ ...mine, key: key(), base_version: 2 }]).expect(200);
    expect(keepMine.body.data.results[0]).toMatchObject({ outcome: 'applied', record: { rating: 5, version: 3 } });
  });

  it('refuses a tap before check-in opens, for a volunteer not on the shift or a shift of another venue, keeping each answer', async () => {
    t.clock.set('2026-08-10T15:55:00.000Z');
    const [di, ed] = [people[3]!, people[4]!];
    const early = action('morning', di.user, '2026-08-10T14:20:00.000Z');
    const res = await sync([
      early,
      action('morning', ed.user, '2026-08-10T15:20:00.000Z'),
      action('hall', ed.user, '2026-08-10T15:20:00.000Z'),
    ]).expect(200);
    expect(res.body.data.results.map((r: { outcome: string; code: string }) => [r.outcome, r.code])).toEqual([
      ['refused', 'TOO_EARLY_TO_CHECK_IN'],
      ['refused', 'VALIDATION_FAILED'],
      ['refused', 'FORBIDDEN'],
    ]);
    expect(res.body.data.results[0].message).toBe('Check-in opens 30 minutes before the shift, at 7:30 AM (Pacific).');
    expect((await sync([early]).expect(200)).body.data.results[0]).toMatchObject({ repeated: true, code: 'TOO_EARLY_TO_CHECK_IN' });
  });

  it("refuses a phone whose clock is over five minutes off, and records a tap ahead of the server's now at now", async () => {
    t.clock.set('2026-08-10T16:00:00.000Z');
    const di = people[3]!;
    const late = await sync([action('morning', di.user, '2026-08-10T15:59:00.000Z')], tess.user, '2026-08-10T15:54:00.000Z').expect(409);
    expect(late.body.data).toMatchObject({ err: 'CLOCK_DRIFT' });
    expect(late.body.data.message).toContain("This phone's clock is 6 minutes behind the portal's");
    const ahead = await sync([action('morning', di.user, '2026-08-10T16:03:00.000Z')], tess.user, '2026-08-10T16:04:00.000Z').expect(200);
    expect(ahead.body.data.results[0]).toMatchObject({ outcome: 'applied', tapped_at: '2026-08-10T16:00:00.000Z' });
  });

  it("checks a volunteer in by their signed code, and refuses a forged code or another person's", async () => {
    t.clock.set('2026-08-10T14:00:00.000Z');
    const ed = people[4]!;
    const codes = await t.http().get('/api/checkin/codes').set('Authorization', auth(ed.user)).expect(200);
    const { code, validFrom, validUntil } = codes.body.data.codes.find((c: { shiftId: number }) => c.shiftId === ids.hall);
    expect({ validFrom, validUntil }).toEqual({ validFrom: '2026-08-10T14:30:00.000Z', validUntil: '2026-08-10T19:00:00.000Z' });
    expect(code).toMatch(new RegExp(`^svp1\\.${ids.hall}\\.${ed.user.id}\\.\\d+\\.[A-Za-z0-9_-]+$`));
    expect(code).not.toContain(ed.user.email);

    t.clock.set('2026-08-10T15:05:00.000Z');
    const forged = code.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    const res = await sync(
      [
        action('hall', ed.user, '2026-08-10T15:01:00.000Z', { code: forged }),
        action('hall', people[0]!.user, '2026-08-10T15:01:30.000Z', { code }),
        action('hall', ed.user, '2026-08-10T15:02:00.000Z', { code }),
      ],
      theo.user,
    ).expect(200);
    expect(res.body.data.results.map((r: { outcome: string; message: string }) => [r.outcome, r.message])).toEqual([
      ['refused', 'This check-in code was not made by this portal.'],
      ['refused', 'This check-in code belongs to another volunteer or shift than the one sent.'],
      ['applied', 'Saved'],
    ]);
    // The code's shift is at Theo's venue, not Tess's: nothing sent is hers to change, so the whole sync is refused.
    const elsewhere = await sync([action('hall', ed.user, '2026-08-10T15:03:00.000Z', { code })]).expect(403);
    expect(elsewhere.body.data).toMatchObject({ err: 'FORBIDDEN' });
  });

  it('judges a queue sent three times at once once, whichever request reaches an action first', async () => {
    t.clock.set('2026-08-10T16:30:00.000Z');
    const [ana, bo, cy] = [people[0]!, people[1]!, people[2]!];
    const before = new Map<number, number>();
    for (const who of [ana, bo, cy]) before.set(who.user.id, (await recordOf('morning', who.user)).version);
    const actionsBefore = await count('SELECT COUNT(*) AS n FROM record_actions');
    // Three changes per volunteer, each built on the version the phone had: the later ones on this phone's own earlier ones.
    const queue = [ana, bo, cy].flatMap((who, i) => {
      const base = before.get(who.user.id)!;
      const at = (minute: number) => `2026-08-10T16:${String(10 + i * 3 + minute).padStart(2, '0')}:00.000Z`;
      return [
        action('morning', who.user, at(0), { kind: 'note', notes: `First note on ${who.user.id}`, base_version: base }),
        action('morning', who.user, at(1), { kind: 'rating', rating: 3, base_version: base }),
        action('morning', who.user, at(2), { kind: 'note', notes: `Last note on ${who.user.id}`, base_version: base }),
      ];
    });
    const answers = await Promise.all([sync(queue).expect(200), sync(queue).expect(200), sync(queue).expect(200)]);
    const results = answers.flatMap((a) => a.body.data.results as { outcome: string; repeated: boolean; message: string }[]);
    expect(results.filter((r) => r.outcome !== 'applied')).toEqual([]);
    expect(results.filter((r) => !r.repeated)).toHaveLength(9);
    expect(await count('SELECT COUNT(*) AS n FROM record_actions')).toBe(actionsBefore + 9);
    for (const who of [ana, bo, cy])
      expect(await recordOf('morning', who.user)).toMatchObject({
        rating: 3,
        notes: `Last note on ${who.user.id}`,
        version: before.get(who.user.id)! + 3,
      });
  });

  it('is for team leaders only, and keys are per author', async () => {
    await sync([action('morning', people[0]!.user, '2026-08-10T15:03:00.000Z')], people[0]!.user).expect(403);
    await t.http().post('/api/schedule/pr/sync').send({ sent_at: t.clock.now().toISOString(), actions: [] }).expect(401);
  });
});
