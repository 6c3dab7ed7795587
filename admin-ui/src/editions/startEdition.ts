import { type EditionSettings, TIMELINE_KEYS } from '@svp/domain';
import { serverFieldErrors } from '../messages/compose';
import { CONFERENCE_DAYS, settingsServerErrors } from '../settings/conferenceErrors';
import { RESULT_TEXTS } from '../settings/resultTexts';

/** The fields of the start form, by their name in the form (the settings' own paths). */
const FORM_FIELDS = new Set<string>([
  'conference.name',
  'conference.city',
  ...CONFERENCE_DAYS.map((day) => `conference.${day}`),
  ...TIMELINE_KEYS.map((key) => `timeline.${key}`),
  'mailingListUrl',
  'programmeUrl',
  ...RESULT_TEXTS.map(({ source }) => `resultTexts.${source}`),
]);

/** The choices beside the settings (copying shifts, keeping team leaders): their refusal is a sentence of its own. */
const CHOICES = new Set(['copyShifts', 'copyVenues', 'keepTeamLeaders']);

/** The new edition's settings: the proposal, with the dates, conference facts, texts and links as edited. */
export function startEditionSettings(
  proposal: EditionSettings,
  edited: Pick<EditionSettings, 'timeline' | 'conference'> &
    Partial<Pick<EditionSettings, 'resultTexts' | 'mailingListUrl' | 'programmeUrl'>>,
): EditionSettings {
  return {
    ...proposal,
    timeline: { ...proposal.timeline, ...edited.timeline },
    conference: { ...proposal.conference, ...edited.conference },
    resultTexts: { ...proposal.resultTexts, ...edited.resultTexts },
    mailingListUrl: edited.mailingListUrl ?? proposal.mailingListUrl,
    programmeUrl: edited.programmeUrl ?? proposal.programmeUrl,
  };
}

/**
 * The server's refusal of a new edition (400 naming `settings.timeline.applicationEndDate`): the
 * messages of the form's fields, worded as the Settings page words them, and the others as sentences.
 */
export function startEditionErrors(error: unknown): { fields: Record<string, string>; others: string[] } {
  const named = serverFieldErrors(error) ?? {};
  const byField = Object.fromEntries(Object.entries(named).map(([path, message]) => [path.replace(/^settings\./, ''), message]));
  const shown = settingsServerErrors(byField);
  const fields: Record<string, string> = {};
  const others: string[] = [];
  for (const [field, message] of Object.entries(shown)) {
    if (FORM_FIELDS.has(field)) fields[field] = message;
    else others.push(CHOICES.has(field) ? message : `${field}: ${message}`);
  }
  return { fields, others };
}
