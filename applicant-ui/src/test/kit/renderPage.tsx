import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, RouterProvider, Routes, createMemoryRouter, parsePath, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { TokenClaims } from '../../api/client';
import type { ApplicationRecord, ProfileUser, PublicSettings } from '../../api/types';
import { AppShell } from '../../components/AppShell';
import { AppRoutes } from '../../routes/AppRoutes';
import { AlertsProvider } from '../../state/AlertsContext';
import { SessionProvider } from '../../state/SessionContext';
import { SettingsProvider, useSettings } from '../../state/SettingsContext';
import { FakeSession, FakeSettingsContext, type Settings, type Spies } from './fakeContexts';
import { profileUser } from './records';
import { openSettings } from './settings';

// The applicant-ui test kit's one render harness: pages inside the real shell and alerts, in a data router
// like the app's, so a test sees what a user would. The session and settings are the test's own (the file
// mocks the two context modules with ./fakeContexts), or with `fromServer` the app's providers reading a
// stubbed fetch (./fakeServer).

/** Where the page opens. */
export interface Place {
  /** The address, query and hash included. */
  at?: string;
  /** The history state it is opened with. */
  state?: unknown;
}

/** Who is signed in, on which settings. */
export interface Given {
  /** Default: an edition taking applications at the kit's clock (openSettings()). */
  settings?: PublicSettings;
  /** The server's clock; default: the settings' own. */
  now?: number;
  /** Default: profileUser(); null for a page anyone may open. */
  profile?: ProfileUser | null;
  application?: ApplicationRecord | 'none' | null;
  isAdmin?: boolean;
  isTeamLeader?: boolean;
  claims?: TokenClaims | null;
  /** The app's own settings and session providers, answered by the stubbed fetch, instead of all of the above. */
  fromServer?: boolean;
}

/** Renders `page` at the route `path` (a pattern such as '/schedule/shift/:id'), opened at `at` (default: `path`). */
export function renderPage(page: ReactNode, { path, ...rest }: { path: string } & Place & Given) {
  return renderRoutes(<Route path={path} element={page} />, { ...rest, at: rest.at ?? path });
}

/** Renders these <Route>s inside the shell, opened at `at`; any other address shows its pathname (testid 'location'). */
export function renderRoutes(routes: ReactNode, { at = '/', state, ...given }: Place & Given) {
  return renderIn(
    <Routes>
      <Route element={<AppShell />}>
        {routes}
        <Route path="*" element={<Location />} />
      </Route>
    </Routes>,
    { at, state },
    given,
  );
}

/** Opens `at` through the app's own route table; signed in with a volunteer's claims unless `given` says otherwise. */
export function renderAppRoutes(at: string, given: Given = {}) {
  const claims: TokenClaims = { sub: 7, role: 'Student-Volunteer', admin: false, exp: Math.floor(Date.now() / 1000) + 3600 };
  return renderIn(<AppRoutes />, { at }, { claims, ...given });
}

/** The address the app shows now, query included (the harness writes it under every page). */
export const address = () => screen.getByTestId('address').textContent;

function Address() {
  const { pathname, search } = useLocation();
  return <p data-testid="address">{`${pathname}${search}`}</p>;
}

function Location() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function renderIn(pages: ReactNode, { at = '/', state }: Place, given: Given) {
  const entry = state === undefined ? at : { ...parsePath(at), state };
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {pages}
            <Address />
          </>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  const spies: Spies = { logout: vi.fn(), setProfile: vi.fn(), setApplication: vi.fn() };
  const routed = <RouterProvider router={router} />;
  const result = render(
    given.fromServer ? (
      <FromServer>{routed}</FromServer>
    ) : (
      <GivenByTest given={given} spies={spies}>
        {routed}
      </GivenByTest>
    ),
  );
  return { ...result, spies };
}

function GivenByTest({ given, spies, children }: { given: Given; spies: Spies; children: ReactNode }) {
  const { settings = openSettings(), profile = profileUser(), application = null, isAdmin = false, isTeamLeader = false } = given;
  const now = given.now ?? Date.parse(settings.now);
  const settingsState: Settings = { settings, serverNow: () => now, refresh: async () => undefined };
  return (
    <FakeSettingsContext.Provider value={settingsState}>
      <AlertsProvider contactEmail={settings.contactEmail}>
        <FakeSession initial={{ profile, application, isAdmin, isTeamLeader, claims: given.claims ?? null }} spies={spies}>
          {children}
        </FakeSession>
      </AlertsProvider>
    </FakeSettingsContext.Provider>
  );
}

/** The providers as App.tsx nests them. */
function FromServer({ children }: { children: ReactNode }) {
  return (
    <SettingsProvider>
      <AlertsFromSettings>
        <SessionProvider>{children}</SessionProvider>
      </AlertsFromSettings>
    </SettingsProvider>
  );
}

function AlertsFromSettings({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  return <AlertsProvider contactEmail={settings.contactEmail}>{children}</AlertsProvider>;
}
