import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  DEFAULT_TIMELINE,
  type EditionHistoryRow,
  type EditionSettings,
  type EditionView,
  type NextEditionProposal,
  emptyConfirmationForm,
} from '@svp/domain';
import type { CreatedUser } from '../testing/factories.js';
import { completeApplicationData, pdfBytes } from '../testing/fixtures.js';
import { uploadProof } from '../testing/uploads.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Next year on the same portal. The 2026 season: Ann, a confirmed student volunteer, worked
 * the morning at Registration (in 07:55, out 12:05: 4.17 h, rated 5, "Great with visitors"); Bo,
 * confirmed too, never came (a no-show); Tess leads the venue. Then the organisers start 2027.
 */
describe('editions: next year on the same portal', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let ann: CreatedUser;
  let bo: CreatedUser;
  let tess: CreatedUser;
  const ids: Record<string, number> = {};
  let started: EditionView & { venuesCopied: number };
  let next: NextEditionProposal;

  const adminGet = (path: string) => t.http().get(`/api/admin/${path}`).set('Authorization', t.factories.auth(admin.user));
  const adminSend = (method: 'post' | 'put', path: string, body: object) =>
    t.http()[method](`/api/admin/${path}`).set('Authorization', t.factories.auth(admin.user)).send(body);
  const listed = (path: string, filter: object = {}) => adminGet(path).query({ filter: JSON.stringify(filter) });
  const leaderData = (values: object) =>
    completeApplicationData({ teamLeaderEssay1: 'I want to help.', teamLeaderEssay2: 'I led a team.', ...values });
  const save = (who: CreatedUser, body: object) =>
    t.http().post('/api/application/save').set('Authorization', t.factories.auth(who.user)).send(body);

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-08-01T12:00:00.000Z' });
    admin = await t.factories.admin();
    tess = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    ann = await t.factories.applicant({ firstName: 'Ann', lastName: 'Able' });
    bo = await t.factories.applicant({ firstName: 'Bo', lastName: 'Brown' });
    const form = { ...emptyConfirmationForm(), inPerson: true, shirtSize: 'm', passportStatus: 'valid' };
    ids.annApplication = (await t.factories.application(ann.user, { status: 'confirmed', statusTag: 'SV', confirmation: form })).id;
    ids.boApplication = (await t.factories.application(bo.user, { status: 'confirmed', statusTag: 'SV', confirmation: form })).id;
    ids.venue = (
      await adminSend('post', 'venues', { name: 'Registration', location: 'West Lobby', teamLeaderIds: [tess.user.id] }).expect(201)
    ).body.id;
    ids.shift = (
      await adminSend('post', 'shifts', {
        venueId: ids.venue,
        startTime: '2026-08-10 08:00',
        endTime: '2026-08-10 12:00',
        role: 'Greeter',
        svSlots: 2,
      }).expect(201)
    ).body.id;
    for (const who of [ann, bo]) await adminSend('post', 'shift-assignments', { shiftId: ids.shift, volunteerId: who.user.id }).expect(201);
    const record = (at: string, values: object) => {
      t.clock.set(at);
      return t
        .http()
        .post('/api/schedule/pr')
        .set('Authorization', t.factories.auth(tess.user))
        .send({
          performance_records: [
            { shift_id: ids.shift, student_volunteer_id: ann.user.id, check_in: true, check_out: false, rating: 0, notes: '', ...values },
          ],
        })
        .expect(200);
    };
    await record('2026-08-10T14:55:00.000Z', {});
    await record('2026-08-10T19:05:00.000Z', { check_out: true, rating: 5, notes: 'Great with visitors' });
    t.clock.set('2026-09-01T12:00:00.000Z');
    next = (await adminGet('editions/next').expect(200)).body;
  });
  afterAll(() => t.close());

  describe('starting the next edition', () => {
    it('proposes the current settings in the same week of the next year, and the venues and shifts that can be copied', () => {
      expect(next.settings.timeline.applicationEndDate).toBe('2027-03-06T22:00:00.000Z');
      expect(next.settings.conference).toMatchObject({ name: 'SIGGRAPH 2027', startDate: '2027-08-14' });
      expect(next.venues).toBe(1);
      expect(next.shifts).toBe(1);
    });

    it('refuses dates out of order, naming the date', async () => {
      // The team-leader deadline after the application deadline: the later date is named.
      const refused = await adminSend('post', 'editions', {
        copyVenues: true,
        settings: { timeline: { ...next.settings.timeline, teamLeaderEndDate: '2027-03-15T00:00:00.000Z' } },
      }).expect(400);
      expect(Object.keys(refused.body.errors)).toEqual(['settings.timeline.applicationEndDate']);
      expect((await adminGet('editions').expect(200)).body).toHaveLength(1);
    });

    it('refuses an edition that is not a later year', async () => {
      const same = await adminSend('post', 'editions', { copyVenues: false, settings: { timeline: DEFAULT_TIMELINE } }).expect(409);
      expect(same.body.err).toBe('EDITION_EXISTS');
    });

    it('keeps volunteers and team leaders out', async () => {
      for (const who of [ann, tess]) {
        await t
          .http()
          .post('/api/admin/editions')
          .set('Authorization', t.factories.auth(who.user))
          .send({ copyVenues: true, settings: next.settings })
          .expect(403);
        await t.http().get('/api/admin/editions/next').set('Authorization', t.factories.auth(who.user)).expect(403);
      }
    });

    it('starts it with the edited settings: current at once, the venues copied without their team leaders', async () => {
      const settings: EditionSettings = { ...next.settings, conference: { ...next.settings.conference, city: 'Los Angeles' } };
      started = (await adminSend('post', 'editions', { copyVenues: true, settings }).expect(201)).body;
      expect(started).toMatchObject({ key: '2027', name: 'SIGGRAPH 2027', current: true, venuesCopied: 1, closedAt: null });
      const editions = (await adminGet('editions').expect(200)).body as EditionView[];
      expect(editions.map((e) => [e.key, e.current, e.closedAt !== null])).toEqual([
        ['2027', true, false],
        ['2026', false, true],
      ]);
      const publicSettings = (await t.http().get('/api/settings').expect(200)).body.data;
      expect(publicSettings.edition).toEqual({ id: started.id, key: '2027', name: 'SIGGRAPH 2027' });
      expect(publicSettings.conference.city).toBe('Los Angeles');
      expect(publicSettings.timeline.applicationEndDate).toBe('2027-03-06T22:00:00.000Z');
      const venues = (await listed('venues').expect(200)).body;
      expect(
        venues.map((v: { name: string; teamLeaderIds: number[]; id: number }) => [v.name, v.teamLeaderIds, v.id === ids.venue]),
      ).toEqual([['Registration', [], false]]);
      expect((await listed('shifts').expect(200)).body).toEqual([]);
    });
  });

  describe('the new edition starts fresh', () => {
    it('has no applications, assignments or jobs run yet; last year reads with the edition filter', async () => {
      expect((await listed('applications').expect(200)).body).toEqual([]);
      expect((await listed('applications', { edition: 1 }).expect(200)).body.map((a: { id: number }) => a.id).sort()).toEqual(
        [ids.annApplication, ids.boApplication].sort(),
      );
      expect((await listed('shift-assignments').expect(200)).body).toEqual([]);
      expect((await listed('shift-assignments', { edition: 1 }).expect(200)).body).toHaveLength(2);
      const jobs = (await adminGet('jobs').expect(200)).body as { job: string; runs?: unknown[]; latest?: unknown }[];
      expect(jobs.length).toBeGreaterThan(0);
      expect(JSON.stringify(jobs)).not.toContain('"2026"');
      await listed('applications', { edition: 999 }).expect(404);
    });

    it('shows last year’s volunteer no schedule and no application of this year', async () => {
      await t.http().get(`/api/schedule/${ann.user.id}`).set('Authorization', t.factories.auth(ann.user)).expect(403);
      await t.http().get(`/api/application/${ann.user.svid}`).set('Authorization', t.factories.auth(ann.user)).expect(404);
    });

    it('keeps last year’s records as they were: every write is refused with 409', async () => {
      const venue = await adminSend('put', `venues/${ids.venue}`, { name: 'Renamed' }).expect(409);
      expect(venue.body).toMatchObject({
        err: 'EDITION_READ_ONLY',
        message: 'SIGGRAPH 2026 is over and can only be read now. Switch to the current edition to change things.',
      });
      expect((await adminSend('put', `shifts/${ids.shift}`, { svSlots: 5 }).expect(409)).body.err).toBe('EDITION_READ_ONLY');
      expect((await adminSend('put', `applications/${ids.annApplication}`, { statusId: 4 }).expect(409)).body.err).toBe(
        'EDITION_READ_ONLY',
      );
      const bulk = (await adminSend('post', 'applications/status', { ids: [ids.boApplication], statusId: 4 }).expect(200)).body;
      expect(bulk.results[0]).toMatchObject({ outcome: 'refused', code: 'EDITION_READ_ONLY' });
      const assignments = (await listed('shift-assignments', { edition: 1 }).expect(200)).body as { id: number }[];
      expect(
        (
          await t
            .http()
            .delete(`/api/admin/shift-assignments/${assignments[0].id}`)
            .set('Authorization', t.factories.auth(admin.user))
            .expect(409)
        ).body.err,
      ).toBe('EDITION_READ_ONLY');
      // Nothing changed.
      expect((await adminGet(`venues/${ids.venue}`).expect(200)).body.name).toBe('Registration');
      expect((await listed('shift-assignments', { edition: 1 }).expect(200)).body).toHaveLength(2);
      const [bo2026] = (await listed('applications', { edition: 1, id: [ids.boApplication] }).expect(200)).body;
      expect(bo2026.status).toBe('Confirmed');
    });

    it('reads last year’s reports and settings', async () => {
      const report = (await listed('reports/volunteers', { edition: 1 }).expect(200)).body as {
        name: string;
        checkedInHours: number;
        noShows: number;
      }[];
      expect(report.find((r) => r.name === 'Ann Able')).toMatchObject({ checkedInHours: 4.17, noShows: 0 });
      expect(report.find((r) => r.name === 'Bo Brown')).toMatchObject({ checkedInHours: 0, noShows: 1 });
      expect(
        (await listed('reports/volunteers').expect(200)).body.find((r: { name: string }) => r.name === 'Ann Able')?.checkedInHours ?? 0,
      ).toBe(0);
    });
  });

  describe('returning applicants', () => {
    let cy: CreatedUser;
    let dee: CreatedUser;

    beforeAll(async () => {
      t.clock.set('2027-01-10T12:00:00.000Z');
      cy = await t.factories.applicant({ firstName: 'Cy', lastName: 'New' });
      dee = await t.factories.applicant({ firstName: 'Dee', lastName: 'Declared' });
      // This year's proof of enrollment: last year's stays with last year's application.
      for (const who of [ann, cy, dee])
        expect((await uploadProof(t, { ...who, auth: t.factories.auth(who.user) }, pdfBytes())).put?.status).toBe(200);
    });

    it('find their confirmed years on the portal, for the SIGGRAPH Experience tab', async () => {
      expect(
        (await t.http().get('/api/users/volunteer-history').set('Authorization', t.factories.auth(ann.user)).expect(200)).body.data,
      ).toEqual({ portalYears: [2026] });
      expect(
        (await t.http().get('/api/users/volunteer-history').set('Authorization', t.factories.auth(cy.user)).expect(200)).body.data,
      ).toEqual({ portalYears: [] });
      await t.http().get('/api/users/volunteer-history').expect(401);
    });

    it('start a fresh application with the same account', async () => {
      const saved = await save(ann, {
        data: leaderData({ haveVolunteered: true, yearsVolunteered: [2026] }),
        completed: true,
        team_leader: true,
      }).expect(200);
      expect(saved.body.data.completed).toBe(true);
      expect(saved.body.data.id).not.toBe(ids.annApplication);
    });

    it('need a year of prior SV experience to lead a team: on record, or declared and flagged', async () => {
      const refused = await save(cy, {
        data: leaderData({ haveAttended: true, haveVolunteered: false, yearsVolunteered: [] }),
        completed: true,
        team_leader: true,
      }).expect(400);
      expect(refused.body.data.errors.team_leader).toMatch(/^Team leaders need at least 1 year of prior SV experience\./);
      await save(cy, {
        data: completeApplicationData({ haveAttended: true, haveVolunteered: false, yearsVolunteered: [] }),
        completed: true,
        team_leader: false,
      }).expect(200);
      await save(dee, { data: leaderData({ haveVolunteered: true, yearsVolunteered: [2019] }), completed: true, team_leader: true }).expect(
        200,
      );

      const current = (await listed('applications', { teamLeader: true }).expect(200)).body as { id: number; firstName: string }[];
      const view = async (name: string) =>
        (await adminGet(`applications/${current.find((a) => a.firstName === name)!.id}`).expect(200)).body;
      expect((await view('Dee')).teamLeaderCheck).toEqual({
        eligible: true,
        flagged: true,
        reason: 'Volunteered in 2019 by their own account; the portal has no record of it.',
      });
      expect((await view('Ann')).teamLeaderCheck).toEqual({ eligible: true, flagged: false });
    });

    it('show the organisers their earlier editions on the application', async () => {
      const [mine] = (await listed('applications', { q: 'Ann' }).expect(200)).body;
      const detail = (await adminGet(`applications/${mine.id}`).expect(200)).body;
      expect(detail.editionHistory as EditionHistoryRow[]).toEqual([
        {
          editionId: 1,
          key: '2026',
          name: 'SIGGRAPH 2026',
          status: 'Confirmed',
          servedAs: 'SV',
          hoursWorked: 4.17,
          noShows: 0,
          averageRating: 5,
          notes: [{ shiftLabel: 'Greeter at Registration, Mon Aug 10th 08:00–12:00', note: 'Great with visitors' }],
        },
      ]);
      // The factories' addresses hold a timestamp in base 36, which may itself contain 'cy': the row is picked by name.
      const cyRow = ((await listed('applications', { q: 'Cy' }).expect(200)).body as { id: number; firstName: string }[]).find(
        (row) => row.firstName === 'Cy',
      )!;
      expect((await adminGet(`applications/${cyRow.id}`).expect(200)).body.editionHistory).toEqual([]);
    });

    it('export the earlier editions as columns when asked', async () => {
      const csv = (await adminGet('applications/export.csv').query({ history: 'true' }).expect(200)).text.replace(/^\uFEFF/, '');
      const [header, ...lines] = csv.trim().split(/\r?\n/);
      expect(header).toContain('Earlier Editions,Earlier Hours Worked,Earlier Average Rating,Earlier No-shows,TL Experience');
      expect(lines.find((l) => l.startsWith('Ann,'))).toMatch(/,2026,4\.17,5\.00,0,Portal$/);
      expect(lines.find((l) => l.startsWith('Dee,'))).toMatch(/,,0,,0,Declared only$/);
      expect(lines.find((l) => l.startsWith('Cy,'))).toMatch(/,,0,,0,None$/);
      expect((await adminGet('applications/export.csv').expect(200)).text).not.toContain('Earlier Editions');
    });

    it('compare this edition with the last', async () => {
      const comparison = (await adminGet('statistics/comparison').expect(200)).body;
      expect(comparison.current).toMatchObject({ key: '2027', started: 3, completed: 3, completion: 1, offered: 0, confirmed: 0 });
      expect(comparison.previous).toMatchObject({ key: '2026', started: 2, completed: 2, offered: 2, confirmed: 2 });
      expect(comparison.perDay.find((d: { day: string }) => d.day === '01-10')).toMatchObject({ started: 3, completed: 3 });
    });
  });
});
