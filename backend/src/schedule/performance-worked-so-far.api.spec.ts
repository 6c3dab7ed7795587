import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Response } from 'supertest';
import type { User } from '../users/user.entity.js';
import type { CreatedUser } from '../testing/factories.js';
import { pdfText } from '../testing/pdf-text.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { PerformanceRecord } from './performance-record.entity.js';

/** supertest's parser for a binary answer: the body as a Buffer. */
function binary(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * Worked time counts only what has happened. Records whose times lie ahead of the server's clock can
 * no longer be saved, but some were stored before that was refused: at 4:01 PM a team leader entered
 * 4:35 PM to 8:30 PM for a shift starting at 4:30 PM. The shift page, both reports and the
 * certificate count such a record up to now, and all of it once it has passed.
 */
describe('worked time counts only what has happened', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let tess: CreatedUser;
  let walt: CreatedUser;
  const ids: Record<string, number> = {};

  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
  const adminGet = async (path: string, filter: object = {}) =>
    (
      await t
        .http()
        .get(`/api/admin/${path}`)
        .query({ filter: JSON.stringify(filter) })
        .set('Authorization', auth(admin.user))
        .expect(200)
    ).body;
  /** What every reader says of Walt's worked time now: the shift page (minutes), both reports and the certificate's status (hours). */
  const workedNow = async (shift: string, day: string) => {
    const detail = (await t.http().get(`/api/schedule/shift/${ids[shift]}`).set('Authorization', auth(tess.user)).expect(200)).body.data;
    const [row] = await adminGet('reports/volunteers', { q: 'Walt Worker' });
    const [venueDay] = await adminGet('reports/venues', { day });
    const status = (await t.http().get('/api/certificate/status').set('Authorization', auth(walt.user)).expect(200)).body.data;
    return {
      shiftPage: detail.shift.studentVolunteers[0].performance_record.worked_minutes,
      volunteerReport: row.checkedInHours,
      venueReport: venueDay.workedHours,
      certificate: status.workedHours,
    };
  };
  /** A record as one was stored before times later than now were refused. */
  const storedEarlier = (shift: string, checkInAt: string, checkOutAt: string) =>
    t.dataSource.getRepository(PerformanceRecord).save({
      shiftId: ids[shift],
      volunteerId: walt.user.id,
      checkIn: true,
      checkOut: true,
      checkInAt: new Date(checkInAt),
      checkInBy: tess.user.id,
      checkOutAt: new Date(checkOutAt),
      checkOutBy: tess.user.id,
      timeNote: 'Times from the paper roster',
      rating: 0,
      notes: null,
      version: 1,
      updatedAt: t.clock.now(),
      updatedBy: tess.user.id,
    });

  beforeAll(async () => {
    t = await createTestApp({ now: '2026-08-12T16:00:00.000Z' });
    admin = await t.factories.admin();
    tess = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    walt = await t.factories.applicant({ firstName: 'Walt', lastName: 'Worker' });
    await t.factories.application(walt.user, { status: 'confirmed' });
    const venueId = (await adminPost('venues', { name: 'Registration', location: 'West Lobby', teamLeaderIds: [tess.user.id] })).id;
    const shift = async (name: string, startTime: string, endTime: string) => {
      ids[name] = (await adminPost('shifts', { venueId, startTime, endTime, role: 'Greeter', svSlots: 2 })).id;
      await adminPost('shift-assignments', { shiftId: ids[name], volunteerId: walt.user.id });
    };
    // 16:30–20:30 PDT on Wednesday the 12th; 20:00–23:30 PDT on Thursday the 13th, the conference's last day.
    await shift('evening', '2026-08-12 16:30', '2026-08-12 20:30');
    await shift('lastNight', '2026-08-13 20:00', '2026-08-13 23:30');
  });
  afterAll(() => t.close());

  it('on the shift page, in the volunteer and venue reports and in the certificate: nothing ahead of now, all once past', async () => {
    // 4:01 PM: 4:35 PM to 8:30 PM has not begun.
    t.clock.set('2026-08-12T23:01:00.000Z');
    await storedEarlier('evening', '2026-08-12T23:35:00.000Z', '2026-08-13T03:30:00.000Z');
    expect(await workedNow('evening', '2026-08-12')).toEqual({ shiftPage: 0, volunteerReport: 0, venueReport: 0, certificate: 0 });
    // 6:35 PM: two hours of it have happened.
    t.clock.set('2026-08-13T01:35:00.000Z');
    expect(await workedNow('evening', '2026-08-12')).toEqual({ shiftPage: 120, volunteerReport: 2, venueReport: 2, certificate: 2 });
    // Past 8:30 PM: 3 h 55 min.
    t.clock.set('2026-08-13T04:00:00.000Z');
    expect(await workedNow('evening', '2026-08-12')).toEqual({
      shiftPage: 235,
      volunteerReport: 3.92,
      venueReport: 3.92,
      certificate: 3.92,
    });
  });

  it('prints on the certificate only the hours worked by the time it is made', async () => {
    // On the last night a check-out of 11:00 AM the next morning was stored (within the shift's day + 12 h).
    t.clock.set('2026-08-14T02:00:00.000Z');
    await storedEarlier('lastNight', '2026-08-14T03:00:00.000Z', '2026-08-14T18:00:00.000Z');
    // 1:00 AM on the 14th, certificates open: 8:00 PM to 1:00 AM has happened (5 h), with the 3.92 h of the 12th.
    t.clock.set('2026-08-14T08:00:00.000Z');
    const res = await t
      .http()
      .get(`/api/admin/certificates/${walt.user.id}.pdf`)
      .set('Authorization', auth(admin.user))
      .buffer(true)
      .parse(binary)
      .expect(200);
    const [page] = (await pdfText(new Uint8Array(res.body as Buffer))).pages.map((text) => text.replace(/\s+/g, ' '));
    expect(page).toContain('worked 8.92 hours, as recorded at the check-in and check-out of each shift.');
    expect((await workedNow('lastNight', '2026-08-13')).shiftPage).toBe(300);
  });
});
