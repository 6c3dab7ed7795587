import { programmeUrl } from './edition.js';
import { defaultResultTexts } from './result-texts.js';
import { DEFAULT_TIMELINE, type Timeline } from './timeline.js';
import { DEFAULT_RETENTION } from './privacy/retention.js';
import type { ConferenceFacts, EditionSettings, ResultTexts } from './contract/settings.js';

/** Declared once, as wire shapes, in domain/src/contract/settings.ts. */
export type { ConferenceFacts, EditionSettings, ResultTexts } from './contract/settings.js';

/**
 * The default edition's conference week, in the same year as the default timeline: the earlier portal's
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
    programmeUrl: programmeUrl(DEFAULT_CONFERENCE),
    conference: { ...DEFAULT_CONFERENCE },
    resultTexts: { ...DEFAULT_RESULT_TEXTS },
    retention: { ...DEFAULT_RETENTION },
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
export function offerLapsed(
  timeline: Pick<Timeline, 'confirmationDeadline'>,
  offerExpiresAt: string | Date | null | undefined,
  now: Date,
): boolean {
  return now.getTime() >= offerDeadline(timeline, offerExpiresAt).getTime();
}
