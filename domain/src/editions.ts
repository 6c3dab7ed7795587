import { DateTime } from 'luxon';
import type { ConferenceFacts, EditionSettings } from './settings.js';
import { TIMELINE_KEYS, type Timeline } from './timeline.js';

/**
 * Editions (#23): the programme runs every year on one portal. Each edition has its own settings,
 * applications, jury, venues, schedule and messages; accounts and profiles are shared. The newest
 * edition is the current one, and the earlier ones are read-only.
 */

/** An edition as the API lists it. */
export interface EditionView {
  id: number;
  /** The edition's key ('2026'): the year of its application deadline when it was started (editionOf). */
  key: string;
  name: string;
  current: boolean;
  createdAt: string;
  /** When a newer edition replaced it; null for the current one. */
  closedAt: string | null;
}

export const EDITION_MESSAGES = {
  readOnly: (name: string) => `${name} is over and can only be read now. Switch to the current edition to change things.`,
  keyTaken: (key: string) => `There is already an edition ${key}. Move the application deadline into the next year before starting it.`,
  notNewer: 'The new edition’s application deadline must come after the current edition’s.',
  unknown: 'There is no such edition.',
} as const;

/** An instant `years` later on the calendar (29 February becomes 28 February). */
export function instantYearsLater(iso: string, years: number): string {
  return DateTime.fromISO(iso, { zone: 'utc' }).plus({ years }).toUTC().toISO({ suppressMilliseconds: false })!;
}

/** A calendar day (YYYY-MM-DD) `years` later, or the text as it was when it is no day. */
export function dayYearsLater(day: string, years: number): string {
  const parsed = DateTime.fromISO(day, { zone: 'utc' });
  return parsed.isValid && /^\d{4}-\d{2}-\d{2}$/.test(day) ? parsed.plus({ years }).toISODate()! : day;
}

/** A year written in a text (a conference name, a result date) moved forward: 'SIGGRAPH 2026' → 'SIGGRAPH 2027'. */
export function textYearsLater(text: string, from: number, years: number): string {
  return text.replace(new RegExp(`\\b${from}\\b`, 'g'), String(from + years)).replace(new RegExp(`\\b${from - 1}\\b`, 'g'), String(from - 1 + years));
}

/**
 * The settings a new edition starts from: the current one's, with every date a year later (the
 * timeline, the conference days, and the years named in its texts). The organisers edit them before
 * saving; the order of the dates is checked as for any settings change.
 */
export function nextEditionSettings(current: EditionSettings, years = 1): EditionSettings {
  const year = new Date(current.timeline.applicationEndDate).getUTCFullYear();
  const timeline = Object.fromEntries(
    TIMELINE_KEYS.filter((key) => current.timeline[key] !== undefined).map((key) => [key, instantYearsLater(current.timeline[key]!, years)]),
  ) as unknown as Timeline;
  const conference: ConferenceFacts = {
    ...current.conference,
    name: textYearsLater(current.conference.name, year, years),
    startDate: dayYearsLater(current.conference.startDate, years),
    endDate: dayYearsLater(current.conference.endDate, years),
    firstShiftDay: dayYearsLater(current.conference.firstShiftDay, years),
    defaultScheduleDay: dayYearsLater(current.conference.defaultScheduleDay, years),
  };
  const resultTexts = Object.fromEntries(Object.entries(current.resultTexts).map(([key, text]) => [key, textYearsLater(text, year, years)])) as unknown as EditionSettings['resultTexts'];
  return { ...current, timeline, conference, resultTexts, mailingListUrl: textYearsLater(current.mailingListUrl, year, years) };
}

/**
 * The years a person was a confirmed volunteer or team leader in the portal's earlier editions, and
 * the years they declared on the SIGGRAPH Experience tab (North America and Asia).
 */
export interface VolunteerHistory {
  portalYears: readonly number[];
  declaredYears: readonly number[];
}

export type TeamLeaderEligibility =
  /** At least one year volunteered, on the portal's records. */
  | { eligible: true; flagged: false }
  /** Only years the applicant declared: allowed, and shown to the organisers to check. */
  | { eligible: true; flagged: true; reason: string }
  | { eligible: false; flagged: false; reason: string };

export const TEAM_LEADER_EXPERIENCE_RULE = 'Team leaders need at least 1 year of prior SV experience.';

/**
 * The applicant-area rule 'Team leaders need at least 1 year of prior SV experience', checked
 * against the years before `editionYear`: a year on the portal's records is proof; a year only
 * declared is accepted and flagged to the organisers.
 */
export function teamLeaderEligibility(history: VolunteerHistory, editionYear: number): TeamLeaderEligibility {
  const before = (years: readonly number[]) => years.filter((year) => year < editionYear);
  if (before(history.portalYears).length) return { eligible: true, flagged: false };
  const declared = before(history.declaredYears);
  if (declared.length) {
    return { eligible: true, flagged: true, reason: `Volunteered in ${[...declared].sort().join(', ')} by their own account; the portal has no record of it.` };
  }
  return { eligible: false, flagged: false, reason: `${TEAM_LEADER_EXPERIENCE_RULE} Tick the years you volunteered on the SIGGRAPH Experience tab.` };
}

/** The declared years of an application's SIGGRAPH Experience tab, North America and Asia together. */
export function declaredVolunteerYears(data: { yearsVolunteered?: unknown; yearsVolunteeredAsia?: unknown }): number[] {
  const years = [data.yearsVolunteered, data.yearsVolunteeredAsia].flatMap((list) => (Array.isArray(list) ? list : [])).map(Number).filter(Number.isInteger);
  return [...new Set(years)].sort((a, b) => b - a);
}

/** One earlier edition of a person, as an application's admin page shows it (GET /api/admin/applications/{id}, `history`). */
export interface EditionHistoryRow {
  editionId: number;
  key: string;
  /** The conference's name that year. */
  name: string;
  /** The application's status as that edition named it; null: no application that year. */
  status: string | null;
  /** Confirmed as a student volunteer or a team leader; null: not confirmed. */
  servedAs: 'SV' | 'TL' | null;
  /** Worked hours from check-in to check-out, and the shifts ended without a check-in. */
  hoursWorked: number;
  noShows: number;
  /** Of the records rated 1–5; null when none was. */
  averageRating: number | null;
  /** The team leaders' notes, each with the shift it was written on. */
  notes: { shiftLabel: string; note: string }[];
}

/** GET /api/users/volunteer-history: the years the caller was a confirmed volunteer or team leader on this portal. */
export interface VolunteerHistoryView {
  portalYears: number[];
}

/** GET /api/admin/editions/next: what a new edition would start from. */
export interface NextEditionProposal {
  settings: EditionSettings;
  /** Venues of the current edition that can be copied over. */
  venues: number;
}

/** POST /api/admin/editions: the new edition's settings (edited) and whether to copy the venues. */
export interface StartEdition {
  settings: EditionSettings;
  copyVenues: boolean;
}

/** One Pacific day of the application period, in this edition and on the same calendar day a year before. */
export interface ComparedDay {
  /** 'MM-DD' */
  day: string;
  started: number;
  completed: number;
  previousStarted: number;
  previousCompleted: number;
}

/** The statistics of this edition beside the last one's (GET /api/admin/statistics/comparison). */
export interface EditionComparison {
  current: EditionFigures;
  previous: EditionFigures | null;
  perDay: ComparedDay[];
}

export interface EditionFigures {
  key: string;
  name: string;
  started: number;
  completed: number;
  /** completed / started, 0..1 (0 without applications). */
  completion: number;
  offered: number;
  confirmed: number;
}
