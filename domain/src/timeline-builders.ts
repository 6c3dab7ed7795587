import { TIMELINE_KEYS, type Timeline, type TimelineKey, defaultReferencesDeadline } from './timeline.js';

// Timelines placed around a given instant, for the tests, the journeys and the benchmarks: a server or
// a screen running on the real (or a pinned) clock finds itself in the wanted part of the cycle.

const DAY_MS = 86_400_000;

/** How far each date of a timeline lies from `now`, in days (negative: already passed; 1 / 24 is an hour). */
export type TimelineOffsets = Record<TimelineKey, number>;

/** A timeline whose every date lies the given number of days from `now`. */
export function timelineAround(now: number, days: TimelineOffsets): Timeline {
  // Rounded to the millisecond, so that an offset computed as (instant - now) / day gives that instant back.
  const at = (offset: number) => new Date(Math.round(now + offset * DAY_MS)).toISOString();
  return Object.fromEntries(TIMELINE_KEYS.map((key) => [key, at(days[key])])) as unknown as Timeline;
}

/** The parts of the cycle a journey or a benchmark runs in. */
export type TimelinePhase = 'beforeLaunch' | 'open' | 'jury' | 'decisions' | 'schedulesOut';

/**
 * Each phase's dates, in days from now; every one is a valid timeline. The references close after
 * the application deadline and before the jury deadline (while the jury works, in the jury phase).
 */
export const TIMELINE_PHASES: Readonly<Record<TimelinePhase, Readonly<TimelineOffsets>>> = {
  beforeLaunch: phase([2, 10, 20, 21.5, 21, 22, 23, 30, 40]),
  open: phase([-1, 5, 10, 11.5, 11, 12, 13, 20, 30]),
  jury: phase([-20, -10, -2, 1, -1, 3, 10, 20, 30]),
  // Decisions released an hour ago.
  decisions: phase([-40, -30, -20, -18.5, -19, -18, -1 / 24, 7, 20]),
  schedulesOut: phase([-80, -70, -60, -45, -50, -40, -30, -20, -1]),
};

function phase(days: number[]): TimelineOffsets {
  return Object.fromEntries(TIMELINE_KEYS.map((key, i) => [key, days[i]!])) as unknown as TimelineOffsets;
}

/**
 * A timeline in which `now` falls in `phase`; `moved` places single dates elsewhere (days from now),
 * e.g. `timelineFor('open', now, { teamLeaderEndDate: -1 })` for a team-leader deadline passed yesterday.
 * Moved dates are not checked against the others.
 */
export function timelineFor(phase: TimelinePhase, now: number = Date.now(), moved: Partial<TimelineOffsets> = {}): Timeline {
  return timelineAround(now, { ...TIMELINE_PHASES[phase], ...moved });
}

/**
 * A timeline around `now` with the given number of deadlines already passed (0 to 8), counting the eight
 * dates other than the references' closing date a day apart; that one is placed as a timeline stored
 * without it would get it (defaultReferencesDeadline).
 */
export function timelineWithPassed(passed: number, now: number): Timeline {
  const keys = TIMELINE_KEYS.filter((key) => key !== 'referencesDeadline');
  const days = Object.fromEntries(keys.map((key, i) => [key, i < passed ? -(passed - i) : i - passed + 1]));
  const timeline = timelineAround(now, { ...days, referencesDeadline: 0 } as TimelineOffsets);
  return { ...timeline, referencesDeadline: defaultReferencesDeadline(timeline) };
}
