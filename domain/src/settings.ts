import type { CatalogueName } from './catalogue/status.js';
import { DEFAULT_TIMELINE, type Timeline } from './timeline.js';

/** Facts about the conference that screens show; the spec's 2025 edition by default. */
export interface ConferenceFacts {
  name: string;
  city: string;
  /** First and last day of service, YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  /** Days with shifts (pre-conference included) and the day the schedule opens on. */
  firstShiftDay: string;
  defaultScheduleDay: string;
  svHours: number;
  tlHours: number;
  timeZone: string;
}

/** Where the spec gives two readings of when results arrive, the words are data. */
export interface ResultTexts {
  teamLeaderResults: string;
  studentVolunteerResults: string;
  thankYouTeamLeaderResults: string;
  thankYouStudentVolunteerResults: string;
  confirmBy: string;
}

export interface EditionSettings {
  timeline: Timeline;
  statusCatalogue: CatalogueName;
  swapsEnabled: boolean;
  /** At the confirmation deadline, offer the places of lapsed offers to waitlisted applicants, best jury score first. */
  autoOfferWaitlist: boolean;
  contactEmail: string;
  mailingListUrl: string;
  conference: ConferenceFacts;
  resultTexts: ResultTexts;
}

export const DEFAULT_CONFERENCE: Readonly<ConferenceFacts> = {
  name: 'SIGGRAPH 2025',
  city: 'Vancouver',
  startDate: '2025-08-09',
  endDate: '2025-08-14',
  firstShiftDay: '2025-08-08',
  defaultScheduleDay: '2025-08-08',
  svHours: 25,
  tlHours: 60,
  timeZone: 'America/Los_Angeles',
};

export const DEFAULT_RESULT_TEXTS: Readonly<ResultTexts> = {
  teamLeaderResults: 'mid-February 2025',
  studentVolunteerResults: 'late April 2025',
  thankYouTeamLeaderResults: 'February 2025',
  thankYouStudentVolunteerResults: 'May 2025',
  confirmBy: 'late April',
};

export const DEFAULT_CONTACT_EMAIL = 'sv@siggraph.org';

export function defaultSettings(contactEmail: string = DEFAULT_CONTACT_EMAIL): EditionSettings {
  return {
    timeline: { ...DEFAULT_TIMELINE },
    statusCatalogue: 'A',
    swapsEnabled: false,
    autoOfferWaitlist: false,
    contactEmail,
    mailingListUrl: 'https://s2025.siggraph.org/program/student-volunteers/',
    conference: { ...DEFAULT_CONFERENCE },
    resultTexts: { ...DEFAULT_RESULT_TEXTS },
  };
}

/** Expected graduation years offered: from the edition's year to seven years after applications open. */
export function graduationYearRange(settings: Pick<EditionSettings, 'timeline' | 'conference'>): number[] {
  const launchYear = new Date(settings.timeline.applicationLaunchDate).getUTCFullYear();
  const from = Math.min(Number(settings.conference.startDate.slice(0, 4)), launchYear);
  return Array.from({ length: launchYear + 7 - from + 1 }, (_, i) => from + i);
}

/**
 * Days a waitlisted applicant has to confirm a place offered automatically at or after the
 * confirmation deadline: the edition's deadline has passed by then, so the offer carries its own.
 */
export const WAITLIST_OFFER_DAYS = 7;

/** Until when an offer can be confirmed: its own deadline when it has one (a late waitlist offer), else the edition's. */
export function offerDeadline(timeline: Pick<Timeline, 'confirmationDeadline'>, offerExpiresAt: string | Date | null | undefined): Date {
  return offerExpiresAt ? new Date(offerExpiresAt) : new Date(timeline.confirmationDeadline);
}

/** Whether an offer can no longer be confirmed at `now`: its deadline (see offerDeadline) has been reached. */
export function offerLapsed(timeline: Pick<Timeline, 'confirmationDeadline'>, offerExpiresAt: string | Date | null | undefined, now: Date): boolean {
  return now.getTime() >= offerDeadline(timeline, offerExpiresAt).getTime();
}
