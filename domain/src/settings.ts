import type { CatalogueName } from './catalogue/status.js';
import { programmeUrl } from './edition.js';
import { DEFAULT_TIMELINE, type Timeline } from './timeline.js';

/** Facts about the conference that screens show; by default the edition of the default timeline (see DEFAULT_CONFERENCE). */
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
  /** The jury sees each received reference's ratings and statement (never the referee's name or email). */
  juryReferences: boolean;
  contactEmail: string;
  mailingListUrl: string;
  conference: ConferenceFacts;
  resultTexts: ResultTexts;
}

/**
 * The default edition's conference week, in the same year as the default timeline: the spec's
 * week (a Friday of pre-conference shifts, then Saturday to Thursday of service) in August 2026,
 * so that out of the box schedules come out days before the first shift.
 */
export const DEFAULT_CONFERENCE: Readonly<ConferenceFacts> = {
  name: 'SIGGRAPH 2026',
  city: 'Vancouver',
  startDate: '2026-08-08',
  endDate: '2026-08-13',
  firstShiftDay: '2026-08-07',
  defaultScheduleDay: '2026-08-07',
  svHours: 25,
  tlHours: 60,
  timeZone: 'America/Los_Angeles',
};

/** The spec's words for when results arrive, in the years the timeline gives them. */
export function defaultResultTexts(timeline: Pick<Timeline, 'teamLeaderEndDate' | 'acceptanceDate'>): ResultTexts {
  const teamLeaderYear = new Date(timeline.teamLeaderEndDate).getUTCFullYear();
  const decisionsYear = new Date(timeline.acceptanceDate).getUTCFullYear();
  return {
    teamLeaderResults: `mid-February ${teamLeaderYear}`,
    studentVolunteerResults: `late April ${decisionsYear}`,
    thankYouTeamLeaderResults: `February ${teamLeaderYear}`,
    thankYouStudentVolunteerResults: `May ${decisionsYear}`,
    confirmBy: 'late April',
  };
}

export const DEFAULT_RESULT_TEXTS: Readonly<ResultTexts> = defaultResultTexts(DEFAULT_TIMELINE);

export const DEFAULT_CONTACT_EMAIL = 'sv@siggraph.org';

export function defaultSettings(contactEmail: string = DEFAULT_CONTACT_EMAIL): EditionSettings {
  return {
    timeline: { ...DEFAULT_TIMELINE },
    statusCatalogue: 'A',
    swapsEnabled: false,
    autoOfferWaitlist: false,
    juryReferences: false,
    contactEmail,
    mailingListUrl: programmeUrl(DEFAULT_CONFERENCE),
    conference: { ...DEFAULT_CONFERENCE },
    resultTexts: { ...DEFAULT_RESULT_TEXTS },
  };
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
