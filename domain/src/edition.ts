import { type Option, daysBetween } from './options/lists.js';
import type { FieldError } from './timeline.js';
import type { ApplicationYears } from './rules/application.js';
import { PASSPORT_STATUS_VALUES } from './rules/confirmation.js';
import type { ConferenceFacts, EditionSettings } from './contract/settings.js';

/**
 * What screens, rules and emails derive from the edition's settings: its year, its days, the
 * years a student may have volunteered before, and the texts that name a date. Nothing here
 * writes an edition's year: it is always read from the conference's days.
 */

/** The first year the list of previous volunteer years offers (the programme's records start there). */
export const FIRST_VOLUNTEER_YEAR = 2001;

/** The most days a conference week may span, pre-conference day included. */
export const MAX_CONFERENCE_SPAN_DAYS = 31;

/** The months' English names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Days = Pick<ConferenceFacts, 'startDate' | 'endDate' | 'firstShiftDay'>;

/** The edition's year: the year of its first day of service. */
export function conferenceYear(conference: Pick<ConferenceFacts, 'startDate'>): number {
  return Number(conference.startDate.slice(0, 4));
}

/** The conference's Student Volunteer programme page (handbook and FAQ), on the edition's own site. */
export function programmeUrl(conference: Pick<ConferenceFacts, 'startDate'>): string {
  return `https://s${conferenceYear(conference)}.siggraph.org/program/student-volunteers/`;
}

/** Every day with shifts, the pre-conference day included, as YYYY-MM-DD. */
export function conferenceDays(conference: Pick<ConferenceFacts, 'firstShiftDay' | 'endDate'>): string[] {
  return daysBetween(conference.firstShiftDay, conference.endDate);
}

/** Years a student may have volunteered before this edition: the year before it, down to the first year on record. */
export function previousVolunteerYears(conference: Pick<ConferenceFacts, 'startDate'>): number[] {
  const last = conferenceYear(conference) - 1;
  return Array.from({ length: Math.max(0, last - FIRST_VOLUNTEER_YEAR + 1) }, (_, i) => last - i);
}

/** Expected graduation years offered: from the edition's year to seven years after applications open. */
export function graduationYearRange(settings: Pick<EditionSettings, 'timeline' | 'conference'>): number[] {
  const launchYear = new Date(settings.timeline.applicationLaunchDate).getUTCFullYear();
  const from = Math.min(Number(settings.conference.startDate.slice(0, 4)), launchYear);
  return Array.from({ length: launchYear + 7 - from + 1 }, (_, i) => from + i);
}

/** The years this edition's application offers: graduation years and years of earlier volunteering. */
export function applicationYears(settings: Pick<EditionSettings, 'timeline' | 'conference'>): ApplicationYears {
  return { graduation: graduationYearRange(settings), volunteered: previousVolunteerYears(settings.conference) };
}

/** A calendar day (YYYY-MM-DD) as 'D MMMM YYYY', e.g. '8 August 2026'. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTH_NAMES[month! - 1]} ${year}`;
}

/** A calendar day with its weekday and without its year, e.g. 'Friday 7 August'. */
export function formatWeekdayDay(day: string): string {
  const at = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAY_NAMES[at.getUTCDay()]} ${at.getUTCDate()} ${MONTH_NAMES[at.getUTCMonth()]}`;
}

/** Two calendar days as one span: '8 to 13 August 2026', '30 July to 2 August 2026', '30 December 2026 to 2 January 2027'. */
export function formatDaySpan(first: string, last: string): string {
  const [y1, m1, d1] = first.split('-').map(Number);
  const [y2, m2] = last.split('-').map(Number);
  if (y1 !== y2) return `${formatDay(first)} to ${formatDay(last)}`;
  if (m1 !== m2) return `${d1} ${MONTH_NAMES[m1! - 1]} to ${formatDay(last)}`;
  return `${d1} to ${formatDay(last)}`;
}

/** The month `offset` months from a day's month, as 'MMMM YYYY'. */
function monthFrom(day: string, offset: number): string {
  const [year, month] = day.split('-').map(Number);
  const index = year! * 12 + (month! - 1) + offset;
  return `${MONTH_NAMES[index % 12]} ${Math.floor(index / 12)}`;
}

/** The two pre-conference start days the confirmation form offers: the first shift day and the day after it. */
export function preconferenceDays(conference: Pick<ConferenceFacts, 'firstShiftDay'>): Option[] {
  const first = conference.firstShiftDay;
  const next = new Date(Date.parse(`${first}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [
    { value: 'friday', label: formatWeekdayDay(first) },
    { value: 'saturday', label: formatWeekdayDay(next) },
  ];
}

/** The texts that name the edition's dates, each derived from its days (docs/product.md, 'Programme facts'). */
export interface EditionTexts {
  /** '8 to 13 August 2026' */
  serviceDays: string;
  /** 'Full-time … between June 2025 and September 2026.' */
  studentEligibility: string;
  /** 'Aged 18 or older by 7 August 2026.' */
  ageEligibility: string;
  /** 'September 2026': how long a passport must stay valid. */
  passportValidThrough: string;
  /** '1 August 2026': when a passport applied for must be in hand. */
  passportBy: string;
  /** 'Friday 7 August' */
  firstShiftDay: string;
  /** '6PM on 13 August' */
  stayUntil: string;
}

export function editionTexts(conference: Days): EditionTexts {
  const [, endMonth, endDate] = conference.endDate.split('-').map(Number);
  const startMonthFirst = `${conference.startDate.slice(0, 8)}01`;
  return {
    serviceDays: formatDaySpan(conference.startDate, conference.endDate),
    studentEligibility:
      `Full-time high school, undergraduate or graduate students for at least one semester ` +
      `between ${monthFrom(conference.startDate, -14)} and ${monthFrom(conference.endDate, 1)}.`,
    ageEligibility: `Aged 18 or older by ${formatDay(conference.firstShiftDay)}.`,
    passportValidThrough: monthFrom(conference.endDate, 1),
    passportBy: formatDay(startMonthFirst),
    firstShiftDay: formatWeekdayDay(conference.firstShiftDay),
    stayUntil: `6PM on ${endDate} ${MONTH_NAMES[endMonth! - 1]}`,
  };
}

/** The passport statuses of the confirmation form, their dates taken from the edition. */
export function passportStatuses(conference: Days): Option[] {
  const texts = editionTexts(conference);
  const labels: Record<(typeof PASSPORT_STATUS_VALUES)[number], string> = {
    valid: `I have a passport valid through at least ${texts.passportValidThrough}`,
    applying: `I will have a passport by ${texts.passportBy}`,
    notNeeded: 'I do not need a passport to enter Canada',
    none: 'I do not have a passport',
  };
  return PASSPORT_STATUS_VALUES.map((value) => ({ value, label: labels[value] }));
}

function realDay(value: unknown): boolean {
  if (typeof value !== 'string' || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Every problem with the conference facts: a day that is not a real YYYY-MM-DD, days out of order
 * (first shift day ≤ first day of service ≤ last day; the schedule opens on a day with shifts), a
 * week longer than a month, hour expectations outside 1–200, an empty name or city.
 */
export function validateConference(conference: Partial<Record<keyof ConferenceFacts, unknown>>): FieldError[] {
  const errors: FieldError[] = [];
  const fail = (field: keyof ConferenceFacts, message: string) => errors.push({ field, message });
  for (const field of ['name', 'city'] as const) {
    const value = conference[field];
    if (typeof value !== 'string' || !value.trim()) fail(field, `${field} must not be empty`);
    else if (value.length > 100) fail(field, `${field} must be at most 100 characters`);
  }
  const days = ['firstShiftDay', 'startDate', 'endDate', 'defaultScheduleDay'] as const;
  const bad = days.filter((field) => !realDay(conference[field]));
  for (const field of bad) fail(field, `${field} must be a real day written YYYY-MM-DD, e.g. 2026-08-08`);
  if (!bad.length) {
    const { firstShiftDay, startDate, endDate, defaultScheduleDay } = conference as Record<(typeof days)[number], string>;
    if (startDate < firstShiftDay) fail('startDate', 'startDate must be on or after firstShiftDay (the first day with shifts)');
    if (endDate < startDate) fail('endDate', 'endDate must be on or after startDate');
    else if (daysBetween(firstShiftDay, endDate).length > MAX_CONFERENCE_SPAN_DAYS) {
      fail('endDate', `The conference week, from firstShiftDay to endDate, must span at most ${MAX_CONFERENCE_SPAN_DAYS} days`);
    }
    if (defaultScheduleDay < firstShiftDay || defaultScheduleDay > endDate) {
      fail('defaultScheduleDay', 'defaultScheduleDay must be one of the conference days, from firstShiftDay to endDate');
    }
  }
  for (const field of ['svHours', 'tlHours'] as const) {
    const value = conference[field];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 200)
      fail(field, `${field} must be a whole number of hours from 1 to 200`);
  }
  return errors;
}

/**
 * What is odd about an edition without being wrong: dates that would leave a part of the portal
 * unusable (schedules released after the conference, offers confirmed after it started). The admin
 * panel shows these beside the form; saving is still allowed, since an organiser may be mid-way.
 */
export function editionWarnings(settings: Pick<EditionSettings, 'timeline' | 'conference'>): string[] {
  const warnings: string[] = [];
  const { timeline, conference } = settings;
  const dayOf = (iso: string) => iso.slice(0, 10);
  if (dayOf(timeline.schedulesReleaseDate) > conference.endDate) {
    warnings.push(
      `Schedules are released (${dayOf(timeline.schedulesReleaseDate)}) after the conference's last day (${conference.endDate}): ` +
        `volunteers would never see a schedule in time.`,
    );
  }
  if (dayOf(timeline.confirmationDeadline) >= conference.firstShiftDay) {
    warnings.push(
      `The confirmation deadline (${dayOf(timeline.confirmationDeadline)}) is not before the first shift day ` +
        `(${conference.firstShiftDay}).`,
    );
  }
  if (dayOf(timeline.applicationLaunchDate) > conference.firstShiftDay) {
    warnings.push(
      `Applications open (${dayOf(timeline.applicationLaunchDate)}) after the conference starts (${conference.firstShiftDay}).`,
    );
  }
  return warnings;
}
