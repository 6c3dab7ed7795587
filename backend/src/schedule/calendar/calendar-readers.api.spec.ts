import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { User } from '../../users/user.entity.js';
import { type ReadEvent, readCalendarEverywhere } from '../../testing/calendar-readers.js';
import type { CreatedUser } from '../../testing/factories.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { Shift } from '../shift.entity.js';
import { buildShiftCalendar } from './shift-calendar.js';

// The feed read by python-icalendar (Debian's python3-icalendar), ical.js and node-ical: every reader must
// find each shift at its own start and end instants, with its SEQUENCE, across the 2026-11-01 fall-back (the
// 01:00 hour happens twice) and the 2027-03-14 spring-forward (02:00 to 03:00 never happens).

const CREATED_AT = '2026-07-01T12:00:00.000Z';
const AFTER_RELEASE = '2026-08-06T12:00:00.000Z';

type Readers = ReturnType<typeof readCalendarEverywhere>;
const byUid = (events: readonly ReadEvent[]) => [...events].sort((a, b) => a.uid.localeCompare(b.uid));
/** What every reader should read: the same events, the same instants. */
const everywhere = (events: readonly ReadEvent[]): Readers => ({
  'python-icalendar': byUid(events),
  'ical.js': byUid(events),
  'node-ical': byUid(events),
});
const read = (text: string): Readers => {
  const readers = readCalendarEverywhere(text);
  return {
    'python-icalendar': byUid(readers['python-icalendar']),
    'ical.js': byUid(readers['ical.js']),
    'node-ical': byUid(readers['node-ical']),
  };
};

describe('the shift feed read by python-icalendar, ical.js and node-ical', () => {
  describe('instants no Pacific wall-clock time can name alone', () => {
    const venue = { id: 1, name: 'Room 1', location: '', teamLeaders: [] };
    const at = (iso: string) => new Date(iso);
    const shift = (id: number, startsAt: string, endsAt: string): Shift => ({
      id,
      editionId: 1,
      venueId: 1,
      day: '2026-11-01',
      startsAt: at(startsAt),
      endsAt: at(endsAt),
      role: 'Greeter',
      reportTo: '',
      description: null,
      special: null,
      svSlots: 2,
      swappable: true,
      requires: 'none',
      calendarSequence: id,
      createdAt: at('2026-07-01T00:00:00.000Z'),
      updatedAt: at('2026-07-02T00:00:00.000Z'),
    });
    const spans: [number, string, string][] = [
      // 01:00 PDT to 01:00 PST: an hour whose wall clock starts and ends at 01:00.
      [1, '2026-11-01T08:00:00.000Z', '2026-11-01T09:00:00.000Z'],
      // 01:30 PST, the second 01:30 of the night, to 03:00 PST.
      [2, '2026-11-01T09:30:00.000Z', '2026-11-01T11:00:00.000Z'],
      // 01:30 PDT, the first 01:30, to 01:30 PST, the second.
      [3, '2026-11-01T08:30:00.000Z', '2026-11-01T09:30:00.000Z'],
      // 01:59 PST to 03:00 PDT on the spring-forward night: one minute.
      [4, '2027-03-14T09:59:00.000Z', '2027-03-14T10:00:00.000Z'],
    ];

    it('are read by every reader as the instants the shifts hold', () => {
      const text = buildShiftCalendar({
        name: 'Shifts',
        uidHost: 'sv.example.org',
        now: at('2026-08-06T12:00:00.000Z'),
        shifts: spans.map(([id, start, end]) => ({ shift: shift(id, start, end), venue })),
      });
      expect(read(text)).toEqual(
        everywhere(
          spans.map(([id, start, end]) => ({
            uid: `shift-${id}@sv.example.org`,
            start,
            end,
            sequence: id,
            lastModified: '2026-07-02T00:00:00.000Z',
          })),
        ),
      );
    });
  });

  describe("a team leader's feed as organisers change the shifts", () => {
    let t: TestApp;
    let admin: CreatedUser;
    let leader: CreatedUser;
    const venues: Record<string, number> = {};
    const ids: Record<string, number> = {};
    /** What each shift should be read as: its instants, its SEQUENCE and when it last changed. */
    const expected: Record<string, Omit<ReadEvent, 'uid'>> = {};

    const auth = (user: User) => t.factories.auth(user);
    const admin$ = (method: 'post' | 'put', path: string, body: object) =>
      t
        .http()
        [method](`/api/admin/${path}`)
        .set('Authorization', auth(admin.user))
        .send(body)
        .expect(method === 'post' ? 201 : 200);
    const feed = async () => {
      const text = (await t.http().get(`/api/schedule/${leader.user.id}/calendar.ics`).set('Authorization', auth(leader.user)).expect(200))
        .text;
      return read(text);
    };
    const wanted = () => everywhere(Object.entries(expected).map(([name, event]) => ({ uid: `shift-${ids[name]}@localhost`, ...event })));
    /** A write at a whole second (LAST-MODIFIED has no milliseconds). */
    const at = (iso: string) => t.clock.set(iso);

    beforeAll(async () => {
      t = await createTestApp({ now: CREATED_AT });
      admin = await t.factories.admin();
      leader = await t.factories.teamLeader({ firstName: 'Tess', lastName: 'Leader' });
      await t.factories.application(leader.user, { status: 'confirmed', teamLeader: true });
      for (const [name, location] of [
        ['History', 'West 301'],
        ['Exhibit Hall', 'East Hall A'],
      ] as const)
        venues[name] = (await admin$('post', 'venues', { name, location, teamLeaderIds: [leader.user.id] })).body.id;

      const shift = async (name: string, venue: string, startTime: string, endTime: string, start: string, end: string) => {
        ids[name] = (await admin$('post', 'shifts', { venueId: venues[venue], startTime, endTime, role: 'Greeter', svSlots: 2 })).body.id;
        expected[name] = { start, end, sequence: 0, lastModified: CREATED_AT };
      };
      await shift('summer', 'History', '2026-08-10 08:00', '2026-08-10 12:00', '2026-08-10T15:00:00.000Z', '2026-08-10T19:00:00.000Z');
      // 00:00 PDT to 03:00 PST: four hours, the 01:00 hour twice.
      await shift(
        'acrossFallBack',
        'History',
        '2026-11-01 00:00',
        '2026-11-01 03:00',
        '2026-11-01T07:00:00.000Z',
        '2026-11-01T11:00:00.000Z',
      );
      // A time in the repeated hour is its first occurrence (daylight time), as RFC 5545 reads such a wall-clock time.
      await shift('startsTwice', 'History', '2026-11-01 01:30', '2026-11-01 04:00', '2026-11-01T08:30:00.000Z', '2026-11-01T12:00:00.000Z');
      await shift(
        'endsTwice',
        'Exhibit Hall',
        '2026-10-31 23:00',
        '2026-11-01 01:15',
        '2026-11-01T06:00:00.000Z',
        '2026-11-01T08:15:00.000Z',
      );
      // 00:30 PST to 04:00 PDT: two and a half hours, 02:00 to 03:00 never happens.
      await shift(
        'springForward',
        'Exhibit Hall',
        '2027-03-14 00:30',
        '2027-03-14 04:00',
        '2027-03-14T08:30:00.000Z',
        '2027-03-14T11:00:00.000Z',
      );

      // The CSV import writes shifts too: 01:10 PDT (the first 01:10) to 02:40 PST.
      const csv =
        'venue,day,start,end,role,report_to,description,special,sv_slots,swappable\nExhibit Hall,2026-11-01,01:10,02:40,Usher,,,,2,\n';
      const imported = await t
        .http()
        .post('/api/admin/schedule-import/shifts?dryRun=false')
        .set('Authorization', auth(admin.user))
        .send({ csv });
      expect(imported.body.created).toBe(1);
      ids.imported = (await t.dataSource.getRepository(Shift).findOneByOrFail({ role: 'Usher' })).id;
      expected.imported = { start: '2026-11-01T08:10:00.000Z', end: '2026-11-01T10:40:00.000Z', sequence: 0, lastModified: CREATED_AT };
    });
    afterAll(() => t.close());

    it('reads every shift at its instants, each with SEQUENCE 0 before any change', async () => {
      at(AFTER_RELEASE);
      expect(await feed()).toEqual(wanted());
    });

    it("raises a shift's SEQUENCE, and moves its LAST-MODIFIED, each time its start, end or venue changes", async () => {
      at('2026-08-06T13:00:00.000Z');
      await admin$('put', `shifts/${ids.startsTwice}`, { startTime: '2026-11-01 01:45' });
      expected.startsTwice = {
        ...expected.startsTwice!,
        start: '2026-11-01T08:45:00.000Z',
        sequence: 1,
        lastModified: '2026-08-06T13:00:00.000Z',
      };
      expect(await feed()).toEqual(wanted());

      at('2026-08-06T13:05:00.000Z');
      await admin$('put', `shifts/${ids.springForward}`, { endTime: '2027-03-14 03:00' });
      expected.springForward = {
        ...expected.springForward!,
        end: '2027-03-14T10:00:00.000Z',
        sequence: 1,
        lastModified: '2026-08-06T13:05:00.000Z',
      };
      await admin$('put', `shifts/${ids.acrossFallBack}`, { venueId: venues['Exhibit Hall'] });
      expected.acrossFallBack = { ...expected.acrossFallBack!, sequence: 1, lastModified: '2026-08-06T13:05:00.000Z' };
      await admin$('put', `shifts/${ids.imported}`, { startTime: '2026-11-01 00:50', endTime: '2026-11-01 01:50' });
      expected.imported = {
        start: '2026-11-01T07:50:00.000Z',
        end: '2026-11-01T08:50:00.000Z',
        sequence: 1,
        lastModified: '2026-08-06T13:05:00.000Z',
      };
      expect(await feed()).toEqual(wanted());

      // Two changes, two raises.
      at('2026-08-06T13:10:00.000Z');
      await admin$('put', `shifts/${ids.startsTwice}`, { startTime: '2026-11-01 01:15', endTime: '2026-11-01 02:30' });
      expected.startsTwice = {
        start: '2026-11-01T08:15:00.000Z',
        end: '2026-11-01T10:30:00.000Z',
        sequence: 2,
        lastModified: '2026-08-06T13:10:00.000Z',
      };
      expect(await feed()).toEqual(wanted());
    });

    it('keeps SEQUENCE for a change that leaves the time and place as they were, and moves LAST-MODIFIED', async () => {
      at('2026-08-06T14:00:00.000Z');
      const same = { startTime: '2026-11-01 01:15', endTime: '2026-11-01 02:30', venueId: venues.History, role: 'Usher', svSlots: 3 };
      await admin$('put', `shifts/${ids.startsTwice}`, same);
      expected.startsTwice = { ...expected.startsTwice!, lastModified: '2026-08-06T14:00:00.000Z' };
      expect(await feed()).toEqual(wanted());
    });

    it("raises the SEQUENCE of a venue's shifts when the venue's name or location changes, not when only its team leaders do", async () => {
      at('2026-08-06T15:00:00.000Z');
      await admin$('put', `venues/${venues.History}`, { location: 'West 302' });
      for (const name of ['summer', 'startsTwice'])
        expected[name] = { ...expected[name]!, sequence: expected[name]!.sequence! + 1, lastModified: '2026-08-06T15:00:00.000Z' };
      expect(await feed()).toEqual(wanted());

      at('2026-08-06T15:30:00.000Z');
      const other = await t.factories.teamLeader();
      await admin$('put', `venues/${venues['Exhibit Hall']}`, {
        name: 'Exhibit Hall',
        location: 'East Hall A',
        teamLeaderIds: [leader.user.id, other.user.id],
      });
      expect(await feed()).toEqual(wanted());
    });
  });
});
