import { type ConferenceFacts, validateConference } from '@svp/domain';
import { labelTimelineKeys } from './timelineErrors';

/** The conference facts an organiser edits (the time zone of shift times is not one of them). */
export type ConferenceField = Exclude<keyof ConferenceFacts, 'timeZone'>;

export const CONFERENCE_LABELS: Record<ConferenceField, string> = {
  name: 'Conference name',
  city: 'City',
  firstShiftDay: 'First shift day',
  startDate: 'First day of service',
  endDate: 'Last day of service',
  defaultScheduleDay: 'Schedule opens on',
  svHours: 'Student volunteer hours',
  tlHours: 'Team leader hours',
};

export const CONFERENCE_DAYS = ['firstShiftDay', 'startDate', 'endDate', 'defaultScheduleDay'] as const;

// 'name' and 'city' are ordinary words: only the keys that cannot be are read as labels inside a sentence.
const KEY_PATTERN = new RegExp(`\\b(${CONFERENCE_DAYS.join('|')}|svHours|tlHours)\\b`, 'g');

/** A message of the domain rule or the API with each conference key read as its label. */
export function labelConferenceKeys(message: string): string {
  return message.replace(KEY_PATTERN, (key) => `“${CONFERENCE_LABELS[key as ConferenceField]}”`);
}

/** A message about one field as that field shows it: 'endDate must be …' reads 'Must be …'. */
export function conferenceFieldMessage(field: string, message: string): string {
  const rest = message.startsWith(`${field} `) ? message.slice(field.length + 1) : null;
  return labelConferenceKeys(rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : message);
}

/** The form's conference errors by field, from the rule the API applies. */
export function conferenceErrors(
  conference: Partial<Record<keyof ConferenceFacts, unknown>> | undefined,
): Partial<Record<ConferenceField, string>> {
  const errors: Partial<Record<ConferenceField, string>> = {};
  for (const { field, message } of validateConference(conference ?? {})) {
    const key = field as ConferenceField;
    if (errors[key]) continue;
    const empty = conference?.[key] === undefined || conference[key] === null || conference[key] === '';
    errors[key] = empty && (CONFERENCE_DAYS as readonly string[]).includes(key) ? 'Enter a day' : conferenceFieldMessage(key, message);
  }
  return errors;
}

/** The API's refusal by field ('conference.endDate', 'timeline.juryDeadline'), worded as the form's own checks are. */
export function settingsServerErrors(errors: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => {
      const text = String(message);
      const [section, field = ''] = path.split('.');
      if (section === 'conference') return [path, conferenceFieldMessage(field, text)];
      if (section === 'timeline') return [path, labelTimelineKeys(text).replace(/^“[^”]+” must/, 'Must')];
      return [path, text];
    }),
  );
}
