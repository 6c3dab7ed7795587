import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { ConfirmationForm } from '@svp/domain';
import { ScheduleBuildsService } from '../builder/schedule-builds.service.js';
import type { CreatedUser } from '../testing/factories.js';
import { completeConfirmationForm } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import type { User } from '../users/user.entity.js';

/**
 * The conference week under one set of rules: every path that changes who works when (manual
 * assignment and its moves, the CSV import, fill a shift, team leaders' proposals and their
 * acceptance, swaps in both modes, the builder and its apply, a shift's new times) decides by the
 * same rules; team leaders are scheduled at the venues they lead and see every shift they hold; an
 * administrator can make an exception with a reason, which is kept, shown and audit-logged.
 */

/** After schedules are released (default timeline), before the conference. */
const NOW = '2026-08-06T12:00:00.000Z';

const form = completeConfirmationForm;

interface Assignment {
  shiftId: number;
  volunteerId: number;
}

describe('the week under one set of rules', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let tess: User;
  let theo: User;
  let dana: User;
  let eli: User;
  let fay: User;
  let gus: User;
  const venue: Record<'registration' | 'gallery' | 'pavilion', number> = { registration: 0, gallery: 0, pavilion: 0 };
  const shift: Record<'regAM' | 'regPM' | 'galEve' | 'pavAM' | 'setup', number> = { regAM: 0, regPM: 0, galEve: 0, pavAM: 0, setup: 0 };

  const auth = (user: User) => t.factories.auth(user);
  const call = (user: User) => ({
    get: (path: string) => t.http().get(`/api${path}`).set('Authorization', auth(user)),
    post: (path: string, body: object = {}) => t.http().post(`/api${path}`).set('Authorization', auth(user)).send(body),
    put: (path: string, body: object) => t.http().put(`/api${path}`).set('Authorization', auth(user)).send(body),
    delete: (path: string) => t.http().delete(`/api${path}`).set('Authorization', auth(user)),
  });
  const asAdmin = () => call(admin.user);
  const assignments = async (): Promise<Assignment[]> =>
    ((await t.dataSource.query('SELECT shift_id, volunteer_id FROM shift_assignments ORDER BY shift_id, volunteer_id')) as object[]).map(
      (r) => {
        const row = r as { shift_id: number | string; volunteer_id: number | string };
        return { shiftId: Number(row.shift_id), volunteerId: Number(row.volunteer_id) };
      },
    );
  const assign = async (shiftId: number, volunteer: User, extra: object = {}) =>
    (
      await asAdmin()
        .post('/admin/shift-assignments', { shiftId, volunteerId: volunteer.id, ...extra })
        .expect(201)
    ).body;
  /** Every assignment removed, through the admin resource. */
  const clearSchedule = async () => {
    const ids = (await t.dataSource.query('SELECT id FROM shift_assignments')) as { id: number | string }[];
    for (const { id } of ids)
      await asAdmin()
        .delete(`/admin/shift-assignments/${Number(id)}`)
        .expect(200);
  };
  const limits = (user: User, maxHoursPerDay: number | null, minRestMinutes: number | null, unavailable: object[] = []) =>
    asAdmin().put(`/admin/volunteer-constraints/${user.id}`, { unavailable, maxHoursPerDay, minRestMinutes }).expect(200);
  const build = async (body: object) => {
    const started = await asAdmin().post('/admin/schedule-builds', body).expect(201);
    await t.app.get(ScheduleBuildsService).whenIdle();
    return (await asAdmin().get(`/admin/schedule-builds/${started.body.id}`).expect(200)).body;
  };
  const swapsOn = () => asAdmin().put('/admin/settings', { swapsEnabled: true }).expect(200);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await t.factories.admin({ firstName: 'Olive', lastName: 'Organiser' });
    const person = async (firstName: string, confirmation: ConfirmationForm, teamLeader = false) => {
      const created = teamLeader
        ? await t.factories.teamLeader({ firstName, lastName: 'Leader' })
        : await t.factories.applicant({ firstName, lastName: 'Volunteer' });
      await t.factories.application(created.user, { status: 'confirmed', teamLeader, confirmation });
      return created.user;
    };
    tess = await person('Tess', form(), true);
    theo = await person('Theo', form(), true);
    dana = await person('Dana', form());
    eli = await person('Eli', form());
    fay = await person('Fay', form());
    gus = await person('Gus', form({ preconfShifts: true, preconfStart: 'friday', preconfStartTime: '15:00' }));
    const newVenue = async (name: string, leaders: User[]) =>
      (
        await asAdmin()
          .post('/admin/venues', { name, location: 'Hall', teamLeaderIds: leaders.map((l) => l.id) })
          .expect(201)
      ).body.id;
    venue.registration = await newVenue('Registration Desk', [tess]);
    venue.gallery = await newVenue('Art Gallery', [tess]);
    venue.pavilion = await newVenue('Immersive Pavilion', [theo]);
    const newShift = async (venueId: number, role: string, start: string, end: string, svSlots = 2) =>
      (await asAdmin().post('/admin/shifts', { venueId, role, startTime: start, endTime: end, svSlots }).expect(201)).body.id;
    shift.regAM = await newShift(venue.registration, 'Greeter', '2026-08-10 08:00', '2026-08-10 12:30');
    shift.regPM = await newShift(venue.registration, 'Greeter', '2026-08-10 12:30', '2026-08-10 17:00');
    shift.galEve = await newShift(venue.gallery, 'Docent', '2026-08-11 18:00', '2026-08-11 20:00');
    shift.pavAM = await newShift(venue.pavilion, 'Headset attendant', '2026-08-11 08:00', '2026-08-11 12:00');
    // Pre-conference (the conference starts on 8 August): 09:00 on Friday the 7th.
    shift.setup = await newShift(venue.gallery, 'Install', '2026-08-07 09:00', '2026-08-07 13:00', 3);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await clearSchedule();
    for (const user of [dana, eli, fay, gus, tess, theo]) await limits(user, null, null);
  });

  describe('swaps keep the availability rules (seen: a swap gave 9 hours and no rest to someone allowed 5 a day)', () => {
    it('refuses an exchange that breaks the caller’s rules, in both modes, and names the rule to them only', async () => {
      await swapsOn();
      await limits(dana, 5, 60);
      await assign(shift.regAM, dana);
      await assign(shift.galEve, dana);
      await assign(shift.regPM, eli);

      // Directed: Dana asks Eli for the afternoon, giving her evening.
      const asked = await call(dana)
        .post('/schedule/swap/create', { svid: dana.svid, shift_id: shift.galEve, swapped_shift_id: shift.regPM, swapped_svid: eli.svid })
        .expect(409);
      expect(asked.body.data).toEqual({
        err: 'SWAP_RULE_BROKEN',
        message: 'This swap breaks one of your rules: Dana Volunteer would work 9 hours on Mon Aug 10th; their maximum is 5.',
      });

      // Open: Eli offers the afternoon to anyone; Dana may give her morning for it, not her evening, and accepting with it is refused.
      const offer = (await call(eli).post('/schedule/swap/create', { svid: eli.svid, shift_id: shift.regPM }).expect(201)).body.data;
      const lists = (await call(dana).get(`/schedule/swap/${dana.username}`).expect(200)).body.data;
      expect(lists.open_requests.find((r: { id: number }) => r.id === offer.id).my_shift_options).toEqual([shift.regAM]);
      const accepted = await call(dana)
        .post('/schedule/swap/accept', { svid: dana.svid, shift_swap_request_id: offer.id, swapped_shift_id: shift.galEve })
        .expect(409);
      expect(accepted.body.data.err).toBe('SWAP_RULE_BROKEN');

      // The other side: Eli asks Dana for her evening, giving the afternoon Dana may not take. Dana's limits stay hers.
      const theirs = await call(eli)
        .post('/schedule/swap/create', { svid: eli.svid, shift_id: shift.regPM, swapped_shift_id: shift.galEve, swapped_svid: dana.svid })
        .expect(409);
      expect(theirs.body.data).toEqual({
        err: 'SWAP_RULE_BROKEN',
        message: "Your shift does not fit Dana Volunteer's availability or limits, so Dana Volunteer cannot take it.",
      });

      expect(await assignments()).toEqual(
        [
          { shiftId: shift.regAM, volunteerId: dana.id },
          { shiftId: shift.regPM, volunteerId: eli.id },
          { shiftId: shift.galEve, volunteerId: dana.id },
        ].sort((a, b) => a.shiftId - b.shiftId || a.volunteerId - b.volunteerId),
      );
      await call(eli).post('/schedule/swap/delete', { svid: eli.svid, shift_swap_request_id: offer.id }).expect(200);
    });
  });

  describe('team leaders are scheduled as team leaders and see every shift they hold', () => {
    it('builds team leaders only at the venues they lead, expecting their hours of them', async () => {
      const preview = await build({ keep: 'pinned', seed: 7 });
      expect(preview.status).toBe('preview');
      const people = new Map(preview.preview.people.map((p: { volunteerId: number; expected: number }) => [p.volunteerId, p.expected]));
      expect(people.get(tess.id)).toBe(60);
      expect(people.get(dana.id)).toBe(25);
      await asAdmin().post(`/admin/schedule-builds/${preview.id}/apply`).expect(200);
      const venueOf = new Map([
        [shift.regAM, venue.registration],
        [shift.regPM, venue.registration],
        [shift.galEve, venue.gallery],
        [shift.pavAM, venue.pavilion],
        [shift.setup, venue.gallery],
      ]);
      const held = await assignments();
      expect(
        held.filter((a) => a.volunteerId === tess.id).every((a) => [venue.registration, venue.gallery].includes(venueOf.get(a.shiftId)!)),
      ).toBe(true);
      expect(held.filter((a) => a.volunteerId === theo.id).every((a) => venueOf.get(a.shiftId) === venue.pavilion)).toBe(true);
      expect(held.some((a) => a.volunteerId === theo.id)).toBe(true);
    });

    it('refuses a team leader at a venue they do not lead, unless an administrator makes the exception', async () => {
      const refused = await asAdmin().post('/admin/shift-assignments', { shiftId: shift.pavAM, volunteerId: tess.id }).expect(409);
      expect(refused.body).toMatchObject({
        err: 'RULE_BROKEN',
        message:
          'Tess Leader is a team leader of other venues; team leaders work at the venues they lead. ' +
          'To assign them anyway, give a reason for an exception.',
        exceptable: true,
        rules: ['team-leader-venue'],
      });
      await assign(shift.pavAM, tess, { exceptionReason: 'Covers the Pavilion on Tuesday morning' });
      await assign(shift.galEve, tess);
    });

    it('shows a team leader every shift they hold, wherever it is, as their next shift and in their calendar', async () => {
      await assign(shift.galEve, tess);
      await assign(shift.pavAM, tess, { exceptionReason: 'Covers the Pavilion on Tuesday morning' });
      const schedule = (await call(tess).get(`/schedule/tl/${tess.id}`).expect(200)).body.data;
      // The venues they lead, with the shift they work there marked as theirs.
      expect(schedule.shifts.map((s: { id: number; mine: boolean }) => [s.id, s.mine])).toEqual([
        [shift.setup, false],
        [shift.regAM, false],
        [shift.regPM, false],
        [shift.galEve, true],
      ]);
      // Their own shifts, the Pavilion's included, and the first of them as their next shift.
      expect(schedule.my_shifts.map((s: { id: number }) => s.id)).toEqual([shift.pavAM, shift.galEve]);
      expect(schedule.my_next_shifts.map((s: { id: number; venue: { name: string } }) => [s.id, s.venue.name])).toEqual([
        [shift.pavAM, 'Immersive Pavilion'],
      ]);
      expect(schedule.hours).toBe(6);
      const calendar = await call(tess).get(`/schedule/${tess.id}/calendar.ics`).expect(200);
      expect(calendar.text).toContain('Headset attendant');
    });
  });

  describe('exceptions with a reason, and why not', () => {
    it('names for everyone the first rule that keeps them off a shift, to organisers and to the team leader', async () => {
      await limits(dana, 4, null);
      await assign(shift.regAM, eli);
      const { body } = await asAdmin().get(`/admin/shifts/${shift.setup}/candidates`).expect(200);
      expect(body.free).toBe(3);
      expect(body.candidates).toEqual([]);
      const why = Object.fromEntries(
        body.people.map((p: { volunteerId: number; fits: boolean; rule: string | null; reason: string | null; exceptable: boolean }) => [
          p.volunteerId,
          [p.fits, p.rule, p.reason, p.exceptable],
        ]),
      );
      expect(why[fay.id]).toEqual([false, 'preconference', 'Fay Volunteer did not ask for pre-conference shifts.', true]);
      expect(why[gus.id]).toEqual([
        false,
        'preconference',
        'Gus Volunteer can start pre-conference shifts only from Fri Aug 7th, 3:00 PM.',
        true,
      ]);
      // Theo leads the Pavilion, not the Gallery: the wish comes first, as for everyone.
      expect(why[theo.id]).toEqual([false, 'preconference', 'Theo Leader did not ask for pre-conference shifts.', true]);
      const regular = (await asAdmin().get(`/admin/shifts/${shift.pavAM}/candidates`).expect(200)).body.people;
      const on = (id: number) => regular.find((p: { volunteerId: number }) => p.volunteerId === id);
      expect(on(tess.id)).toMatchObject({ fits: false, rule: 'team-leader-venue', exceptable: true });
      expect(on(theo.id)).toMatchObject({ fits: true, rule: null });
      expect(on(dana.id)).toMatchObject({ fits: true });
      // The team leader of the shift's venue reads the same answer from their shift detail.
      const leaderView = (await call(tess).get(`/schedule/shift/${shift.setup}/candidates`).expect(200)).body.data;
      expect(leaderView.people).toEqual(body.people);
      await call(theo).get(`/schedule/shift/${shift.setup}/candidates`).expect(403);
    });

    it('lets an administrator assign despite a rule with a reason: kept, shown, audit-logged and kept by later builds', async () => {
      const reason = 'Agreed by email to come a day early';
      const refused = await asAdmin().post('/admin/shift-assignments', { shiftId: shift.setup, volunteerId: fay.id }).expect(409);
      expect(refused.body).toMatchObject({ err: 'RULE_BROKEN', exceptable: true, rules: ['preconference'] });
      const made = await assign(shift.setup, fay, { exceptionReason: `  ${reason}  ` });
      expect(made.exception).toEqual({
        rules: ['preconference'],
        reason,
        madeBy: { id: admin.user.id, name: 'Olive Organiser' },
        madeAt: NOW,
      });
      const [logged] = (await t.dataSource.query(
        "SELECT actor_id, after FROM audit_log WHERE action = 'shift-assignment.exception' ORDER BY id DESC",
      )) as { actor_id: number | string; after: string }[];
      expect(Number(logged!.actor_id)).toBe(admin.user.id);
      expect(JSON.parse(logged!.after)).toEqual({ shiftId: shift.setup, volunteerId: fay.id, rules: ['preconference'], reason });

      // Shown on the shift, on the person's row of the preferences list.
      const onShift = (await asAdmin().get(`/admin/shifts/${shift.setup}/candidates`).expect(200)).body.people.find(
        (p: { volunteerId: number }) => p.volunteerId === fay.id,
      );
      expect(onShift).toMatchObject({ onShift: true, exception: { reason, rules: ['preconference'] } });
      const rows = (await asAdmin().get('/admin/volunteer-preferences').expect(200)).body;
      expect(rows.find((r: { id: number }) => r.id === fay.id).exceptions).toEqual([
        expect.objectContaining({
          shiftId: shift.setup,
          reason,
          rules: ['preconference'],
          madeBy: { id: admin.user.id, name: 'Olive Organiser' },
        }),
      ]);

      // A build of the day keeps it (it is not pinned), lists it, and says why the other places stay free.
      const preview = await build({ days: ['2026-08-07'], keep: 'pinned', seed: 3 });
      expect(preview.preview.exceptions).toEqual([expect.objectContaining({ shiftId: shift.setup, volunteerId: fay.id, reason })]);
      expect(preview.preview.unfilled).toEqual([
        expect.objectContaining({
          shiftId: shift.setup,
          free: 2,
          reason: '2 free places: 4 did not ask for pre-conference shifts, 1 can start only after 9:00 AM.',
        }),
      ]);
      await asAdmin().post(`/admin/schedule-builds/${preview.id}/apply`).expect(200);
      const kept = (
        await asAdmin()
          .get(`/admin/shift-assignments?filter=${encodeURIComponent(JSON.stringify({ volunteerId: fay.id }))}`)
          .expect(200)
      ).body;
      expect(kept).toEqual([expect.objectContaining({ shiftId: shift.setup, exception: expect.objectContaining({ reason }) })]);
    });

    it('never sets aside a shift’s places or two shifts at once, and only administrators make exceptions', async () => {
      await assign(shift.regAM, dana);
      const clash = await asAdmin()
        .post('/admin/shift-assignments', { shiftId: shift.regAM, volunteerId: dana.id, exceptionReason: 'please' })
        .expect(409);
      expect(clash.body.err).toBe('ALREADY_ASSIGNED');
      await assign(shift.pavAM, eli);
      await assign(shift.pavAM, gus);
      const full = await asAdmin()
        .post('/admin/shift-assignments', { shiftId: shift.pavAM, volunteerId: fay.id, exceptionReason: 'please' })
        .expect(409);
      expect(full.body.err).toBe('SHIFT_FULL');
      // A team leader cannot reach the assignment routes, and proposes only who fits.
      await call(tess)
        .post('/admin/shift-assignments', { shiftId: shift.setup, volunteerId: fay.id, exceptionReason: 'please' })
        .expect(403);
      const proposed = await call(tess).post(`/schedule/shift/${shift.setup}/proposals`, { volunteerId: fay.id }).expect(409);
      expect(proposed.body.data.err).toBe('RULE_BROKEN');
      const tooLong = await asAdmin()
        .post('/admin/shift-assignments', { shiftId: shift.setup, volunteerId: fay.id, exceptionReason: 'x'.repeat(501) })
        .expect(400);
      expect(tooLong.body.errors).toEqual({ exceptionReason: 'exceptionReason must be at most 500 characters' });
    });
  });

  describe('every path refuses the same break (a volunteer allowed 5 hours a day and 60 minutes of rest)', () => {
    const csvRow = (user: User, venueName: string, day: string, start: string) =>
      `svid,venue,day,start\n${user.svid},${venueName},${day},${start}`;

    beforeEach(async () => {
      await limits(dana, 5, 60);
      await assign(shift.regAM, dana);
    });

    it('manual assignment, its move, and the CSV import', async () => {
      const created = await asAdmin().post('/admin/shift-assignments', { shiftId: shift.regPM, volunteerId: dana.id }).expect(409);
      expect(created.body.message).toContain('Dana Volunteer would work 9 hours on Mon Aug 10th; their maximum is 5.');
      const evening = await assign(shift.galEve, dana);
      await asAdmin().put(`/admin/shift-assignments/${evening.id}`, { shiftId: shift.regPM }).expect(409);
      const imported = await asAdmin()
        .post('/admin/schedule-import/assignments?dryRun=true', { csv: csvRow(dana, 'Registration Desk', '2026-08-10', '12:30') })
        .expect(200);
      expect(imported.body.errors).toEqual([
        { row: 2, field: 'svid', message: 'Dana Volunteer would work 9 hours on Mon Aug 10th; their maximum is 5.' },
        {
          row: 2,
          field: 'svid',
          message: 'Dana Volunteer needs 60 minutes of rest between shifts (shift ' + String(shift.regAM) + ' is too close).',
        },
      ]);
    });

    it('fill a shift, a team leader’s proposal, and its acceptance once the schedule has changed', async () => {
      const { body } = await asAdmin().get(`/admin/shifts/${shift.regPM}/candidates`).expect(200);
      expect(body.candidates.map((c: { volunteerId: number }) => c.volunteerId)).not.toContain(dana.id);
      expect(body.people.find((p: { volunteerId: number }) => p.volunteerId === dana.id)).toMatchObject({
        fits: false,
        rule: 'daily-maximum',
      });
      await call(tess).post(`/schedule/shift/${shift.regPM}/proposals`, { volunteerId: dana.id }).expect(409);
      // Proposed while it fitted; accepted after the morning was given back to her.
      const [morning] = (
        await asAdmin()
          .get(`/admin/shift-assignments?filter=${encodeURIComponent(JSON.stringify({ volunteerId: dana.id }))}`)
          .expect(200)
      ).body;
      await asAdmin().delete(`/admin/shift-assignments/${morning.id}`).expect(200);
      const proposal = (await call(tess).post(`/schedule/shift/${shift.regPM}/proposals`, { volunteerId: dana.id }).expect(201)).body.data;
      await assign(shift.regAM, dana);
      const accepted = await asAdmin().post(`/admin/shift-proposals/${proposal.id}/accept`).expect(409);
      expect(accepted.body.err).toBe('RULE_BROKEN');
    });

    it('the builder never makes it, and an apply is judged against the schedule as it is then', async () => {
      // Dana's morning stays (it is outside the built venue); the build may not give her the afternoon.
      const first = await build({ venueIds: [venue.registration], days: ['2026-08-10'], keep: 'all', seed: 1 });
      const pairs = first.preview.changes.flatMap((c: { volunteerId: number; added: { shiftId: number }[] }) =>
        c.added.map((a) => [c.volunteerId, a.shiftId]),
      );
      expect(pairs).not.toContainEqual([dana.id, shift.regPM]);
      await asAdmin().post(`/admin/schedule-builds/${first.id}/discard`).expect(200);
      // A preview of the evening; then everyone it adds becomes unavailable that evening: the apply is refused.
      const evening = await build({ days: ['2026-08-11'], venueIds: [venue.gallery], keep: 'pinned', seed: 2 });
      const added = evening.preview.changes.filter((c: { added: unknown[] }) => c.added.length);
      expect(added.length).toBeGreaterThan(0);
      for (const change of added)
        await asAdmin()
          .put(`/admin/volunteer-constraints/${change.volunteerId}`, {
            unavailable: [{ day: '2026-08-11', from: '17:00', to: '21:00' }],
            maxHoursPerDay: null,
            minRestMinutes: null,
          })
          .expect(200);
      const applied = await asAdmin().post(`/admin/schedule-builds/${evening.id}/apply`).expect(409);
      expect(applied.body).toMatchObject({ err: 'SCHEDULE_CHANGED' });
      expect(applied.body.message).toContain('is not available at that time.');
      for (const change of added) await limits({ id: change.volunteerId } as User, null, null);
    });

    it('a shift moved to new times must still fit the people on it', async () => {
      await assign(shift.galEve, dana);
      const moved = await asAdmin()
        .put(`/admin/shifts/${shift.galEve}`, { startTime: '2026-08-10 13:30', endTime: '2026-08-10 16:00' })
        .expect(409);
      expect(moved.body.err).toBe('RULE_BROKEN');
      expect(moved.body.message).toContain('Dana Volunteer would work 7 hours on Mon Aug 10th; their maximum is 5.');
    });
  });

  describe('the paths that put people on shifts', () => {
    /**
     * Every place in the server that writes a shift assignment, with the rule decision it goes through.
     * A new path must be added here, with a test above showing it refuses a broken rule (or, for a write
     * that changes no shift, volunteer or time, why no rule is judged).
     */
    const PATHS: Record<string, string> = {
      'schedule/shift-assignments.service.ts': 'manual assignment, its moves and accepted proposals: assignmentVerdict',
      'schedule/import/schedule-import.service.ts': 'the CSV import: assignmentBreaks for each row (checkAssignmentRows)',
      'swap/swap-acceptance.service.ts': 'swaps, both modes and both sides: exchangeRefusal with both parties’ rules',
      'builder/schedule-builds.service.ts': 'a build’s apply and its undo: applyBreaks (the builder: buildSchedule)',
      'privacy/erasure.service.ts':
        'an erasure clears what is written about the person (accommodations, an exception’s reason); who works when stays',
    };

    it('finds no other code that writes shift assignments', () => {
      const root = join(dirname(fileURLToPath(import.meta.url)), '..');
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) {
            if (name !== 'testing') walk(path);
          } else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) files.push(path);
        }
      };
      walk(root);
      // A write naming the entity among its arguments (a repository's own writes name none: keep them to these files too), or raw SQL.
      const writes =
        /\b(save|insert|update|upsert|create|preload|merge|into|insertInChunks)\([^)]*?\bShiftAssignment\b|(INSERT\s+INTO|UPDATE|REPLACE\s+INTO)\s+[`"]?shift_assignments\b/i;
      const writers = files
        .filter((file) => writes.test(readFileSync(file, 'utf8')))
        .map((file) => relative(root, file).split('\\').join('/'));
      expect(writers.sort()).toEqual(Object.keys(PATHS).sort());
    });
  });
});
