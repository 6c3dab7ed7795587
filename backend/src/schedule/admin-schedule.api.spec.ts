import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedUser } from '../testing/factories.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

describe('admin resources: /api/admin/venues, /api/admin/shifts, /api/admin/shift-assignments', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let teamLeader: CreatedUser;
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-07-01T12:00:00.000Z' });
    admin = await t.factories.admin();
    teamLeader = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
  });
  afterAll(() => t.close());

  const post = (path: string, body: object, auth = admin.auth) => t.http().post(`/api/admin/${path}`).set('Authorization', auth).send(body);
  const put = (path: string, body: object, auth = admin.auth) => t.http().put(`/api/admin/${path}`).set('Authorization', auth).send(body);
  const get = (path: string, auth = admin.auth) => t.http().get(`/api/admin/${path}`).set('Authorization', auth);
  const del = (path: string, auth = admin.auth) => t.http().delete(`/api/admin/${path}`).set('Authorization', auth);

  async function confirmedVolunteer(name = 'Vera') {
    const volunteer = await t.factories.applicant({ firstName: name, lastName: 'Volunteer' });
    await t.factories.application(volunteer.user, { status: 'confirmed' });
    return volunteer;
  }
  async function venue(name = 'Room 1') {
    return (await post('venues', { name, location: 'West Building', teamLeaderIds: [teamLeader.user.id] }).expect(201)).body;
  }
  async function shift(venueId: number, startTime: string, endTime: string, svSlots = 2) {
    return (await post('shifts', { venueId, startTime, endTime, role: 'Greeter', svSlots }).expect(201)).body;
  }
  const assign = (shiftId: number, volunteerId: number) => post('shift-assignments', { shiftId, volunteerId });

  describe('venues', () => {
    it('creates, lists with Content-Range, reads, updates and audits a venue with its team leaders', async () => {
      const created = await venue('Emerging Technologies');
      expect(created).toMatchObject({ name: 'Emerging Technologies', location: 'West Building', teamLeaderIds: [teamLeader.user.id] });
      const list = await get(
        `venues?filter=${encodeURIComponent(JSON.stringify({ q: 'emerging' }))}&range=[0,9]&sort=["name","ASC"]`,
      ).expect(200);
      expect(list.headers['content-range']).toBe('venues 0-0/1');
      expect(list.body.map((v: { id: number }) => v.id)).toEqual([created.id]);
      const updated = await put(`venues/${created.id}`, { location: 'East Building', teamLeaderIds: [] }).expect(200);
      expect(updated.body).toMatchObject({ location: 'East Building', teamLeaderIds: [] });
      expect((await get(`venues/${created.id}`).expect(200)).body.location).toBe('East Building');
      const audit = await t.dataSource.query("SELECT action FROM audit_log WHERE entity = 'venue' AND entity_id = ? ORDER BY id", [
        String(created.id),
      ]);
      expect(audit.map((a: { action: string }) => a.action)).toEqual(['venue.create', 'venue.update']);
    });

    it('refuses a huge or unsafe range with 400 naming range (was 500), and still serves pages far past the end', async () => {
      for (const range of [
        '[100000000000000000000,100000000000000000009]',
        '[9007199254740993,9007199254740999]',
        '[0,1e400]',
        '[1000000001,1000000002]',
      ]) {
        const res = await get(`venues?range=${encodeURIComponent(range)}`).expect(400);
        expect([range, res.body.errors]).toEqual([
          range,
          { range: 'range must be [first, last]: whole numbers from 0 to 1000000000, first not after last' },
        ]);
      }
      const far = await get(`venues?range=${encodeURIComponent('[999999990,1000000000]')}`).expect(200);
      expect(far.body).toEqual([]);
    });

    it('takes only Team-Leader users as team leaders, and refuses unknown fields', async () => {
      const volunteer = await t.factories.applicant();
      const res = await post('venues', { name: 'Room 2', teamLeaderIds: [volunteer.user.id] }).expect(400);
      expect(res.body.errors.teamLeaderIds).toContain(String(volunteer.user.id));
      await post('venues', { name: 'Room 2', capacity: 3 }).expect(400);
      await post('venues', { name: '' }).expect(400);
    });

    it('clears a location sent as null (a cleared field of the panel) and refuses a null name, naming it (400, was 500)', async () => {
      const created = await venue('Null Room');
      expect((await put(`venues/${created.id}`, { location: null }).expect(200)).body.location).toBe('');
      const refused = await put(`venues/${created.id}`, { name: null, preference: null }).expect(400);
      expect(refused.body.errors).toEqual({
        name: 'name cannot be null: send a value, or leave name out to keep it as it is',
        preference: 'preference cannot be null: send a value, or leave preference out to keep it as it is',
      });
      expect((await get(`venues/${created.id}`).expect(200)).body).toMatchObject({ name: 'Null Room', location: '' });
    });

    it('keeps a venue that still has shifts (409) and deletes an empty one', async () => {
      const busy = await venue('Busy Room');
      await shift(busy.id, '2026-08-10 08:00', '2026-08-10 12:00');
      expect((await del(`venues/${busy.id}`).expect(409)).body.message).toBe('This venue still has 1 shift; delete or move them first.');
      const empty = await venue('Empty Room');
      expect((await del(`venues/${empty.id}`).expect(200)).body.id).toBe(empty.id);
      await get(`venues/${empty.id}`).expect(404);
    });
  });

  describe('shifts', () => {
    it('stores Pacific local times as instants and the Pacific day, also for a shift past midnight', async () => {
      const room = await venue();
      const night = await shift(room.id, '2026-08-10 22:00', '2026-08-11 02:00');
      expect(night).toMatchObject({
        day: '2026-08-10',
        startTime: '2026-08-10 22:00',
        endTime: '2026-08-11 02:00',
        startsAt: '2026-08-11T05:00:00.000Z',
        endsAt: '2026-08-11T09:00:00.000Z',
        svSlots: 2,
        swappable: true,
        assigned: 0,
      });
      const winter = await shift(room.id, '2026-11-01 00:00', '2026-11-01 04:00');
      expect(winter).toMatchObject({ startsAt: '2026-11-01T07:00:00.000Z', endsAt: '2026-11-01T12:00:00.000Z' });
      const list = await get(`shifts?filter=${encodeURIComponent(JSON.stringify({ venueId: room.id, day: '2026-08-10' }))}`).expect(200);
      expect(list.body.map((s: { id: number }) => s.id)).toEqual([night.id]);
      expect(list.headers['content-range']).toBe('shifts 0-0/1');
    });

    it('refuses times that do not exist, end before start, or a missing venue (400)', async () => {
      const room = await venue();
      const skipped = await post('shifts', {
        venueId: room.id,
        startTime: '2026-03-08 02:30',
        endTime: '2026-03-08 05:00',
        role: 'Greeter',
        svSlots: 1,
      }).expect(400);
      expect(skipped.body.errors.startTime).toMatch(/not a time that exists in Pacific time/);
      const backwards = await post('shifts', {
        venueId: room.id,
        startTime: '2026-08-10 12:00',
        endTime: '2026-08-10 08:00',
        role: 'Greeter',
        svSlots: 1,
      }).expect(400);
      expect(backwards.body.message).toBe('A shift must end after it starts.');
      await post('shifts', {
        venueId: room.id,
        startTime: '2026-08-10T08:00',
        endTime: '2026-08-10 12:00',
        role: 'Greeter',
        svSlots: 1,
      }).expect(400);
      await post('shifts', {
        venueId: 999999,
        startTime: '2026-08-10 08:00',
        endTime: '2026-08-10 12:00',
        role: 'Greeter',
        svSlots: 1,
      }).expect(400);
    });

    it('checks each field an update sends as on creation, and changes only those fields (400 otherwise)', async () => {
      const room = await venue('Room U');
      const created = await shift(room.id, '2026-08-11 08:00', '2026-08-11 12:00');
      const refused = await put(`shifts/${created.id}`, { svSlots: -1, role: '   ', endTime: 'noon', extra: 1 }).expect(400);
      expect(Object.keys(refused.body.errors).sort()).toEqual(['endTime', 'extra', 'role', 'svSlots']);
      const updated = await put(`shifts/${created.id}`, { role: '  Usher ', svSlots: 3 }).expect(200);
      expect(updated.body).toMatchObject({ role: 'Usher', svSlots: 3, startTime: '2026-08-11 08:00', endTime: '2026-08-11 12:00' });
    });

    it('refuses a null venue, role or switch, naming each (400, was 500), and clears a null "report to"', async () => {
      const room = await venue('Room N');
      const created = await shift(room.id, '2026-08-12 08:00', '2026-08-12 12:00');
      const refused = await put(`shifts/${created.id}`, { venueId: null, role: null, swappable: null, requires: null }).expect(400);
      expect(refused.body.errors).toEqual({
        venueId: 'venueId must be a venue id',
        role: 'role must be text',
        swappable: 'swappable cannot be null: send a value, or leave swappable out to keep it as it is',
        requires: 'requires cannot be null: send a value, or leave requires out to keep it as it is',
      });
      expect((await put(`shifts/${created.id}`, { reportTo: null }).expect(200)).body).toMatchObject({
        venueId: room.id,
        role: 'Greeter',
        reportTo: '',
      });
    });
  });

  describe('assignment rules', () => {
    it('assigns a confirmed volunteer with their notes, and audits it', async () => {
      const room = await venue();
      const morning = await shift(room.id, '2026-08-10 08:00', '2026-08-10 12:00');
      const vera = await confirmedVolunteer();
      const res = await post('shift-assignments', {
        shiftId: morning.id,
        volunteerId: vera.user.id,
        accommodations: 'Needs a chair',
        endBackToBack: 'Room 2',
      }).expect(201);
      expect(res.body).toMatchObject({
        shiftId: morning.id,
        volunteerId: vera.user.id,
        volunteerName: 'Vera Volunteer',
        accommodations: 'Needs a chair',
        endBackToBack: 'Room 2',
        startBackToBack: '',
      });
      expect((await get(`shifts/${morning.id}`).expect(200)).body.assigned).toBe(1);
      const audit = await t.dataSource.query("SELECT actor_id FROM audit_log WHERE action = 'shift-assignment.create' AND entity_id = ?", [
        String(res.body.id),
      ]);
      expect(audit).toEqual([{ actor_id: admin.user.id }]);
    });

    it('refuses volunteers whose place is not confirmed (409)', async () => {
      const room = await venue();
      const morning = await shift(room.id, '2026-08-10 08:00', '2026-08-10 12:00');
      for (const status of ['pending', 'offered', 'declined'] as const) {
        const applicant = await t.factories.applicant({ firstName: 'Otto', lastName: status });
        await t.factories.application(applicant.user, { status });
        const res = await assign(morning.id, applicant.user.id).expect(409);
        expect(res.body).toMatchObject({
          message: `Otto ${status} cannot be given shifts: only volunteers with a confirmed place can be assigned.`,
        });
      }
      const noApplication = await t.factories.applicant();
      await assign(morning.id, noApplication.user.id).expect(409);
      await assign(morning.id, 999999).expect(400);
    });

    it('refuses a second shift that overlaps, and allows back-to-back ones (409)', async () => {
      const room = await venue('Overlap Room');
      const morning = await shift(room.id, '2026-08-10 08:00', '2026-08-10 12:00');
      const noon = await shift(room.id, '2026-08-10 11:00', '2026-08-10 14:00');
      const afternoon = await shift(room.id, '2026-08-10 12:00', '2026-08-10 16:00');
      const vera = await confirmedVolunteer();
      await assign(morning.id, vera.user.id).expect(201);
      const clash = await assign(noon.id, vera.user.id).expect(409);
      expect(clash.body.message).toBe(
        'Vera Volunteer already works Greeter at Overlap Room on Mon Aug 10th, 08:00–12:00, which overlaps this shift.',
      );
      await assign(afternoon.id, vera.user.id).expect(201);
      expect((await assign(morning.id, vera.user.id).expect(409)).body.message).toBe('Vera Volunteer is already assigned to this shift.');
    });

    it('refuses more volunteers than sv_slots (409) and svSlots below the assigned count', async () => {
      const room = await venue();
      const small = await shift(room.id, '2026-08-12 08:00', '2026-08-12 12:00', 2);
      const [a, b, c] = [await confirmedVolunteer('A'), await confirmedVolunteer('B'), await confirmedVolunteer('C')];
      await assign(small.id, a.user.id).expect(201);
      await assign(small.id, b.user.id).expect(201);
      const full = await assign(small.id, c.user.id).expect(409);
      expect(full.body.message).toBe('This shift is full: all 2 volunteer places are taken.');
      const lower = await put(`shifts/${small.id}`, { svSlots: 1 }).expect(409);
      expect(lower.body.message).toMatch(/2 volunteers are assigned/);
      await put(`shifts/${small.id}`, { svSlots: 3 }).expect(200);
      await assign(small.id, c.user.id).expect(201);
    });

    it('moves a shift only where its volunteers are free, and moves an assignment under the same rules', async () => {
      const room = await venue();
      const first = await shift(room.id, '2026-08-13 08:00', '2026-08-13 10:00');
      const second = await shift(room.id, '2026-08-13 10:00', '2026-08-13 12:00');
      const third = await shift(room.id, '2026-08-13 14:00', '2026-08-13 16:00', 1);
      const vera = await confirmedVolunteer();
      await assign(first.id, vera.user.id).expect(201);
      const held = (await assign(second.id, vera.user.id).expect(201)).body;
      const moved = await put(`shifts/${second.id}`, { startTime: '2026-08-13 09:00' }).expect(409);
      expect(moved.body.message).toMatch(/overlaps this shift/);
      expect(
        (await put(`shifts/${second.id}`, { startTime: '2026-08-13 10:30', special: 'Bring a badge' }).expect(200)).body,
      ).toMatchObject({
        startTime: '2026-08-13 10:30',
        special: 'Bring a badge',
      });
      // Moving her second assignment to the third shift frees the second one.
      expect((await put(`shift-assignments/${held.id}`, { shiftId: third.id }).expect(200)).body.shiftId).toBe(third.id);
      const other = await confirmedVolunteer('Olga');
      await assign(third.id, other.user.id).expect(409);
      await put(`shift-assignments/${held.id}`, { accommodations: 'Quiet place' }).expect(200);
      await del(`shift-assignments/${held.id}`).expect(200);
      await assign(third.id, other.user.id).expect(201);
    });

    it('holds under concurrent requests: one last place, one of two overlapping shifts', async () => {
      const room = await venue();
      const last = await shift(room.id, '2026-08-15 08:00', '2026-08-15 12:00', 1);
      const volunteers = await Promise.all([1, 2, 3, 4, 5].map((i) => confirmedVolunteer(`Racer${i}`)));
      const racing = await Promise.all(volunteers.map((v) => assign(last.id, v.user.id)));
      expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
      const early = await shift(room.id, '2026-08-16 08:00', '2026-08-16 12:00');
      const late = await shift(room.id, '2026-08-16 10:00', '2026-08-16 14:00');
      const vera = await confirmedVolunteer();
      const both = await Promise.all([assign(early.id, vera.user.id), assign(late.id, vera.user.id)]);
      expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    });

    it('lists assignments by shift, and deleting a shift takes its assignments along', async () => {
      const room = await venue();
      const gone = await shift(room.id, '2026-08-14 08:00', '2026-08-14 10:00');
      const vera = await confirmedVolunteer();
      await assign(gone.id, vera.user.id).expect(201);
      const list = await get(`shift-assignments?filter=${encodeURIComponent(JSON.stringify({ shiftId: gone.id }))}`).expect(200);
      expect(list.body).toHaveLength(1);
      expect(list.headers['content-range']).toBe('shift-assignments 0-0/1');
      await del(`shifts/${gone.id}`).expect(200);
      const after = await get(`shift-assignments?filter=${encodeURIComponent(JSON.stringify({ shiftId: gone.id }))}`).expect(200);
      expect(after.body).toEqual([]);
    });
  });

  it('admits administrators only: 401 anonymous, 403 team leaders and volunteers', async () => {
    const volunteer = await confirmedVolunteer();
    for (const path of ['venues', 'shifts', 'shift-assignments']) {
      await t.http().get(`/api/admin/${path}`).expect(401);
      await t.http().post(`/api/admin/${path}`).send({}).expect(401);
      await t.http().put(`/api/admin/${path}/1`).send({}).expect(401);
      await t.http().delete(`/api/admin/${path}/1`).expect(401);
      await get(path, teamLeader.auth).expect(403);
      await post(path, {}, volunteer.auth).expect(403);
      await del(`${path}/1`, teamLeader.auth).expect(403);
    }
  });
});
