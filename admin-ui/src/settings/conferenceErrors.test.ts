import { DEFAULT_CONFERENCE } from '@svp/domain';
import { describe, expect, it } from 'vitest';
import { conferenceErrors, labelConferenceKeys, settingsServerErrors } from './conferenceErrors';

const conference = {
  ...DEFAULT_CONFERENCE,
  firstShiftDay: '2026-08-07',
  startDate: '2026-08-08',
  endDate: '2026-08-13',
  defaultScheduleDay: '2026-08-07',
};

describe('conferenceErrors', () => {
  it('finds nothing wrong with the default conference', () => {
    expect(conferenceErrors(conference)).toEqual({});
  });

  it('names days out of order with the labels of the days they depend on', () => {
    expect(conferenceErrors({ ...conference, endDate: '2026-08-07', defaultScheduleDay: '2026-08-07' })).toEqual({
      endDate: 'Must be on or after “First day of service”',
    });
    expect(conferenceErrors({ ...conference, firstShiftDay: '2026-08-09' })).toEqual({
      startDate: 'Must be on or after “First shift day” (the first day with shifts)',
      defaultScheduleDay: 'Must be one of the conference days, from “First shift day” to “Last day of service”',
    });
    expect(conferenceErrors({ ...conference, defaultScheduleDay: '2026-08-20' })).toEqual({
      defaultScheduleDay: 'Must be one of the conference days, from “First shift day” to “Last day of service”',
    });
    expect(conferenceErrors({ ...conference, endDate: '2026-09-30' })).toEqual({
      endDate: 'The conference week, from “First shift day” to “Last day of service”, must span at most 31 days',
    });
  });

  it('asks for a day where one is empty, and refuses impossible days, hours out of range and empty names', () => {
    expect(conferenceErrors({ ...conference, startDate: '' })).toEqual({ startDate: 'Enter a day' });
    expect(conferenceErrors({ ...conference, startDate: '2026-02-30' }).startDate).toBe(
      'Must be a real day written YYYY-MM-DD, e.g. 2026-08-08',
    );
    expect(conferenceErrors({ ...conference, svHours: 0, tlHours: 20.5 })).toEqual({
      svHours: 'Must be a whole number of hours from 1 to 200',
      tlHours: 'Must be a whole number of hours from 1 to 200',
    });
    expect(conferenceErrors({ ...conference, name: ' ', city: 'x'.repeat(101) })).toEqual({
      name: 'Must not be empty',
      city: 'Must be at most 100 characters',
    });
  });
});

describe('the API’s words', () => {
  it('reads conference keys as labels, leaving ordinary words alone', () => {
    expect(labelConferenceKeys('startDate must be on or after firstShiftDay; the name stays')).toBe(
      '“First day of service” must be on or after “First shift day”; the name stays',
    );
  });

  it('words field errors of the API as the form does', () => {
    expect(
      settingsServerErrors({
        'conference.defaultScheduleDay': 'defaultScheduleDay must be one of the conference days, from firstShiftDay to endDate',
        'timeline.juryDeadline': 'juryDeadline must be after juryReleaseDate',
        contactEmail: 'contactEmail must be an email address',
      }),
    ).toEqual({
      'conference.defaultScheduleDay': 'Must be one of the conference days, from “First shift day” to “Last day of service”',
      'timeline.juryDeadline': 'Must be after “Jury opens”',
      contactEmail: 'contactEmail must be an email address',
    });
  });
});
