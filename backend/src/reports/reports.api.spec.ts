import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { emptyConfirmationForm } from '@svp/domain';
import type { User } from '../users/user.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

/**
 * The week's reports, against figures worked out by hand. Shifts (Pacific): Registration 10 Aug 08:00–12:00
 * (2 places: Ann, Bo) and 13:00–17:00 (2 places, empty), 12 Aug 00:00–23:00 (1 place: Bo); Night Desk
 * 10 Aug 22:00–11 Aug 02:00 (1 place: Ann, across midnight) and 1 Nov 00:30–03:30 (2 places: Ann,
 * across the fall-back change: 4 h elapsed).
 */
describe('admin reports: hours, coverage and logistics', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let tess: CreatedUser;
  let cy: CreatedUser;
  let ann: CreatedUser;
  let bo: CreatedUser;
  let dee: CreatedUser;
  const ids: Record<string, number> = {};
  const venues: Record<string, number> = {};

  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
  const get = (path: string, user: User = admin.user) => t.http().get(`/api/admin/reports/${path}`).set('Authorization', auth(user));
  const list = (path: string, query: Record<string, unknown> = {}) =>
    get(path).query(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])));
  /** Saves one record at a given instant, as the team leader does on the day. */
  const saveAt = async (at: string, shift: string, volunteer: User, values: object) => {
    t.clock.set(at);
    await t
      .http()
      .post('/api/schedule/pr')
      .set('Authorization', auth(tess.user))
      .send({
        performance_records: [
          { shift_id: ids[shift], student_volunteer_id: volunteer.id, check_in: true, check_out: false, rating: 0, notes: '', ...values },
        ],
      })
      .expect(200);
  };
  const csvLines = (text: string) =>
    text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-08-07T12:00:00.000Z' });
    admin = await t.factories.admin();
    tess = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    await t.factories.application(tess.user, { status: 'confirmed' });
    const form = (values: object) => ({ ...emptyConfirmationForm(), emailConsent: true, photoConsent: true, ...values });
    cy = await t.factories.teamLeader({ firstName: 'Cy', lastName: 'Chief' });
    // A team leader's form counts whatever their application's status.
    await t.factories.application(cy.user, {
      status: 'pending',
      confirmation: form({ inPerson: true, shirtSize: 'xl', passportStatus: 'notNeeded' }),
    });
    ann = await t.factories.applicant({ firstName: 'Ann', lastName: 'Able' });
    await t.factories.application(ann.user, {
      status: 'confirmed',
      confirmation: form({
        inPerson: true,
        shirtSize: 'm',
        diet: true,
        dietRestrictions: 'Vegan',
        passportStatus: 'valid',
        wantsMembership: true,
        labs: true,
      }),
    });
    bo = await t.factories.applicant({ firstName: 'Bo', lastName: 'Brown' });
    await t.factories.application(bo.user, {
      status: 'confirmed',
      confirmation: form({
        inPerson: true,
        shirtSize: 'm',
        passportStatus: 'none',
        photoConsent: false,
        additionalInfo: 'Mornings only, please',
        preconfShifts: true,
        preconfStart: 'friday',
        preconfStartTime: '09:00',
      }),
    });
    dee = await t.factories.applicant({ firstName: 'Dee', lastName: 'Dorsey' });
    await t.factories.application(dee.user, {
      status: 'confirmed',
      confirmation: form({ inPerson: false, shirtSize: 'l', passportStatus: 'valid', artGallery: true, pavillion: true }),
    });
    // An offered place, not confirmed: in no report.
    const eve = await t.factories.applicant({ firstName: 'Eve', lastName: 'Offered' });
    await t.factories.application(eve.user, { status: 'offered', confirmation: form({ inPerson: true, shirtSize: 's' }) });

    venues.registration = (await adminPost('venues', { name: 'Registration', location: 'West Lobby', teamLeaderIds: [tess.user.id] })).id;
    venues.nightDesk = (await adminPost('venues', { name: 'Night Desk', location: 'East Lobby', teamLeaderIds: [tess.user.id] })).id;
    const shift = async (name: string, venue: string, startTime: string, endTime: string, svSlots: number, people: User[]) => {
      ids[name] = (await adminPost('shifts', { venueId: venues[venue], startTime, endTime, role: 'Greeter', svSlots })).id;
      for (const person of people) await adminPost('shift-assignments', { shiftId: ids[name], volunteerId: person.id });
    };
    await shift('regMorning', 'registration', '2026-08-10 08:00', '2026-08-10 12:00', 2, [ann.user, bo.user]);
    await shift('regAfternoon', 'registration', '2026-08-10 13:00', '2026-08-10 17:00', 2, []);
    await shift('marathon', 'registration', '2026-08-12 00:00', '2026-08-12 23:00', 1, [bo.user]);
    await shift('night', 'nightDesk', '2026-08-10 22:00', '2026-08-11 02:00', 1, [ann.user]);
    await shift('fallBack', 'nightDesk', '2026-11-01 00:30', '2026-11-01 03:30', 2, [ann.user]);

    // Ann: in 07:50, out 12:05 PDT (255 min), rated 5 with a note.
    await saveAt('2026-08-10T14:50:00.000Z', 'regMorning', ann.user, {});
    await saveAt('2026-08-10T19:05:00.000Z', 'regMorning', ann.user, { check_out: true, rating: 5, notes: 'Great with visitors' });
    // Ann: in 21:45 PDT, out 02:10 PDT the next day (265 min), rated 3.
    await saveAt('2026-08-11T04:45:00.000Z', 'night', ann.user, {});
    await saveAt('2026-08-11T09:10:00.000Z', 'night', ann.user, { check_out: true, rating: 3 });
    // Ann: in 00:30 PDT, out 03:30 PST on 1 November (240 min), not rated.
    await saveAt('2026-11-01T07:30:00.000Z', 'fallBack', ann.user, {});
    await saveAt('2026-11-01T11:30:00.000Z', 'fallBack', ann.user, { check_out: true });
    // Bo never checked in: two no-shows once both shifts have ended.
    t.clock.set('2026-11-02T12:00:00.000Z');
  });
  afterAll(() => t.close());

  describe('hours per volunteer', () => {
    it(
      'gives scheduled against checked-in hours, shifts, no-shows, ' + 'the average rating and the notes of each volunteer and team leader',
      async () => {
        const res = await list('volunteers').expect(200);
        expect(res.headers['content-range']).toBe('reports/volunteers 0-4/5');
        expect(res.body).toEqual([
          {
            id: ann.user.id,
            name: 'Ann Able',
            svid: ann.user.svid,
            role: 'SV',
            expectedHours: 25,
            // 4 + 4 + 4 (the fall-back night counts its 4 elapsed hours); 255 + 265 + 240 = 760 min.
            scheduledHours: 12,
            checkedInHours: 12.67,
            shifts: 3,
            noShows: 0,
            averageRating: 4,
            notes: [
              { shiftId: ids.regMorning, shiftLabel: 'Greeter at Registration, Mon Aug 10th 08:00–12:00', note: 'Great with visitors' },
            ],
          },
          {
            id: bo.user.id,
            name: 'Bo Brown',
            svid: bo.user.svid,
            role: 'SV',
            expectedHours: 25,
            scheduledHours: 27,
            checkedInHours: 0,
            shifts: 2,
            noShows: 2,
            averageRating: null,
            notes: [],
          },
          {
            id: cy.user.id,
            name: 'Cy Chief',
            svid: cy.user.svid,
            role: 'TL',
            expectedHours: 60,
            scheduledHours: 0,
            checkedInHours: 0,
            shifts: 0,
            noShows: 0,
            averageRating: null,
            notes: [],
          },
          {
            id: dee.user.id,
            name: 'Dee Dorsey',
            svid: dee.user.svid,
            role: 'SV',
            expectedHours: 25,
            scheduledHours: 0,
            checkedInHours: 0,
            shifts: 0,
            noShows: 0,
            averageRating: null,
            notes: [],
          },
          {
            id: tess.user.id,
            name: 'Tess Leader',
            svid: tess.user.svid,
            role: 'TL',
            expectedHours: 60,
            scheduledHours: 0,
            checkedInHours: 0,
            shifts: 0,
            noShows: 0,
            averageRating: null,
            notes: [],
          },
        ]);
      },
    );

    it('counts a shift not yet ended as no no-show', async () => {
      t.clock.set('2026-08-12T12:00:00.000Z');
      const rows = (await list('volunteers', { filter: { q: 'Brown' } }).expect(200)).body;
      expect(rows.map((r: { noShows: number }) => r.noShows)).toEqual([1]);
      t.clock.set('2026-11-02T12:00:00.000Z');
    });

    it('filters the volunteers under their expected hours, searches, sorts by hours and pages', async () => {
      expect((await list('volunteers', { filter: { underExpected: true } }).expect(200)).body.map((r: { name: string }) => r.name)).toEqual(
        ['Ann Able', 'Cy Chief', 'Dee Dorsey', 'Tess Leader'],
      );
      expect((await list('volunteers', { filter: { q: 'brown' } }).expect(200)).body.map((r: { name: string }) => r.name)).toEqual([
        'Bo Brown',
      ]);
      const sorted = await list('volunteers', { sort: ['scheduledHours', 'DESC'], range: [0, 1] }).expect(200);
      expect(sorted.body.map((r: { name: string }) => r.name)).toEqual(['Bo Brown', 'Ann Able']);
      expect(sorted.headers['content-range']).toBe('reports/volunteers 0-1/5');
      expect((await list('volunteers', { filter: { underExpected: 'maybe' } }).expect(400)).body.message).toBe(
        'filter.underExpected must be true or false',
      );
      await list('volunteers', { sort: ['password', 'ASC'] }).expect(400);
    });

    it('exports the same figures as CSV', async () => {
      const res = await get('volunteers.csv')
        .query({ filter: JSON.stringify({ underExpected: true }) })
        .expect(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="volunteer-hours.csv"');
      expect(res.text.startsWith('\uFEFF')).toBe(true);
      expect(csvLines(res.text)).toEqual([
        'Name,SV ID,Role,Expected Hours,Scheduled Hours,Checked-in Hours,Shifts,No-shows,Average Rating,Notes',
        `Ann Able,${ann.user.svid},Student Volunteer,25,12,12.67,3,0,4,` +
          '"Greeter at Registration, Mon Aug 10th 08:00–12:00: Great with visitors"',
        `Cy Chief,${cy.user.svid},Team Leader,60,0,0,0,0,,`,
        `Dee Dorsey,${dee.user.svid},Student Volunteer,25,0,0,0,0,,`,
        `Tess Leader,${tess.user.svid},Team Leader,60,0,0,0,0,,`,
      ]);
    });
  });

  describe('hours per venue and day', () => {
    it('gives places, filled places, planned and worked hours and coverage per venue and Pacific day', async () => {
      const res = await list('venues').expect(200);
      expect(res.headers['content-range']).toBe('reports/venues 0-3/4');
      const row = (venue: string, day: string, figures: object) => ({
        id: `${venues[venue]}:${day}`,
        venueId: venues[venue],
        day,
        ...figures,
      });
      expect(res.body).toEqual([
        // Counted on the day it starts; 265 min worked = 4.42 h.
        row('nightDesk', '2026-08-10', {
          venueName: 'Night Desk',
          slots: 1,
          filledSlots: 1,
          plannedHours: 4,
          workedHours: 4.42,
          coverage: 1,
        }),
        // Morning 4 h × 2 + afternoon 4 h × 0; Ann's 255 min.
        row('registration', '2026-08-10', {
          venueName: 'Registration',
          slots: 4,
          filledSlots: 2,
          plannedHours: 8,
          workedHours: 4.25,
          coverage: 0.5,
        }),
        row('registration', '2026-08-12', {
          venueName: 'Registration',
          slots: 1,
          filledSlots: 1,
          plannedHours: 23,
          workedHours: 0,
          coverage: 1,
        }),
        // 00:30 PDT to 03:30 PST: 4 h planned and worked.
        row('nightDesk', '2026-11-01', {
          venueName: 'Night Desk',
          slots: 2,
          filledSlots: 1,
          plannedHours: 4,
          workedHours: 4,
          coverage: 0.5,
        }),
      ]);
      expect((await list('venues', { filter: { venueId: venues.nightDesk } }).expect(200)).body.map((r: { day: string }) => r.day)).toEqual(
        ['2026-08-10', '2026-11-01'],
      );
      expect(
        (await list('venues', { sort: ['coverage', 'DESC'], range: [0, 0] }).expect(200)).body.map((r: { coverage: number }) => r.coverage),
      ).toEqual([1]);
    });

    it('exports them as CSV', async () => {
      const res = await get('venues.csv').expect(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="venue-coverage.csv"');
      expect(csvLines(res.text)).toEqual([
        'Venue,Day,Slots,Filled,Coverage %,Planned Hours,Worked Hours',
        'Night Desk,2026-08-10,1,1,100,4,4.42',
        'Registration,2026-08-10,4,2,50,8,4.25',
        'Registration,2026-08-12,1,1,100,23,0',
        'Night Desk,2026-11-01,2,1,50,4,4',
      ]);
    });
  });

  describe('logistics', () => {
    type Total = {
      key: string;
      label: string;
      count: number;
      people: { id: number; name: string; svid: string; email: string; detail: string }[];
    };

    it('counts the confirmation forms of confirmed volunteers and team leaders, two t-shirts per in-person volunteer', async () => {
      const res = await get('logistics').expect(200);
      expect(res.body).toMatchObject({ confirmed: 4, inPerson: 3 });
      const total = (key: string) => (res.body.totals as Total[]).find((t) => t.key === key)!;
      expect(total('shirt:m')).toEqual({
        key: 'shirt:m',
        label: 'T-shirts, size M',
        count: 4,
        people: [
          { id: ann.user.id, name: 'Ann Able', svid: ann.user.svid, email: ann.user.email, detail: 'M' },
          { id: bo.user.id, name: 'Bo Brown', svid: bo.user.svid, email: bo.user.email, detail: 'M' },
        ],
      });
      expect(total('shirt:xl').count).toBe(2);
      // Dee is not coming in person; Eve's place is only offered.
      expect([total('shirt:l').count, total('shirt:s').count]).toEqual([0, 0]);
      expect(total('diet').people.map((p) => [p.name, p.detail])).toEqual([['Ann Able', 'Vegan']]);
      expect(total('passport:valid').people.map((p) => p.name)).toEqual(['Ann Able', 'Dee Dorsey']);
      expect(total('passport:none').count).toBe(1);
      expect(total('passport:notNeeded').people.map((p) => p.name)).toEqual(['Cy Chief']);
      expect([total('emailConsent').count, total('photoConsent').count, total('membership').count]).toEqual([4, 3, 1]);
      expect(total('specialRequests').people.map((p) => [p.name, p.detail])).toEqual([['Bo Brown', 'Mornings only, please']]);
      expect(total('preconference').people.map((p) => p.name)).toEqual(['Bo Brown']);
      expect([total('artGallery').count, total('labs').count, total('pavillion').count]).toEqual([1, 1, 1]);
    });

    it('exports the totals, or the list behind one count, as CSV; an unknown key is refused (404)', async () => {
      const totals = csvLines((await get('logistics.csv').expect(200)).text);
      expect(totals[0]).toBe('Item,Count');
      expect(totals).toContain('"T-shirts, size M",4');
      expect(totals).toContain('Dietary restrictions,1');
      const shirts = await get('logistics.csv').query({ key: 'shirt:m' }).expect(200);
      expect(shirts.headers['content-disposition']).toBe('attachment; filename="logistics-shirt-m.csv"');
      expect(csvLines(shirts.text)).toEqual([
        'Name,SV ID,Email,Detail',
        `Ann Able,${ann.user.svid},${ann.user.email},M`,
        `Bo Brown,${bo.user.svid},${bo.user.email},M`,
      ]);
      const unknown = await get('logistics.csv').query({ key: 'shirt:huge' }).expect(404);
      expect(unknown.body.message).toBe('There is no logistics count "shirt:huge"; use a key from GET /api/admin/reports/logistics.');
    });
  });

  it('is for administrators only', async () => {
    for (const path of ['volunteers', 'volunteers.csv', 'venues', 'venues.csv', 'logistics', 'logistics.csv']) {
      await get(path, tess.user).expect(403);
      await get(path, ann.user).expect(403);
      await t.http().get(`/api/admin/reports/${path}`).expect(401);
    }
  });
});
