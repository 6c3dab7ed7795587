import { READING_EDITION_KEY, TOKEN_KEY } from './storedKeys';

// The first page's reads, asked for as soon as the browser runs the panel's first (tiny) script, while
// react-admin is still being loaded and started: the answers are on their way when the page asks for
// them. Only the panel's own requests use them (common/http.ts, takeEarlyRead), each once; a read the
// page never asks for is dropped. Nothing here imports react-admin or the shared rules.

/** What the dashboard reads as it opens (its statistics, the public settings, last year's figures, the editions). */
export const DASHBOARD_READS = ['/api/application/statistics', '/api/settings', '/api/admin/statistics/comparison', '/api/admin/editions'];

/** An early answer older than this is not used: the page asks again. */
const FRESH_FOR_MS = 30_000;

interface EarlyRead {
  at: number;
  token: string;
  response: Promise<Response>;
}

const started = new Map<string, EarlyRead>();

/**
 * Asks for `urls` now, with the stored token, unless nobody is signed in or an earlier edition is read
 * (its reads carry the edition: the page makes them itself).
 */
export function startEarlyReads(urls: readonly string[]): void {
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token || localStorage.getItem(READING_EDITION_KEY)) return;
  for (const url of urls) {
    const response = fetch(url, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    // A failure is the page's to report, when it takes the read; one never taken is not an error.
    response.catch(() => undefined);
    started.set(url, { at: Date.now(), token, response });
  }
}

/** The early answer for a GET of `url` made with `token`, at most once; undefined when there is none to use. */
export function takeEarlyRead(url: string, token: string | null): Promise<Response> | undefined {
  const early = started.get(url);
  if (!early) return undefined;
  started.delete(url);
  return early.token === token && Date.now() - early.at <= FRESH_FOR_MS ? early.response : undefined;
}
