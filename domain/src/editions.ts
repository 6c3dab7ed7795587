import { DateTime } from 'luxon';
import { conferenceYear, programmeUrl } from './edition.js';
import { RESULT_TEXT_KEYS, defaultResultTexts, resultTextProblems } from './result-texts.js';
import type { ConferenceFacts, EditionSettings, ResultTexts } from './settings.js';
import { TIMELINE_KEYS, type Timeline, type TimelineKey } from './timeline.js';
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
  TeamLeaderToKeep,
  VolunteerHistoryView,
} from './contract/editions.js';

/**
 * Editions: the programme runs every year on one portal. Each edition has its own settings,
 * applications, jury, venues, schedule and messages; accounts and profiles are shared. The newest
 * edition is the current one, and the earlier ones are read-only.
 */

export const EDITION_MESSAGES = {
  readOnly: (name: string) => `${name} is over and can only be read now. Switch to the current edition to change things.`,
  keyTaken: (key: string) =>
    `There is already an edition ${key}: an edition is known by the year of its application deadline, so move the ` +
    `application deadline into ${Number(key) + 1} or later before starting it.`,
  notNewer: (deadline: string, year: string, current: string) =>
    `An edition is known by the year of its application deadline, and each new one must fall in a later calendar year than ` +
    `the current edition's (${current}): the application deadline ${deadline} falls in ${year}. Move it into ` +
    `${Number(current) + 1} or later.`,
  alreadyStarted: (name: string) =>
    `${name} has just been closed by another start of the next edition. Reload to see the edition now current.`,
  unknown: 'There is no such edition.',
  shiftsNeedVenues: 'Shifts are copied with their venues: tick “Copy the venues” too, or leave the shifts behind.',
  notTeamLeaders: (names: string) =>
    `Only the current edition's team leaders can keep the role in the next one, and ${names} ${names.includes(',') ? 'are' : 'is'} ` +
    `not a team leader now.`,
} as const;

/** A calendar day (YYYY-MM-DD) moved by `days`. */
export function dayMoved(day: string, days: number): string {
  const parsed = DateTime.fromISO(day, { zone: 'utc' });
  return parsed.isValid && /^\d{4}-\d{2}-\d{2}$/.test(day) ? parsed.plus({ days }).toISODate()! : day;
}

/** Days from one calendar day to another (negative when `to` comes first). */
export function daysFromTo(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * An instant moved by `days` calendar days of the conference's time zone: its wall-clock time there
 * stays (23:59 in Vancouver stays 23:59 across a change of daylight saving time).
 */
export function instantMoved(iso: string, days: number, zone: string): string {
  const local = DateTime.fromISO(iso, { zone });
  const at = local.isValid ? local : DateTime.fromISO(iso, { zone: 'utc' });
  return at.plus({ days }).toUTC().toISO({ suppressMilliseconds: false })!;
}

/**
 * Days from `day` to the same weekday of the same ISO 8601 week `years` later: always whole weeks, so
 * every weekday is kept (week 53 becomes the last week of a year that has none). Moved this way year
 * after year an edition stays in the same week of the year, where adding 52 weeks would drift a day or
 * two earlier each year.
 */
export function sameWeekShiftDays(day: string, years: number): number {
  const from = DateTime.fromISO(day, { zone: 'utc' });
  if (!from.isValid || years === 0) return 0;
  const weekYear = from.weekYear + years;
  const weeks = DateTime.fromObject({ year: weekYear, month: 12, day: 28 }, { zone: 'utc' }).weekNumber;
  const to = DateTime.fromObject({ weekYear, weekNumber: Math.min(from.weekNumber, weeks), weekday: from.weekday }, { zone: 'utc' });
  return Math.round(to.diff(from, 'days').days);
}

/** Years written in a text moved: 'SIGGRAPH 2026' → 'SIGGRAPH 2027', also inside a word or address ('s2026.siggraph.org'). */
export function textYearsLater(text: string, from: number, years: number): string {
  if (!years) return text;
  return text.replace(new RegExp(`(?<!\\d)(${from}|${from - 1})(?!\\d)`, 'g'), (year) => String(Number(year) + years));
}

/**
 * An edition's settings with every date moved by `days` (a whole number of weeks keeps every weekday):
 * the timeline (wall-clock time in the conference's zone kept), the conference days, and the years in
 * its name. Texts and links that were derived from the edition (results texts of its timeline, the
 * programme page of its year) are derived again; those the organisers wrote have their years moved, and
 * a results text the moved timeline would contradict is derived again too (docs/decisions.md, 'Editions').
 */
export function movedEdition(current: EditionSettings, days: number): EditionSettings {
  const zone = current.conference.timeZone;
  const timeline = Object.fromEntries(
    TIMELINE_KEYS.filter((key) => current.timeline[key] !== undefined).map((key) => [
      key,
      instantMoved(current.timeline[key]!, days, zone),
    ]),
  ) as unknown as Timeline;
  const from = conferenceYear(current.conference);
  const movedDays = {
    startDate: dayMoved(current.conference.startDate, days),
    endDate: dayMoved(current.conference.endDate, days),
    firstShiftDay: dayMoved(current.conference.firstShiftDay, days),
    defaultScheduleDay: dayMoved(current.conference.defaultScheduleDay, days),
  };
  const years = conferenceYear(movedDays) - from;
  const inYears = (text: string) => textYearsLater(text, from, years);
  const conference: ConferenceFacts = { ...current.conference, ...movedDays, name: inYears(current.conference.name) };
  const was = defaultResultTexts(current.timeline);
  const now = defaultResultTexts(timeline);
  const resultTexts = Object.fromEntries(
    RESULT_TEXT_KEYS.map((key) => [key, current.resultTexts[key] === was[key] ? now[key] : inYears(current.resultTexts[key])]),
  ) as unknown as ResultTexts;
  for (const { field } of resultTextProblems({ timeline, conference, resultTexts })) {
    resultTexts[field as keyof ResultTexts] = now[field as keyof ResultTexts];
  }
  const page = (url: string) => (url === programmeUrl(current.conference) ? programmeUrl(conference) : inYears(url));
  return {
    ...current,
    timeline,
    conference,
    resultTexts,
    mailingListUrl: page(current.mailingListUrl),
    programmeUrl: page(current.programmeUrl),
  };
}

/**
 * The settings a new edition starts from: the current one's moved to the same week of the next year
 * (every weekday kept), or, when the organisers pick the conference's first day (`startDate`), with
 * every date moved as that day moves. The organisers check and edit them before starting it.
 */
export function nextEditionSettings(current: EditionSettings, options: { startDate?: string } = {}): EditionSettings {
  const days =
    options.startDate !== undefined
      ? daysFromTo(current.conference.startDate, options.startDate)
      : sameWeekShiftDays(current.conference.startDate, 1);
  return movedEdition(current, days);
}

/** The calendar day it is at `now` in the conference's time zone (UTC for an unknown zone). */
export function conferenceToday(conference: Pick<ConferenceFacts, 'timeZone'>, now: Date): string {
  const local = DateTime.fromJSDate(now, { zone: conference.timeZone });
  return (local.isValid ? local : DateTime.fromJSDate(now, { zone: 'utc' })).toISODate()!;
}

/**
 * The first edition of a new portal: `pattern` (the default edition) moved, by whole weeks to the same
 * week of the year, to the next conference still ahead of `now` (its first day with shifts not yet
 * begun in the conference's zone). A portal installed after a conference never opens on its finished
 * season.
 */
export function comingEdition(pattern: EditionSettings, now: Date): EditionSettings {
  const patternYear = conferenceYear(pattern.conference);
  let years = now.getUTCFullYear() - patternYear - 1;
  for (;;) {
    const edition = movedEdition(pattern, sameWeekShiftDays(pattern.conference.startDate, years));
    if (conferenceToday(edition.conference, now) < edition.conference.firstShiftDay) return edition;
    years += 1;
  }
}

/**
 * What comes next in an edition's season at `now`: the next date of its timeline (what opens or
 * closes), then the conference week, the week under way, and once its last day is over, the next
 * edition to start.
 */
export type SeasonStep =
  | { kind: 'date'; key: TimelineKey; at: string }
  | { kind: 'conference'; firstShiftDay: string }
  | { kind: 'underWay'; endDate: string }
  | { kind: 'over' };

export function seasonNextStep(settings: Pick<EditionSettings, 'timeline' | 'conference'>, now: Date): SeasonStep {
  const { timeline, conference } = settings;
  const today = conferenceToday(conference, now);
  if (today > conference.endDate) return { kind: 'over' };
  if (today >= conference.firstShiftDay) return { kind: 'underWay', endDate: conference.endDate };
  const next = TIMELINE_KEYS.map((key) => ({ key, at: timeline[key] }))
    .filter(({ at }) => Date.parse(at) > now.getTime())
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at))[0];
  return next ? { kind: 'date', ...next } : { kind: 'conference', firstShiftDay: conference.firstShiftDay };
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
