// Test-only: the home and auth screens inside the real providers and shell, talking to a fake
// server through a stubbed fetch, so a test sees what a user would (alerts, redirects, states).
import { render } from '@testing-library/react';
import type { Timeline } from '@svp/domain';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { type Mock, vi } from 'vitest';
import type { PublicSettings, SignedIn } from '../../api/types';
import { AppShell } from '../../components/AppShell';
import { publicSettings as testEditionSettings } from '../../test/fixtures';
import { LaunchGate } from '../../routes/LaunchGate';
import { ProtectedRoute } from '../../routes/ProtectedRoute';
import { AlertsProvider } from '../../state/AlertsContext';
import { SessionProvider } from '../../state/SessionContext';
import { SettingsProvider, useSettings } from '../../state/SettingsContext';
import { ForgotPasswordRedirect } from '../auth/ForgotPasswordRedirect';
import { HomePage } from './HomePage';

const DAY = 86_400_000;

/** A timeline with applications open at `now` (TL deadline in 10 days, SV deadline in 20). */
export function openTimeline(now: number, overrides: Partial<Record<keyof Timeline, number>> = {}): Timeline {
  const at = (offset: number) => new Date(now + offset).toISOString();
  const timeline: Timeline = {
    applicationLaunchDate: at(-10 * DAY),
    teamLeaderEndDate: at(10 * DAY),
    applicationEndDate: at(20 * DAY),
    referencesDeadline: at(28 * DAY),
    juryReleaseDate: at(30 * DAY),
    juryDeadline: at(40 * DAY),
    acceptanceDate: at(50 * DAY),
    confirmationDeadline: at(60 * DAY),
    schedulesReleaseDate: at(70 * DAY),
  };
  for (const [key, offset] of Object.entries(overrides)) timeline[key as keyof Timeline] = at(offset);
  return timeline;
}

/** GET /api/settings as the server answers it at `now` (gates on that clock). */
export function publicSettings(timeline: Timeline, now = Date.now()): PublicSettings {
  return testEditionSettings(timeline, now, { statusLabels: [], mailingListUrl: 'https://lists.example.org/sv' });
}

/** A JWT with these claims (unsigned: the client only reads it). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export function signedIn(overrides: Partial<SignedIn> = {}): SignedIn {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return {
    user: {
      id: 7,
      svid: 'ABCD2345',
      username: 'u-7',
      email: 'ada@example.edu',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'Student-Volunteer',
      isAdmin: false,
      isTeamLeader: false,
      verified: false,
    },
    session: { access_token: fakeJwt({ sub: 7, role: 'Student-Volunteer', admin: false, type: 'access', exp }), expires_at: new Date(exp * 1000).toISOString() },
    ...overrides,
  };
}

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
 * Stubs fetch with `routes`; GET /settings answers from `timeline` at the (possibly fake) current time,
 * and a reset link's token is usable unless `routes` say otherwise.
 */
export function fakeServer(timeline: () => Timeline, given: Routes = {}): Mock {
  const routes: Routes = { 'POST /users/check-reset-token': ok({ message: 'This link can be used to choose a new password.' }), ...given };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^\/api/, '');
    const key = `${init?.method ?? 'GET'} ${path}`;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const route = key === 'GET /settings' ? ok(publicSettings(timeline())) : routes[key];
    if (!route) throw new Error(`Unexpected request ${key}`);
    const answer = typeof route === 'function' ? await route(body) : route;
    const status = answer.status ?? 200;
    return { ok: status >= 200 && status < 300, status, json: async () => answer.body } as Response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to 'METHOD /path'. */
export function sentBodies(fetchMock: Mock, key: string): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(input).replace(/^\/api/, '')}` === key)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
}

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

function WithAlerts({ path }: { path: string }) {
  const { settings } = useSettings();
  return (
    <AlertsProvider contactEmail={settings.contactEmail}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route element={<AppShell />}>
              <Route element={<LaunchGate />}>
                <Route path="/" element={<HomePage />} />
                <Route path="/login" element={<HomePage initialView="signIn" />} />
                <Route path="/forgot-password" element={<ForgotPasswordRedirect />} />
                <Route path="/dashboard" element={<h1>Dashboard</h1>} />
                <Route element={<ProtectedRoute />}>
                  <Route path="/confirmation" element={<h1>Confirmation</h1>} />
                </Route>
              </Route>
            </Route>
          </Routes>
          <Where />
        </MemoryRouter>
      </SessionProvider>
    </AlertsProvider>
  );
}

/** Renders the app's home routes at `path` with the real settings, alerts and session providers. */
export function renderHome(path = '/') {
  window.scrollTo = vi.fn() as typeof window.scrollTo;
  return render(
    <SettingsProvider>
      <WithAlerts path={path} />
    </SettingsProvider>,
  );
}
