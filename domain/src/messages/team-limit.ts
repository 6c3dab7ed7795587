import { pacificTime } from '../schedule/time.js';

/**
 * How many messages team leaders may send to one venue's volunteers in a rolling hour, whoever of
 * its leaders writes them. Organisers are not limited; they see every team leader's message and can
 * cancel its sending.
 */
export const TEAM_MESSAGE_LIMIT = { perVenue: 10, windowMinutes: 60 } as const;

const WINDOW_MS = TEAM_MESSAGE_LIMIT.windowMinutes * 60_000;

/** Messages created after this moment count against the limit at `now`. */
export function teamMessageWindowStart(now: Date): Date {
  return new Date(now.getTime() - WINDOW_MS);
}

/**
 * When team leaders may next write to the venue, given when their messages to it in the past hour
 * were created: null when they may now; otherwise the moment the oldest of those that keeps the
 * venue at its limit leaves the hour, rounded up to the minute.
 */
export function nextTeamMessageAt(recent: readonly Date[], now: Date): Date | null {
  const since = teamMessageWindowStart(now).getTime();
  const within = recent
    .map((at) => at.getTime())
    .filter((at) => at > since)
    .sort((a, b) => a - b);
  if (within.length < TEAM_MESSAGE_LIMIT.perVenue) return null;
  const frees = within[within.length - TEAM_MESSAGE_LIMIT.perVenue] + WINDOW_MS;
  return new Date(Math.ceil(frees / 60_000) * 60_000);
}

/** The refusal: the venue, the limit, and when the next message can go. */
export function teamMessageLimitText(venueName: string, nextAt: Date): string {
  return (
    `${venueName}'s volunteers have had ${TEAM_MESSAGE_LIMIT.perVenue} messages from team leaders in the past hour, ` +
    `the most an hour allows. You can write to them again at ${pacificTime(nextAt)} (Pacific time), or ask the organisers to send it.`
  );
}
