import { describe, expect, it } from '@jest/globals';
import { parsePacific, pacificDay, pacificTime } from '../schedule/time.js';
import { type AudienceNode, teamAudienceNode } from './audience.js';
import { MERGE_FIELDS } from './merge-fields.js';
import { type PersonShifts, type ScheduleFieldShift, mergeFieldHelp, scheduleMergeValues } from './schedule-fields.js';

/**
 * Venues 1 (Registration) and 2 (Night Desk). Ann works Registration on Tuesday 1 December 09:00–13:00
 * (shift 10), Night Desk on Thursday 3 December 08:00–12:00 (20) and Registration that Thursday
 * 14:00–18:00 (21). Pacific times.
 */
const at = (local: string) => parsePacific(local)!;
const shift = (id: number, venueId: number, start: string, hours: number): ScheduleFieldShift => {
  const startsAt = at(start);
  return {
    id,
    venueId,
    day: pacificDay(startsAt),
    startTime: pacificTime(startsAt),
    startsAt,
    endsAt: new Date(startsAt.getTime() + hours * 3_600_000),
  };
};
const tuesday = shift(10, 1, '2026-12-01 09:00', 4);
const thursdayNight = shift(20, 2, '2026-12-03 08:00', 4);
const thursdayReg = shift(21, 1, '2026-12-03 14:00', 4);

const person = (overrides: Partial<PersonShifts<ScheduleFieldShift>> = {}): PersonShifts<ScheduleFieldShift> => ({
  role: 'Student-Volunteer',
  application: { state: 'confirmed', tag: 'SV', teamLeader: false, financialAid: false, confirmationSent: true },
  ledVenueIds: [],
  // Not in order: the rule sorts them.
  shifts: [thursdayReg, tuesday, thursdayNight],
  ...overrides,
});
const ann = person();
const VENUES: Record<number, string> = { 1: 'Registration', 2: 'Night Desk' };
const label = (s: ScheduleFieldShift) => `#${s.id}`;
const values = (audience: AudienceNode | null, now = '2026-11-30 12:00', who = ann) =>
  scheduleMergeValues(who, audience, 'A', at(now), label);

const thursday: AudienceNode = { kind: 'day', day: '2026-12-03' };

describe('the schedule merge fields follow the audience', () => {
  it('without a schedule segment: the next shift overall and every hour', () => {
    expect(values(null)).toEqual({ nextShift: '#10', scheduledHours: '12' });
    expect(values({ kind: 'confirmed' })).toEqual({ nextShift: '#10', scheduledHours: '12' });
    expect(values({ op: 'and', parts: [{ kind: 'confirmed' }, { kind: 'role', role: 'Student-Volunteer' }] })).toEqual({
      nextShift: '#10',
      scheduledHours: '12',
    });
    // Once everything has started there is nothing upcoming.
    expect(values({ kind: 'confirmed' }, '2026-12-03 15:00')).toEqual({ nextShift: 'No upcoming shift', scheduledHours: '12' });
  });

  it('to the volunteers of a day: their shift that day, not an earlier one on another day', () => {
    expect(values(thursday)).toEqual({ nextShift: '#20', scheduledHours: '8' });
    // During the day: the next one still to start that day.
    expect(values(thursday, '2026-12-03 09:00').nextShift).toBe('#21');
    // After the day (a thank-you): the last of that day's shifts, never a shift of another day.
    expect(values(thursday, '2026-12-04 09:00')).toEqual({ nextShift: '#21', scheduledHours: '8' });
    expect(values({ kind: 'day', day: '2026-12-01' }, '2026-11-30 12:00')).toEqual({ nextShift: '#10', scheduledHours: '4' });
  });

  it('to a day at a venue, or within start times: only the shifts the segment names', () => {
    expect(values({ kind: 'day', day: '2026-12-03', venueId: 1 })).toEqual({ nextShift: '#21', scheduledHours: '4' });
    expect(values({ kind: 'day', day: '2026-12-03', startsBefore: '12:00' })).toEqual({ nextShift: '#20', scheduledHours: '4' });
    expect(values({ kind: 'day', day: '2026-12-03', startsFrom: '12:00' })).toEqual({ nextShift: '#21', scheduledHours: '4' });
  });

  it("to a shift's volunteers: that shift, before, during and after it", () => {
    const audience: AudienceNode = { kind: 'shift', shiftId: 21 };
    expect(values(audience)).toEqual({ nextShift: '#21', scheduledHours: '4' });
    expect(values(audience, '2026-12-03 15:00')).toEqual({ nextShift: '#21', scheduledHours: '4' });
    expect(values(audience, '2026-12-05 15:00').nextShift).toBe('#21');
  });

  it("to a venue's volunteers: their next shift there, and a team leader with none there is told so", () => {
    expect(values({ kind: 'venue', venueId: 1 })).toEqual({ nextShift: '#10', scheduledHours: '8' });
    expect(values({ kind: 'venue', venueId: 1 }, '2026-12-02 12:00').nextShift).toBe('#21');
    expect(values({ kind: 'venue', venueId: 2 })).toEqual({ nextShift: '#20', scheduledHours: '4' });
    const leader = person({ role: 'Team-Leader', ledVenueIds: [2], shifts: [tuesday] });
    expect(values({ kind: 'venue', venueId: 2 }, '2026-11-30 12:00', leader)).toEqual({
      nextShift: 'No matching shift',
      scheduledHours: '0',
    });
  });

  it("to a team leader's audiences: the venue, its day, its shift", () => {
    expect(values(teamAudienceNode({ venueId: 1 }))).toEqual({ nextShift: '#10', scheduledHours: '8' });
    expect(values(teamAudienceNode({ venueId: 1, day: '2026-12-03' }))).toEqual({ nextShift: '#21', scheduledHours: '4' });
    expect(values(teamAudienceNode({ venueId: 2, shiftId: 20 }))).toEqual({ nextShift: '#20', scheduledHours: '4' });
    expect(teamAudienceNode({ venueId: 1, day: '2026-12-03', shiftId: 21 })).toEqual({ kind: 'shift', shiftId: 21 });
  });

  it("'and' keeps the shifts every part is about; a part not about the schedule keeps them all", () => {
    expect(values({ op: 'and', parts: [{ kind: 'confirmed' }, thursday] })).toEqual({ nextShift: '#20', scheduledHours: '8' });
    expect(values({ op: 'and', parts: [{ kind: 'venue', venueId: 1 }, thursday] })).toEqual({ nextShift: '#21', scheduledHours: '4' });
    // In both segments, with no shift in both.
    expect(
      values({
        op: 'and',
        parts: [
          { kind: 'venue', venueId: 2 },
          { kind: 'day', day: '2026-12-01' },
        ],
      }),
    ).toEqual({
      nextShift: 'No matching shift',
      scheduledHours: '0',
    });
  });

  it("'or' keeps the shifts of the parts that hold the person", () => {
    const either: AudienceNode = {
      op: 'or',
      parts: [
        { kind: 'day', day: '2026-12-01' },
        { kind: 'shift', shiftId: 21 },
      ],
    };
    expect(values(either)).toEqual({ nextShift: '#10', scheduledHours: '8' });
    const onlyThursday = person({ shifts: [thursdayReg] });
    expect(values(either, '2026-11-30 12:00', onlyThursday)).toEqual({ nextShift: '#21', scheduledHours: '4' });
    // In through a part about no shift in particular: every shift.
    expect(values({ op: 'or', parts: [thursday, { kind: 'confirmed' }] })).toEqual({ nextShift: '#10', scheduledHours: '12' });
    const offered = person({
      application: { state: 'offered', tag: null, teamLeader: false, financialAid: false, confirmationSent: false },
      shifts: [tuesday, thursdayNight],
    });
    expect(values({ op: 'or', parts: [thursday, { kind: 'confirmed' }] }, '2026-11-30 12:00', offered)).toEqual({
      nextShift: '#20',
      scheduledHours: '4',
    });
    // Someone outside the audience (the sample of an empty one) reads every part.
    const outsider = person({ shifts: [tuesday] });
    expect(values({ op: 'or', parts: [thursday, { kind: 'venue', venueId: 2 }] }, '2026-11-30 12:00', outsider)).toEqual({
      nextShift: 'No matching shift',
      scheduledHours: '0',
    });
  });
});

describe('mergeFieldHelp', () => {
  const names = {
    venue: (id: number) => VENUES[id],
    shift: (id: number) => (id === 21 ? 'Greeter at Registration, Thu Dec 3rd 14:00–18:00' : undefined),
  };
  const help = (audience: AudienceNode | null) => mergeFieldHelp(audience, names);

  it('gives the general meaning without an audience, or one not about the schedule', () => {
    expect(help(null)).toEqual(MERGE_FIELDS);
    expect(help({ op: 'or', parts: [{ kind: 'confirmed' }, { kind: 'role', role: 'Team-Leader' }] })).toEqual(MERGE_FIELDS);
  });

  it('names the day, the venue or the shift the schedule fields read', () => {
    expect(help(thursday).nextShift).toBe(
      'Their next shift on Thu Dec 3rd (role, venue, day and Pacific times), or the last of them once all have started; ' +
        '"No matching shift" if they have none',
    );
    expect(help(thursday).scheduledHours).toBe('Hours of their shifts on Thu Dec 3rd');
    expect(help({ kind: 'day', day: '2026-12-03', venueId: 1, startsFrom: '08:00', startsBefore: '12:00' }).scheduledHours).toBe(
      'Hours of their shifts on Thu Dec 3rd at Registration, starting from 08:00 and before 12:00 (Pacific)',
    );
    expect(help({ kind: 'venue', venueId: 2 }).nextShift).toMatch(/^Their next shift at Night Desk \(/);
    expect(help({ kind: 'shift', shiftId: 21 })).toMatchObject({
      nextShift: 'The audience’s shift: Greeter at Registration, Thu Dec 3rd 14:00–18:00',
      scheduledHours: 'Hours of the audience’s shift',
    });
    expect(help({ kind: 'shift', shiftId: 21 }).firstName).toBe(MERGE_FIELDS.firstName);
  });

  it('combines the pieces as the audience does, and says when some recipients get the overall values', () => {
    expect(help({ op: 'and', parts: [{ kind: 'confirmed' }, thursday] }).scheduledHours).toBe('Hours of their shifts on Thu Dec 3rd');
    expect(
      help({
        op: 'and',
        parts: [
          { kind: 'venue', venueId: 1 },
          { op: 'or', parts: [thursday, { kind: 'day', day: '2026-12-04' }] },
        ],
      }).scheduledHours,
    ).toBe('Hours of their shifts at Registration and (on Thu Dec 3rd or on Fri Dec 4th)');
    expect(help({ op: 'or', parts: [thursday, { kind: 'financialAidApplicants' }] }).scheduledHours).toBe(
      'Hours of their shifts on Thu Dec 3rd; anyone in the audience for another reason: all their hours',
    );
    expect(help({ op: 'or', parts: [{ kind: 'shift', shiftId: 21 }, { kind: 'confirmed' }] }).nextShift).toBe(
      'The audience’s shift: Greeter at Registration, Thu Dec 3rd 14:00–18:00; ' +
        'anyone in the audience for another reason: their next shift overall, or "No upcoming shift"',
    );
    expect(help({ kind: 'shift', shiftId: 404 }).nextShift).toBe('The audience’s shift: #404');
  });
});
