import type { EditionSettings, ResultTexts } from './contract/settings.js';
import { formatUtcDateTime } from './dates.js';
import { MONTH_NAMES, programmeUrl } from './edition.js';
import type { FieldError, Timeline, TimelineKey } from './timeline.js';

/**
 * The texts that say when results arrive (docs/decisions.md, 'When results arrive'): derived from the
 * timeline, and checked against it, so that no screen promises a month the timeline contradicts.
 */

const DAY_MS = 86_400_000;

/** How long after the team-leader deadline team leaders are said to hear back (at the latest when decisions are released). */
export const TEAM_LEADER_RESULTS_AFTER_DAYS = 14;

/** A month as one number: year × 12 + month (0–11). */
type MonthIndex = number;

const monthName = (index: MonthIndex) => MONTH_NAMES[((index % 12) + 12) % 12]!;
const monthText = (index: MonthIndex) => `${monthName(index)} ${Math.floor(index / 12)}`;

/** The year, month and day of an instant in a time zone (UTC when none is given or the zone is unknown). */
function calendarOf(at: Date, zone = 'UTC'): { year: number; month: number; day: number } {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' });
  } catch {
    format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'numeric', day: 'numeric' });
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month) - 1, day: Number(parts.day) };
}

/** 'early May 2026', 'mid-February 2026', 'late June' (days 1–10, 11–20, 21 on), in UTC as the portal shows dates. */
function partOfMonth(at: Date, withYear: boolean): string {
  const { year, month, day } = calendarOf(at);
  const part = day <= 10 ? 'early ' : day <= 20 ? 'mid-' : 'late ';
  return `${part}${MONTH_NAMES[month]}${withYear ? ` ${year}` : ''}`;
}

function wholeMonth(at: Date): string {
  const { year, month } = calendarOf(at);
  return `${MONTH_NAMES[month]} ${year}`;
}

const instantsOf = (timeline: Partial<Record<TimelineKey, string>>, keys: readonly TimelineKey[]) =>
  keys.map((key) => new Date(timeline[key] ?? NaN));
const allValid = (dates: Date[]) => dates.every((date) => !Number.isNaN(date.getTime()));

/**
 * The texts a timeline gives: team leaders hear two weeks after their deadline (by the release of
 * decisions at the latest), student volunteers when decisions are released, and offers are confirmed by
 * the confirmation deadline; each as part of a month ('late May 2026'), the thank-you page's as a month.
 */
export function defaultResultTexts(timeline: Pick<Timeline, 'teamLeaderEndDate' | 'acceptanceDate' | 'confirmationDeadline'>): ResultTexts {
  const decisions = new Date(timeline.acceptanceDate);
  const teamLeaders = new Date(
    Math.min(Date.parse(timeline.teamLeaderEndDate) + TEAM_LEADER_RESULTS_AFTER_DAYS * DAY_MS, decisions.getTime()),
  );
  return {
    teamLeaderResults: partOfMonth(teamLeaders, true),
    studentVolunteerResults: partOfMonth(decisions, true),
    thankYouTeamLeaderResults: wholeMonth(teamLeaders),
    thankYouStudentVolunteerResults: wholeMonth(decisions),
    confirmBy: partOfMonth(new Date(timeline.confirmationDeadline), false),
  };
}

/** What each text speaks of: the dates of the timeline it must fall between, and how the rule is said. */
const RULES: Record<keyof ResultTexts, { from: TimelineKey; to: TimelineKey; fact: (timeline: Timeline) => string }> = {
  teamLeaderResults: { from: 'teamLeaderEndDate', to: 'acceptanceDate', fact: teamLeaderFact },
  thankYouTeamLeaderResults: { from: 'teamLeaderEndDate', to: 'acceptanceDate', fact: teamLeaderFact },
  studentVolunteerResults: { from: 'acceptanceDate', to: 'acceptanceDate', fact: decisionsFact },
  thankYouStudentVolunteerResults: { from: 'acceptanceDate', to: 'acceptanceDate', fact: decisionsFact },
  confirmBy: {
    from: 'confirmationDeadline',
    to: 'confirmationDeadline',
    fact: (t) => `places are confirmed until the confirmation deadline, ${formatUtcDateTime(t.confirmationDeadline)}`,
  },
};

function teamLeaderFact(t: Timeline): string {
  return (
    `team leader results come after the team leader deadline (${formatUtcDateTime(t.teamLeaderEndDate)}) and by the release ` +
    `of decisions (${formatUtcDateTime(t.acceptanceDate)})`
  );
}

function decisionsFact(t: Timeline): string {
  return `decisions are released on ${formatUtcDateTime(t.acceptanceDate)}`;
}

export const RESULT_TEXT_KEYS = Object.keys(RULES) as (keyof ResultTexts)[];

const MONTH_WORD =
  'January|February|March|April|May|June|July|August|September|October|November|December|' +
  'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec';
// A month name (capitalised, as English writes it: 'may' is not May), with the year right after it when there is one; or a year alone.
const NAMED = new RegExp(`\\b(${MONTH_WORD})\\b\\.?(?:,?\\s+((?:19|20)\\d{2})\\b)?|\\b((?:19|20)\\d{2})\\b`, 'g');

function monthNumber(word: string): number {
  return MONTH_NAMES.findIndex((name) => name.startsWith(word.slice(0, 3)));
}

/** What a text names: each month (with its year when given) and each year given alone. */
export function namedMonths(text: string): { month: number | null; year: number | null; words: string }[] {
  return [...text.matchAll(NAMED)].map((match) =>
    match[1]
      ? { month: monthNumber(match[1]), year: match[2] ? Number(match[2]) : null, words: match[0].trim() }
      : { month: null, year: Number(match[3]), words: match[0] },
  );
}

/**
 * Every results text that names a month (or a year) the timeline contradicts, with the rule: team
 * leaders' results between the team-leader deadline and the release of decisions, student volunteers'
 * on the release of decisions, confirmations by the confirmation deadline. A date is read in UTC (as
 * the portal shows it) and in the conference's time zone, so 'late June' fits a deadline of
 * 1 July 06:59 UTC, which is 30 June in Vancouver. A text naming no month ('soon') is not checked.
 */
export function resultTextProblems(settings: Pick<EditionSettings, 'timeline' | 'resultTexts' | 'conference'>): FieldError[] {
  const { timeline, resultTexts, conference } = settings;
  const problems: FieldError[] = [];
  for (const key of RESULT_TEXT_KEYS) {
    const text = resultTexts[key];
    if (typeof text !== 'string') continue;
    const rule = RULES[key];
    const [from, to] = instantsOf(timeline, [rule.from, rule.to]);
    if (!allValid([from!, to!])) continue;
    const index = (at: Date, zone?: string) => {
      const { year, month } = calendarOf(at, zone);
      return year * 12 + month;
    };
    const first = Math.min(index(from!), index(from!, conference.timeZone));
    const last = Math.max(index(to!), index(to!, conference.timeZone));
    const fits = (month: number | null, year: number | null) => {
      for (let i = first; i <= last; i += 1) {
        if ((month === null || i % 12 === month) && (year === null || Math.floor(i / 12) === year)) return true;
      }
      return false;
    };
    const wrong = namedMonths(text).find(({ month, year }) => !fits(month, year));
    if (!wrong) continue;
    const allowed = first === last ? monthText(first) : `a month from ${monthText(first)} to ${monthText(last)}`;
    problems.push({
      field: key,
      message: `“${text}” names ${wrong.words}, but ${rule.fact(timeline)}: this text may only name ${allowed}.`,
    });
  }
  return problems;
}

/**
 * A change of the settings, with every text and link that was derived from the edition, and that the
 * change left as it was, following the changed edition: a results text that was the old timeline's
 * default becomes the new timeline's, a link to the old year's programme page the new year's. Texts the
 * organisers wrote themselves stay as written (and are checked by resultTextProblems).
 */
export function followDerivedTexts(before: EditionSettings, next: EditionSettings): EditionSettings {
  const dates = (timeline: Timeline) => instantsOf(timeline, ['teamLeaderEndDate', 'acceptanceDate', 'confirmationDeadline']);
  let resultTexts = next.resultTexts;
  if (allValid(dates(before.timeline)) && allValid(dates(next.timeline))) {
    const was = defaultResultTexts(before.timeline);
    const now = defaultResultTexts(next.timeline);
    resultTexts = Object.fromEntries(
      RESULT_TEXT_KEYS.map((key) => [key, next.resultTexts[key] === was[key] ? now[key] : next.resultTexts[key]]),
    ) as unknown as ResultTexts;
  }
  const oldPage = programmeUrl(before.conference);
  const newPage = programmeUrl(next.conference);
  return {
    ...next,
    resultTexts,
    mailingListUrl: next.mailingListUrl === oldPage ? newPage : next.mailingListUrl,
    programmeUrl: next.programmeUrl === oldPage ? newPage : next.programmeUrl,
  };
}
