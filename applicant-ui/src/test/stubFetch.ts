import { afterEach, beforeEach, vi } from 'vitest';

/**
 * A stubbed global fetch for the tests of one file (installed before each test, removed after):
 * `answer` builds a JSON response, `lastCall` reads the last request's path, method and JSON body.
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
  const lastCall = () => {
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    return { url, method: init?.method, body: init?.body ? JSON.parse(init.body as string) : undefined };
  };
  return { fetchMock, answer, lastCall };
}
