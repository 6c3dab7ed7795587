import { MESSAGE_LIMITS, markdownLimitProblem, mergeFieldProblem, parsePacific } from '@svp/domain';
import { object, string, number, type TestContext } from 'yup';
import type { TeamAudience, TeamMessage, TeamMessageVenues } from '../../api/types';

export type TeamVenue = TeamMessageVenues['venues'][number];

/** The team leader's message as the form holds it. `bannerUntil` is the date-and-time input's 'YYYY-MM-DDTHH:mm', Pacific. */
export interface TeamMessageValues {
  venueId: number | null;
  /** A Pacific day of the venue's shifts; null: every day. */
  day: string | null;
  /** null: every shift (of the day, when one is chosen). */
  shiftId: number | null;
  subject: string;
  body: string;
  bannerUntil: string;
}

export const emptyTeamMessage = (venues: readonly TeamVenue[]): TeamMessageValues => ({
  venueId: venues.length === 1 ? venues[0]!.id : null,
  day: null,
  shiftId: null,
  subject: '',
  body: '',
  bannerUntil: '',
});

/** The instant a Pacific 'YYYY-MM-DDTHH:mm' names; null when it names none. */
export const bannerInstant = (local: string): Date | null => parsePacific(local.replace('T', ' '));

/** The days the venue has shifts on, in order. */
export const venueDays = (venue: TeamVenue | undefined): string[] => [...new Set(venue?.shifts.map((shift) => shift.day) ?? [])].sort();

/** The venue's shifts, of the day when one is chosen. */
export const venueShifts = (venue: TeamVenue | undefined, day: string | null) =>
  venue?.shifts.filter((shift) => day === null || shift.day === day) ?? [];

/** Who the message goes to: one shift, else one day, else the whole venue; null until a venue is chosen. */
export function teamAudience({ venueId, day, shiftId }: Pick<TeamMessageValues, 'venueId' | 'day' | 'shiftId'>): TeamAudience | null {
  if (venueId === null) return null;
  if (shiftId !== null) return { venueId, shiftId };
  return day !== null ? { venueId, day } : { venueId };
}

/** What POST /messages/team is sent; the form has been validated, so a venue is chosen. */
export function teamMessage(values: TeamMessageValues): TeamMessage {
  const banner = values.bannerUntil ? bannerInstant(values.bannerUntil) : null;
  return {
    ...teamAudience(values)!,
    subject: values.subject.trim(),
    body: values.body,
    ...(banner ? { bannerUntil: banner.toISOString() } : {}),
  };
}

const thousands = (n: number) => n.toLocaleString('en-US');

function knownMergeFields(this: TestContext, value: string | undefined) {
  const problem = mergeFieldProblem(value ?? '');
  return problem ? this.createError({ message: problem }) : true;
}

function withinMarkdownLimits(this: TestContext, value: string | undefined) {
  const problem = markdownLimitProblem(value ?? '');
  return problem ? this.createError({ message: problem.message }) : true;
}

/** The browser's checks: the limits and merge fields of domain/src/messages, as the server checks them. */
export const teamMessageSchema = (now: () => number) =>
  object({
    venueId: number().nullable().required('Choose one of your venues.'),
    subject: string()
      .trim()
      .required('Write a subject.')
      .max(MESSAGE_LIMITS.subject, `Keep the subject to ${thousands(MESSAGE_LIMITS.subject)} characters or fewer.`)
      .test('merge-fields', knownMergeFields),
    body: string()
      .required('Write your message.')
      .test('blank', 'Write your message.', (value) => !!value?.trim())
      .max(MESSAGE_LIMITS.body, `Keep the message to ${thousands(MESSAGE_LIMITS.body)} characters or fewer.`)
      .test('merge-fields', knownMergeFields)
      .test('markdown-limits', withinMarkdownLimits),
    bannerUntil: string().test('banner', function check(value) {
      if (!value) return true;
      const at = bannerInstant(value);
      if (!at) return this.createError({ message: 'Give a date and a time (Pacific), or leave it empty for no banner.' });
      return at.getTime() > now() ? true : this.createError({ message: 'Choose a time still to come, or leave it empty for no banner.' });
    }),
  });

export const characterCount = (text: string, limit: number): string => `${thousands(text.length)} / ${thousands(limit)} characters`;
