import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { ProfileUser, PublicSettings } from '../../api/types';
import { AppShell } from '../../components/AppShell';
import { AlertsProvider } from '../../state/AlertsContext';
import { FakeSession, FakeSettingsContext, type Settings } from '../dashboard/fakeContexts';
import { NOW, confirmedVolunteer, releasedSettings } from './scheduleFixtures';

// Test-only: a schedule page inside the real shell and alerts, for a session, clock and address the
// test controls. Tests mock the session and settings modules with ../dashboard/fakeContexts and the
// endpoints with vi.mock.

/** Where the app is now, query included (any page other than the one under test lands here). */
function Address() {
  const location = useLocation();
  return <p data-testid="address">{`${location.pathname}${location.search}`}</p>;
}

/** '/path?query#hash' as the router's location parts, as written. */
function addressParts(at: string) {
  const [beforeHash, hash] = at.split('#');
  const [pathname, search] = beforeHash!.split('?');
  return { pathname: pathname!, search: search === undefined ? '' : `?${search}`, hash: hash === undefined ? '' : `#${hash}` };
}

export function renderSchedule(
  page: ReactNode,
  {
    route,
    at = route,
    state,
    settings = releasedSettings(),
    profile = confirmedVolunteer(),
    isTeamLeader = false,
  }: { route: string; at?: string; state?: unknown; settings?: PublicSettings; profile?: ProfileUser; isTeamLeader?: boolean },
) {
  const spies = { logout: vi.fn(), setProfile: vi.fn(), setApplication: vi.fn() };
  const settingsState: Settings = { settings, serverNow: () => NOW, refresh: async () => undefined };
  return render(
    <FakeSettingsContext.Provider value={settingsState}>
      <AlertsProvider contactEmail={settings.contactEmail}>
        <FakeSession initial={{ profile, application: null, isAdmin: false, isTeamLeader }} spies={spies}>
          <MemoryRouter initialEntries={[{ ...addressParts(at), state }]}>
            <Routes>
              <Route element={<AppShell />}>
                <Route path={route} element={page} />
                <Route path="*" element={<p>Another page</p>} />
              </Route>
            </Routes>
            <Address />
          </MemoryRouter>
        </FakeSession>
      </AlertsProvider>
    </FakeSettingsContext.Provider>,
  );
}

export const address = () => screen.getByTestId('address').textContent;

/** The texts of the day's list, one per entry. */
export const dayEntries = () =>
  within(screen.getByRole('list', { name: /^Shifts on / }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
