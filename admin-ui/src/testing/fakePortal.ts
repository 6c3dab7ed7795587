import { type EditionSettings, type EditionView, defaultSettings } from '@svp/domain';
import { jsonResponse } from '@svp/ui-test-kit';
import { vi } from 'vitest';
import type { ApplicationRow } from '../applications/types';

/** A signed-in administrator's token as the auth provider reads it (only its claims matter to the panel). */
export function adminToken(): string {
  const claims = btoa(JSON.stringify({ sub: 1, admin: true, exp: Math.floor(Date.now() / 1000) + 3600 }));
  return `header.${claims}.signature`;
}

/** A JSON answer, body first (the order the panel's tests read best). */
export const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => jsonResponse(status, body, headers);

export function applicationRow(overrides: Partial<ApplicationRow> = {}): ApplicationRow {
  return {
    id: 7,
    userId: 17,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.edu',
    svid: 'SV-0007',
    username: 'ada-lovelace',
    completed: true,
    teamLeader: false,
    financialAid: true,
    statusId: null,
    status: 'Pending',
    state: 'pending',
    averageScore: null,
    updatedAt: '2026-03-01T10:00:00.000Z',
    submittedAt: '2026-03-01T10:00:00.000Z',
    referencesReceived: 0,
    referenceRating: null,
    ...overrides,
  };
}

/** GET /api/settings as the server answers it, from the edition's settings. */
export function publicSettings(settings: EditionSettings = defaultSettings('chair@example.org')) {
  return {
    success: true,
    data: {
      now: '2026-03-01T00:00:00.000Z',
      timeline: settings.timeline,
      gates: {},
      conference: settings.conference,
      swapsEnabled: settings.swapsEnabled,
      statusCatalogue: settings.statusCatalogue,
      statusLabels: [{ id: null, label: 'Pending', state: 'pending', tag: null }],
      contactEmail: settings.contactEmail,
      resultTexts: settings.resultTexts,
    },
  };
}

/** An edition as GET /api/admin/editions lists it; by default the only one, current. */
export function editionView(overrides: Partial<EditionView> = {}): EditionView {
  return { id: 2, key: '2026', name: 'SIGGRAPH 2026', current: true, createdAt: '2025-09-01T10:00:00.000Z', closedAt: null, ...overrides };
}

/** A stubbed fetch answering by method and path; anything not routed fails the test loudly. The panel's list of editions is routed unless a
 * test routes it. */
export function fakeApi(routes: Record<string, (url: URL, init?: RequestInit) => Response | Promise<Response>>) {
  const routed: typeof routes = {
    'GET /api/admin/editions': () => json([editionView()], 200, { 'Content-Range': 'editions 0-0/1' }),
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const route = routed[key];
    if (!route) throw new Error(`No fake answer for ${key}`);
    return route(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
