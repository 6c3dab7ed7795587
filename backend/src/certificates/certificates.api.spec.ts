import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import type { User } from '../users/user.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { pdfText } from '../testing/pdf-text.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { CertificateRenderer } from './certificate-renderer.js';

/** supertest's parser for a binary answer: the body as a Buffer. */
function binary(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * Certificates of service, in the default edition: SIGGRAPH 2026 in Vancouver, days of service
 * 8 to 13 August 2026 (Pacific). Worked time, checked in and out by the team leader at the server's
 * clock: Ann 07:50–12:05 on the 10th and 21:45–02:10 that night (255 + 265 min = 8.67 h); Cy, a team
 * leader, 08:00–12:00 on the 11th (4 h); Eve 08:00–10:00 on the 10th, then her place was declined; Bo
 * never checked in; Al has an application that was never confirmed.
 */
describe('certificates of service', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let tess: CreatedUser;
  let ann: CreatedUser;
  let bo: CreatedUser;
  let cy: CreatedUser;
  let eve: CreatedUser;
  let al: CreatedUser;
  const ids: Record<string, number> = {};

  const AFTER = '2026-08-20T12:00:00.000Z';
  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
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
  const get = (path: string, user: User | null) => {
    const call = t.http().get(path).buffer(true).parse(binary);
    return user ? call.set('Authorization', auth(user)) : call;
  };
  const errorOf = (res: Response) => JSON.parse((res.body as Buffer).toString('utf8'));
  const textOf = async (res: Response) => (await pdfText(new Uint8Array(res.body as Buffer))).pages.map((page) => page.replace(/\n/g, ' '));

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-08-07T12:00:00.000Z' });
    admin = await t.factories.admin({ firstName: 'Ada', lastName: 'Admin' });
    tess = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    ann = await t.factories.applicant({ firstName: 'Ann', lastName: 'Able' });
    bo = await t.factories.applicant({ firstName: 'Bo', lastName: 'Brown' });
    cy = await t.factories.teamLeader({ firstName: 'Cy', lastName: 'Chief' });
    eve = await t.factories.applicant({ firstName: 'Eve', lastName: 'Early' });
    al = await t.factories.applicant({ firstName: 'Al', lastName: 'Applicant' });
    for (const who of [tess, ann, bo, cy, eve]) await t.factories.application(who.user, { status: 'confirmed' });
    await t.factories.application(al.user);

    // Both team leaders lead it: team leaders work at the venues they lead.
    const venueId = (await adminPost('venues', { name: 'Registration', location: 'West Lobby', teamLeaderIds: [tess.user.id, cy.user.id] }))
      .id;
    const shift = async (name: string, startTime: string, endTime: string, people: User[]) => {
      ids[name] = (await adminPost('shifts', { venueId, startTime, endTime, role: 'Greeter', svSlots: 4 })).id;
      for (const person of people) await adminPost('shift-assignments', { shiftId: ids[name], volunteerId: person.id });
    };
    await shift('morning', '2026-08-10 08:00', '2026-08-10 12:00', [ann.user, bo.user, eve.user]);
    await shift('night', '2026-08-10 22:00', '2026-08-11 02:00', [ann.user]);
    await shift('cyMorning', '2026-08-11 08:00', '2026-08-11 12:00', [cy.user]);

    await saveAt('2026-08-10T14:50:00.000Z', 'morning', ann.user, {});
    await saveAt('2026-08-10T15:00:00.000Z', 'morning', eve.user, {});
    await saveAt('2026-08-10T17:00:00.000Z', 'morning', eve.user, { check_out: true });
    await saveAt('2026-08-10T19:05:00.000Z', 'morning', ann.user, { check_out: true });
    await saveAt('2026-08-11T04:45:00.000Z', 'night', ann.user, {});
    await saveAt('2026-08-11T09:10:00.000Z', 'night', ann.user, { check_out: true });
    await saveAt('2026-08-11T15:00:00.000Z', 'cyMorning', cy.user, {});
    await saveAt('2026-08-11T19:00:00.000Z', 'cyMorning', cy.user, { check_out: true });
    // Eve's place is declined after she worked: no certificate for her.
    await t.dataSource.query("UPDATE applications SET status = 'declined' WHERE user_id = ?", [eve.user.id]);
    t.clock.set(AFTER);
  });
  afterAll(() => t.close());

  describe('the gate', () => {
    it('refuses every certificate until the last day of the conference is over (409), then gives them from midnight Pacific', async () => {
      // 23:59:59 on Thursday 13 August, Pacific daylight time.
      t.clock.set('2026-08-14T06:59:59.000Z');
      try {
        const own = await get('/api/certificate', ann.user).expect(409);
        expect(errorOf(own)).toEqual({
          success: false,
          data: {
            err: 'CERTIFICATE_NOT_YET',
            message: 'Certificates of service can be downloaded from 14 August 2026, once the conference is over.',
          },
        });
        expect(errorOf(await get('/api/admin/certificates.pdf', admin.user).expect(409))).toMatchObject({ err: 'CERTIFICATE_NOT_YET' });
        expect(errorOf(await get(`/api/admin/certificates/${ann.user.id}.pdf`, admin.user).expect(409))).toMatchObject({
          err: 'CERTIFICATE_NOT_YET',
        });
        const status = await t.http().get('/api/certificate/status').set('Authorization', auth(ann.user)).expect(200);
        expect(status.body.data).toEqual({
          available: false,
          refusal: 'not-yet',
          message: 'Certificates of service can be downloaded from 14 August 2026, once the conference is over.',
          opensAt: '2026-08-14T07:00:00.000Z',
          workedHours: 8.67,
          fileName: 'siggraph-2026-certificate-of-service.pdf',
        });
        t.clock.set('2026-08-14T07:00:00.000Z');
        await get('/api/certificate', ann.user).expect(200);
      } finally {
        t.clock.set(AFTER);
      }
    });
  });

  describe("a volunteer's own certificate", () => {
    it('is a PDF download naming the volunteer, the edition and the hours the volunteer report gives', async () => {
      const res = await get('/api/certificate', ann.user).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="siggraph-2026-certificate-of-service.pdf"');
      expect(res.headers['cache-control']).toBe('no-store');
      expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
      const report = await t
        .http()
        .get('/api/admin/reports/volunteers')
        .query({ filter: JSON.stringify({ q: 'Ann Able' }) })
        .set('Authorization', auth(admin.user))
        .expect(200);
      expect(report.body[0].checkedInHours).toBe(8.67);
      const [page, ...more] = await textOf(res);
      expect(more).toEqual([]);
      expect(page).toContain('SIGGRAPH 2026 · Vancouver');
      expect(page).toContain('Certificate of Service');
      expect(page).toContain('This certifies that Ann Able');
      expect(page).toContain(`SV ID ${ann.user.svid}`);
      expect(page).toContain(
        'served as a Student Volunteer at SIGGRAPH 2026, held in Vancouver from 8 to 13 August 2026, and worked 8.67 hours',
      );
      expect(page).toContain('The SIGGRAPH 2026 Student Volunteer Program');
      expect(page).toContain('Issued on 20 August 2026');
    });

    it('says a team leader served as one, with the hours of the shifts they worked', async () => {
      const page = (await textOf(await get('/api/certificate', cy.user).expect(200)))[0]!;
      expect(page).toContain('This certifies that Cy Chief');
      expect(page).toContain(
        'served as a Team Leader of the Student Volunteers at SIGGRAPH 2026, held in Vancouver from 8 to 13 August 2026, ' +
          'and worked 4 hours',
      );
    });

    it('is refused, saying why, without worked hours or without a confirmed place (404)', async () => {
      const noHours = errorOf(await get('/api/certificate', bo.user).expect(404));
      expect(noHours.data.err).toBe('NO_CERTIFICATE');
      expect(noHours.data.message).toMatch(/^There are no worked hours on record for you, so there is no certificate of service to make\./);
      // Eve worked, but her place is no longer confirmed; Al never had one; Tess leads but worked no shift.
      expect(errorOf(await get('/api/certificate', eve.user).expect(404)).data).toEqual({
        err: 'NO_CERTIFICATE',
        message: 'A certificate of service is for confirmed volunteers and team leaders.',
      });
      expect(errorOf(await get('/api/certificate', al.user).expect(404)).data.message).toBe(
        'A certificate of service is for confirmed volunteers and team leaders.',
      );
      expect(errorOf(await get('/api/certificate', tess.user).expect(404)).data.err).toBe('NO_CERTIFICATE');
      await get('/api/certificate', null).expect(401);
    });

    it('has a status the dashboard reads: available, or why not', async () => {
      const status = async (user: User) =>
        (await t.http().get('/api/certificate/status').set('Authorization', auth(user)).expect(200)).body.data;
      expect(await status(ann.user)).toMatchObject({ available: true, refusal: null, message: null, workedHours: 8.67 });
      expect(await status(bo.user)).toMatchObject({ available: false, refusal: 'no-hours', workedHours: 0 });
      expect(await status(eve.user)).toMatchObject({ available: false, refusal: 'no-place', workedHours: 2 });
      expect(await status(al.user)).toMatchObject({ available: false, refusal: 'no-place' });
      await t.http().get('/api/certificate/status').expect(401);
    });

    it("cannot be had for someone else: only administrators reach another person's certificate", async () => {
      for (const user of [ann.user, bo.user, tess.user]) {
        expect(errorOf(await get(`/api/admin/certificates/${cy.user.id}.pdf`, user).expect(403)).err).toBe('FORBIDDEN');
        await get('/api/admin/certificates.pdf', user).expect(403);
      }
      await get(`/api/admin/certificates/${cy.user.id}.pdf`, null).expect(401);
      // The own certificate is the caller's, whoever else is asked about.
      const page = (await textOf(await get(`/api/certificate?userId=${cy.user.id}`, ann.user).expect(200)))[0]!;
      expect(page).toContain('Ann Able');
      expect(page).not.toContain('Cy Chief');
    });
  });

  describe('for administrators', () => {
    it('gives every certificate in one PDF: a page per confirmed volunteer or team leader who worked, by name', async () => {
      const res = await get('/api/admin/certificates.pdf', admin.user).expect(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe('attachment; filename="siggraph-2026-certificates-of-service.pdf"');
      const pages = await textOf(res);
      expect(pages).toHaveLength(2);
      expect(pages[0]).toContain('This certifies that Ann Able');
      expect(pages[0]).toContain('worked 8.67 hours');
      expect(pages[1]).toContain('This certifies that Cy Chief');
      expect(pages[1]).toContain('worked 4 hours');
      // As many pages as the volunteer report has people with checked-in hours and a place (Eve's was declined).
      const report = (await t.http().get('/api/admin/reports/volunteers').set('Authorization', auth(admin.user)).expect(200)).body as {
        name: string;
        checkedInHours: number;
      }[];
      expect(report.filter((row) => row.checkedInHours > 0).map((row) => row.name)).toEqual(['Ann Able', 'Cy Chief', 'Eve Early']);
    });

    it("gives one volunteer's certificate, and says why a volunteer has none", async () => {
      const res = await get(`/api/admin/certificates/${ann.user.id}.pdf`, admin.user).expect(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="siggraph-2026-certificate-of-service-${ann.user.svid}.pdf"`);
      expect((await textOf(res))[0]).toContain('This certifies that Ann Able');
      expect(errorOf(await get(`/api/admin/certificates/${bo.user.id}.pdf`, admin.user).expect(404))).toEqual({
        err: 'NO_CERTIFICATE',
        message: 'Bo Brown has no worked hours on record, so there is no certificate of service to make.',
      });
      expect(errorOf(await get(`/api/admin/certificates/${eve.user.id}.pdf`, admin.user).expect(404))).toEqual({
        err: 'NO_CERTIFICATE',
        message: 'Eve Early is not a confirmed volunteer or team leader, so there is no certificate of service to make.',
      });
      expect(errorOf(await get('/api/admin/certificates/99999.pdf', admin.user).expect(404))).toEqual({
        err: 'NOT_FOUND',
        message: 'There is no user with id 99999.',
      });
      expect(errorOf(await get('/api/admin/certificates/ann.pdf', admin.user).expect(400)).errors).toEqual({
        userId: 'userId must be a whole number',
      });
    });
  });

  describe('names in every script, drawn once until the hours change', () => {
    let devi: CreatedUser;
    const workShift = async (name: string, day: string, fromUtc: string, toUtc: string) => {
      const venueId = (await t.http().get('/api/admin/venues').set('Authorization', auth(admin.user)).expect(200)).body[0].id;
      ids[name] = (
        await adminPost('shifts', { venueId, startTime: `${day} 08:00`, endTime: `${day} 12:00`, role: 'Greeter', svSlots: 4 })
      ).id;
      await adminPost('shift-assignments', { shiftId: ids[name], volunteerId: devi.user.id });
      await saveAt(fromUtc, name, devi.user, {});
      await saveAt(toUtc, name, devi.user, { check_out: true });
      t.clock.set(AFTER);
    };
    // pdftotext (poppler) reads the text as a reader copying it would: the PDF's own reading order.
    const pdftotext = (res: Response) =>
      execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: res.body as Buffer, encoding: 'utf8' });

    beforeAll(async () => {
      devi = await t.factories.applicant({ firstName: 'देवी', lastName: 'शर्मा' });
      await t.factories.application(devi.user, { status: 'confirmed' });
      t.clock.set('2026-08-12T14:00:00.000Z');
      await workShift('deviMorning', '2026-08-12', '2026-08-12T15:00:00.000Z', '2026-08-12T17:00:00.000Z');
    });

    it('draws a Devanagari name, in the own certificate and in the batch, as written', async () => {
      const own = await get('/api/certificate', devi.user).expect(200);
      expect(pdftotext(own)).toContain('देवी शर्मा');
      expect(own.headers['x-certificate-fallbacks']).toBeUndefined();
      const batch = pdftotext(await get('/api/admin/certificates.pdf', admin.user).expect(200));
      expect(batch).toContain('देवी शर्मा');
      expect(batch).toContain('Ann Able');
    });

    it('keeps a drawn certificate and draws it again only when what it says changes', async () => {
      const renderer = t.app.get(CertificateRenderer);
      const first = await get('/api/certificate', devi.user).expect(200);
      const drawn = renderer.drawn;
      const again = await Promise.all([1, 2, 3].map(() => get('/api/certificate', devi.user).expect(200)));
      expect(renderer.drawn).toBe(drawn);
      for (const res of again) expect(Buffer.compare(res.body as Buffer, first.body as Buffer)).toBe(0);
      expect(pdftotext(first)).toContain('worked 2 hours');

      // Another shift worked: the hours change, so the certificate is drawn again.
      t.clock.set('2026-08-13T14:00:00.000Z');
      await workShift('deviSecond', '2026-08-13', '2026-08-13T15:00:00.000Z', '2026-08-13T16:00:00.000Z');
      const after = await get('/api/certificate', devi.user).expect(200);
      expect(renderer.drawn).toBe(drawn + 1);
      expect(pdftotext(after)).toContain('worked 3 hours');
    });
  });
});

describe('certificate downloads are limited per person', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('answers 429 with Retry-After past CERTIFICATE_RATE_LIMIT downloads a minute, counted per account', async () => {
    t = await createTestApp({ now: '2026-08-20T12:00:00.000Z', env: { CERTIFICATE_RATE_LIMIT: '3' } });
    const volunteer = await t.factories.applicant({ firstName: 'Vi', lastName: 'Volunteer' });
    const other = await t.factories.applicant({ firstName: 'Oz', lastName: 'Other' });
    const call = (user: User) => t.http().get('/api/certificate').set('Authorization', t.factories.auth(user));
    // Eight at once from one volunteer: three are answered (404: no hours), the rest refused.
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(volunteer.user)));
    expect(answers.map((res) => res.status).sort()).toEqual([404, 404, 404, 429, 429, 429, 429, 429]);
    const refused = answers.find((res) => res.status === 429)!;
    expect(refused.body.data).toEqual({
      err: 'TOO_MANY_REQUESTS',
      message: 'Too many certificate downloads. Please wait a minute and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else is not held up by it.
    await call(other.user).expect(404);
  });
});
