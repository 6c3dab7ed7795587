import { describe, expect, it } from '@jest/globals';
import { defaultSettings } from '../settings.js';
import { DEFAULT_TIMELINE } from '../timeline.js';
import { firstNullSetting, mergeSettings, settingsAfterChange, settingsProblems, storedSettings } from './changes.js';

const settings = defaultSettings('sv@example.org');

describe('an organiser changes the settings', () => {
  it('keeps everything the change leaves out, the other dates and conference facts included', () => {
    const { settings: next, problems } = settingsAfterChange(settings, {
      conference: { city: 'Los Angeles' } as never,
      timeline: { juryDeadline: '2026-05-19T06:59:00.000Z' } as never,
    });
    expect(problems).toEqual([]);
    expect(next.conference).toEqual({ ...settings.conference, city: 'Los Angeles' });
    expect(next.timeline).toEqual({ ...settings.timeline, juryDeadline: '2026-05-19T06:59:00.000Z' });
    expect(next.contactEmail).toBe('sv@example.org');
  });

  it('stores the dates in one form, whatever zone they were written in', () => {
    const { settings: next } = settingsAfterChange(settings, { timeline: { juryDeadline: '2026-05-18T23:59:00-07:00' } as never });
    expect(next.timeline.juryDeadline).toBe('2026-05-19T06:59:00.000Z');
  });

  it('moves the references’ closing date along when the jury moves past it and the change does not name it', () => {
    const { settings: next, problems } = settingsAfterChange(settings, {
      timeline: { juryReleaseDate: '2026-03-05T17:00:00.000Z', juryDeadline: '2026-04-01T06:59:00.000Z' } as never,
    });
    expect(problems).toEqual([]);
    // Two days before the jury opens.
    expect(next.timeline.referencesDeadline).toBe('2026-03-03T17:00:00.000Z');
  });

  it('refuses a references’ closing date the change itself puts out of order, naming the field', () => {
    const { problems } = settingsAfterChange(settings, { timeline: { referencesDeadline: '2026-02-01T00:00:00.000Z' } as never });
    expect(problems).toEqual([{ field: 'timeline.referencesDeadline', message: 'referencesDeadline must be after applicationEndDate' }]);
  });

  it('names each date out of order and each wrong conference fact by its field', () => {
    const { problems } = settingsAfterChange(settings, {
      timeline: { acceptanceDate: '2026-05-01T00:00:00.000Z' } as never,
      conference: { svHours: -3 } as never,
    });
    expect(problems.map((p) => p.field)).toEqual(['timeline.acceptanceDate', 'conference.svHours']);
  });

  it('follows the new year with the texts and links it derived from the dates, unless the organiser wrote their own', () => {
    const later = { startDate: '2027-08-07', endDate: '2027-08-12', firstShiftDay: '2027-08-06', defaultScheduleDay: '2027-08-06' };
    const { settings: next } = settingsAfterChange(settings, { conference: later as never });
    expect(next.programmeUrl).toBe('https://s2027.siggraph.org/program/student-volunteers/');
    const own = settingsAfterChange({ ...settings, programmeUrl: 'https://example.org/sv' }, { conference: later as never });
    expect(own.settings.programmeUrl).toBe('https://example.org/sv');
  });
});

describe('what is wrong with a whole set of settings', () => {
  it('is nothing for the default edition', () => {
    expect(settingsProblems(settings)).toEqual([]);
  });

  it('leaves the results texts alone while the dates are out of order: those are fixed first', () => {
    const tangled = { ...settings, timeline: { ...settings.timeline, acceptanceDate: '2026-01-01T00:00:00.000Z' } };
    expect(settingsProblems(tangled).every((p) => p.field.startsWith('timeline.'))).toBe(true);
  });
});

describe('a change laid over settings', () => {
  it('replaces what it names, group by group, and leaves what it does not name or leaves undefined', () => {
    const merged = mergeSettings(settings, { swapsEnabled: !settings.swapsEnabled, contactEmail: undefined, retention: {} as never });
    expect(merged.swapsEnabled).toBe(!settings.swapsEnabled);
    expect(merged.contactEmail).toBe('sv@example.org');
    expect(merged.retention).toEqual(settings.retention);
  });
});

describe('settings as stored', () => {
  it('are the defaults when nothing was stored', () => {
    expect(storedSettings({}, settings)).toEqual(settings);
  });

  it('give an edition stored before the references had a closing date one that fits its own dates', () => {
    const { referencesDeadline: _none, ...older } = { ...DEFAULT_TIMELINE, juryReleaseDate: '2026-04-20T17:00:00.000Z' };
    expect(storedSettings({ timeline: older as never }, settings).timeline.referencesDeadline).toBe('2026-04-18T17:00:00.000Z');
  });

  it('link to this edition’s own programme page, not the default year’s, when no link was stored', () => {
    const read = storedSettings({ conference: { ...settings.conference, startDate: '2027-08-07' } }, settings);
    expect([read.programmeUrl, read.mailingListUrl]).toEqual([
      'https://s2027.siggraph.org/program/student-volunteers/',
      'https://s2027.siggraph.org/program/student-volunteers/',
    ]);
  });
});

describe('a change with an empty value', () => {
  it('is named by the dotted path of its first null, nested or not', () => {
    expect(firstNullSetting({ conference: { city: 'Vancouver', name: null } })).toBe('conference.name');
    expect(firstNullSetting({ swapsEnabled: null })).toBe('swapsEnabled');
    expect(firstNullSetting({ conference: { city: 'Vancouver' } })).toBeNull();
  });
});
