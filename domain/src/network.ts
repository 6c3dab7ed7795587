/**
 * A call that never reached the server (offline, DNS, a dropped connection) shows one sentence in
 * both apps, not the browser's own words (docs/product.md, 'Texts kept to the letter').
 */
export function unableToCompleteRequest(contactEmail: string): string {
  return `Unable to complete request. If this continues to persist, email ${contactEmail}`;
}

// Chrome says 'Failed to fetch' (and 'network error' for a body cut off), Firefox 'NetworkError when
// attempting to fetch resource.', Safari 'Load failed'.
const NETWORK_FAILURE = /^(Failed to fetch|NetworkError\b|Load failed$|network error$)/i;

/** Whether a rejected fetch failed for want of a network, rather than by an answer or a bug. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && NETWORK_FAILURE.test(error.message);
}
