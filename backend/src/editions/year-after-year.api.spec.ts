import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type AdminShift, type EditionSettings, type NextEditionProposal, formatWeekdayDay } from '@svp/domain';
import type { CreatedUser } from '../testing/factories.js';
import { completeApplicationData, pdfBytes } from '../testing/fixtures.js';
import { uploadProof } from '../testing/uploads.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * Two seasons on one portal, rolled over from the form. In 2026 Tess and Uma lead Registration, whose
 * plan has a Friday pre-conference shift and a Monday shift; Ann served, with her proof of enrollment.
 * Then the organisers start 2027: its dates keep their weekdays, its texts and links are 2027's, Tess
 * keeps her role and Uma does not, the plan is copied with its dates moved, last year's files and team
 * leaders stay with last year, and Ann's new application starts from what she wrote in 2026.
 */
describe('year after year: the next edition carries over what would be typed again', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let tess: CreatedUser;
  let uma: CreatedUser;
  let ann: CreatedUser;
  let next: NextEditionProposal;
  const ids: Record<string, number> = {};

  const auth = (who: CreatedUser) => t.factories.auth(who.user);
  const adminGet = (path: string) => t.http().get(`/api/admin/${path}`).set('Authorization', auth(admin));
  const adminSend = (method: 'post' | 'put', path: string, body: object) =>
    t.http()[method](`/api/admin/${path}`).set('Authorization', auth(admin)).send(body);
  const listed = (path: string, filter: object = {}) => adminGet(path).query({ filter: JSON.stringify(filter) });
  const start = (body: object) => adminSend('post', 'editions', { copyVenues: true, settings: next.settings, ...body });

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-01-15T12:00:00.000Z' });
    admin = await t.factories.admin();
    tess = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    uma = await t.factories.teamLeader({ firstName: 'Uma', lastName: 'Other' });
    ann = await t.factories.applicant({ firstName: 'Ann', lastName: 'Able' });
    expect((await uploadProof(t, { ...ann, auth: auth(ann) }, pdfBytes())).put?.status).toBe(200);
    const data = completeApplicationData({ schoolName: 'Emily Carr University', expectedGraduationYear: 2028, yearsVolunteered: [] });
    ids.annApplication = (await t.factories.application(ann.user, { status: 'confirmed', statusTag: 'SV', data })).id;
    t.clock.set('2026-08-01T12:00:00.000Z');
    ids.venue = (
      await adminSend('post', 'venues', {
        name: 'Registration',
        location: 'West Lobby',
        teamLeaderIds: [tess.user.id, uma.user.id],
      }).expect(201)
    ).body.id;
    const shift = (startTime: string, endTime: string, extra: object = {}) =>
      adminSend('post', 'shifts', { venueId: ids.venue, startTime, endTime, role: 'Greeter', svSlots: 2, ...extra }).expect(201);
    ids.friday = (await shift('2026-08-07 09:00', '2026-08-07 13:00', { reportTo: 'SV Office', requires: 'experienced' })).body.id;
    ids.monday = (await shift('2026-08-10 08:00', '2026-08-10 12:00', { svSlots: 3, special: 'Bring a jacket' })).body.id;
    await adminSend('post', 'shift-assignments', { shiftId: ids.monday, volunteerId: ann.user.id }).expect(201);
    // Tess checks Ann in and out of the Monday shift (08:00–12:00 Pacific): a certificate of service for 2026.
    const record = async (at: string, values: object) => {
      t.clock.set(at);
      await t
        .http()
        .post('/api/schedule/pr')
        .set('Authorization', auth(tess))
        .send({
          performance_records: [
            { shift_id: ids.monday, student_volunteer_id: ann.user.id, check_in: true, check_out: false, rating: 0, notes: '', ...values },
          ],
        })
        .expect(200);
    };
    await record('2026-08-10T14:55:00.000Z', {});
    await record('2026-08-10T19:00:00.000Z', { check_out: true });
    t.clock.set('2026-09-01T12:00:00.000Z');
    next = (await adminGet('editions/next').expect(200)).body;
  });
  afterAll(() => t.close());

  describe('the proposal', () => {
    it('moves every date to the same week of the next year, each keeping its weekday', async () => {
      expect(next.movedDays).toBe(371);
      expect(next.settings.conference).toMatchObject({ firstShiftDay: '2027-08-13', startDate: '2027-08-14', endDate: '2027-08-19' });
      expect(formatWeekdayDay(next.settings.conference.firstShiftDay)).toBe('Friday 13 August');
      const current = (await adminGet('settings').expect(200)).body as EditionSettings;
      for (const key of Object.keys(current.timeline) as (keyof EditionSettings['timeline'])[]) {
        expect([key, new Date(next.settings.timeline[key]).getUTCDay()]).toEqual([key, new Date(current.timeline[key]).getUTCDay()]);
      }
    });

    it('moves every date with the first day the organisers pick instead', async () => {
      const picked = (await adminGet('editions/next').query({ startDate: '2027-07-31' }).expect(200)).body as NextEditionProposal;
      expect(picked.movedDays).toBe(357);
      expect(picked.settings.conference).toMatchObject({ firstShiftDay: '2027-07-30', startDate: '2027-07-31', endDate: '2027-08-05' });
      expect(picked.settings.timeline.applicationEndDate).toBe('2027-02-20T22:00:00.000Z');
      const refused = await adminGet('editions/next').query({ startDate: '2027-02-30' }).expect(400);
      expect(refused.body.errors).toEqual({ startDate: 'startDate must be a real day written YYYY-MM-DD, e.g. 2027-08-14' });
    });

    it('carries the edition’s texts and links for the new year, and lists what can be copied and who leads now', () => {
      expect(next.settings.mailingListUrl).toBe('https://s2027.siggraph.org/program/student-volunteers/');
      expect(next.settings.programmeUrl).toBe('https://s2027.siggraph.org/program/student-volunteers/');
      expect(next.settings.resultTexts).toEqual({
        teamLeaderResults: 'mid-February 2027',
        studentVolunteerResults: 'late May 2027',
        thankYouTeamLeaderResults: 'February 2027',
        thankYouStudentVolunteerResults: 'May 2027',
        confirmBy: 'late June',
      });
      expect(next).toMatchObject({ venues: 1, shifts: 2 });
      expect(next.teamLeaders).toEqual([
        { id: tess.user.id, name: 'Tess Leader', email: tess.user.email },
        { id: uma.user.id, name: 'Uma Other', email: uma.user.email },
      ]);
    });
  });

  describe('texts that contradict the timeline', () => {
    it('are refused on the settings, naming the rule; texts derived from the dates follow them when they move', async () => {
      const refused = await adminSend('put', 'settings', { resultTexts: { studentVolunteerResults: 'late April 2026' } }).expect(400);
      expect(refused.body.errors).toEqual({
        'resultTexts.studentVolunteerResults':
          '“late April 2026” names April 2026, but decisions are released on 21 May 2026 at 19:00 UTC: this text may only name May 2026.',
      });
      const current = (await adminGet('settings').expect(200)).body as EditionSettings;
      const moved = await adminSend('put', 'settings', {
        ...current,
        timeline: { ...current.timeline, acceptanceDate: '2026-06-02T19:00:00.000Z', confirmationDeadline: '2026-07-08T06:59:00.000Z' },
      }).expect(200);
      expect(moved.body.resultTexts).toMatchObject({ studentVolunteerResults: 'early June 2026', confirmBy: 'early July' });
      await adminSend('put', 'settings', current).expect(200);
    });

    it('are refused on the next edition’s form too', async () => {
      const refused = await start({
        settings: { ...next.settings, resultTexts: { ...next.settings.resultTexts, confirmBy: 'late April' } },
      }).expect(400);
      expect(Object.keys(refused.body.errors)).toEqual(['settings.resultTexts.confirmBy']);
      expect(refused.body.errors['settings.resultTexts.confirmBy']).toMatch(/confirmation deadline, 23 June 2027 at 06:59 UTC/);
    });
  });

  describe('every refusal of the start names its rule', () => {
    it('a deadline after the current one but in the same calendar year', async () => {
      const timeline = { ...next.settings.timeline };
      // Every date before 31 December 2026: the application deadline is later than this edition's, in the same year.
      Object.assign(timeline, {
        applicationLaunchDate: '2026-09-02T08:00:00.000Z',
        teamLeaderEndDate: '2026-10-01T22:00:00.000Z',
        applicationEndDate: '2026-11-15T22:00:00.000Z',
        referencesDeadline: '2026-12-01T17:00:00.000Z',
        juryReleaseDate: '2026-11-20T17:00:00.000Z',
        juryDeadline: '2026-12-10T06:59:00.000Z',
        acceptanceDate: '2026-12-12T19:00:00.000Z',
        confirmationDeadline: '2026-12-20T06:59:00.000Z',
        schedulesReleaseDate: '2026-12-28T22:00:00.000Z',
      });
      const refused = await start({ settings: { timeline } }).expect(409);
      expect(refused.body).toMatchObject({
        err: 'EDITION_EXISTS',
        message:
          'An edition is known by the year of its application deadline, and each new one must fall in a later calendar year than ' +
          "the current edition's (2026): the application deadline 15 November 2026 at 22:00 UTC falls in 2026. Move it into 2027 or later.",
      });
      expect(Object.keys(refused.body.errors)).toEqual(['settings.timeline.applicationEndDate']);
    });

    it('shifts without their venues, and a team leader who is not one', async () => {
      const shifts = await start({ copyVenues: false, copyShifts: true }).expect(400);
      expect(shifts.body.errors).toEqual({
        copyShifts: 'Shifts are copied with their venues: tick “Copy the venues” too, or leave the shifts behind.',
      });
      const keep = await start({ keepTeamLeaders: [tess.user.id, ann.user.id] }).expect(400);
      expect(keep.body.errors).toEqual({
        keepTeamLeaders:
          "Only the current edition's team leaders can keep the role in the next one, and Ann Able is not a team leader now.",
      });
      expect((await adminGet('editions').expect(200)).body).toHaveLength(1);
    });
  });

  describe('starting 2027 with the plan copied and Tess kept', () => {
    let started: { id: number; key: string; venuesCopied: number; shiftsCopied: number; teamLeadersKept: number };

    beforeAll(async () => {
      started = (await start({ copyShifts: true, keepTeamLeaders: [tess.user.id] }).expect(201)).body;
    });

    it('answers what it copied and kept', () => {
      expect(started).toMatchObject({ key: '2027', venuesCopied: 1, shiftsCopied: 2, teamLeadersKept: 1 });
    });

    it('copies every shift with its venue, slots, role and requirement, moved to the new dates; never an assignment', async () => {
      const shifts = (await listed('shifts').expect(200)).body as AdminShift[];
      const [venue] = (await listed('venues').expect(200)).body as { id: number; name: string; teamLeaderIds: number[] }[];
      expect(venue).toMatchObject({ name: 'Registration', teamLeaderIds: [tess.user.id] });
      expect(venue!.id).not.toBe(ids.venue);
      expect(
        shifts.map((s) => [s.venueId, s.day, s.startTime, s.endTime, s.role, s.reportTo, s.special, s.svSlots, s.requires, s.assigned]),
      ).toEqual([
        [venue!.id, '2027-08-13', '2027-08-13 09:00', '2027-08-13 13:00', 'Greeter', 'SV Office', '', 2, 'experienced', 0],
        [venue!.id, '2027-08-16', '2027-08-16 08:00', '2027-08-16 12:00', 'Greeter', '', 'Bring a jacket', 3, 'none', 0],
      ]);
      expect(formatWeekdayDay(shifts[1]!.day)).toBe('Monday 16 August');
      expect((await listed('shift-assignments').expect(200)).body).toEqual([]);
      // Last year's plan is as it was.
      expect(((await listed('shifts', { edition: 1 }).expect(200)).body as AdminShift[]).map((s) => s.startTime)).toEqual([
        '2026-08-07 09:00',
        '2026-08-10 08:00',
      ]);
    });

    it('gives the team-leader role only to those chosen; last year keeps its team leaders', async () => {
      expect((await adminGet(`users/${tess.user.id}`).expect(200)).body.role).toBe('Team-Leader');
      expect((await adminGet(`users/${uma.user.id}`).expect(200)).body.role).toBe('Student-Volunteer');
      const preview = (await t.http().get('/api/jury/preview').set('Authorization', auth(admin)).expect(200)).body.data;
      expect(preview.teamLeaders).toBe(1);
      // Uma's token still names her role: she is refused a team leader's page at once.
      await t.http().get(`/api/schedule/tl/${uma.user.id}`).set('Authorization', auth(uma)).expect(403);
      const report = (await listed('reports/volunteers', { edition: 1 }).expect(200)).body as { name: string; role: string }[];
      expect(report.filter((row) => row.role === 'TL').map((row) => row.name)).toEqual(['Tess Leader', 'Uma Other']);
      const jury = (await t.http().get('/api/jury/statistics').query({ edition: 1 }).set('Authorization', auth(admin)).expect(200)).body
        .data;
      expect(jury.overall.teamLeaders).toBe(2);
      expect((await listed('reports/volunteers').expect(200)).body.map((row: { name: string }) => row.name)).toEqual(['Tess Leader']);
    });

    it('keeps last year’s proofs of enrollment readable by administrators in that edition', async () => {
      const view = (await adminGet(`applications/${ids.annApplication}`).expect(200)).body;
      expect(view.application.data.proofOfEnrollment).toMatchObject({
        name: `${ann.user.svid}.pdf`,
        url: `/api/files/${ann.user.svid}?edition=1`,
      });
      const file = (await t.http().get(`/api/files/${ann.user.svid}?edition=1`).set('Authorization', auth(admin)).expect(200)).body.data;
      expect(file).toMatchObject({ type: 'application/pdf', size: pdfBytes().length });
      expect(Buffer.from(file.dataURL.split(',')[1], 'base64').equals(pdfBytes())).toBe(true);
      // This edition has none yet; last year's is not hers to read any more, nor anyone else's.
      await t.http().get(`/api/files/${ann.user.svid}`).set('Authorization', auth(admin)).expect(404);
      expect(
        (await t.http().get(`/api/files/${ann.user.svid}?edition=1`).set('Authorization', auth(ann)).expect(403)).body.data.message,
      ).toBe("An earlier edition's files are read by administrators only; yours for this edition is read without `edition`.");
      await t.http().get(`/api/files/${ann.user.svid}?edition=999`).set('Authorization', auth(admin)).expect(404);
    });

    it('keeps last year’s certificates of service readable by administrators in that edition', async () => {
      const pdf = (path: string) =>
        t
          .http()
          .get(path)
          .set('Authorization', auth(admin))
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          });
      const lastYear = await pdf(`/api/admin/certificates/${ann.user.id}.pdf?edition=1`).expect(200);
      expect(lastYear.headers['content-type']).toContain('application/pdf');
      expect((lastYear.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      expect((await pdf('/api/admin/certificates.pdf?edition=1').expect(200)).headers['content-type']).toContain('application/pdf');
      // 2027's conference has not happened: nobody has a certificate of it yet.
      expect(JSON.parse((await pdf(`/api/admin/certificates/${ann.user.id}.pdf`).expect(409)).body.toString()).err).toBe(
        'CERTIFICATE_NOT_YET',
      );
    });

    it('starts a returning applicant’s new application from last year’s school, graduation, referees and experience', async () => {
      t.clock.set('2026-12-10T12:00:00.000Z');
      const saved = (
        await t
          .http()
          .post('/api/application/save')
          .set('Authorization', auth(ann))
          .send({ data: { step: 0 }, completed: false })
          .expect(200)
      ).body.data;
      const last = completeApplicationData({ schoolName: 'Emily Carr University', expectedGraduationYear: 2028 });
      expect(saved.data).toMatchObject({
        schoolName: 'Emily Carr University',
        schoolCountry: last.schoolCountry,
        expectedGraduationYear: 2028,
        firstReferenceEmail: last.firstReferenceEmail,
        secondReferenceEmail: last.secondReferenceEmail,
        essay1: '',
        acceptedTerms: false,
      });
      expect(saved.carried_over).toEqual({ key: '2026', name: 'SIGGRAPH 2026' });
      expect(saved.id).not.toBe(ids.annApplication);
      // What she changes is hers; last year's application is as it was.
      const again = (
        await t
          .http()
          .post('/api/application/save')
          .set('Authorization', auth(ann))
          .send({ data: { schoolName: 'UBC' }, completed: false, updated_at: saved.updated_at })
          .expect(200)
      ).body.data;
      expect(again).toMatchObject({ data: { schoolName: 'UBC' }, carried_over: { key: '2026' } });
      expect((await adminGet(`applications/${ids.annApplication}`).expect(200)).body.application.data.schoolName).toBe(
        'Emily Carr University',
      );
    });
  });
});
