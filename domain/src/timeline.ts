import type { Gates, Timeline } from './contract/settings.js';

/** Declared once, as wire shapes, in domain/src/contract/settings.ts. */
export type { Gates, Timeline } from './contract/settings.js';

export type TimelineKey = keyof Timeline;

/**
 * The edition a run and its emails belong to: the year of the application deadline, which sits
 * mid-cycle. A message sent in one edition is sent again in the next (a new year's decisions).
 */
export function editionOf(timeline: Pick<Timeline, 'applicationEndDate'>): string {
  return String(new Date(timeline.applicationEndDate).getUTCFullYear());
}

/**
 * In the order they must fall: each date is later than the one before it (the TL deadline may equal
 * the application deadline). The one exception is `referencesDeadline`, which only has to fall after
 * the application deadline and before the jury deadline (see validateTimeline).
 */
export const TIMELINE_KEYS: readonly TimelineKey[] = [
  'applicationLaunchDate',
  'teamLeaderEndDate',
  'applicationEndDate',
  'referencesDeadline',
  'juryReleaseDate',
  'juryDeadline',
  'acceptanceDate',
  'confirmationDeadline',
  'schedulesReleaseDate',
];

export const TIMELINE_LABELS: Readonly<Record<TimelineKey, string>> = {
  applicationLaunchDate: 'Applications open',
  teamLeaderEndDate: 'Team leader application deadline',
  applicationEndDate: 'Application deadline',
  referencesDeadline: 'References close',
  juryReleaseDate: 'Jury opens',
  juryDeadline: 'Jury deadline',
  acceptanceDate: 'Decisions released',
  confirmationDeadline: 'Confirmation deadline',
  schedulesReleaseDate: 'Schedules released',
};

/** The default timeline (docs/decisions.md, 'Team-leader deadline'). */
export const DEFAULT_TIMELINE: Readonly<Timeline> = {
  applicationLaunchDate: '2025-12-02T08:00:00.000Z',
  teamLeaderEndDate: '2026-01-31T22:00:00.000Z',
  applicationEndDate: '2026-02-28T22:00:00.000Z',
  referencesDeadline: '2026-04-10T17:00:00.000Z',
  juryReleaseDate: '2026-04-12T17:00:00.000Z',
  juryDeadline: '2026-05-20T06:59:00.000Z',
  acceptanceDate: '2026-05-21T19:00:00.000Z',
  confirmationDeadline: '2026-06-17T06:59:00.000Z',
  schedulesReleaseDate: '2026-08-05T22:00:00.000Z',
};

// A full date and time with an explicit zone (Z or ±hh:mm); seconds and fractions optional.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Parses an ISO-8601 instant with an explicit zone; `null` when it is not one (or not a real date). */
export function parseInstant(value: unknown): Date | null {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // Date() rolls 2026-02-30 over to March; refuse dates that do not exist.
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  const probe = new Date(Date.UTC(y!, m! - 1, d!));
  if (probe.getUTCMonth() !== m! - 1 || probe.getUTCDate() !== d!) return null;
  return date;
}

export interface FieldError {
  field: string;
  message: string;
}

/** Every problem with a timeline: a missing or malformed date, or a date out of order. */
export function validateTimeline(timeline: Partial<Record<TimelineKey, unknown>>): FieldError[] {
  const errors: FieldError[] = [];
  let previous: { key: TimelineKey; at: Date } | null = null;
  const parsed: Partial<Record<TimelineKey, Date>> = {};
  for (const key of TIMELINE_KEYS) {
    const at = parseInstant(timeline[key]);
    if (!at) {
      errors.push({ field: key, message: `${key} must be an ISO-8601 date and time with a zone, e.g. 2026-02-28T22:00:00Z` });
      continue;
    }
    parsed[key] = at;
    // Not ordered against the jury's opening: it is checked on its own below.
    if (key === 'referencesDeadline') continue;
    if (previous) {
      const mayEqual = previous.key === 'teamLeaderEndDate' && key === 'applicationEndDate';
      const inOrder = mayEqual ? at >= previous.at : at > previous.at;
      if (!inOrder) {
        errors.push({ field: key, message: `${key} must be ${mayEqual ? 'on or ' : ''}after ${previous.key}` });
      }
    }
    previous = { key, at };
  }
  const references = parsed.referencesDeadline;
  if (references) {
    if (parsed.applicationEndDate && !(references > parsed.applicationEndDate)) {
      errors.push({ field: 'referencesDeadline', message: 'referencesDeadline must be after applicationEndDate' });
    } else if (parsed.juryDeadline && !(references < parsed.juryDeadline)) {
      errors.push({ field: 'referencesDeadline', message: 'referencesDeadline must be before juryDeadline' });
    }
  }
  return errors;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The references' closing date of a timeline stored before it had one: two days before the jury
 * opens, or, when that is not after the application deadline, halfway between the application
 * deadline and the jury deadline. Either way the older timeline stays valid.
 */
export function defaultReferencesDeadline(timeline: Pick<Timeline, 'applicationEndDate' | 'juryReleaseDate' | 'juryDeadline'>): string {
  const applicationEnd = Date.parse(timeline.applicationEndDate);
  const twoDaysBeforeJury = Date.parse(timeline.juryReleaseDate) - 2 * DAY_MS;
  if (twoDaysBeforeJury > applicationEnd && twoDaysBeforeJury < Date.parse(timeline.juryDeadline))
    return new Date(twoDaysBeforeJury).toISOString();
  return new Date(Math.round((applicationEnd + Date.parse(timeline.juryDeadline)) / 2)).toISOString();
}

/** A stored timeline completed with the dates added since it was stored (see defaultReferencesDeadline). */
export function completeTimeline(stored: Partial<Timeline>, defaults: Timeline = DEFAULT_TIMELINE): Timeline {
  const timeline = { ...defaults, ...stored } as Timeline;
  if (
    stored.referencesDeadline === undefined &&
    (stored.applicationEndDate !== undefined || stored.juryReleaseDate !== undefined || stored.juryDeadline !== undefined)
  ) {
    const base = [timeline.applicationEndDate, timeline.juryReleaseDate, timeline.juryDeadline];
    if (base.every((value) => parseInstant(value))) timeline.referencesDeadline = defaultReferencesDeadline(timeline);
  }
  return timeline;
}

/** Normalises every date to the canonical `toISOString()` form (UTC, milliseconds). Call after validation. */
export function normaliseTimeline(timeline: Record<TimelineKey, string>): Timeline {
  const out = {} as Timeline;
  for (const key of TIMELINE_KEYS) out[key] = new Date(timeline[key]).toISOString();
  return out;
}

export function gates(timeline: Timeline, now: Date): Gates {
  const reached = (key: TimelineKey) => now.getTime() >= Date.parse(timeline[key]);
  const launched = reached('applicationLaunchDate');
  const afterApplicationDeadline = reached('applicationEndDate');
  const afterTeamLeaderDeadline = reached('teamLeaderEndDate');
  const afterReferencesDeadline = reached('referencesDeadline');
  const afterJuryRelease = reached('juryReleaseDate');
  const afterJuryDeadline = reached('juryDeadline');
  return {
    beforeLaunch: !launched,
    applicationsOpen: launched && !afterApplicationDeadline,
    afterTeamLeaderDeadline,
    teamLeaderApplicationsOpen: launched && !afterTeamLeaderDeadline && !afterApplicationDeadline,
    afterApplicationDeadline,
    referencesOpen: afterApplicationDeadline && !afterReferencesDeadline,
    afterReferencesDeadline,
    afterJuryRelease,
    afterJuryDeadline,
    juryOpen: afterApplicationDeadline && afterJuryRelease && !afterJuryDeadline,
    afterDecisions: reached('acceptanceDate'),
    afterConfirmationDeadline: reached('confirmationDeadline'),
    schedulesOut: reached('schedulesReleaseDate'),
  };
}

/**
 * Whether an application can no longer be written: the deadline has passed, or the deadline job
 * closed it (it stays closed when the deadline is later moved). A missing application (null) is
 * closed by the deadline alone.
 */
export function applicationClosed(application: { closed: boolean } | null, gates: Pick<Gates, 'afterApplicationDeadline'>): boolean {
  return gates.afterApplicationDeadline || application?.closed === true;
}
