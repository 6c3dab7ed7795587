import type { Timeline } from '@svp/domain';
import { jsonResponse } from '@svp/ui-test-kit';
import { type Mock, vi } from 'vitest';
import { publicSettings } from './settings';

// The applicant-ui test kit: the API behind a stubbed fetch, for pages rendered with the app's own providers
// (renderPage's `fromServer`). Answers come in the API's envelope.

interface Answer {
  status?: number;
  body: { success: boolean; data: unknown };
}
/** 'METHOD /path' (without /api) → the answer, or a function of the JSON body sent. */
export type Routes = Record<string, Answer | ((body: Record<string, unknown>) => Answer | Promise<Answer>)>;

export const ok = (data: unknown, status = 200): Answer => ({ status, body: { success: true, data } });
export const failure = (status: number, message: string, err: string, extra: object = {}): Answer => ({
  status,
  body: { success: false, data: { message, err, ...extra } },
});

/**
 * Stubs fetch with `routes`; GET /settings answers from `timeline` at the (possibly fake) current time unless
 * `routes` answer it, and a reset link's token is usable unless they say otherwise. An unrouted request fails.
 */
export function fakeServer(timeline: () => Timeline, given: Routes = {}): Mock<typeof fetch> {
  const routes: Routes = {
    'GET /settings': () => ok(publicSettings(timeline())),
    'POST /users/check-reset-token': ok({ message: 'This link can be used to choose a new password.' }),
    ...given,
  };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input).replace(/^\/api/, '')}`;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const route = routes[key];
    if (!route) throw new Error(`Unexpected request ${key}`);
    const answer = typeof route === 'function' ? await route(body) : route;
    return jsonResponse(answer.status ?? 200, answer.body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to 'METHOD /path'. */
export function sentBodies(fetchMock: Mock<typeof fetch>, key: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).replace(/^\/api/, '')}` === key)
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
}
