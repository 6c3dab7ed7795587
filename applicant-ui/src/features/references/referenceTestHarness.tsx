import { render } from '@testing-library/react';
import type { ReferenceAnswer } from '@svp/domain';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import type { RefereeForm, UserReference, UserReferences } from '../../api/types';
import { AppShell } from '../../components/AppShell';
import { AlertsProvider } from '../../state/AlertsContext';
import { publicSettings, timelineWithPassed } from '../../test/fixtures';
import { FakeSession, FakeSettingsContext, type Settings } from '../dashboard/fakeContexts';

// Test-only: the referee's page inside the real shell and alerts, reached by its link, with nobody
// signed in. Tests mock the session and settings modules with ../dashboard/fakeContexts.

export const NOW = Date.parse('2026-04-01T12:00:00Z');
export const TOKEN = 'Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXhx';
export const CLOSES_AT = '2026-04-10T17:00:00.000Z';

export function renderReferencePage(page: ReactNode, { token = TOKEN }: { token?: string } = {}) {
  const settings = publicSettings(timelineWithPassed(3, NOW), NOW);
  const settingsState: Settings = { settings, serverNow: () => NOW, refresh: async () => undefined };
  const spies = { logout: vi.fn(), setProfile: vi.fn(), setApplication: vi.fn() };
  return render(
    <FakeSettingsContext.Provider value={settingsState}>
      <AlertsProvider contactEmail={settings.contactEmail}>
        <FakeSession initial={{ profile: null, application: null, isAdmin: false, isTeamLeader: false }} spies={spies}>
          <MemoryRouter initialEntries={[`/reference/${token}`]}>
            <Routes>
              <Route element={<AppShell />}>
                <Route path="/reference/:token" element={page} />
              </Route>
            </Routes>
          </MemoryRouter>
        </FakeSession>
      </AlertsProvider>
    </FakeSettingsContext.Provider>,
  );
}

export const storedAnswer = (): ReferenceAnswer => ({
  relationship: 'supervisor',
  knownFor: '1-2-years',
  ratings: { reliability: 5, teamwork: 4, communication: null, initiative: 3 },
  statement: 'A careful and kind worker who finishes what she starts.',
});

/** GET /referee/{token}: a reference not answered yet, unless `overrides` say otherwise. */
export function refereeForm(overrides: Partial<RefereeForm> = {}): RefereeForm {
  return {
    applicant: { firstName: 'Ana', lastName: 'Lopez' },
    programme: 'SIGGRAPH 2026 Student Volunteer Program',
    referee: { firstName: 'Grace', lastName: 'Hopper' },
    referenceType: 'supervisor',
    closesAt: CLOSES_AT,
    state: 'requested',
    answer: null,
    answeredAt: null,
    ...overrides,
  };
}

export function userReference(overrides: Partial<UserReference> = {}): UserReference {
  return {
    slot: 1,
    referenceType: 'professor',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.edu',
    state: 'requested',
    stateLabel: 'Requested',
    requestedAt: '2026-03-01T17:00:00.000Z',
    answeredAt: null,
    canReplace: false,
    ...overrides,
  };
}

export function userReferences(references: UserReference[], overrides: Partial<UserReferences> = {}): UserReferences {
  return { closesAt: CLOSES_AT, requestsFrom: '2026-03-01T17:00:00.000Z', references, ...overrides };
}
