import { afterEach, beforeEach, vi } from 'vitest';

// The fetch stub of both screens' unit tests, applicant-ui and admin-ui, which import it as '@svp/ui-test-kit'
// (an alias in each one's vite.config.ts and tsconfig.json). It lives beside the other tests that span packages
// because neither UI should reach into the other's files, and domain/ holds product code only.

/** A JSON answer as the server sends one. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/**
 * A stubbed global fetch for the tests of one file (installed before each test, removed after):
 * `answer` builds a JSON response, `lastCall` reads the last request's address, method and JSON body.
 * With `storedToken`, localStorage answers that token meanwhile (the admin panel reads its token there,
 * and its tests run without a browser's storage).
 */
export function stubFetch({ storedToken }: { storedToken?: string } = {}) {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    if (storedToken !== undefined) vi.stubGlobal('localStorage', { getItem: () => storedToken });
  });
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    Promise.resolve(jsonResponse(status, body, headers));
  const lastCall = () => {
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    return { url, method: init?.method, body: init?.body ? JSON.parse(init.body as string) : undefined };
  };
  return { fetchMock, answer, lastCall };
}
