import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import ical, { type VEvent } from 'node-ical';
import { DEFAULT_CONFERENCE } from '@svp/domain';
import type { User } from '../../users/user.entity.js';
import type { CreatedUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { CALENDAR_MESSAGES } from './calendar-feeds.service.js';

const CREATED_AT = '2026-07-01T12:00:00.000Z';
const BEFORE_RELEASE = '2026-08-05T21:59:00.000Z';
const AFTER_RELEASE = '2026-08-06T12:00:00.000Z';

interface ShiftAnswer {
  id: number;
  starts_at: string;
  ends_at: string;
}

describe('calendar feeds: /api/schedule/{id}/calendar-feed and /api/schedule/{id}/calendar.ics', () => {
  let t: TestApp;
  let admin: CreatedUser;
  let leader: CreatedUser;
  let otherLeader: CreatedUser;
  let vera: CreatedUser;
  let walt: CreatedUser;
  let pending: CreatedUser;
  const ids: Record<string, number> = {};

  const auth = (user: User) => t.factories.auth(user);
  const adminPost = async (path: string, body: object) =>
    (await t.http().post(`/api/admin/${path}`).set('Authorization', auth(admin.user)).send(body).expect(201)).body;
  const feedRoute = (user: User) => `/api/schedule/${user.id}/calendar-feed`;
  const subscribe = async (user: User) =>
    (await t.http().post(feedRoute(user)).set('Authorization', auth(user)).expect(201)).body.data as {
      url: string;
      webcal_url: string;
      created_at: string;
    };
  /** The link's path and query, as a calendar app would request it (PUBLIC_URL is this server). */
  const open = (url: string) => t.http().get(url.slice(t.config.publicUrl.length));
  const events = (text: string) => Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
  /** An event's start and end instants. */
  const span = (event: VEvent) => ({ start: event.start.toISOString(), end: event.end!.toISOString() });
  const uid = (name: string) => `shift-${ids[name]}@localhost`;
  const scheduleIds = async (path: string, user: User) =>
    ((await t.http().get(`/api/schedule/${path}`).set('Authorization', auth(user)).expect(200)).body.data.shifts as ShiftAnswer[]).map(
      (s) => s.id,
    );

  beforeAll(async () => {
    t = await createTestApp({ now: CREATED_AT });
    admin = await t.factories.admin();
    leader = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
    await t.factories.application(leader.user, { status: 'confirmed', teamLeader: true });
    otherLeader = await t.factories.teamLeader({ firstName: 'Theo', lastName: 'Other' });
    vera = await t.factories.applicant({ firstName: 'Vera', lastName: 'Volunteer' });
    await t.factories.application(vera.user, { status: 'confirmed' });
    walt = await t.factories.applicant({ firstName: 'Walt', lastName: 'Worker' });
    await t.factories.application(walt.user, { status: 'confirmed' });
    pending = await t.factories.applicant();
    await t.factories.application(pending.user, { status: 'offered' });

    const room = await adminPost('venues', { name: 'Computer Animation History', location: 'West 301', teamLeaderIds: [leader.user.id] });
    const hall = await adminPost('venues', { name: 'Exhibit Hall', location: 'East Hall A', teamLeaderIds: [otherLeader.user.id] });
    const fair = await adminPost('venues', { name: 'Job Fair', location: 'West Hall B', teamLeaderIds: [otherLeader.user.id] });
    const placeholder = await adminPost('venues', { name: 'Placeholder', location: '', teamLeaderIds: [leader.user.id] });
    const shift = async (name: string, venueId: number, startTime: string, endTime: string, extra: object = {}) => {
      ids[name] = (
        await adminPost('shifts', {
          venueId,
          startTime,
          endTime,
          role: 'Greeter',
          reportTo: 'Tess',
          description: `The ${name} shift`,
          svSlots: 3,
          ...extra,
        })
      ).id;
    };
    await shift('night', room.id, '2026-08-09 22:00', '2026-08-10 01:00');
    await shift('morning', hall.id, '2026-08-10 08:00', '2026-08-10 12:00', { special: 'Wear the blue shirt, and bring water; thanks' });
    await shift('afternoon', room.id, '2026-08-10 13:00', '2026-08-10 17:00');
    await shift('jobFair', fair.id, '2026-08-11 10:00', '2026-08-11 12:00', { role: 'Job Fair', reportTo: '' });
    await shift('lunch', hall.id, '2026-08-12 12:00', '2026-08-12 13:00', { role: 'Chapters Lunch', description: null });
    await shift('fallBack', room.id, '2026-11-01 00:00', '2026-11-01 03:00');
    await shift('hidden', placeholder.id, '2026-08-13 08:00', '2026-08-13 18:00');
    for (const name of ['night', 'morning', 'jobFair', 'lunch', 'fallBack', 'hidden'])
      await adminPost('shift-assignments', { shiftId: ids[name], volunteerId: vera.user.id });
    await adminPost('shift-assignments', { shiftId: ids.afternoon, volunteerId: walt.user.id });
    // Tess leads the History room and also works a shift in the Exhibit Hall (an organiser's exception: she does not lead it).
    await adminPost('shift-assignments', { shiftId: ids.morning, volunteerId: leader.user.id, exceptionReason: 'Covers the Exhibit Hall' });
  });
  afterAll(() => t.close());

  describe("a volunteer's feed", () => {
    it('is opened by the personal link alone, with the headers a calendar app and a browser download expect', async () => {
      t.clock.set(AFTER_RELEASE);
      const link = await subscribe(vera.user);
      expect(link.url).toMatch(new RegExp(`^http://localhost:3000/api/schedule/${vera.user.id}/calendar\\.ics\\?token=[A-Za-z0-9_-]{43}$`));
      expect(link.webcal_url).toBe(link.url.replace('http://', 'webcal://'));
      expect(link.created_at).toBe(AFTER_RELEASE);

      const res = await open(link.url).expect(200);
      expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="sv-shifts-${vera.user.svid}.ics"`);
      expect(res.headers['cache-control']).toBe('private, max-age=300');
      expect(res.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
      expect(res.text).toContain(`X-WR-CALNAME:${DEFAULT_CONFERENCE.name} shifts — Vera\r\n`);
    });

    it("holds the same shifts as the volunteer's schedule, each at its real start and end in America/Los_Angeles", async () => {
      t.clock.set(AFTER_RELEASE);
      const link = await subscribe(vera.user);
      const feed = events((await open(link.url).expect(200)).text);
      const schedule = (await t.http().get(`/api/schedule/${vera.user.id}`).set('Authorization', auth(vera.user)).expect(200)).body.data
        .shifts as ShiftAnswer[];
      expect(feed.map((e) => e.uid)).toEqual(schedule.map((s) => `shift-${s.id}@localhost`));
      expect(feed.map((e) => e.uid)).toEqual([uid('night'), uid('morning'), uid('jobFair'), uid('lunch'), uid('fallBack')]);
      for (const [event, shift] of feed.map((e, i) => [e, schedule[i]!] as const)) {
        expect(span(event)).toEqual({ start: shift.starts_at, end: shift.ends_at });
      }
    });

    it(
      'writes each start and end as an instant in UTC: a summer (PDT) shift, a night across midnight, ' +
        'and a night across the 2026-11-01 fall-back',
      async () => {
        t.clock.set(AFTER_RELEASE);
        const text = (await open((await subscribe(vera.user)).url).expect(200)).text;
        const byUid = new Map(events(text).map((e) => [e.uid, e]));
        expect(span(byUid.get(uid('morning'))!)).toEqual({
          start: '2026-08-10T15:00:00.000Z',
          end: '2026-08-10T19:00:00.000Z',
        });
        expect(span(byUid.get(uid('night'))!)).toEqual({
          start: '2026-08-10T05:00:00.000Z',
          end: '2026-08-10T08:00:00.000Z',
        });
        // 00:00 PDT to 03:00 PST: four hours, the 01:00 hour happens twice.
        expect(span(byUid.get(uid('fallBack'))!)).toEqual({
          start: '2026-11-01T07:00:00.000Z',
          end: '2026-11-01T11:00:00.000Z',
        });
        expect(text).toContain('DTSTART:20260810T150000Z\r\n');
        expect(text).toContain('DTSTART:20260810T050000Z\r\nDTEND:20260810T080000Z\r\n');
        expect(text).toContain('DTSTART:20261101T070000Z\r\nDTEND:20261101T110000Z\r\n');
        // Every event time is in UTC: no wall-clock time is left for a reader to place in a zone.
        expect(text).not.toMatch(/^(DTSTART|DTEND)(?!:\d{8}T\d{6}Z$)/m);
      },
    );

    it("names no time zone, and carries UTC stamps and each shift's SEQUENCE", async () => {
      t.clock.set(AFTER_RELEASE);
      const text = (await open((await subscribe(vera.user)).url).expect(200)).text;
      expect(text).not.toMatch(/TZID|VTIMEZONE/);
      // No shift has moved yet.
      expect(text.match(/^SEQUENCE:.*$/gm)).toEqual(Array(5).fill('SEQUENCE:0'));
      // DTSTAMP and LAST-MODIFIED are UTC (RFC 5545); LAST-MODIFIED is when the shift was last changed.
      expect(text.match(/^DTSTAMP:.*$/gm)!.every((line) => line === 'DTSTAMP:20260806T120000Z')).toBe(true);
      expect(text).toContain('LAST-MODIFIED:20260701T120000Z\r\n');
      // Every line ends in CRLF and stays within 75 octets.
      expect(text.split('\r\n').every((line) => !line.includes('\n') && Buffer.byteLength(line) <= 75)).toBe(true);
    });

    it('describes each shift as its modal does, and marks the Job Fair and Chapters Lunch as not shifts', async () => {
      t.clock.set(AFTER_RELEASE);
      const byUid = new Map(events((await open((await subscribe(vera.user)).url).expect(200)).text).map((e) => [e.uid, e]));
      const morning = byUid.get(uid('morning'))!;
      expect(morning.summary).toBe('Greeter — Exhibit Hall');
      expect(morning.location).toBe('Exhibit Hall, East Hall A');
      expect(morning.description).toBe(
        'Report to: Tess\nThe morning shift\nSpecial note: Wear the blue shirt, and bring water; thanks\nTeam leaders: ' +
          'Theo Other\nPlease be at the SV Office 30 minutes before to checkin',
      );
      expect(byUid.get(uid('jobFair'))!.summary).toBe('Not a shift: Job Fair — Job Fair');
      expect(byUid.get(uid('jobFair'))!.description).toBe('This is not a shift.\nThe jobFair shift\nTeam leaders: Theo Other');
      expect(byUid.get(uid('lunch'))!.summary).toBe('Not a shift: Chapters Lunch — Exhibit Hall');
      expect(byUid.has(uid('hidden'))).toBe(false);
    });

    it('follows changes to a shift under the same UID, raising its SEQUENCE when its time changes', async () => {
      t.clock.set(AFTER_RELEASE);
      const link = await subscribe(vera.user);
      await t
        .http()
        .put(`/api/admin/shifts/${ids.lunch}`)
        .set('Authorization', auth(admin.user))
        .send({ startTime: '2026-08-12 12:30', endTime: '2026-08-12 13:30' })
        .expect(200);
      const text = (await open(link.url).expect(200)).text;
      const lunch = events(text).find((e) => e.uid === uid('lunch'))!;
      expect(span(lunch)).toEqual({ start: '2026-08-12T19:30:00.000Z', end: '2026-08-12T20:30:00.000Z' });
      expect(lunch.sequence).toBe(1);
      expect(text).toContain('LAST-MODIFIED:20260806T120000Z\r\n');
      // The other shifts have not moved.
      expect(
        events(text)
          .filter((e) => e.uid !== uid('lunch'))
          .map((e) => e.sequence),
      ).toEqual([0, 0, 0, 0]);
    });
  });

  it("a team leader's feed holds the shifts of the venues they lead and the shifts they work, Placeholder left out", async () => {
    t.clock.set(AFTER_RELEASE);
    const feed = events((await open((await subscribe(leader.user)).url).expect(200)).text);
    expect(feed.map((e) => e.uid)).toEqual([uid('night'), uid('morning'), uid('afternoon'), uid('fallBack')]);
    const expected = new Set([
      ...(await scheduleIds(`tl/${leader.user.id}`, leader.user)),
      ...(await scheduleIds(`${leader.user.id}`, leader.user)),
    ]);
    expect(new Set(feed.map((e) => Number(/^shift-(\d+)@/.exec(e.uid)![1])))).toEqual(expected);
    expect(feed[0]!.description).toContain('Team leaders: Tess Leader');
  });

  describe('who may open a feed', () => {
    it(
      "opens with the owner's access token (the Download button), and refuses another user's id (403) or no credentials " + '(401)',
      async () => {
        t.clock.set(AFTER_RELEASE);
        const own = await t.http().get(`/api/schedule/${walt.user.id}/calendar.ics`).set('Authorization', auth(walt.user)).expect(200);
        expect(events(own.text).map((e) => e.uid)).toEqual([uid('afternoon')]);
        const other = await t.http().get(`/api/schedule/${walt.user.id}/calendar.ics`).set('Authorization', auth(vera.user)).expect(403);
        expect(other.body).toEqual({ success: false, data: { message: 'You can only see your own schedule.', err: 'FORBIDDEN' } });
        const anonymous = await t.http().get(`/api/schedule/${walt.user.id}/calendar.ics`).expect(401);
        expect(anonymous.body).toEqual({ success: false, data: { message: CALENDAR_MESSAGES.noCredentials, err: 'UNAUTHENTICATED' } });
        await t.http().get(`/api/schedule/${walt.user.id}/calendar.ics`).set('Authorization', 'Bearer not-a-token').expect(401);
      },
    );

    it(
      "refuses a wrong link, another user's link and a link that was replaced or turned off " + '(401, saying how to get a new one)',
      async () => {
        t.clock.set(AFTER_RELEASE);
        const invalid = { success: false, data: { message: CALENDAR_MESSAGES.linkInvalid, err: 'CALENDAR_LINK_INVALID' } };
        const first = await subscribe(vera.user);
        const base = `/api/schedule/${vera.user.id}/calendar.ics`;
        expect((await t.http().get(`${base}?token=not-the-token`).expect(401)).body).toEqual(invalid);
        expect(invalid.data.message).toMatch(/no longer valid.*"Get a new link"/);
        await t.http().get(`${base}?token=`).expect(401);
        await t.http().get(`${base}?token=a&token=b`).expect(401);

        const walts = await subscribe(walt.user);
        const waltsToken = new URL(walts.url).searchParams.get('token')!;
        expect((await t.http().get(`${base}?token=${waltsToken}`).expect(401)).body).toEqual(invalid);
        // A link for a user id without a feed, or for no user at all, answers the same.
        await t.http().get(`/api/schedule/${pending.user.id}/calendar.ics?token=${waltsToken}`).expect(401);
        await t.http().get(`/api/schedule/999999/calendar.ics?token=${waltsToken}`).expect(401);

        const second = await subscribe(vera.user);
        expect(second.url).not.toBe(first.url);
        expect((await open(first.url).expect(401)).body).toEqual(invalid);
        await open(second.url).expect(200);

        const off = await t.http().delete(feedRoute(vera.user)).set('Authorization', auth(vera.user)).expect(200);
        expect(off.body).toEqual({
          success: true,
          data: { active: false, created_at: null, last_used_at: null, message: CALENDAR_MESSAGES.turnedOff },
        });
        expect((await open(second.url).expect(401)).body).toEqual(invalid);
        await open(walts.url).expect(200);
      },
    );

    it('refuses a valid link before schedulesReleaseDate and for a volunteer who is not confirmed (403)', async () => {
      t.clock.set(BEFORE_RELEASE);
      const link = await subscribe(vera.user);
      expect((await open(link.url).expect(403)).body.data.message).toBe('Schedules are released on 5 August 2026 at 22:00 UTC.');
      await t.http().get(`/api/schedule/${vera.user.id}/calendar.ics`).set('Authorization', auth(vera.user)).expect(403);
      t.clock.set(AFTER_RELEASE);
      await open(link.url).expect(200);
      const unconfirmed = await subscribe(pending.user);
      expect((await open(unconfirmed.url).expect(403)).body.data.message).toBe('Schedules are for confirmed volunteers and team leaders.');
    });

    it('answers 400 for an id that is not a whole number', async () => {
      const res = await t.http().get('/api/schedule/abc/calendar.ics?token=x').expect(400);
      expect(res.body.data.message).toBe('id must be a whole number');
    });
  });

  describe('managing the link', () => {
    it('tells whether a link is on and when a calendar last read it, never the token', async () => {
      t.clock.set(AFTER_RELEASE);
      const someone = await t.factories.applicant({ firstName: 'Sam' });
      await t.factories.application(someone.user, { status: 'confirmed' });
      const status = () => t.http().get(feedRoute(someone.user)).set('Authorization', auth(someone.user)).expect(200);
      expect((await status()).body).toEqual({ success: true, data: { active: false, created_at: null, last_used_at: null } });
      const link = await subscribe(someone.user);
      expect((await status()).body.data).toEqual({ active: true, created_at: AFTER_RELEASE, last_used_at: null });
      t.clock.set('2026-08-07T09:30:00.000Z');
      await open(link.url).expect(200);
      const read = await status();
      expect(read.body.data).toEqual({ active: true, created_at: AFTER_RELEASE, last_used_at: '2026-08-07T09:30:00.000Z' });
      expect(JSON.stringify(read.body)).not.toContain(new URL(link.url).searchParams.get('token')!);
      const stored = await t.dataSource.query('SELECT token_hash FROM calendar_feeds WHERE user_id = ?', [someone.user.id]);
      expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(link.url).not.toContain(stored[0].token_hash);
    });

    it("refuses another user's link (403) and anonymous callers (401) on POST, GET and DELETE", async () => {
      t.clock.set(AFTER_RELEASE);
      for (const method of ['post', 'get', 'delete'] as const) {
        const res = await t.http()[method](feedRoute(walt.user)).set('Authorization', auth(vera.user)).expect(403);
        expect(res.body.data.message).toBe(CALENDAR_MESSAGES.ownOnly);
        expect((await t.http()[method](feedRoute(walt.user)).expect(401)).body.data.err).toBe('UNAUTHENTICATED');
      }
      // Walt's link still works: nobody else could replace or turn it off.
      const status = await t.http().get(feedRoute(walt.user)).set('Authorization', auth(walt.user)).expect(200);
      expect(status.body.data.active).toBe(true);
    });

    it('goes away with its user', async () => {
      const gone = await t.factories.applicant();
      await subscribe(gone.user);
      await t.dataSource.query('DELETE FROM users WHERE id = ?', [gone.user.id]);
      const rows = await t.dataSource.query('SELECT COUNT(*) AS n FROM calendar_feeds WHERE user_id = ?', [gone.user.id]);
      expect(Number(rows[0].n)).toBe(0);
    });
  });
});
