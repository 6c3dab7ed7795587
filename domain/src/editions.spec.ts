import { describe, expect, it } from '@jest/globals';
import { declaredVolunteerYears, dayYearsLater, instantYearsLater, nextEditionSettings, teamLeaderEligibility } from './editions.js';
import { defaultSettings } from './settings.js';
import { editionOf, validateTimeline } from './timeline.js';

describe('nextEditionSettings', () => {
  it('moves every date of the timeline and the conference a year forward, and the years in its texts', () => {
    const current = defaultSettings();
    const next = nextEditionSettings(current);
    expect(next.timeline).toEqual({
      applicationLaunchDate: '2026-12-02T08:00:00.000Z',
      teamLeaderEndDate: '2027-01-31T22:00:00.000Z',
      applicationEndDate: '2027-02-28T22:00:00.000Z',
      referencesDeadline: '2027-04-10T17:00:00.000Z',
      juryReleaseDate: '2027-04-12T17:00:00.000Z',
      juryDeadline: '2027-05-20T06:59:00.000Z',
      acceptanceDate: '2027-05-21T19:00:00.000Z',
      confirmationDeadline: '2027-06-17T06:59:00.000Z',
      schedulesReleaseDate: '2027-08-05T22:00:00.000Z',
    });
    expect(next.conference).toMatchObject({
      name: 'SIGGRAPH 2027',
      startDate: '2027-08-08',
      endDate: '2027-08-13',
      firstShiftDay: '2027-08-07',
      defaultScheduleDay: '2027-08-07',
      city: 'Vancouver',
    });
    expect(next.resultTexts.teamLeaderResults).toBe('mid-February 2027');
    expect(validateTimeline(next.timeline)).toEqual([]);
    expect(editionOf(next.timeline)).toBe('2027');
    // The current edition's settings are left as they were.
    expect(current.conference.name).toBe('SIGGRAPH 2026');
  });

  it('keeps the last day of February on a leap year’s move', () => {
    expect(instantYearsLater('2028-02-29T22:00:00.000Z', 1)).toBe('2029-02-28T22:00:00.000Z');
    expect(dayYearsLater('2028-02-29', 1)).toBe('2029-02-28');
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
