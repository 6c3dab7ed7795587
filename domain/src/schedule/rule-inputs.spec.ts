import { describe, expect, it } from '@jest/globals';
import { type StoredVolunteer, builderShift, builderVolunteer, unavailableIntervals } from './rule-inputs.js';

const at = (iso: string) => new Date(iso).getTime();
const conference = { startDate: '2026-08-09', firstShiftDay: '2026-08-06', svHours: 20, tlHours: 30 };
const venues = [
  { id: 1, preference: 'artGallery' },
  { id: 2, preference: 'labs' },
  { id: 3, preference: 'pavillion' },
  { id: 4, preference: 'etech' },
  { id: 5, preference: 'none' },
];
const volunteer = (change: Partial<StoredVolunteer> = {}): StoredVolunteer => ({
  user: { id: 7, firstName: 'Ada', lastName: 'Lovelace ', role: 'Student-Volunteer' },
  application: null,
  constraints: null,
  ...change,
});

describe('a volunteer as the schedule rules see them', () => {
  it('expects the edition’s volunteer hours of a student volunteer, and leads nothing even when named on a venue', () => {
    const ada = builderVolunteer(volunteer({ ledVenues: [3] }), venues, conference);
    expect(ada).toMatchObject({ id: 7, name: 'Ada Lovelace', teamLeader: false, ledVenues: [], expectedHours: 20 });
  });

  it('expects the team leaders’ hours of a team leader, who works at the venues they lead', () => {
    const tess = builderVolunteer(
      volunteer({ user: { id: 8, firstName: 'Tess', lastName: 'Lead', role: 'Team-Leader' }, ledVenues: [2, 3] }),
      venues,
      conference,
    );
    expect(tess).toMatchObject({ teamLeader: true, ledVenues: [2, 3], expectedHours: 30 });
  });

  it('prefers the venues of the boxes ticked on the confirmation form, and no venue of an unticked one', () => {
    const form = { artGallery: true, labs: false, pavillion: true };
    expect(builderVolunteer(volunteer({ application: { data: {}, confirmation: form } }), venues, conference).preferredVenues).toEqual([
      1, 3,
    ]);
  });

  it('has no preferred venue before confirming, and no rule of their own', () => {
    expect(builderVolunteer(volunteer(), venues, conference)).toMatchObject({
      preferredVenues: [],
      experienceYears: 0,
      preconference: { wanted: false, from: null },
      unavailable: [],
      maxHoursPerDay: null,
      minRestMinutes: null,
    });
  });

  it('counts the years served at both conferences, and a year for someone whose form says they served before', () => {
    const served = { yearsVolunteered: [2023, 2024], yearsVolunteeredAsia: [2025] };
    expect(builderVolunteer(volunteer({ application: { data: served, confirmation: null } }), venues, conference).experienceYears).toBe(3);
    const said = { data: {}, confirmation: { priorSv: true } };
    expect(builderVolunteer(volunteer({ application: said }), venues, conference).experienceYears).toBe(1);
  });

  it('may start pre-conference shifts on the first shift day from the time asked, or noon, or on the day after', () => {
    const asked = (confirmation: object) =>
      builderVolunteer(volunteer({ application: { data: {}, confirmation } }), venues, conference).preconference;
    expect(asked({ preconfShifts: true, preconfStart: 'friday', preconfStartTime: '09:30' })).toEqual({
      wanted: true,
      from: at('2026-08-06T16:30:00Z'),
    });
    expect(asked({ preconfShifts: true, preconfStart: 'friday' })).toEqual({ wanted: true, from: at('2026-08-06T19:00:00Z') });
    expect(asked({ preconfShifts: true, preconfStart: 'saturday', preconfStartTime: '07:00' }).from).toBe(at('2026-08-07T14:00:00Z'));
    expect(asked({ preconfShifts: false, preconfStartTime: '07:00' })).toEqual({ wanted: false, from: null });
  });

  it('keeps their limits: the days and hours they cannot work, the most hours a day, the least rest', () => {
    const constraints = { unavailable: [{ day: '2026-08-10', from: null, to: null }], maxHoursPerDay: 6, minRestMinutes: 60 };
    expect(builderVolunteer(volunteer({ constraints }), venues, conference)).toMatchObject({
      unavailable: [{ start: at('2026-08-10T07:00:00Z'), end: at('2026-08-11T07:00:00Z') }],
      maxHoursPerDay: 6,
      minRestMinutes: 60,
    });
  });
});

describe('the times a volunteer cannot work', () => {
  it('blocks a whole Pacific day when no hours are given', () => {
    expect(unavailableIntervals([{ day: '2026-08-11', from: null, to: null }])).toEqual([
      { start: at('2026-08-11T07:00:00Z'), end: at('2026-08-12T07:00:00Z') },
    ]);
  });

  it('blocks the hours given, in Pacific time', () => {
    expect(unavailableIntervals([{ day: '2026-08-11', from: '13:00', to: '17:30' }])).toEqual([
      { start: at('2026-08-11T20:00:00Z'), end: at('2026-08-12T00:30:00Z') },
    ]);
  });

  it('blocks from a time to the end of the day when only the start is given', () => {
    expect(unavailableIntervals([{ day: '2026-08-11', from: '18:00', to: null }])).toEqual([
      { start: at('2026-08-12T01:00:00Z'), end: at('2026-08-12T07:00:00Z') },
    ]);
  });
});

describe('a shift as the schedule rules see it', () => {
  const shift = {
    id: 4,
    venueId: 2,
    startsAt: new Date('2026-08-09T15:00:00Z'),
    endsAt: new Date('2026-08-09T19:00:00Z'),
    day: '2026-08-09',
    svSlots: 3,
    requires: 'experienced' as const,
  };

  it('is a conference shift from the conference’s first day, with its places and its requirement', () => {
    expect(builderShift(shift, conference)).toEqual({
      id: 4,
      venueId: 2,
      start: at('2026-08-09T15:00:00Z'),
      end: at('2026-08-09T19:00:00Z'),
      day: '2026-08-09',
      slots: 3,
      preconference: false,
      requires: 'experienced',
    });
  });

  it('is a pre-conference shift on a day before it, and open to anyone when it requires nothing', () => {
    expect(builderShift({ ...shift, day: '2026-08-08', requires: null }, conference)).toMatchObject({
      preconference: true,
      requires: 'none',
    });
  });
});
