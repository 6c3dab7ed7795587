import { TIMELINE_KEYS, TIMELINE_LABELS, type TimelineKey, parseInstant, validateTimeline } from '@svp/domain';

const KEY_PATTERN = new RegExp(`\\b(${TIMELINE_KEYS.join('|')})\\b`, 'g');

/** A timeline message from the domain rule or the API, with each date's key read as its label. */
export function labelTimelineKeys(message: string): string {
  return message.replace(KEY_PATTERN, (key) => `“${TIMELINE_LABELS[key as TimelineKey]}”`);
}

/**
 * The form's timeline errors by key, from the same rule the API applies: every date present
 * and each one after the date before it.
 */
export function timelineErrors(timeline: Partial<Record<TimelineKey, unknown>> | undefined): Partial<Record<TimelineKey, string>> {
  const errors: Partial<Record<TimelineKey, string>> = {};
  for (const problem of validateTimeline(timeline ?? {})) {
    const key = problem.field as TimelineKey;
    errors[key] = parseInstant(timeline?.[key])
      ? labelTimelineKeys(problem.message).replace(/^“[^”]+” must/, 'Must')
      : 'Enter a date and time (UTC)';
  }
  return errors;
}
