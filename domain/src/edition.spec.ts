import { describe, expect, it } from '@jest/globals';
import {
  FIRST_VOLUNTEER_YEAR,
  conferenceDays,
  conferenceYear,
  editionTexts,
  editionWarnings,
  formatDay,
  formatDaySpan,
  formatWeekdayDay,
  graduationYearRange,
  passportStatuses,
  preconferenceDays,
  previousVolunteerYears,
  validateConference,
} from './edition.js';
import { defaultResultTexts } from './result-texts.js';
import { DEFAULT_CONFERENCE, defaultSettings } from './settings.js';
import { DEFAULT_TIMELINE, TIMELINE_KEYS } from './timeline.js';

const EDITION_2027 = {
  ...DEFAULT_CONFERENCE,
  name: 'SIGGRAPH 2027',
  firstShiftDay: '2027-07-30',
  startDate: '2027-07-31',
  endDate: '2027-08-05',
  defaultScheduleDay: '2027-07-31',
};

describe('the default edition', () => {
  it('puts the conference week in the year of the default timeline, after schedules are released', () => {
    const settings = defaultSettings();
    expect(editionWarnings(settings)).toEqual([]);
    expect(settings.timeline.schedulesReleaseDate.slice(0, 10) < settings.conference.firstShiftDay).toBe(true);
    expect(conferenceYear(settings.conference)).toBe(new Date(settings.timeline.schedulesReleaseDate).getUTCFullYear());
    expect(settings.conference.name).toContain(String(conferenceYear(settings.conference)));
  });

  it("keeps the earlier portal's week: a Friday of pre-conference shifts, then Saturday to Thursday of service", () => {
    expect(formatWeekdayDay(DEFAULT_CONFERENCE.firstShiftDay)).toMatch(/^Friday /);
    expect(formatWeekdayDay(DEFAULT_CONFERENCE.startDate)).toMatch(/^Saturday /);
    expect(formatWeekdayDay(DEFAULT_CONFERENCE.endDate)).toMatch(/^Thursday /);
    expect(conferenceDays(DEFAULT_CONFERENCE)).toHaveLength(7);
    expect(DEFAULT_CONFERENCE.defaultScheduleDay).toBe(DEFAULT_CONFERENCE.firstShiftDay);
  });

  it('says when results come as the timeline gives them', () => {
    expect(defaultResultTexts(DEFAULT_TIMELINE)).toEqual({
      teamLeaderResults: 'mid-February 2026',
      studentVolunteerResults: 'late May 2026',
      thankYouTeamLeaderResults: 'February 2026',
      thankYouStudentVolunteerResults: 'May 2026',
      confirmBy: 'mid-June',
    });
    const next = Object.fromEntries(
      TIMELINE_KEYS.map((key) => [key, DEFAULT_TIMELINE[key].replace(/^(\d{4})/, (y) => String(Number(y) + 1))]),
    );
    expect(defaultResultTexts(next as typeof DEFAULT_TIMELINE).teamLeaderResults).toBe('mid-February 2027');
    expect(defaultSettings().mailingListUrl).toBe('https://s2026.siggraph.org/program/student-volunteers/');
    expect(defaultSettings().programmeUrl).toBe('https://s2026.siggraph.org/program/student-volunteers/');
  });
});

describe('what an edition derives from its days', () => {
  it('counts the years of earlier volunteering from the year before the edition down to the first on record', () => {
    const years = previousVolunteerYears(DEFAULT_CONFERENCE);
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(FIRST_VOLUNTEER_YEAR);
    expect(years).toHaveLength(2025 - FIRST_VOLUNTEER_YEAR + 1);
    expect(previousVolunteerYears(EDITION_2027)[0]).toBe(2026);
    // The earlier portal's 2025 edition: 2024 down to 2001.
    expect(previousVolunteerYears({ startDate: '2025-08-09' })).toEqual(Array.from({ length: 24 }, (_, i) => 2024 - i));
    expect(previousVolunteerYears({ startDate: `${FIRST_VOLUNTEER_YEAR}-08-01` })).toEqual([]);
  });

  it('offers graduation years from the edition on', () => {
    expect(graduationYearRange({ timeline: DEFAULT_TIMELINE, conference: EDITION_2027 })[0]).toBe(2025);
    expect(graduationYearRange(defaultSettings())).toEqual([2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032]);
  });

  it('lists the days with shifts, the pre-conference day included', () => {
    expect(conferenceDays(EDITION_2027)).toEqual([
      '2027-07-30',
      '2027-07-31',
      '2027-08-01',
      '2027-08-02',
      '2027-08-03',
      '2027-08-04',
      '2027-08-05',
    ]);
  });

  it('writes a span of days as people do, within a month, across months and across years', () => {
    expect(formatDaySpan('2026-08-08', '2026-08-13')).toBe('8 to 13 August 2026');
    expect(formatDaySpan('2027-07-31', '2027-08-05')).toBe('31 July to 5 August 2027');
    expect(formatDaySpan('2026-12-30', '2027-01-02')).toBe('30 December 2026 to 2 January 2027');
    expect(formatDay('2027-01-01')).toBe('1 January 2027');
  });

  it('names the pre-conference days by their weekday and date', () => {
    expect(preconferenceDays(DEFAULT_CONFERENCE)).toEqual([
      { value: 'friday', label: 'Friday 7 August' },
      { value: 'saturday', label: 'Saturday 8 August' },
    ]);
    expect(preconferenceDays(EDITION_2027).map((d) => d.label)).toEqual(['Friday 30 July', 'Saturday 31 July']);
  });

  it("writes the eligibility, passport and stay texts with the edition's dates", () => {
    expect(editionTexts(DEFAULT_CONFERENCE)).toEqual({
      serviceDays: '8 to 13 August 2026',
      studentEligibility:
        'Full-time high school, undergraduate or graduate students for at least one semester between June 2025 and September 2026.',
      ageEligibility: 'Aged 18 or older by 7 August 2026.',
      passportValidThrough: 'September 2026',
      passportBy: '1 August 2026',
      firstShiftDay: 'Friday 7 August',
      stayUntil: '6PM on 13 August',
    });
    const texts = editionTexts({ firstShiftDay: '2027-12-03', startDate: '2027-12-04', endDate: '2027-12-09' });
    expect(texts.studentEligibility).toContain('between October 2026 and January 2028.');
    expect(texts.passportBy).toBe('1 December 2027');
    expect(passportStatuses(EDITION_2027).map((s) => s.label)).toEqual([
      'I have a passport valid through at least September 2027',
      'I will have a passport by 1 July 2027',
      'I do not need a passport to enter Canada',
      'I do not have a passport',
    ]);
  });
});

describe('validateConference', () => {
  const fields = (conference: object) => validateConference({ ...DEFAULT_CONFERENCE, ...conference }).map((e) => e.field);

  it('accepts the default edition and another year', () => {
    expect(validateConference(DEFAULT_CONFERENCE)).toEqual([]);
    expect(validateConference(EDITION_2027)).toEqual([]);
  });

  it('refuses days that are not real days, naming each', () => {
    expect(fields({ startDate: '2026-02-30' })).toEqual(['startDate']);
    expect(fields({ endDate: '13 August 2026', firstShiftDay: '' })).toEqual(['firstShiftDay', 'endDate']);
    expect(fields({ defaultScheduleDay: 20260807 })).toEqual(['defaultScheduleDay']);
  });

  it('keeps the days in order: first shift day, first day of service, last day', () => {
    expect(fields({ firstShiftDay: '2026-08-09' })).toEqual(['startDate', 'defaultScheduleDay']);
    expect(fields({ endDate: '2026-08-07' })).toEqual(['endDate']);
    expect(fields({ firstShiftDay: '2026-08-08', defaultScheduleDay: '2026-08-08' })).toEqual([]);
  });

  it('opens the schedule on a conference day', () => {
    expect(fields({ defaultScheduleDay: '2026-08-06' })).toEqual(['defaultScheduleDay']);
    expect(fields({ defaultScheduleDay: '2026-08-14' })).toEqual(['defaultScheduleDay']);
    expect(fields({ defaultScheduleDay: '2026-08-13' })).toEqual([]);
  });

  it('refuses a conference week of more than a month', () => {
    expect(fields({ endDate: '2026-09-07' })).toEqual(['endDate']);
    expect(fields({ endDate: '2026-09-06' })).toEqual([]);
  });

  it('wants whole hours from 1 to 200, and a name and a city', () => {
    expect(fields({ svHours: 0, tlHours: 60.5 })).toEqual(['svHours', 'tlHours']);
    expect(fields({ svHours: 201, tlHours: '60' })).toEqual(['svHours', 'tlHours']);
    expect(fields({ name: '  ', city: 'x'.repeat(101) })).toEqual(['name', 'city']);
  });
});

describe('editionWarnings', () => {
  it('warns when the timeline leaves volunteers without a schedule, or confirmations after the week started', () => {
    const settings = defaultSettings();
    const lateRelease = { ...settings, timeline: { ...settings.timeline, schedulesReleaseDate: '2026-08-14T00:00:00.000Z' } };
    expect(editionWarnings(lateRelease)).toEqual([expect.stringContaining("after the conference's last day (2026-08-13)")]);
    const lastYear = {
      ...settings,
      conference: {
        ...settings.conference,
        firstShiftDay: '2025-08-08',
        startDate: '2025-08-09',
        endDate: '2025-08-14',
        defaultScheduleDay: '2025-08-08',
      },
    };
    expect(editionWarnings(lastYear)).toHaveLength(3);
  });
});
