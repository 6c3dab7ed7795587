/**
 * An edition's settings as stored and as changed: what is stored read over the defaults, a change laid
 * over the settings in force, and what is wrong with the result (docs/api.md, 'Settings').
 */
import type { EditionSettings } from '../contract/settings.js';
import { programmeUrl, validateConference } from '../edition.js';
import { defaultResultTexts, followDerivedTexts, resultTextProblems } from '../result-texts.js';
import { completeTimeline, defaultReferencesDeadline, normaliseTimeline, validateTimeline } from '../timeline.js';

/** A problem of a whole set of settings, by its dotted field ('timeline.juryDeadline'). */
export interface SettingsProblem {
  field: string;
  message: string;
}

/** The keys that carry a value: a field left out of a change keeps its current value. */
function defined<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A change laid over settings: what it names replaces, group by group (the timeline's dates one by one); what it leaves out stays. */
export function mergeSettings(base: EditionSettings, change: Partial<EditionSettings>): EditionSettings {
  return {
    ...base,
    ...defined(change),
    timeline: { ...base.timeline, ...defined(change.timeline) },
    conference: { ...base.conference, ...defined(change.conference) },
    resultTexts: { ...base.resultTexts, ...defined(change.resultTexts) },
    retention: { ...base.retention, ...defined(change.retention) },
  };
}

/** What is wrong with a whole set of settings: the order of the dates, the conference facts, and results texts the dates contradict. */
export function settingsProblems(settings: EditionSettings): SettingsProblem[] {
  const timeline = validateTimeline(settings.timeline).map((p) => ({ field: `timeline.${p.field}`, message: p.message }));
  return [
    ...timeline,
    ...validateConference(settings.conference).map((p) => ({ field: `conference.${p.field}`, message: p.message })),
    // Checked against a timeline in order only: otherwise the dates' own problems are the ones to fix first.
    ...(timeline.length ? [] : resultTextProblems(settings).map((p) => ({ field: `resultTexts.${p.field}`, message: p.message }))),
  ];
}

/**
 * The settings an organiser's change leads to, with what is wrong with them (none: the settings, their
 * dates normalised, are the ones to store). Texts and links derived from the edition that the change
 * leaves as they were follow its dates; a change that moves the dates around the references' closing
 * date without naming it (a client or script older than that date) carries it along when it would
 * fall out of order, instead of failing.
 */
export function settingsAfterChange(
  before: EditionSettings,
  change: Partial<EditionSettings>,
): { settings: EditionSettings; problems: SettingsProblem[] } {
  const next = followDerivedTexts(before, mergeSettings(before, change));
  if (
    change.timeline &&
    change.timeline.referencesDeadline === undefined &&
    validateTimeline(next.timeline).some((p) => p.field === 'referencesDeadline') &&
    !validateTimeline({ ...next.timeline, referencesDeadline: undefined }).some((p) => p.field !== 'referencesDeadline')
  ) {
    next.timeline = { ...next.timeline, referencesDeadline: defaultReferencesDeadline(next.timeline) };
  }
  const problems = settingsProblems(next);
  if (!problems.length) next.timeline = normaliseTimeline(next.timeline);
  return { settings: next, problems };
}

/**
 * An edition's settings as stored, read over the defaults. A timeline stored before a date was added
 * gets one that fits its other dates, not the default edition's; what was not stored (the links, the
 * results texts) is derived from this edition, never taken from the default one's year.
 */
export function storedSettings(stored: Partial<EditionSettings>, defaults: EditionSettings): EditionSettings {
  const settings = { ...mergeSettings(defaults, stored), timeline: completeTimeline(defined(stored.timeline), defaults.timeline) };
  const page = programmeUrl(settings.conference);
  return {
    ...settings,
    mailingListUrl: stored.mailingListUrl ?? page,
    programmeUrl: stored.programmeUrl ?? page,
    resultTexts: { ...defaultResultTexts(settings.timeline), ...defined(stored.resultTexts) },
  };
}

/** The dotted path of the first null in a change ('conference.name'), if any: every setting holds a value. */
export function firstNullSetting(value: object, prefix = ''): string | null {
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (inner === null) return path;
    if (typeof inner === 'object') {
      const found = firstNullSetting(inner as object, path);
      if (found) return found;
    }
  }
  return null;
}
