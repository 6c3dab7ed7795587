import { DEFAULT_TIMELINE } from '@svp/domain';
import { describe, expect, it } from 'vitest';
import { labelTimelineKeys, timelineErrors } from './timelineErrors';

describe('timelineErrors', () => {
  it('finds nothing wrong with the default timeline', () => {
    expect(timelineErrors({ ...DEFAULT_TIMELINE })).toEqual({});
  });

  it('names a date out of order with the label of the date it must follow', () => {
    // The references' closing date (10 April) now falls after the jury deadline too.
    expect(timelineErrors({ ...DEFAULT_TIMELINE, juryDeadline: '2026-04-01T00:00:00.000Z' })).toEqual({
      juryDeadline: 'Must be after “Jury opens”',
      referencesDeadline: 'Must be before “Jury deadline”',
    });
  });

  it('lets references close after the jury opens, but not before applications close', () => {
    expect(timelineErrors({ ...DEFAULT_TIMELINE, referencesDeadline: '2026-04-20T00:00:00.000Z' })).toEqual({});
    expect(timelineErrors({ ...DEFAULT_TIMELINE, referencesDeadline: '2026-02-01T00:00:00.000Z' })).toEqual({
      referencesDeadline: 'Must be after “Application deadline”',
    });
  });

  it('allows the team leader deadline to equal the application deadline, and says so when it is later', () => {
    expect(timelineErrors({ ...DEFAULT_TIMELINE, teamLeaderEndDate: DEFAULT_TIMELINE.applicationEndDate })).toEqual({});
    expect(timelineErrors({ ...DEFAULT_TIMELINE, teamLeaderEndDate: '2026-03-01T00:00:00.000Z' })).toEqual({
      applicationEndDate: 'Must be on or after “Team leader application deadline”',
    });
  });

  it('asks for a date where one is empty', () => {
    expect(timelineErrors({ ...DEFAULT_TIMELINE, acceptanceDate: '' })).toEqual({ acceptanceDate: 'Enter a date and time (UTC)' });
  });
});

describe('labelTimelineKeys', () => {
  it('rewrites the keys of an API message as labels', () => {
    expect(labelTimelineKeys('juryDeadline must be after juryReleaseDate; schedulesReleaseDate must be after confirmationDeadline')).toBe(
      '“Jury deadline” must be after “Jury opens”; “Schedules released” must be after “Confirmation deadline”',
    );
  });
});
