import { describe, expect, it } from '@jest/globals';
import { defaultResultTexts, followDerivedTexts, namedMonths, resultTextProblems } from './result-texts.js';
import { type EditionSettings, defaultSettings } from './settings.js';
import { timelineFor } from './timeline-builders.js';

const withTexts = (texts: Partial<EditionSettings['resultTexts']>, settings = defaultSettings()) => ({
  ...settings,
  resultTexts: { ...settings.resultTexts, ...texts },
});

describe('the results texts out of the box', () => {
  it('agree with the default timeline: decisions on 21 May, confirmations until 17 June', () => {
    const settings = defaultSettings();
    expect(settings.resultTexts.studentVolunteerResults).toBe('late May 2026');
    expect(settings.resultTexts.thankYouStudentVolunteerResults).toBe('May 2026');
    expect(settings.resultTexts.confirmBy).toBe('mid-June');
    expect(resultTextProblems(settings)).toEqual([]);
  });

  it('agree with any timeline, also one squeezed into a few weeks', () => {
    for (const phase of ['beforeLaunch', 'open', 'jury', 'decisions', 'schedulesOut'] as const) {
      const timeline = timelineFor(phase, Date.parse('2026-12-28T12:00:00.000Z'));
      const settings = { ...defaultSettings(), timeline, resultTexts: defaultResultTexts(timeline) };
      expect([phase, resultTextProblems(settings)]).toEqual([phase, []]);
    }
  });
});

describe('resultTextProblems', () => {
  it('refuses the months the timeline contradicts, saying the rule', () => {
    const problems = resultTextProblems(
      withTexts({ studentVolunteerResults: 'late April 2026', thankYouStudentVolunteerResults: 'May', confirmBy: 'late April' }),
    );
    expect(problems).toEqual([
      {
        field: 'studentVolunteerResults',
        message:
          '“late April 2026” names April 2026, but decisions are released on 21 May 2026 at 19:00 UTC: this text may only name May 2026.',
      },
      {
        field: 'confirmBy',
        message:
          '“late April” names April, but places are confirmed until the confirmation deadline, 17 June 2026 at 06:59 UTC: ' +
          'this text may only name June 2026.',
      },
    ]);
  });

  it('gives team leaders’ results the months from their deadline to the release of decisions', () => {
    expect(resultTextProblems(withTexts({ teamLeaderResults: 'early April 2026', thankYouTeamLeaderResults: 'January 2026' }))).toEqual([]);
    const [early] = resultTextProblems(withTexts({ teamLeaderResults: 'mid-December 2025' }));
    expect(early).toEqual({
      field: 'teamLeaderResults',
      message:
        '“mid-December 2025” names December 2025, but team leader results come after the team leader deadline ' +
        '(31 January 2026 at 22:00 UTC) and by the release of decisions (21 May 2026 at 19:00 UTC): this text may only name a ' +
        'month from January 2026 to May 2026.',
    });
    // A year alone is checked too.
    expect(resultTextProblems(withTexts({ thankYouTeamLeaderResults: 'early 2025' }))[0]?.field).toBe('thankYouTeamLeaderResults');
  });

  it('reads a date in UTC and in the conference’s zone: 1 July 06:59 UTC is 30 June in Vancouver', () => {
    const settings = defaultSettings();
    const timeline = {
      ...settings.timeline,
      confirmationDeadline: '2026-07-01T06:59:00.000Z',
      schedulesReleaseDate: '2026-08-05T22:00:00.000Z',
    };
    expect(resultTextProblems({ ...settings, timeline, resultTexts: { ...settings.resultTexts, confirmBy: 'late June' } })).toEqual([]);
    expect(resultTextProblems({ ...settings, timeline, resultTexts: { ...settings.resultTexts, confirmBy: 'early July' } })).toEqual([]);
  });

  it('leaves texts that name no month alone, and reads months as English writes them', () => {
    expect(
      resultTextProblems(withTexts({ studentVolunteerResults: 'a few weeks after the jury', confirmBy: 'the date in your offer' })),
    ).toEqual([]);
    expect(namedMonths('we may write in late Sept. 2026, or Jun')).toEqual([
      { month: 8, year: 2026, words: 'Sept. 2026' },
      { month: 5, year: null, words: 'Jun' },
    ]);
  });
});

describe('followDerivedTexts', () => {
  it('moves the texts and links derived from the edition with it, and leaves the organisers’ own words', () => {
    const before = withTexts({ teamLeaderResults: 'when the chair has read them all' });
    const timeline = { ...before.timeline, acceptanceDate: '2026-06-02T19:00:00.000Z', confirmationDeadline: '2026-07-08T06:59:00.000Z' };
    const after = followDerivedTexts(before, { ...before, timeline });
    expect(after.resultTexts).toEqual({
      teamLeaderResults: 'when the chair has read them all',
      studentVolunteerResults: 'early June 2026',
      thankYouTeamLeaderResults: 'February 2026',
      thankYouStudentVolunteerResults: 'June 2026',
      confirmBy: 'early July',
    });
    const moved = followDerivedTexts(before, { ...before, conference: { ...before.conference, startDate: '2027-08-14' } });
    expect(moved.mailingListUrl).toBe('https://s2027.siggraph.org/program/student-volunteers/');
    expect(moved.programmeUrl).toBe('https://s2027.siggraph.org/program/student-volunteers/');
    const own = { ...before, mailingListUrl: 'https://lists.example.org/sv' };
    expect(followDerivedTexts(own, { ...own, conference: moved.conference }).mailingListUrl).toBe('https://lists.example.org/sv');
  });
});
