import { describe, expect, it } from '@jest/globals';
import { formatWeekdayDay } from './edition.js';
import {
  EDITION_MESSAGES,
  comingEdition,
  dayMoved,
  declaredVolunteerYears,
  instantMoved,
  movedEdition,
  nextEditionSettings,
  sameWeekShiftDays,
  seasonNextStep,
  teamLeaderEligibility,
  textYearsLater,
} from './editions.js';
import { resultTextProblems } from './result-texts.js';
import { type EditionSettings, defaultSettings } from './settings.js';
import { TIMELINE_KEYS, editionOf, validateTimeline } from './timeline.js';

const weekday = (iso: string) => new Date(iso).getUTCDay();
const conferenceWeekdays = (settings: EditionSettings) =>
  (['firstShiftDay', 'startDate', 'endDate'] as const).map((day) => formatWeekdayDay(settings.conference[day]).split(' ')[0]);

describe('nextEditionSettings', () => {
  it('moves every date to the same week of the next year, keeping its weekday', () => {
    const current = defaultSettings();
    const next = nextEditionSettings(current);
    expect(next.timeline).toEqual({
      applicationLaunchDate: '2026-12-08T08:00:00.000Z',
      teamLeaderEndDate: '2027-02-06T22:00:00.000Z',
      applicationEndDate: '2027-03-06T22:00:00.000Z',
      referencesDeadline: '2027-04-16T17:00:00.000Z',
      juryReleaseDate: '2027-04-18T17:00:00.000Z',
      juryDeadline: '2027-05-26T06:59:00.000Z',
      acceptanceDate: '2027-05-27T19:00:00.000Z',
      confirmationDeadline: '2027-06-23T06:59:00.000Z',
      schedulesReleaseDate: '2027-08-11T22:00:00.000Z',
    });
    // The Friday pre-conference day stays a Friday, the service days Saturday to Thursday.
    expect(next.conference).toMatchObject({
      name: 'SIGGRAPH 2027',
      firstShiftDay: '2027-08-13',
      startDate: '2027-08-14',
      endDate: '2027-08-19',
      defaultScheduleDay: '2027-08-13',
      city: 'Vancouver',
    });
    expect(conferenceWeekdays(next)).toEqual(['Friday', 'Saturday', 'Thursday']);
    for (const key of TIMELINE_KEYS) expect([key, weekday(next.timeline[key])]).toEqual([key, weekday(current.timeline[key])]);
    expect(validateTimeline(next.timeline)).toEqual([]);
    expect(editionOf(next.timeline)).toBe('2027');
    // The current edition's settings are left as they were.
    expect(current.conference.name).toBe('SIGGRAPH 2026');
  });

  it('stays in the same week of the year, year after year, where 52 weeks would drift', () => {
    let edition = defaultSettings();
    const fridays: string[] = [];
    for (let year = 0; year < 8; year += 1) {
      edition = nextEditionSettings(edition);
      fridays.push(edition.conference.firstShiftDay);
    }
    expect(fridays).toEqual([
      '2027-08-13',
      '2028-08-11',
      '2029-08-10',
      '2030-08-09',
      '2031-08-08',
      '2032-08-06',
      '2033-08-12',
      '2034-08-11',
    ]);
    expect(fridays.every((day) => formatWeekdayDay(day).startsWith('Friday'))).toBe(true);
    expect(sameWeekShiftDays('2026-08-08', 1) % 7).toBe(0);
    // A week 53 becomes the last week of a year without one: 2026-12-31 is in week 53 of 2026, 2027 has 52.
    expect(dayMoved('2026-12-31', sameWeekShiftDays('2026-12-31', 1))).toBe('2027-12-30');
  });

  it('moves every date with the first day the organisers pick', () => {
    const next = nextEditionSettings(defaultSettings(), { startDate: '2027-07-31' });
    expect(next.conference).toMatchObject({ firstShiftDay: '2027-07-30', startDate: '2027-07-31', endDate: '2027-08-05' });
    expect(next.timeline.applicationEndDate).toBe('2027-02-20T22:00:00.000Z');
    expect(conferenceWeekdays(next)).toEqual(['Friday', 'Saturday', 'Thursday']);
  });

  it('keeps the wall-clock time of the conference’s zone across a change of daylight saving time', () => {
    // 23:59 in Vancouver on 6 March (PST, UTC−8) is 23:59 on 20 March two weeks later (PDT, UTC−7).
    expect(instantMoved('2027-03-07T07:59:00.000Z', 14, 'America/Los_Angeles')).toBe('2027-03-21T06:59:00.000Z');
  });

  it('moves the years of the links and of every text, also inside an address', () => {
    const current = { ...defaultSettings(), mailingListUrl: 'https://s2026.siggraph.org/lists/sv?from=2025' };
    const next = nextEditionSettings(current);
    expect(next.mailingListUrl).toBe('https://s2027.siggraph.org/lists/sv?from=2026');
    expect(next.programmeUrl).toBe('https://s2027.siggraph.org/program/student-volunteers/');
    const afterNext = nextEditionSettings(next);
    expect(afterNext.mailingListUrl).toBe('https://s2028.siggraph.org/lists/sv?from=2027');
    expect(textYearsLater('SIGGRAPH 2026 (after 2025)', 2026, -1)).toBe('SIGGRAPH 2025 (after 2024)');
    expect(textYearsLater('s2026x20261', 2026, 1)).toBe('s2027x20261');
  });

  it('derives the results texts from the new timeline, and moves the organisers’ own words when they still fit', () => {
    const current = defaultSettings();
    const next = nextEditionSettings(current);
    expect(next.resultTexts).toEqual({
      teamLeaderResults: 'mid-February 2027',
      studentVolunteerResults: 'late May 2027',
      thankYouTeamLeaderResults: 'February 2027',
      thankYouStudentVolunteerResults: 'May 2027',
      confirmBy: 'late June',
    });
    const worded = { ...current, resultTexts: { ...current.resultTexts, teamLeaderResults: 'by early March 2026', confirmBy: 'mid-June' } };
    const moved = nextEditionSettings(worded);
    expect(moved.resultTexts.teamLeaderResults).toBe('by early March 2027');
    // 'mid-June' would contradict a deadline of 23 June 2027: it follows the timeline instead.
    expect(moved.resultTexts.confirmBy).toBe('late June');
    expect(resultTextProblems(moved)).toEqual([]);
    // Two years on, nothing still says last year.
    const twoYears = nextEditionSettings(moved);
    expect(JSON.stringify(twoYears.resultTexts)).not.toMatch(/2027/);
  });

  it('keeps the last day of February on a leap year’s move', () => {
    expect(dayMoved('2028-02-29', 365)).toBe('2029-02-28');
  });
});

describe('comingEdition: the first edition of a new portal', () => {
  const pattern = defaultSettings();
  const at = (now: string) => comingEdition(pattern, new Date(now));

  it('on 1 December, after a season: the next conference, applications opening in the future', () => {
    const edition = at('2026-12-01T09:00:00.000Z');
    expect(edition.conference).toMatchObject({ name: 'SIGGRAPH 2027', firstShiftDay: '2027-08-13' });
    expect(edition.timeline.applicationLaunchDate).toBe('2026-12-08T08:00:00.000Z');
    expect(conferenceWeekdays(edition)).toEqual(['Friday', 'Saturday', 'Thursday']);
    expect(edition.mailingListUrl).toBe('https://s2027.siggraph.org/program/student-volunteers/');
    expect(resultTextProblems(edition)).toEqual([]);
  });

  it('before a season: this year’s conference, every date still ahead', () => {
    const edition = at('2025-11-01T12:00:00.000Z');
    expect(edition.conference.name).toBe('SIGGRAPH 2026');
    expect(TIMELINE_KEYS.every((key) => Date.parse(edition.timeline[key]) > Date.parse('2025-11-01T12:00:00.000Z'))).toBe(true);
  });

  it('during a season: its conference, still ahead, with the dates already passed', () => {
    const edition = at('2027-03-15T12:00:00.000Z');
    expect(edition.conference.name).toBe('SIGGRAPH 2027');
    expect(Date.parse(edition.timeline.applicationEndDate) < Date.parse('2027-03-15T12:00:00.000Z')).toBe(true);
    expect(seasonNextStep(edition, new Date('2027-03-15T12:00:00.000Z'))).toEqual({
      kind: 'date',
      key: 'referencesDeadline',
      at: '2027-04-16T17:00:00.000Z',
    });
  });

  it('from the conference’s first day on (in its time zone): the next year', () => {
    // 00:30 on the Friday in Vancouver, 07:30 UTC.
    expect(at('2027-08-13T07:30:00.000Z').conference.name).toBe('SIGGRAPH 2028');
    expect(at('2027-08-13T06:30:00.000Z').conference.name).toBe('SIGGRAPH 2027');
    expect(at('2027-09-01T12:00:00.000Z').conference).toMatchObject({ name: 'SIGGRAPH 2028', firstShiftDay: '2028-08-11' });
  });

  it('works the pattern backwards too, for a clock before the default edition', () => {
    expect(at('2024-05-01T12:00:00.000Z').conference).toMatchObject({ name: 'SIGGRAPH 2024', firstShiftDay: '2024-08-09' });
  });
});

describe('seasonNextStep', () => {
  const edition = defaultSettings();
  const step = (now: string) => seasonNextStep(edition, new Date(now));

  it('names the next date of the timeline, then the conference, the week under way, and the end', () => {
    expect(step('2025-11-01T00:00:00.000Z')).toEqual({ kind: 'date', key: 'applicationLaunchDate', at: '2025-12-02T08:00:00.000Z' });
    expect(step('2026-04-11T00:00:00.000Z')).toEqual({ kind: 'date', key: 'juryReleaseDate', at: '2026-04-12T17:00:00.000Z' });
    expect(step('2026-08-06T00:00:00.000Z')).toEqual({ kind: 'conference', firstShiftDay: '2026-08-07' });
    expect(step('2026-08-10T12:00:00.000Z')).toEqual({ kind: 'underWay', endDate: '2026-08-13' });
    expect(step('2026-08-14T12:00:00.000Z')).toEqual({ kind: 'over' });
  });
});

describe('EDITION_MESSAGES', () => {
  it('names the rule a refused start breaks: a later calendar year', () => {
    expect(EDITION_MESSAGES.notNewer('15 December 2027 at 22:00 UTC', '2027', '2027')).toBe(
      'An edition is known by the year of its application deadline, and each new one must fall in a later calendar year than the ' +
        "current edition's (2027): the application deadline 15 December 2027 at 22:00 UTC falls in 2027. Move it into 2028 or later.",
    );
    expect(EDITION_MESSAGES.keyTaken('2027')).toMatch(/known by the year of its application deadline/);
  });
});

describe('movedEdition', () => {
  it('moves nothing by zero days', () => {
    expect(movedEdition(defaultSettings(), 0)).toEqual(defaultSettings());
  });
});

describe('teamLeaderEligibility', () => {
  it('accepts a year on the portal’s records, and never a year of the edition itself', () => {
    expect(teamLeaderEligibility({ portalYears: [2026], declaredYears: [] }, 2027)).toEqual({ eligible: true, flagged: false });
    expect(teamLeaderEligibility({ portalYears: [2027], declaredYears: [] }, 2027).eligible).toBe(false);
  });

  it('accepts a year only declared, flagged for the organisers', () => {
    const flagged = teamLeaderEligibility({ portalYears: [], declaredYears: [2019, 2015] }, 2027);
    expect(flagged).toEqual({
      eligible: true,
      flagged: true,
      reason: 'Volunteered in 2015, 2019 by their own account; the portal has no record of it.',
    });
  });

  it('refuses a first-timer, saying the rule', () => {
    const refused = teamLeaderEligibility({ portalYears: [], declaredYears: [] }, 2027);
    expect(refused.eligible).toBe(false);
    expect(refused.flagged).toBe(false);
    expect(!refused.eligible && refused.reason).toMatch(/^Team leaders need at least 1 year of prior SV experience\./);
  });
});

describe('declaredVolunteerYears', () => {
  it('joins the North America and Asia years, once each, latest first', () => {
    expect(declaredVolunteerYears({ yearsVolunteered: [2019, 2022], yearsVolunteeredAsia: [2022, 2018] })).toEqual([2022, 2019, 2018]);
    expect(declaredVolunteerYears({})).toEqual([]);
  });
});
