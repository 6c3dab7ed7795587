import { DateTime } from 'luxon';
import type { ConferenceFacts, EditionSettings } from './settings.js';
import { TIMELINE_KEYS, type Timeline } from './timeline.js';
import type { TeamLeaderEligibility } from './contract/editions.js';

/** Declared once, as wire shapes, in domain/src/contract/editions.ts. */
export type {
  ComparedDay,
  EditionComparison,
  EditionFigures,
  EditionHistoryRow,
  EditionView,
  NextEditionProposal,
  StartEdition,
  TeamLeaderEligibility,
  VolunteerHistoryView,
} from './contract/editions.js';

/**
 * Editions: the programme runs every year on one portal. Each edition has its own settings,
 * applications, jury, venues, schedule and messages; accounts and profiles are shared. The newest
 * edition is the current one, and the earlier ones are read-only.
 */

export const EDITION_MESSAGES = {
  readOnly: (name: string) => `${name} is over and can only be read now. Switch to the current edition to change things.`,
  keyTaken: (key: string) => `There is already an edition ${key}. Move the application deadline into the next year before starting it.`,
  notNewer: 'The new edition’s application deadline must come after the current edition’s.',
  alreadyStarted: (name: string) =>
    `${name} has just been closed by another start of the next edition. Reload to see the edition now current.`,
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
  return text
    .replace(new RegExp(`\\b${from}\\b`, 'g'), String(from + years))
    .replace(new RegExp(`\\b${from - 1}\\b`, 'g'), String(from - 1 + years));
}

/**
 * The settings a new edition starts from: the current one's, with every date a year later (the
 * timeline, the conference days, and the years named in its texts). The organisers edit them before
 * saving; the order of the dates is checked as for any settings change.
 */
export function nextEditionSettings(current: EditionSettings, years = 1): EditionSettings {
  const year = new Date(current.timeline.applicationEndDate).getUTCFullYear();
  const timeline = Object.fromEntries(
    TIMELINE_KEYS.filter((key) => current.timeline[key] !== undefined).map((key) => [
      key,
      instantYearsLater(current.timeline[key]!, years),
    ]),
  ) as unknown as Timeline;
  const conference: ConferenceFacts = {
    ...current.conference,
    name: textYearsLater(current.conference.name, year, years),
    startDate: dayYearsLater(current.conference.startDate, years),
    endDate: dayYearsLater(current.conference.endDate, years),
    firstShiftDay: dayYearsLater(current.conference.firstShiftDay, years),
    defaultScheduleDay: dayYearsLater(current.conference.defaultScheduleDay, years),
  };
  const resultTexts = Object.fromEntries(
    Object.entries(current.resultTexts).map(([key, text]) => [key, textYearsLater(text, year, years)]),
  ) as unknown as EditionSettings['resultTexts'];
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

export const TEAM_LEADER_EXPERIENCE_RULE = 'Team leaders need at least 1 year of prior SV experience.';

/**
 * The rule 'Team leaders need at least 1 year of prior SV experience', checked
 * against the years before `editionYear`: a year on the portal's records is proof; a year only
 * declared is accepted and flagged to the organisers.
 */
export function teamLeaderEligibility(history: VolunteerHistory, editionYear: number): TeamLeaderEligibility {
  const before = (years: readonly number[]) => years.filter((year) => year < editionYear);
  if (before(history.portalYears).length) return { eligible: true, flagged: false };
  const declared = before(history.declaredYears);
  if (declared.length) {
    return {
      eligible: true,
      flagged: true,
      reason: `Volunteered in ${[...declared].sort().join(', ')} by their own account; the portal has no record of it.`,
    };
  }
  return {
    eligible: false,
    flagged: false,
    reason: `${TEAM_LEADER_EXPERIENCE_RULE} Tick the years you volunteered on the SIGGRAPH Experience tab.`,
  };
}

/** The declared years of an application's SIGGRAPH Experience tab, North America and Asia together. */
export function declaredVolunteerYears(data: { yearsVolunteered?: unknown; yearsVolunteeredAsia?: unknown }): number[] {
  const years = [data.yearsVolunteered, data.yearsVolunteeredAsia]
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .map(Number)
    .filter(Number.isInteger);
  return [...new Set(years)].sort((a, b) => b - a);
}
