import { describe, expect, it } from '@jest/globals';
import { passportStatuses, preconferenceDays } from '../edition.js';
import { defaultSettings } from '../settings.js';
import {
  type AssignedRecord,
  canCheckInAt,
  canStampAt,
  checkInOpensAt,
  correctedTimesProblems,
  isLate,
  isNoShow,
  logisticsTotals,
  RECORD_MESSAGES,
  venueDayFigures,
  volunteerFigures,
  workedMinutes,
} from './records.js';

const at = (iso: string) => new Date(iso);
/** 2026-08-10 22:00 to 2026-08-11 02:00 Pacific (PDT, UTC−7): 4 h across midnight. */
const night = { startsAt: at('2026-08-11T05:00:00Z'), endsAt: at('2026-08-11T09:00:00Z'), day: '2026-08-10' };
/** 2026-11-01 00:30 PDT to 03:30 PST: clocks fall back at 02:00, so 4 h elapse for 3 h on the wall. */
const fallBack = { startsAt: at('2026-11-01T07:30:00Z'), endsAt: at('2026-11-01T11:30:00Z'), day: '2026-11-01' };
/** 2026-08-10 08:00–12:00 PDT. */
const morning = { startsAt: at('2026-08-10T15:00:00Z'), endsAt: at('2026-08-10T19:00:00Z'), day: '2026-08-10' };

describe('check-in times', () => {
  it('opens check-in exactly 30 minutes before the start, and says when in Pacific time', () => {
    expect(checkInOpensAt(morning)).toEqual(at('2026-08-10T14:30:00Z'));
    expect(canCheckInAt(morning, at('2026-08-10T14:29:59.999Z'))).toBe(false);
    expect(canCheckInAt(morning, at('2026-08-10T14:30:00Z'))).toBe(true);
    expect(RECORD_MESSAGES.tooEarly(checkInOpensAt(morning))).toBe('Check-in opens 30 minutes before the shift, at 7:30 AM (Pacific).');
  });

  it('counts real elapsed minutes, across midnight and across the fall-back change', () => {
    const later = at('2026-12-01T00:00:00Z');
    // 21:45 PDT to 02:10 PDT next day: 4 h 25 min.
    expect(workedMinutes({ checkInAt: at('2026-08-11T04:45:00Z'), checkOutAt: at('2026-08-11T09:10:00Z') }, later)).toBe(265);
    // 00:25 PDT to 03:35 PST: 3 h 10 min on the wall, 4 h 10 min elapsed.
    expect(workedMinutes({ checkInAt: at('2026-11-01T07:25:00Z'), checkOutAt: at('2026-11-01T11:35:00Z') }, later)).toBe(250);
    expect(workedMinutes({ checkInAt: at('2026-11-01T07:25:00Z'), checkOutAt: null }, later)).toBeNull();
    expect(workedMinutes({ checkInAt: null, checkOutAt: null }, later)).toBeNull();
    expect(workedMinutes(null, later)).toBeNull();
  });

  it('counts only what has happened: times later than now count up to now, a check-in still ahead counts nothing', () => {
    // A shift starting 16:30 PDT (23:30Z); at 16:01 PDT a record of 16:35–20:30 was stored (before such times were refused).
    const ahead = { checkInAt: at('2026-08-10T23:35:00Z'), checkOutAt: at('2026-08-11T03:30:00Z') };
    expect(workedMinutes(ahead, at('2026-08-10T23:01:00Z'))).toBe(0);
    // At 18:00 PDT, 1 h 25 min of it has happened; once 20:30 has passed, all 3 h 55 min.
    expect(workedMinutes(ahead, at('2026-08-11T01:00:00Z'))).toBe(85);
    expect(workedMinutes(ahead, at('2026-08-11T03:30:00Z'))).toBe(235);
    expect(workedMinutes(ahead, at('2026-08-12T00:00:00Z'))).toBe(235);
    // The wrong way round stays no worked time at all.
    expect(
      workedMinutes({ checkInAt: at('2026-08-10T20:00:00Z'), checkOutAt: at('2026-08-10T19:00:00Z') }, at('2026-08-12T00:00:00Z')),
    ).toBeNull();
  });

  it('calls an ended shift without check-in a no-show, and a started one late', () => {
    expect(isNoShow(morning, null, at('2026-08-10T19:00:00Z'))).toBe(true);
    expect(isNoShow(morning, null, at('2026-08-10T18:59:00Z'))).toBe(false);
    expect(isNoShow(morning, { checkInAt: at('2026-08-10T15:05:00Z') }, at('2026-08-11T00:00:00Z'))).toBe(false);
    expect(isLate(morning, null, at('2026-08-10T14:59:00Z'))).toBe(false);
    expect(isLate(morning, null, at('2026-08-10T15:00:00Z'))).toBe(true);
    expect(isLate(morning, { checkInAt: at('2026-08-10T14:40:00Z') }, at('2026-08-10T15:30:00Z'))).toBe(false);
  });

  it("accepts corrected times within the shift's day ± 12 h, check-out after check-in", () => {
    const later = at('2026-08-20T00:00:00Z');
    const problems = (times: Parameters<typeof correctedTimesProblems>[1]) => correctedTimesProblems(night, times, later);
    expect(problems({ checkInAt: at('2026-08-11T04:45:00Z'), checkOutAt: at('2026-08-11T09:10:00Z') })).toEqual({});
    // The day starts 2026-08-10 00:00 PDT (07:00Z); 12 h earlier is 2026-08-09 19:00Z.
    expect(problems({ checkInAt: at('2026-08-09T18:59:00Z'), checkOutAt: null })).toEqual({ checkInAt: RECORD_MESSAGES.outsideDay });
    // The shift ends 09:00Z on the 11th, after the day's end (07:00Z): 12 h after is 21:00Z.
    expect(problems({ checkInAt: at('2026-08-11T05:00:00Z'), checkOutAt: at('2026-08-11T21:00:00Z') })).toEqual({});
    expect(problems({ checkInAt: at('2026-08-11T05:00:00Z'), checkOutAt: at('2026-08-11T21:01:00Z') })).toEqual({
      checkOutAt: RECORD_MESSAGES.outsideDay,
    });
    expect(problems({ checkInAt: at('2026-08-11T06:00:00Z'), checkOutAt: at('2026-08-11T05:00:00Z') })).toEqual({
      checkOutAt: RECORD_MESSAGES.outBeforeIn,
    });
    expect(problems({ checkInAt: at('2026-08-11T06:00:00Z'), checkOutAt: at('2026-08-11T06:00:00Z') })).toEqual({
      checkOutAt: RECORD_MESSAGES.outBeforeIn,
    });
    expect(problems({ checkInAt: null, checkOutAt: at('2026-08-11T05:00:00Z') })).toEqual({ checkOutAt: RECORD_MESSAGES.checkOutFirst });
  });

  it('refuses a corrected time later than now (the server clock), saying the time now in Pacific', () => {
    // A shift 16:30–20:30 PDT on the 10th; it is 16:01 PDT (23:01Z).
    const evening = { startsAt: at('2026-08-10T23:30:00Z'), endsAt: at('2026-08-11T03:30:00Z'), day: '2026-08-10' };
    const now = at('2026-08-10T23:01:00Z');
    expect(RECORD_MESSAGES.laterThanNow('check-in', now)).toBe('The check-in time cannot be later than now (4:01 PM Pacific).');
    expect(correctedTimesProblems(evening, { checkInAt: at('2026-08-10T23:35:00Z'), checkOutAt: at('2026-08-11T03:30:00Z') }, now)).toEqual(
      {
        checkInAt: 'The check-in time cannot be later than now (4:01 PM Pacific).',
        checkOutAt: 'The check-out time cannot be later than now (4:01 PM Pacific).',
      },
    );
    // Exactly now is allowed; a minute later is not, whatever else is right with it.
    expect(correctedTimesProblems(evening, { checkInAt: at('2026-08-10T22:55:00Z'), checkOutAt: now }, now)).toEqual({});
    expect(correctedTimesProblems(evening, { checkInAt: at('2026-08-10T22:55:00Z'), checkOutAt: at('2026-08-10T23:02:00Z') }, now)).toEqual(
      {
        checkOutAt: 'The check-out time cannot be later than now (4:01 PM Pacific).',
      },
    );
    // Later than now and outside the window: the time is in the future, said first.
    expect(correctedTimesProblems(evening, { checkInAt: at('2026-08-12T23:00:00Z'), checkOutAt: null }, now)).toEqual({
      checkInAt: RECORD_MESSAGES.laterThanNow('check-in', now),
    });
  });

  it("lets a tick stamp the time only until the correction window closes (the shift's day, or the whole shift, + 12 h)", () => {
    // The night shift ends 09:00Z on the 11th, after its day's end (07:00Z): ticks stamp until 21:00Z.
    expect(canStampAt(night, at('2026-08-11T21:00:00Z'))).toBe(true);
    expect(canStampAt(night, at('2026-08-11T21:00:00.001Z'))).toBe(false);
    // The morning shift's day ends 07:00Z on the 11th: until 19:00Z.
    expect(canStampAt(morning, at('2026-08-11T19:00:00Z'))).toBe(true);
    expect(canStampAt(morning, at('2026-08-11T19:01:00Z'))).toBe(false);
    expect(RECORD_MESSAGES.tickClosed('Check-out')).toBe(
      "Check-out can no longer be ticked: the shift's day ended more than 12 hours ago. Enter the time with Correct times instead.",
    );
  });
});

describe('report figures', () => {
  const record = (shift: typeof morning, values: Partial<AssignedRecord>): AssignedRecord => ({
    shiftId: 1,
    volunteerId: 7,
    venueId: 1,
    ...shift,
    checkInAt: null,
    checkOutAt: null,
    checkIn: false,
    rating: 0,
    notes: null,
    ...values,
  });

  it("adds up a volunteer's scheduled and checked-in hours, no-shows and average rating", () => {
    const now = at('2026-11-02T00:00:00Z');
    const figures = volunteerFigures(
      [
        // 4 h scheduled, 4 h 25 min worked, rated 5.
        record(night, {
          shiftId: 1,
          checkIn: true,
          checkInAt: at('2026-08-11T04:45:00Z'),
          checkOutAt: at('2026-08-11T09:10:00Z'),
          rating: 5,
        }),
        // 4 h scheduled (elapsed, not wall), 4 h 10 min worked, rated 2.
        record(fallBack, {
          shiftId: 2,
          checkIn: true,
          checkInAt: at('2026-11-01T07:25:00Z'),
          checkOutAt: at('2026-11-01T11:35:00Z'),
          rating: 2,
        }),
        // 4 h scheduled, never checked in: a no-show, not rated.
        record(morning, { shiftId: 3 }),
        // Checked in before times were kept: not a no-show, no worked time.
        record(morning, { shiftId: 4, checkIn: true }),
      ],
      now,
    );
    // Worked: 265 + 250 = 515 min = 8.5833 h.
    expect(figures).toEqual({ scheduledHours: 16, checkedInHours: 8.58, shifts: 4, noShows: 1, averageRating: 3.5 });
    expect(volunteerFigures([record(morning, {})], at('2026-08-10T16:00:00Z'))).toEqual({
      scheduledHours: 4,
      checkedInHours: 0,
      shifts: 1,
      noShows: 0,
      averageRating: null,
    });
  });

  it('adds up each venue and Pacific day: places, filled places, planned and worked hours, coverage', () => {
    const shifts = [
      { id: 1, venueId: 1, ...morning, slots: 3, assigned: 2 },
      // Starts on the 10th: counted on the 10th although it ends on the 11th. One volunteer beyond its places fills none.
      { id: 2, venueId: 1, ...night, slots: 2, assigned: 3 },
      { id: 3, venueId: 2, ...morning, slots: 4, assigned: 0 },
      { id: 4, venueId: 1, ...fallBack, slots: 2, assigned: 1 },
    ];
    const records = [
      { shiftId: 1, checkInAt: at('2026-08-10T14:50:00Z'), checkOutAt: at('2026-08-10T19:00:00Z') }, // 250 min
      { shiftId: 1, checkInAt: at('2026-08-10T15:10:00Z'), checkOutAt: null }, // no time yet
      { shiftId: 2, checkInAt: at('2026-08-11T04:45:00Z'), checkOutAt: at('2026-08-11T09:10:00Z') }, // 265 min
      { shiftId: 4, checkInAt: at('2026-11-01T07:30:00Z'), checkOutAt: at('2026-11-01T11:30:00Z') }, // 240 min
    ];
    expect(venueDayFigures(shifts, records, at('2026-12-01T00:00:00Z'))).toEqual([
      // Planned 4 h × 2 + 4 h × 3 = 20 h; worked 515 min = 8.58 h; 4 of 5 places.
      { venueId: 1, day: '2026-08-10', slots: 5, filledSlots: 4, plannedHours: 20, workedHours: 8.58, coverage: 0.8 },
      { venueId: 2, day: '2026-08-10', slots: 4, filledSlots: 0, plannedHours: 0, workedHours: 0, coverage: 0 },
      { venueId: 1, day: '2026-11-01', slots: 2, filledSlots: 1, plannedHours: 4, workedHours: 4, coverage: 0.5 },
    ]);
  });

  it('counts worked hours only up to now in both reports, for records whose times lie ahead', () => {
    // 16:35–20:30 PDT recorded at 16:01 PDT on the 10th for a 16:30–20:30 shift.
    const evening = { startsAt: at('2026-08-10T23:30:00Z'), endsAt: at('2026-08-11T03:30:00Z'), day: '2026-08-10' };
    const ahead = record(evening, { checkIn: true, checkInAt: at('2026-08-10T23:35:00Z'), checkOutAt: at('2026-08-11T03:30:00Z') });
    const shifts = [{ id: 1, venueId: 1, ...evening, slots: 1, assigned: 1 }];
    const atFour = at('2026-08-10T23:01:00Z');
    expect(volunteerFigures([ahead], atFour).checkedInHours).toBe(0);
    expect(venueDayFigures(shifts, [ahead], atFour)[0]!.workedHours).toBe(0);
    // At 18:35 PDT, two hours of it have happened.
    const atSix = at('2026-08-11T01:35:00Z');
    expect(volunteerFigures([ahead], atSix).checkedInHours).toBe(2);
    expect(venueDayFigures(shifts, [ahead], atSix)[0]!.workedHours).toBe(2);
    expect(volunteerFigures([ahead], at('2026-08-12T00:00:00Z')).checkedInHours).toBe(3.92);
  });
});

describe('logistics totals', () => {
  const labels = {
    passport: passportStatuses(defaultSettings().conference),
    preconferenceDays: preconferenceDays(defaultSettings().conference),
  };
  const person = (id: number, name: string, form: object) => ({ id, name, svid: `SV${id}`, email: `p${id}@example.edu`, form });

  it('counts two t-shirts per in-person volunteer by size, and each answer once, with the people behind it', () => {
    const result = logisticsTotals(
      [
        person(1, 'Bea', {
          inPerson: true,
          shirtSize: 'm',
          diet: true,
          dietRestrictions: ' Vegan ',
          passportStatus: 'valid',
          emailConsent: true,
          photoConsent: true,
          artGallery: true,
        }),
        person(2, 'Al', {
          inPerson: true,
          shirtSize: 'm',
          diet: false,
          dietRestrictions: 'ignored',
          passportStatus: 'none',
          wantsMembership: true,
          additionalInfo: 'No shifts on Tuesday morning',
          preconfShifts: true,
          preconfStart: 'saturday',
          preconfStartTime: '09:30',
        }),
        person(3, 'Cy', { inPerson: false, shirtSize: 'xl', passportStatus: 'valid', additionalInfo: '   ', labs: true, pavillion: true }),
      ],
      labels,
    );
    expect(result.confirmed).toBe(3);
    expect(result.inPerson).toBe(2);
    const total = (key: string) => result.totals.find((t) => t.key === key)!;
    expect(total('shirt:m')).toMatchObject({ label: 'T-shirts, size M', count: 4 });
    expect(total('shirt:m').people.map((p) => p.name)).toEqual(['Al', 'Bea']);
    // Cy is not coming in person: no shirts.
    expect(total('shirt:xl').count).toBe(0);
    expect(total('diet')).toEqual({
      key: 'diet',
      label: 'Dietary restrictions',
      count: 1,
      people: [{ id: 1, name: 'Bea', svid: 'SV1', email: 'p1@example.edu', detail: 'Vegan' }],
    });
    expect(total('passport:valid').people.map((p) => p.name)).toEqual(['Bea', 'Cy']);
    expect(total('passport:none').count).toBe(1);
    expect(total('passport:applying').count).toBe(0);
    expect([total('emailConsent').count, total('photoConsent').count, total('membership').count]).toEqual([1, 1, 1]);
    expect(total('specialRequests').people).toEqual([expect.objectContaining({ name: 'Al', detail: 'No shifts on Tuesday morning' })]);
    expect(total('preconference').people).toEqual([
      expect.objectContaining({ name: 'Al', detail: `${labels.preconferenceDays[1]!.label} from 09:30` }),
    ]);
    expect([total('artGallery').count, total('labs').count, total('pavillion').count]).toEqual([1, 1, 1]);
  });
});
