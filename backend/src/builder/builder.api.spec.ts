import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { CreatedUser } from '../testing/factories.js';
import { completeConfirmationForm } from '../testing/fixtures.js';
import { SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import type { User } from '../users/user.entity.js';
import { NamedLocksService } from '../database/named-locks.service.js';
import { ScheduleWorldService } from '../schedule/schedule-world.service.js';
import { BUILD_LEASE_MS, BUILD_LOCK, BUILD_MESSAGES, BUILD_RENEWAL_MS, ScheduleBuildsService } from './schedule-builds.service.js';

/** Before schedules are out (the default timeline releases them on 5 August 2026). */
const BEFORE_RELEASE = '2026-07-01T12:00:00.000Z';
const AFTER_RELEASE = '2026-08-06T12:00:00.000Z';

const form = completeConfirmationForm;

/** A small edition: two venues, eight shifts over two days, four volunteers and a team leader. */
describe('the schedule builder', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let admin: CreatedUser;
  let leader: CreatedUser;
  const people: CreatedUser[] = [];
  let gallery: number;
  let hall: number;
  const shifts: Record<string, number> = {};

  const auth = (user: User) => t.factories.auth(user);
  const as = (user: User) => ({
    get: (path: string) => t.http().get(`/api${path}`).set('Authorization', auth(user)),
    post: (path: string, body: object = {}) => t.http().post(`/api${path}`).set('Authorization', auth(user)).send(body),
    put: (path: string, body: object) => t.http().put(`/api${path}`).set('Authorization', auth(user)).send(body),
  });
  const assignments = async () =>
    (
      (await t.dataSource.query('SELECT id, shift_id, volunteer_id, accommodations, pinned FROM shift_assignments ORDER BY id')) as Record<
        string,
        unknown
      >[]
    ).map((r) => ({
      id: Number(r.id),
      shiftId: Number(r.shift_id),
      volunteerId: Number(r.volunteer_id),
      accommodations: r.accommodations,
      pinned: Boolean(Number(r.pinned)),
    }));
  /** Starts a build and waits for its preview. */
  const build = async (body: object = { keep: 'pinned', seed: 42 }) => {
    const started = await as(admin.user).post('/admin/schedule-builds', body).expect(201);
    expect(started.body).toMatchObject({ status: 'running', scope: { keep: (body as { keep: string }).keep } });
    await t.app.get(ScheduleBuildsService).whenIdle();
    return (await as(admin.user).get(`/admin/schedule-builds/${started.body.id}`).expect(200)).body;
  };

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await createTestApp({ now: BEFORE_RELEASE, env: { MAIL_URL: sink.url } });
    admin = await t.factories.admin();
    leader = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    await t.factories.application(leader.user, { status: 'confirmed', confirmation: form() });
    for (const [first, confirmation] of [
      ['Ana', form({ artGallery: true })],
      ['Ben', form()],
      ['Cleo', form({ preconfShifts: true, preconfStart: 'friday', preconfStartTime: '08:00' })],
      ['Dev', form({ labs: true })],
    ] as const) {
      const person = await t.factories.applicant({ firstName: first, lastName: 'Volunteer' });
      await t.factories.application(person.user, { status: 'confirmed', confirmation });
      people.push(person);
    }
    gallery = (
      await as(admin.user)
        .post('/admin/venues', { name: 'Art Gallery', location: 'West 211', preference: 'artGallery', teamLeaderIds: [leader.user.id] })
        .expect(201)
    ).body.id;
    hall = (
      await as(admin.user)
        .post('/admin/venues', { name: 'Exhibit Hall', location: 'East A', teamLeaderIds: [leader.user.id] })
        .expect(201)
    ).body.id;
    const shift = async (name: string, venueId: number, start: string, end: string, svSlots: number, extra: object = {}) => {
      shifts[name] = (
        await as(admin.user)
          .post('/admin/shifts', { venueId, startTime: start, endTime: end, role: name, svSlots, ...extra })
          .expect(201)
      ).body.id;
    };
    await shift('Setup', hall, '2026-08-07 09:00', '2026-08-07 13:00', 1);
    await shift('Docent AM', gallery, '2026-08-08 08:00', '2026-08-08 12:00', 1);
    await shift('Docent PM', gallery, '2026-08-08 12:00', '2026-08-08 16:00', 1);
    await shift('Greeter AM', hall, '2026-08-08 08:00', '2026-08-08 12:00', 2);
    await shift('Greeter PM', hall, '2026-08-08 13:00', '2026-08-08 17:00', 2);
    await shift('Lead', hall, '2026-08-09 08:00', '2026-08-09 12:00', 1, { requires: 'team-leader' });
    await shift('Usher', hall, '2026-08-09 13:00', '2026-08-09 17:00', 2);
    await shift('Tour', gallery, '2026-08-09 09:00', '2026-08-09 11:00', 1, { requires: 'experienced' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  describe('availability', () => {
    it('lets a volunteer say when they cannot work before schedules are out, checking each answer', async () => {
      const [, ben] = people;
      const refused = await as(ben!.user)
        .put('/users/availability', {
          unavailable: [
            { day: '2026-09-01', from: null, to: null },
            { day: '2026-08-08', from: '14:00', to: '13:00' },
          ],
          maxHoursPerDay: 30,
          minRestMinutes: null,
        })
        .expect(400);
      expect(Object.keys(refused.body.data.errors).sort()).toEqual(['maxHoursPerDay', 'unavailable.0.day', 'unavailable.1.to']);
      const saved = await as(ben!.user)
        .put('/users/availability', { unavailable: [{ day: '2026-08-09', from: null, to: null }], maxHoursPerDay: 8, minRestMinutes: 60 })
        .expect(200);
      expect(saved.body.data).toMatchObject({
        unavailable: [{ day: '2026-08-09', from: null, to: null }],
        maxHoursPerDay: 8,
        minRestMinutes: 60,
        editable: true,
      });
      expect((await as(admin.user).get(`/admin/volunteer-constraints/${ben!.user.id}`).expect(200)).body).toMatchObject({
        maxHoursPerDay: 8,
      });
    });

    it('refuses a manual assignment that breaks one of the volunteer’s rules, with the rule’s words', async () => {
      const [, ben, cleo] = people;
      const unavailable = await as(admin.user)
        .post('/admin/shift-assignments', { shiftId: shifts.Usher, volunteerId: ben!.user.id })
        .expect(409);
      expect(unavailable.body).toMatchObject({
        err: 'RULE_BROKEN',
        message: 'Ben Volunteer is not available at that time. To assign them anyway, give a reason for an exception.',
        exceptable: true,
        rules: ['unavailable'],
      });
      const teamLeaderOnly = await as(admin.user)
        .post('/admin/shift-assignments', { shiftId: shifts.Lead, volunteerId: cleo!.user.id })
        .expect(409);
      expect(teamLeaderOnly.body.message).toBe(
        'This shift needs a team leader; Cleo Volunteer is not one. To assign them anyway, give a reason for an exception.',
      );
      const preconference = await as(admin.user)
        .post('/admin/shift-assignments', { shiftId: shifts.Setup, volunteerId: ben!.user.id })
        .expect(409);
      expect(preconference.body.message).toBe(
        'Ben Volunteer did not ask for pre-conference shifts. To assign them anyway, give a reason for an exception.',
      );
      // The CSV import names the same rule on the row.
      const csv = `svid,venue,day,start\n${ben!.user.svid},Exhibit Hall,2026-08-09,13:00`;
      const dryRun = await as(admin.user).post('/admin/schedule-import/assignments?dryRun=true', { csv }).expect(200);
      expect(dryRun.body.errors).toEqual([{ row: 2, field: 'svid', message: 'Ben Volunteer is not available at that time.' }]);
    });
  });

  describe('build, preview, apply, undo', () => {
    let pinnedId: number;

    it('previews without writing anything, with figures, the bound, unfilled shifts and each person’s changes', async () => {
      const [ana] = people;
      pinnedId = (
        await as(admin.user)
          .post('/admin/shift-assignments', {
            shiftId: shifts['Greeter AM'],
            volunteerId: ana!.user.id,
            accommodations: 'Needs a chair',
            pinned: true,
          })
          .expect(201)
      ).body.id;
      const before = await assignments();
      const preview = await build();
      expect(await assignments()).toEqual(before);
      expect(preview.status).toBe('preview');
      expect(preview.preview.figures.filledSlots).toBeGreaterThan(preview.preview.current.filledSlots);
      expect(preview.preview.figures.filledSlots).toBeLessThanOrEqual(preview.preview.bound.coverageSlots);
      expect(preview.preview.bound.exact).toBe(true);
      // Hours against the best any schedule could do.
      expect(preview.preview.figures.largestShortfall).toBeGreaterThanOrEqual(preview.preview.bound.largestShortfall);
      expect(preview.preview.figures.hoursSpread).toBeGreaterThanOrEqual(preview.preview.bound.hoursSpread - 0.01);
      expect(preview.preview.people).toHaveLength(5);
      expect(preview.preview.changes.length).toBeGreaterThan(0);
      for (const unfilled of preview.preview.unfilled) expect(unfilled.reason).toMatch(/\S/);
      // Only Cleo asked for pre-conference shifts, and only Tess leads: those shifts go to them.
      const change = (who: CreatedUser) => preview.preview.changes.find((c: { volunteerId: number }) => c.volunteerId === who.user.id);
      expect(change(people[2]!).added.map((s: { shiftId: number }) => s.shiftId)).toContain(shifts.Setup);
      expect(change(leader).added.map((s: { shiftId: number }) => s.shiftId)).toContain(shifts.Lead);
    });

    it('applies all of it, keeping the pinned assignment as it was; a second apply is refused', async () => {
      const preview = (await as(admin.user).get('/admin/schedule-builds?sort=["id","DESC"]').expect(200)).body[0];
      const applied = await as(admin.user).post(`/admin/schedule-builds/${preview.id}/apply`).expect(200);
      expect(applied.body.status).toBe('applied');
      const after = await assignments();
      expect(after).toHaveLength(applied.body.preview.assignments);
      expect(after.find((a) => a.id === pinnedId)).toMatchObject({ accommodations: 'Needs a chair', pinned: true });
      expect((await as(admin.user).post(`/admin/schedule-builds/${preview.id}/apply`).expect(409)).body.err).toBe('BUILD_NOT_PREVIEW');
      // Before release nobody is told.
      expect(sink.messages.filter((m) => /your schedule changed/.test(m.subject ?? ''))).toHaveLength(0);
    });

    it('undoes the latest applied build exactly, and refuses to undo it twice', async () => {
      const [latest] = (await as(admin.user).get('/admin/schedule-builds').expect(200)).body;
      const pinnedOnly = [
        { id: pinnedId, shiftId: shifts['Greeter AM'], volunteerId: people[0]!.user.id, accommodations: 'Needs a chair', pinned: true },
      ];
      await as(admin.user).post(`/admin/schedule-builds/${latest.id}/undo`).expect(200);
      expect(await assignments()).toEqual(pinnedOnly);
      expect((await as(admin.user).post(`/admin/schedule-builds/${latest.id}/undo`).expect(409)).body.err).toBe('NOT_LATEST_BUILD');
    });

    it('says which side is in place: the current schedule until an apply, then the build, neither after a change by hand', async () => {
      // Nothing is assigned on 9 August yet: the build has no current schedule there to be compared with.
      const preview = await build({ days: ['2026-08-09'], keep: 'pinned', seed: 5 });
      expect(preview.preview).toMatchObject({ currentAssignments: 0, inPlace: 'current', current: { filledSlots: 0 } });
      expect(preview.preview.figures.workingDays).toBeGreaterThan(0);
      const listed = (await as(admin.user).get('/admin/schedule-builds').expect(200)).body.find((b: { id: number }) => b.id === preview.id);
      expect(listed.preview).toMatchObject({ currentAssignments: 0, assignments: preview.preview.assignments });

      const applied = (await as(admin.user).post(`/admin/schedule-builds/${preview.id}/apply`).expect(200)).body;
      // The build's figures are now the schedule in place; `current` is the one it replaced.
      expect(applied.preview).toMatchObject({ inPlace: 'build', figures: preview.preview.figures, currentAssignments: 0 });
      const lead = (await assignments()).find((a) => a.shiftId === shifts.Lead)!;
      expect(lead.volunteerId).toBe(leader.user.id);
      await t.http().delete(`/api/admin/shift-assignments/${lead.id}`).set('Authorization', auth(admin.user)).expect(200);
      expect((await as(admin.user).get(`/admin/schedule-builds/${preview.id}`).expect(200)).body.preview.inPlace).toBeNull();
      await as(admin.user).post('/admin/shift-assignments', { shiftId: shifts.Lead, volunteerId: leader.user.id }).expect(201);
      expect((await as(admin.user).get(`/admin/schedule-builds/${preview.id}`).expect(200)).body.preview.inPlace).toBe('build');

      const undone = (await as(admin.user).post(`/admin/schedule-builds/${preview.id}/undo`).expect(200)).body;
      expect(undone).toMatchObject({ status: 'undone', preview: { inPlace: 'current' } });
    });

    it('refuses to apply a preview of a schedule that has changed since', async () => {
      const preview = await build();
      await as(admin.user).post('/admin/shift-assignments', { shiftId: shifts['Docent PM'], volunteerId: people[3]!.user.id }).expect(201);
      expect((await as(admin.user).post(`/admin/schedule-builds/${preview.id}/apply`).expect(409)).body.err).toBe('SCHEDULE_CHANGED');
      await as(admin.user).post(`/admin/schedule-builds/${preview.id}/discard`).expect(200);
    });

    it('runs one build at a time: refused while another server holds the lock, taken over when its lease lapses', async () => {
      const locks = t.app.get(NamedLocksService);
      const held = await locks.acquire(BUILD_LOCK, 'build by another server', BUILD_LEASE_MS);
      expect(held.acquired).toBe(true);
      const refused = await as(admin.user).post('/admin/schedule-builds', { keep: 'all', seed: 2 }).expect(409);
      expect(refused.body).toMatchObject({ err: 'BUILD_RUNNING', message: expect.stringContaining('build by another server') });
      // That server died mid-build: once its lease has lapsed, the next build takes the lock over.
      t.clock.advance(BUILD_LEASE_MS + 1);
      const started = await as(admin.user).post('/admin/schedule-builds', { keep: 'all', seed: 3 }).expect(201);
      await t.app.get(ScheduleBuildsService).whenIdle();
      expect((await as(admin.user).get(`/admin/schedule-builds/${started.body.id}`).expect(200)).body.status).toBe('preview');
      // Done, the lock is free again.
      expect((await locks.acquire(BUILD_LOCK, 'check', 1000)).acquired).toBe(true);
      await t.dataSource.query('DELETE FROM named_locks');
    });

    it('renews its lease on a timer while a build sends no progress; a build whose lock is taken away stops without writing', async () => {
      const service = t.app.get(ScheduleBuildsService);
      const locks = t.app.get(NamedLocksService);
      const world = t.app.get(ScheduleWorldService);
      const read = world.world.bind(world);
      const renew = jest.spyOn(locks, 'renew');
      service.leaseRenewalMs = 10;
      try {
        // Reading the schedule stalls (as a long solve would, sending no progress): the lease is renewed all the same.
        jest.spyOn(world, 'world').mockImplementationOnce(async (...args) => {
          for (let waited = 0; renew.mock.calls.length < 2 && waited < 10_000; waited += 5) await new Promise((r) => setTimeout(r, 5));
          expect(renew.mock.calls.length).toBeGreaterThanOrEqual(2);
          return read(...args);
        });
        const renewed = await build({ keep: 'all', seed: 4 });
        expect(renewed.status).toBe('preview');
        expect(await locks.acquire(BUILD_LOCK, 'check', 1000)).toMatchObject({ acquired: true });
        await t.dataSource.query('DELETE FROM named_locks');

        // This time the build's server stalls past its lease, and another server takes the lock over meanwhile.
        // (The timer renews at its usual pace again: every 10 ms it could renew the lapsed lease, nobody having
        // taken it yet, before the other server's try; on MariaDB it did.)
        service.leaseRenewalMs = BUILD_RENEWAL_MS;
        jest.spyOn(world, 'world').mockImplementationOnce(async (...args) => {
          t.clock.advance(BUILD_LEASE_MS + 1);
          expect((await locks.acquire(BUILD_LOCK, 'build by another server', BUILD_LEASE_MS)).acquired).toBe(true);
          return read(...args);
        });
        const before = await assignments();
        const lost = await build({ keep: 'all', seed: 5 });
        expect(lost).toMatchObject({ status: 'failed', message: BUILD_MESSAGES.lockLost });
        expect(lost.preview ?? null).toBeNull();
        expect(await assignments()).toEqual(before);
        // The other server's lock is left alone.
        const [row] = (await t.dataSource.query('SELECT holder FROM named_locks')) as { holder: string }[];
        expect(row!.holder).toMatch(/^build by another server/);
      } finally {
        service.leaseRenewalMs = BUILD_RENEWAL_MS;
        jest.restoreAllMocks();
        await t.dataSource.query('DELETE FROM named_locks');
      }
    });

    it('refuses volunteers and team leaders', async () => {
      await as(people[0]!.user).post('/admin/schedule-builds', { keep: 'all' }).expect(403);
      await as(leader.user).post('/admin/schedule-builds', { keep: 'all' }).expect(403);
    });

    it('after schedules are out, tells each person whose shifts change, once per change', async () => {
      t.clock.set(AFTER_RELEASE);
      const preview = await build({ keep: 'pinned', seed: 9 });
      sink.clear();
      await as(admin.user).post(`/admin/schedule-builds/${preview.id}/apply`).expect(200);
      const touched = preview.preview.changes.map((c: { volunteerId: number }) => c.volunteerId) as number[];
      const everyone = [leader, ...people];
      for (const person of everyone) {
        if (!touched.includes(person.user.id)) continue;
        const mail = await sink.waitFor(person.user.email, /your schedule changed/);
        expect(mail.text).toMatch(/New shifts:|Shifts you no longer work:/);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sink.messages.filter((m) => /your schedule changed/.test(m.subject ?? ''))).toHaveLength(touched.length);
      // Availability can no longer be changed online.
      const late = await as(people[1]!.user)
        .put('/users/availability', { unavailable: [], maxHoursPerDay: null, minRestMinutes: null })
        .expect(409);
      expect(late.body.data.err).toBe('SCHEDULES_RELEASED');
    });
  });

  describe('fill a shift and the preferences overview', () => {
    it('lists who could take a free place, best first; a team leader proposes, an administrator accepts', async () => {
      t.clock.set(AFTER_RELEASE);
      const usher = shifts.Usher!;
      const current = await assignments();
      // Both places free: nobody holds the shift.
      for (const a of current.filter((a) => a.shiftId === usher))
        await t.http().delete(`/api/admin/shift-assignments/${a.id}`).set('Authorization', auth(admin.user)).expect(200);
      const candidates = (await as(admin.user).get(`/admin/shifts/${usher}/candidates`).expect(200)).body;
      expect(candidates).toMatchObject({ shiftId: usher, free: 2 });
      const names = candidates.candidates.map((c: { name: string }) => c.name);
      // Ben cannot work on 9 August; everyone free that afternoon can, best first.
      expect(names).not.toContain('Ben Volunteer');
      expect(candidates.candidates.length).toBeGreaterThan(0);
      const scores = candidates.candidates.map((c: { score: number }) => c.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
      const pick = candidates.candidates[0];
      const mine = (await as(leader.user).get(`/schedule/shift/${usher}/candidates`).expect(200)).body.data;
      expect(mine.candidates.map((c: { volunteerId: number }) => c.volunteerId)).toEqual(
        candidates.candidates.map((c: { volunteerId: number }) => c.volunteerId),
      );
      const proposal = (await as(leader.user).post(`/schedule/shift/${usher}/proposals`, { volunteerId: pick.volunteerId }).expect(201))
        .body.data;
      expect(proposal).toMatchObject({ status: 'open', proposedBy: { id: leader.user.id } });
      expect(
        (await as(leader.user).post(`/schedule/shift/${usher}/proposals`, { volunteerId: pick.volunteerId }).expect(409)).body.data.err,
      ).toBe('ALREADY_PROPOSED');
      const accepted = await as(admin.user).post(`/admin/shift-proposals/${proposal.id}/accept`).expect(200);
      expect(accepted.body.status).toBe('accepted');
      expect((await assignments()).some((a) => a.shiftId === usher && a.volunteerId === pick.volunteerId)).toBe(true);
    });

    it('lists confirmed volunteers with their availability, preferences and hours, and exports them', async () => {
      const list = await as(admin.user)
        .get('/admin/volunteer-preferences')
        .query({ filter: JSON.stringify({ venuePreference: 'artGallery' }) })
        .expect(200);
      expect(list.body.map((r: { name: string }) => r.name)).toEqual(['Ana Volunteer']);
      expect(list.body[0]).toMatchObject({ venuePreferences: ['artGallery'], expectedHours: 25, teamLeader: false });
      const ben = (
        await as(admin.user)
          .get('/admin/volunteer-preferences')
          .query({ filter: JSON.stringify({ q: 'ben' }) })
          .expect(200)
      ).body[0];
      expect(ben).toMatchObject({ maxHoursPerDay: 8, minRestMinutes: 60, unavailable: [{ day: '2026-08-09', from: null, to: null }] });
      const csv = await as(admin.user).get('/admin/volunteer-preferences/export.csv').expect(200);
      expect(csv.headers['content-disposition']).toContain('volunteer-preferences.csv');
      expect(csv.text.split('\n')[0]).toContain('Name,SV ID,Email,Role,Pre-conference shifts');
      expect(csv.text).toContain('Cleo Volunteer');
    });
  });
});
