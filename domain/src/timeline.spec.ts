import { describe, expect, it } from '@jest/globals';
import {
  DEFAULT_TIMELINE,
  TIMELINE_KEYS,
  TIMELINE_LABELS,
  applicationClosed,
  completeTimeline,
  defaultReferencesDeadline,
  editionOf,
  gates,
  normaliseTimeline,
  parseInstant,
  validateTimeline,
} from './timeline.js';

const at = (iso: string) => new Date(iso);
const justBefore = (iso: string) => new Date(Date.parse(iso) - 1);

describe('DEFAULT_TIMELINE', () => {
  it('holds the default dates (UTC) and is in order', () => {
    expect(DEFAULT_TIMELINE).toEqual({
      applicationLaunchDate: '2025-12-02T08:00:00.000Z',
      teamLeaderEndDate: '2026-01-31T22:00:00.000Z',
      applicationEndDate: '2026-02-28T22:00:00.000Z',
      referencesDeadline: '2026-04-10T17:00:00.000Z',
      juryReleaseDate: '2026-04-12T17:00:00.000Z',
      juryDeadline: '2026-05-20T06:59:00.000Z',
      acceptanceDate: '2026-05-21T19:00:00.000Z',
      confirmationDeadline: '2026-06-17T06:59:00.000Z',
      schedulesReleaseDate: '2026-08-05T22:00:00.000Z',
    });
    expect(validateTimeline(DEFAULT_TIMELINE)).toEqual([]);
  });
});

describe('gates', () => {
  const t = DEFAULT_TIMELINE;

  it('before launch only beforeLaunch is set', () => {
    const g = gates(t, justBefore(t.applicationLaunchDate));
    expect(g).toEqual({
      beforeLaunch: true,
      applicationsOpen: false,
      afterTeamLeaderDeadline: false,
      teamLeaderApplicationsOpen: false,
      afterApplicationDeadline: false,
      referencesOpen: false,
      afterReferencesDeadline: false,
      afterJuryRelease: false,
      afterJuryDeadline: false,
      juryOpen: false,
      afterDecisions: false,
      afterConfirmationDeadline: false,
      schedulesOut: false,
    });
  });

  it('applications open exactly at the launch instant', () => {
    const g = gates(t, at(t.applicationLaunchDate));
    expect(g.beforeLaunch).toBe(false);
    expect(g.applicationsOpen).toBe(true);
    expect(g.teamLeaderApplicationsOpen).toBe(true);
  });

  it('the TL deadline closes at 22:00:00.000 UTC, not a millisecond later', () => {
    expect(gates(t, at('2026-01-31T21:59:59.999Z'))).toMatchObject({ afterTeamLeaderDeadline: false, teamLeaderApplicationsOpen: true });
    expect(gates(t, at('2026-01-31T22:00:00.000Z'))).toMatchObject({
      afterTeamLeaderDeadline: true,
      teamLeaderApplicationsOpen: false,
      applicationsOpen: true,
    });
  });

  it('the application deadline closes at 22:00:00.000 UTC', () => {
    expect(gates(t, at('2026-02-28T21:59:59.999Z'))).toMatchObject({ applicationsOpen: true, afterApplicationDeadline: false });
    expect(gates(t, at('2026-02-28T22:00:00.000Z'))).toMatchObject({ applicationsOpen: false, afterApplicationDeadline: true });
  });

  it('referees can answer from the application deadline until (not at) the references close', () => {
    expect(gates(t, justBefore(t.applicationEndDate)).referencesOpen).toBe(false);
    expect(gates(t, at(t.applicationEndDate)).referencesOpen).toBe(true);
    expect(gates(t, justBefore(t.referencesDeadline)).referencesOpen).toBe(true);
    expect(gates(t, at(t.referencesDeadline)).referencesOpen).toBe(false);
    expect(gates(t, justBefore(t.referencesDeadline)).afterReferencesDeadline).toBe(false);
    expect(gates(t, at(t.referencesDeadline)).afterReferencesDeadline).toBe(true);
    // References may still arrive while the jury works.
    const late = { ...t, referencesDeadline: '2026-04-20T00:00:00.000Z' };
    expect(gates(late, at('2026-04-15T00:00:00.000Z'))).toMatchObject({ referencesOpen: true, juryOpen: true });
  });

  it('the jury is open from its release until (not at) its deadline', () => {
    expect(gates(t, justBefore(t.juryReleaseDate)).juryOpen).toBe(false);
    expect(gates(t, at(t.juryReleaseDate))).toMatchObject({ juryOpen: true, afterJuryRelease: true });
    expect(gates(t, justBefore(t.juryDeadline)).juryOpen).toBe(true);
    expect(gates(t, at(t.juryDeadline))).toMatchObject({ juryOpen: false, afterJuryDeadline: true });
  });

  it('the jury stays closed while applications are still open, even after its release date', () => {
    const odd = { ...t, juryReleaseDate: '2026-02-01T00:00:00.000Z' };
    expect(gates(odd, at('2026-02-10T00:00:00.000Z')).juryOpen).toBe(false);
  });

  it('decisions, the confirmation deadline and schedules each turn on at their instant', () => {
    for (const [key, gate] of [
      ['acceptanceDate', 'afterDecisions'],
      ['confirmationDeadline', 'afterConfirmationDeadline'],
      ['schedulesReleaseDate', 'schedulesOut'],
    ] as const) {
      expect(gates(t, justBefore(t[key]))[gate]).toBe(false);
      expect(gates(t, at(t[key]))[gate]).toBe(true);
    }
  });

  it('after schedules are out every "after" gate is set and nothing is open', () => {
    const g = gates(t, at('2026-08-06T00:00:00Z'));
    expect(g).toMatchObject({
      applicationsOpen: false,
      juryOpen: false,
      afterDecisions: true,
      afterConfirmationDeadline: true,
      schedulesOut: true,
    });
  });
});

describe('parseInstant', () => {
  it('accepts ISO-8601 instants with a zone', () => {
    expect(parseInstant('2026-02-28T22:00:00Z')?.toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(parseInstant('2026-02-28T14:00:00-08:00')?.toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(parseInstant('2026-02-28T22:00Z')?.toISOString()).toBe('2026-02-28T22:00:00.000Z');
    expect(parseInstant('2026-02-28T22:00:00.123Z')?.toISOString()).toBe('2026-02-28T22:00:00.123Z');
  });

  it('refuses text without a zone, dates that do not exist, and non-strings', () => {
    for (const value of [
      '2026-02-28T22:00:00',
      '2026-02-28',
      '28 Feb 2026',
      '2026-02-30T10:00:00Z',
      '2026-13-01T00:00:00Z',
      '',
      42,
      null,
      undefined,
    ]) {
      expect(parseInstant(value)).toBeNull();
    }
  });
});

describe('validateTimeline', () => {
  it('names a malformed or missing date', () => {
    const problems = validateTimeline({ ...DEFAULT_TIMELINE, juryDeadline: 'soon', acceptanceDate: undefined });
    expect(problems.map((p) => p.field)).toEqual(['juryDeadline', 'acceptanceDate']);
    expect(problems[0]!.message).toContain('ISO-8601');
  });

  it('names the first date that is not after the one before it', () => {
    expect(validateTimeline({ ...DEFAULT_TIMELINE, juryReleaseDate: '2026-02-01T00:00:00Z' })).toEqual([
      { field: 'juryReleaseDate', message: 'juryReleaseDate must be after applicationEndDate' },
    ]);
    expect(validateTimeline({ ...DEFAULT_TIMELINE, schedulesReleaseDate: DEFAULT_TIMELINE.confirmationDeadline })).toEqual([
      { field: 'schedulesReleaseDate', message: 'schedulesReleaseDate must be after confirmationDeadline' },
    ]);
  });

  it('lets the TL deadline fall on the application deadline but not after it', () => {
    expect(validateTimeline({ ...DEFAULT_TIMELINE, teamLeaderEndDate: DEFAULT_TIMELINE.applicationEndDate })).toEqual([]);
    expect(validateTimeline({ ...DEFAULT_TIMELINE, teamLeaderEndDate: '2026-03-01T00:00:00Z' })).toEqual([
      { field: 'applicationEndDate', message: 'applicationEndDate must be on or after teamLeaderEndDate' },
    ]);
  });

  it(
    "puts the references' closing date after the application deadline and before the jury " + "deadline, not against the jury's opening",
    () => {
      expect(TIMELINE_KEYS.indexOf('referencesDeadline')).toBe(TIMELINE_KEYS.indexOf('applicationEndDate') + 1);
      expect(TIMELINE_LABELS.referencesDeadline).toBe('References close');
      expect(validateTimeline({ ...DEFAULT_TIMELINE, referencesDeadline: '2026-04-20T00:00:00Z' })).toEqual([]);
      expect(validateTimeline({ ...DEFAULT_TIMELINE, referencesDeadline: DEFAULT_TIMELINE.applicationEndDate })).toEqual([
        { field: 'referencesDeadline', message: 'referencesDeadline must be after applicationEndDate' },
      ]);
      expect(validateTimeline({ ...DEFAULT_TIMELINE, referencesDeadline: DEFAULT_TIMELINE.juryDeadline })).toEqual([
        { field: 'referencesDeadline', message: 'referencesDeadline must be before juryDeadline' },
      ]);
      expect(validateTimeline({ ...DEFAULT_TIMELINE, referencesDeadline: 'soon' }).map((p) => p.field)).toEqual(['referencesDeadline']);
    },
  );

  it("gives a timeline stored without the references' closing date one that keeps it valid", () => {
    const { referencesDeadline: _none, ...stored2025 } = Object.fromEntries(
      TIMELINE_KEYS.map((k) => [k, DEFAULT_TIMELINE[k].replace('2026', '2025').replace('2025-12-02', '2024-12-02')]),
    ) as Record<string, string>;
    const completed = completeTimeline(stored2025);
    expect(completed.referencesDeadline).toBe('2025-04-10T17:00:00.000Z');
    expect(validateTimeline(completed)).toEqual([]);
    // Jury opening right after the deadline: halfway between the application and jury deadlines instead.
    const tight = {
      applicationEndDate: '2026-03-01T00:00:00.000Z',
      juryReleaseDate: '2026-03-02T00:00:00.000Z',
      juryDeadline: '2026-03-11T00:00:00.000Z',
    };
    expect(defaultReferencesDeadline(tight)).toBe('2026-03-06T00:00:00.000Z');
    expect(validateTimeline(completeTimeline({ ...DEFAULT_TIMELINE, ...tight, referencesDeadline: undefined }))).toEqual([]);
    // A stored closing date is kept; nothing stored gets the default.
    expect(completeTimeline({ referencesDeadline: '2026-04-01T00:00:00.000Z' }).referencesDeadline).toBe('2026-04-01T00:00:00.000Z');
    expect(completeTimeline({})).toEqual(DEFAULT_TIMELINE);
  });

  it('normalises every key to UTC with milliseconds', () => {
    const local = Object.fromEntries(TIMELINE_KEYS.map((k) => [k, DEFAULT_TIMELINE[k].replace('.000Z', '+00:00')]));
    expect(normaliseTimeline(local as never)).toEqual(DEFAULT_TIMELINE);
  });
});

describe('applicationClosed', () => {
  const open = { afterApplicationDeadline: false };
  const past = { afterApplicationDeadline: true };

  it('is closed after the deadline, for an application or none', () => {
    expect(applicationClosed({ closed: false }, past)).toBe(true);
    expect(applicationClosed(null, past)).toBe(true);
    expect(applicationClosed(null, open)).toBe(false);
    expect(applicationClosed({ closed: false }, open)).toBe(false);
  });

  it('stays closed once the deadline job closed it, even when the deadline is moved later', () => {
    expect(applicationClosed({ closed: true }, open)).toBe(true);
  });
});

describe('editionOf', () => {
  it('names the edition by the year of the application deadline', () => {
    expect(editionOf(DEFAULT_TIMELINE)).toBe('2026');
    expect(editionOf({ applicationEndDate: '2027-02-28T22:00:00.000Z' })).toBe('2027');
  });
});
