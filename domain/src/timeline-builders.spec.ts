import { describe, expect, it } from '@jest/globals';
import { TIMELINE_PHASES, type TimelinePhase, timelineAround, timelineFor, timelineWithPassed } from './timeline-builders.js';
import { TIMELINE_KEYS, type Timeline, gates, validateTimeline } from './timeline.js';

const NOW = Date.parse('2026-01-15T12:00:00.000Z');
const DAY = 86_400_000;

/** Which dates of `timeline` have passed at `now`. */
const passedAt = (timeline: Timeline, now: number) => TIMELINE_KEYS.filter((key) => Date.parse(timeline[key]) <= now);

describe('timelineAround', () => {
  it('places every date the given number of days from now', () => {
    const days = { ...TIMELINE_PHASES.open, teamLeaderEndDate: 1 / 24, applicationEndDate: -0.5 };
    const timeline = timelineAround(NOW, days);
    expect(Object.keys(timeline)).toEqual([...TIMELINE_KEYS]);
    expect(timeline.applicationLaunchDate).toBe('2026-01-14T12:00:00.000Z');
    expect(timeline.teamLeaderEndDate).toBe('2026-01-15T13:00:00.000Z');
    expect(timeline.applicationEndDate).toBe('2026-01-15T00:00:00.000Z');
    expect(timeline.schedulesReleaseDate).toBe('2026-02-14T12:00:00.000Z');
  });

  it('gives back an instant whose offset was computed from it, to the millisecond', () => {
    const deadline = Date.parse('2026-02-03T21:59:59.123Z');
    const timeline = timelineAround(NOW, { ...TIMELINE_PHASES.jury, juryDeadline: (deadline - NOW) / DAY });
    expect(timeline.juryDeadline).toBe('2026-02-03T21:59:59.123Z');
  });
});

describe('timelineFor', () => {
  const expected: Record<TimelinePhase, (g: ReturnType<typeof gates>) => boolean> = {
    beforeLaunch: (g) => g.beforeLaunch,
    open: (g) => g.applicationsOpen && g.teamLeaderApplicationsOpen,
    jury: (g) => g.juryOpen && g.referencesOpen,
    decisions: (g) => g.afterDecisions && !g.afterConfirmationDeadline,
    schedulesOut: (g) => g.schedulesOut,
  };

  it.each(Object.keys(TIMELINE_PHASES) as TimelinePhase[])('%s: a valid timeline whose gates at now are that phase', (name) => {
    const timeline = timelineFor(name, NOW);
    expect(validateTimeline(timeline)).toEqual([]);
    expect(expected[name](gates(timeline, new Date(NOW)))).toBe(true);
    for (const other of Object.keys(expected) as TimelinePhase[]) {
      if (other !== name) expect(expected[other](gates(timeline, new Date(NOW)))).toBe(false);
    }
  });

  it('runs on the current time unless told otherwise', () => {
    const before = Date.now();
    const timeline = timelineFor('open');
    const launch = Date.parse(timeline.applicationLaunchDate) + DAY;
    expect(launch).toBeGreaterThanOrEqual(before);
    expect(launch).toBeLessThanOrEqual(Date.now());
  });

  it('moves the dates it is given and keeps the others of the phase', () => {
    const timeline = timelineFor('open', NOW, { teamLeaderEndDate: -2 });
    expect(timeline.teamLeaderEndDate).toBe('2026-01-13T12:00:00.000Z');
    expect({ ...timeline, teamLeaderEndDate: null }).toEqual({ ...timelineFor('open', NOW), teamLeaderEndDate: null });
    const g = gates(timeline, new Date(NOW));
    expect(g.applicationsOpen).toBe(true);
    expect(g.afterTeamLeaderDeadline).toBe(true);
    expect(g.teamLeaderApplicationsOpen).toBe(false);
  });
});

describe('timelineWithPassed', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8])('%i deadlines passed: a valid timeline, that many dates a day apart behind now', (passed) => {
    const timeline = timelineWithPassed(passed, NOW);
    expect(validateTimeline(timeline)).toEqual([]);
    const behind = passedAt(timeline, NOW).filter((key) => key !== 'referencesDeadline');
    expect(behind).toEqual(TIMELINE_KEYS.filter((key) => key !== 'referencesDeadline').slice(0, passed));
    const nearest = passed === 0 ? timeline.applicationLaunchDate : timeline[behind[behind.length - 1]!];
    expect(Math.abs(Date.parse(nearest) - NOW)).toBe(DAY);
  });

  it('closes the references as a timeline stored without them: here halfway to the jury deadline', () => {
    // Two days before the jury opens is not after the application deadline (a day apart).
    const timeline = timelineWithPassed(3, NOW);
    expect(timeline.applicationEndDate).toBe('2026-01-14T12:00:00.000Z');
    expect(timeline.juryReleaseDate).toBe('2026-01-16T12:00:00.000Z');
    expect(timeline.juryDeadline).toBe('2026-01-17T12:00:00.000Z');
    expect(timeline.referencesDeadline).toBe('2026-01-16T00:00:00.000Z');
    expect(gates(timeline, new Date(NOW)).referencesOpen).toBe(true);
  });
});
