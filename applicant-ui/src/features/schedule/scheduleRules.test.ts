import { describe, expect, it } from 'vitest';
import { performanceFormValues, recordsToSave, volunteerName } from './performanceForm';
import { NOW, VENUES, shift, shiftDetail, volunteerShifts } from './scheduleFixtures';
import {
  byDay,
  comingShifts,
  emptyDayText,
  formatHours,
  longDay,
  notAShiftReason,
  openingDay,
  pastShifts,
  scheduleDays,
  shiftCountText,
  shiftCounts,
  timeRange,
} from './scheduleDays';
import { SHOW_ALL, inVenue, venueOptions } from './venueFilter';

describe('schedule days', () => {
  it('runs from the first shift day to the last conference day', () => {
    expect(scheduleDays('2025-08-08', '2025-08-14')).toEqual([
      '2025-08-08',
      '2025-08-09',
      '2025-08-10',
      '2025-08-11',
      '2025-08-12',
      '2025-08-13',
      '2025-08-14',
    ]);
    expect(scheduleDays('2025-12-30', '2026-01-02')).toEqual(['2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
  });

  it('adds a day outside the range that holds a shift, so every shift can be reached', () => {
    expect(scheduleDays('2025-08-08', '2025-08-09', [{ day: '2025-08-06' }, { day: '2025-08-08' }])).toEqual([
      '2025-08-06',
      '2025-08-08',
      '2025-08-09',
    ]);
  });

  it("opens on the day of the first shift not over, else on the edition's default day when it is offered, else on the first day", () => {
    const days = ['2025-08-08', '2025-08-09', '2025-08-10', '2025-08-11'];
    expect(openingDay(days, '2025-08-08', [{ day: '2025-08-11' }, { day: '2025-08-12' }])).toBe('2025-08-11');
    // A shift on a day the picker does not offer is passed over.
    expect(openingDay(days, '2025-08-08', [{ day: '2025-09-01' }, { day: '2025-08-10' }])).toBe('2025-08-10');
    expect(openingDay(days, '2025-08-09', [])).toBe('2025-08-09');
    expect(openingDay(['2025-08-10', '2025-08-11'], '2025-08-08')).toBe('2025-08-10');
  });

  it('tells the shifts not over (under way or ahead) from the past ones, the latest past first', () => {
    const shifts = volunteerShifts();
    // 8:30 on Saturday: Friday's three are over; the Door Monitor at 9:00 and the lunch lie ahead.
    expect(comingShifts(shifts, NOW).map((s) => s.id)).toEqual([14, 15]);
    expect(pastShifts(shifts, NOW).map((s) => s.id)).toEqual([13, 12, 11]);
    // Under way counts as not over; ended exactly now counts as over.
    expect(comingShifts(shifts, Date.parse(shifts[3]!.starts_at) + 1).map((s) => s.id)).toEqual([14, 15]);
    expect(comingShifts(shifts, Date.parse(shifts[3]!.ends_at)).map((s) => s.id)).toEqual([15]);
  });

  it('groups shifts by day, and counts the real shifts of each day', () => {
    const shifts = volunteerShifts();
    expect(byDay(shifts).map((group) => [group.day, group.shifts.map((s) => s.id)])).toEqual([
      ['2025-08-08', [11, 12, 13]],
      ['2025-08-09', [14, 15]],
    ]);
    // The Job Fair and the Chapters Lunch are not shifts.
    expect([...shiftCounts(shifts)]).toEqual([
      ['2025-08-08', 2],
      ['2025-08-09', 1],
    ]);
    expect([1, 2].map(shiftCountText)).toEqual(['1 shift', '2 shifts']);
  });

  it("writes the empty day in full with the day's own year", () => {
    expect(emptyDayText('2025-08-08')).toBe('No shifts for Friday August 8th 2025');
    expect(longDay('2025-08-11')).toBe('Monday August 11th 2025');
    expect(longDay('2026-08-22')).toBe('Saturday August 22nd 2026');
  });

  it('gives times in Pacific time, across midnight too', () => {
    expect(timeRange(shift(1, '2025-08-10 22:00', '2025-08-11 02:00', 'Night', VENUES.registration))).toBe('10:00 PM – 2:00 AM');
  });

  it('writes hours as people do', () => {
    expect([0, 25, 24.5, 10.333].map(formatHours)).toEqual(['0', '25', '24.5', '10.33']);
  });
});

describe('entries that are not shifts', () => {
  it('tells the Job Fair from the Chapters Lunch, which points to its location', () => {
    expect(notAShiftReason(shift(1, '2025-08-08 18:00', '2025-08-08 20:00', 'Recruiting', VENUES.careerCenter))).toBe(
      'This time is blocked for the Job Fair.',
    );
    expect(notAShiftReason(shift(2, '2025-08-09 12:00', '2025-08-09 13:00', 'Chapters Lunch', VENUES.chapters))).toBe(
      "Go to the SV Chapter's Luncheon at Ballroom A.",
    );
    expect(notAShiftReason(shift(3, '2025-08-09 12:00', '2025-08-09 13:00', 'Greeter', VENUES.chapters))).toBeNull();
  });
});

describe('the venue filter', () => {
  it("offers 'Show All' then the venues A–Z with every History venue as one 'History'", () => {
    expect(venueOptions([VENUES.registration, VENUES.historyWall, VENUES.animationHistory, VENUES.emergingTech])).toEqual([
      SHOW_ALL,
      'Emerging Technologies',
      'History',
      'Registration',
    ]);
    expect(venueOptions([])).toEqual([SHOW_ALL]);
  });

  it("keeps a History venue's shifts under 'History' and everything under 'Show All'", () => {
    const docent = shift(1, '2025-08-08 09:00', '2025-08-08 13:00', 'Docent', VENUES.animationHistory);
    expect(inVenue(docent, 'History')).toBe(true);
    expect(inVenue(docent, SHOW_ALL)).toBe(true);
    expect(inVenue(docent, 'Registration')).toBe(false);
  });
});

describe('the performance form', () => {
  it(
    'starts from the saved records and sends one record per volunteer, with its id when it ' + 'exists and the version it was loaded at',
    () => {
      const { shift: detail } = shiftDetail();
      const values = performanceFormValues(detail.studentVolunteers);
      expect(values.records).toEqual([
        { check_in: true, check_out: false, rating: 3, notes: 'Arrived early.', correction: null },
        { check_in: false, check_out: false, rating: 0, notes: '', correction: null },
      ]);
      values.records[1]!.rating = 5;
      expect(recordsToSave(21, detail.studentVolunteers, values)).toEqual([
        { id: 31, shift_id: 21, student_volunteer_id: 7, check_in: true, check_out: false, rating: 3, notes: 'Arrived early.', version: 1 },
        { id: null, shift_id: 21, student_volunteer_id: 8, check_in: false, check_out: false, rating: 5, notes: '', version: 0 },
      ]);
    },
  );

  it('reads an unrated record (null) as Select', () => {
    const { shift: detail } = shiftDetail();
    // Never sent by the server (0 is 'not rated'); the form reads it all the same.
    (detail.studentVolunteers[0]!.performance_record as { rating: number | null }).rating = null;
    expect(performanceFormValues(detail.studentVolunteers).records[0]!.rating).toBe(0);
  });

  it('names a volunteer with their nickname when they have one', () => {
    expect(volunteerName({ given_name: 'Benjamin', family_name: 'Okafor', nickname: 'Ben' })).toBe('Benjamin Okafor (Ben)');
    expect(volunteerName({ given_name: 'Ana', family_name: 'Lopez', nickname: '' })).toBe('Ana Lopez');
    expect(volunteerName({ given_name: 'Ana', family_name: 'Lopez', nickname: 'Ana' })).toBe('Ana Lopez');
  });
});
