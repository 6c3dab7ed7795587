import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import type { ApplicationRecord, ProfileUser, PublicSettings } from '../../api/types';
import { AppShell } from '../../components/AppShell';
import { AlertsProvider } from '../../state/AlertsContext';
import { FakeSession, FakeSettingsContext, type Settings, type Spies } from './fakeContexts';

// Test-only: renders a page inside the real shell and alerts with a session and settings the test
// controls, so a test sees the danger and primary alerts as a user would.

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

export function renderApp(
  page: ReactNode,
  {
    path,
    settings,
    now,
    profile,
    application = null,
    isAdmin = false,
    isTeamLeader = false,
  }: {
    path: string;
    settings: PublicSettings;
    now: number;
    profile: ProfileUser | null;
    application?: ApplicationRecord | 'none' | null;
    isAdmin?: boolean;
    isTeamLeader?: boolean;
  },
) {
  const spies: Spies = { logout: vi.fn(), setProfile: vi.fn(), setApplication: vi.fn() };
  const settingsState: Settings = { settings, serverNow: () => now, refresh: async () => undefined };
  const result = render(
    <FakeSettingsContext.Provider value={settingsState}>
      <AlertsProvider contactEmail={settings.contactEmail}>
        <FakeSession initial={{ profile, application, isAdmin, isTeamLeader }} spies={spies}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route element={<AppShell />}>
                <Route path={path} element={page} />
                <Route path="*" element={<Where />} />
              </Route>
            </Routes>
          </MemoryRouter>
        </FakeSession>
      </AlertsProvider>
    </FakeSettingsContext.Provider>,
  );
  return { ...result, spies };
}
