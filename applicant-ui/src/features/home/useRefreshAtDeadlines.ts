import { TIMELINE_KEYS, type Timeline } from '@svp/domain';
import { useEffect } from 'react';

// setTimeout cannot wait longer than about 24.8 days; a page left open longer simply waits for the next visit.
const LONGEST_WAIT_MS = 2 ** 31 - 1;
// Asking a little after the instant keeps a slightly fast browser from asking too early.
const MARGIN_MS = 500;

interface Options {
  timeline: Timeline;
  /** When the server evaluated the gates now shown (PublicSettings.now). */
  evaluatedAt: string;
  /** The server's clock. */
  now: () => number;
  refresh: () => void;
  /** Dates another part of the page watches itself. */
  skip?: readonly (keyof Timeline)[];
}

/**
 * Asks the server for the gates again when the next date of the timeline passes, so an open page
 * switches state (TL notice closed, applications closed, schedules out) without a reload.
 */
export function useRefreshAtDeadlines({ timeline, evaluatedAt, now, refresh, skip = [] }: Options) {
  const evaluated = Date.parse(evaluatedAt);
  const next = TIMELINE_KEYS.filter((key) => !skip.includes(key))
    .map((key) => Date.parse(timeline[key]))
    .filter((at) => at > evaluated)
    .sort((a, b) => a - b)[0];

  useEffect(() => {
    if (next === undefined) return;
    // A date that passed since the gates were evaluated is asked about at once.
    const wait = Math.max(0, next - now()) + MARGIN_MS;
    if (wait > LONGEST_WAIT_MS) return;
    const timer = setTimeout(refresh, wait);
    return () => clearTimeout(timer);
  }, [next, now, refresh]);
}
