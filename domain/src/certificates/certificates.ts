import { formatDay, formatDaySpan } from '../edition.js';
import type { ConferenceFacts } from '../contract/settings.js';

/** Declared once, as wire shapes, in domain/src/contract/records.ts. */
export type { CertificateStatus } from '../contract/records.js';

/**
 * The certificate of service: a letter, after the conference, for each confirmed volunteer and
 * team leader who worked, naming the edition and the hours worked. The hours are the reports'
 * checked-in hours (volunteerFigures in ../records), never counted another way.
 */

type ConferenceDays = Pick<ConferenceFacts, 'endDate' | 'timeZone'>;

const DAY_MS = 86_400_000;

/** The calendar day after a YYYY-MM-DD day. */
function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** Minutes a zone's wall clock is ahead of UTC at an instant. */
function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const { type, value } of format.formatToParts(new Date(ms))) parts[type] = value;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - ms) / 60_000);
}

/** The instant a calendar day begins in a time zone. */
function startOfDay(day: string, timeZone: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const first = utcMidnight - zoneOffsetMinutes(utcMidnight, timeZone) * 60_000;
  // Once more at the guess, in case the offset changes between UTC midnight and local midnight.
  return new Date(utcMidnight - zoneOffsetMinutes(first, timeZone) * 60_000);
}

/**
 * When certificates can be had: at midnight that ends the conference's last day (endDate), in the
 * conference's time zone, once every shift of the week has been worked and its records kept.
 */
export function certificatesOpenAt(conference: ConferenceDays): Date {
  return startOfDay(dayAfter(conference.endDate), conference.timeZone);
}

export function certificatesOpen(conference: ConferenceDays, now: Date): boolean {
  return now.getTime() >= certificatesOpenAt(conference).getTime();
}

/** Why someone has no certificate: too early, no confirmed place, or no worked hours. */
export type CertificateRefusal = 'not-yet' | 'no-place' | 'no-hours';

export interface CertificateStanding {
  /** A confirmed place, or the team leader role. */
  hasPlace: boolean;
  /** The reports' checked-in hours. */
  workedHours: number;
}

/** The first reason someone cannot have a certificate now, or null when they can. */
export function certificateRefusal(conference: ConferenceDays, now: Date, standing: CertificateStanding): CertificateRefusal | null {
  if (!certificatesOpen(conference, now)) return 'not-yet';
  if (!standing.hasPlace) return 'no-place';
  if (!(standing.workedHours > 0)) return 'no-hours';
  return null;
}

export const CERTIFICATE_MESSAGES = {
  notYet: (conference: ConferenceDays) =>
    `Certificates of service can be downloaded from ${formatDay(dayAfter(conference.endDate))}, once the conference is over.`,
  noPlace: 'A certificate of service is for confirmed volunteers and team leaders.',
  noHours:
    'There are no worked hours on record for you, so there is no certificate of service to make. Hours are counted from check-in ' +
    'to check-out at each shift: if a time is missing, ask your team leader to correct it.',
  noHoursOf: (name: string) => `${name} has no worked hours on record, so there is no certificate of service to make.`,
  noPlaceOf: (name: string) => `${name} is not a confirmed volunteer or team leader, so there is no certificate of service to make.`,
  nobody: 'Nobody has worked hours on record, so there are no certificates of service to make.',
  noUser: (id: number) => `There is no user with id ${id}.`,
} as const;

/** The sentence that tells the caller why they have no certificate. */
export function certificateRefusalMessage(refusal: CertificateRefusal, conference: ConferenceDays): string {
  if (refusal === 'not-yet') return CERTIFICATE_MESSAGES.notYet(conference);
  return refusal === 'no-place' ? CERTIFICATE_MESSAGES.noPlace : CERTIFICATE_MESSAGES.noHours;
}

/** Hours as a letter says them: '12.67 hours', '1 hour' (the figure as the reports round it). */
export function formatWorkedHours(hours: number): string {
  return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
}

/** The programme that signs the letters, e.g. 'The SIGGRAPH 2026 Student Volunteer Program'. */
export function programmeSignature(conference: Pick<ConferenceFacts, 'name'>): string {
  return `The ${conference.name} Student Volunteer Program`;
}

/** What a certificate says about its holder. */
export interface CertificateHolder {
  name: string;
  svid: string;
  teamLeader: boolean;
  /** The reports' checked-in hours. */
  workedHours: number;
}

/** The words of one certificate, top to bottom; the PDF only lays them out. */
export interface CertificateLetter {
  /** 'SIGGRAPH 2026 · Vancouver' */
  edition: string;
  title: string;
  certifies: string;
  name: string;
  /** 'SV ID 123456' */
  svid: string;
  paragraphs: string[];
  signature: string;
  /** 'Issued on 14 August 2026' */
  issued: string;
}

/** The certificate's words, from the edition's facts: its name, city and days of service. */
export function certificateLetter(
  holder: CertificateHolder,
  conference: Pick<ConferenceFacts, 'name' | 'city' | 'startDate' | 'endDate'>,
  issuedOn: string,
): CertificateLetter {
  const days =
    conference.startDate === conference.endDate
      ? `on ${formatDay(conference.startDate)}`
      : `from ${formatDaySpan(conference.startDate, conference.endDate)}`;
  const role = holder.teamLeader ? 'a Team Leader of the Student Volunteers' : 'a Student Volunteer';
  return {
    edition: `${conference.name} · ${conference.city}`,
    title: 'Certificate of Service',
    certifies: 'This certifies that',
    name: holder.name,
    svid: `SV ID ${holder.svid}`,
    paragraphs: [
      `served as ${role} at ${conference.name}, held in ${conference.city} ${days}, and ` +
        `worked ${formatWorkedHours(holder.workedHours)}, as recorded at the check-in and check-out of each shift.`,
      'The conference could not run without its volunteers. We are grateful for the time, care and energy given to its attendees, ' +
        'speakers and staff.',
    ],
    signature: programmeSignature(conference),
    issued: `Issued on ${formatDay(issuedOn)}`,
  };
}

/** 'SIGGRAPH 2026' as a file name's start: 'siggraph-2026'. */
function fileStem(conference: Pick<ConferenceFacts, 'name'>): string {
  return (
    conference.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'conference'
  );
}

/** The names the PDFs are saved under, as the server sends them and the apps save them. */
export const CERTIFICATE_FILES = {
  own: (conference: Pick<ConferenceFacts, 'name'>) => `${fileStem(conference)}-certificate-of-service.pdf`,
  of: (conference: Pick<ConferenceFacts, 'name'>, svid: string) =>
    `${fileStem(conference)}-certificate-of-service-${svid.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`,
  all: (conference: Pick<ConferenceFacts, 'name'>) => `${fileStem(conference)}-certificates-of-service.pdf`,
} as const;
