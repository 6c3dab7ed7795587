import { afterEach, beforeEach, vi } from 'vitest';

/**
 * For tests: a stubbed global fetch and an administrator's token in localStorage, installed before
 * each test of the file and removed after; `answer` builds a JSON response.
 */
export function stubFetch(token = 'admin-token') {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', { getItem: () => token });
  });
  afterEach(() => vi.unstubAllGlobals());
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }));
  return { fetchMock, answer };
}
