import { render } from '@testing-library/react';
import { type Timeline, emptyApplicationData } from '@svp/domain';
import { type ReactElement, type ReactNode, useState } from 'react';
import { Route, RouterProvider, Routes, createMemoryRouter, useLocation } from 'react-router-dom';
import { type Mock, afterEach, vi } from 'vitest';
import type { TokenClaims } from '../../api/client';
import type { ApplicationRecord, ProfileUser, PublicSettings } from '../../api/types';
import { AppShell } from '../../components/AppShell';
import { AppRoutes } from '../../routes/AppRoutes';
import { AlertsProvider } from '../../state/AlertsContext';
import { profileUser, publicSettings as sharedPublicSettings } from '../../test/fixtures';
import { FakeSessionContext, FakeSettingsContext, type Session, type Settings } from './fakeContexts';

// Test-only: a session and settings the tests control, inside the real shell and alerts, so a test
// sees what a user would. Tests mock the two context modules with ./fakeContexts.

export const NOW = Date.parse('2026-01-15T12:00:00Z');
const DAY = 86_400_000;

/** A timeline around NOW: applications open, with the TL and application deadlines where asked. */
export function timeline({ afterTeamLeaderDeadline = false, afterApplicationDeadline = false } = {}): Timeline {
  const at = (days: number) => new Date(NOW + days * DAY).toISOString();
  return {
    applicationLaunchDate: at(-30),
    teamLeaderEndDate: at(afterTeamLeaderDeadline ? -2 : 5),
    applicationEndDate: at(afterApplicationDeadline ? -1 : 10),
    referencesDeadline: at(18),
    juryReleaseDate: at(20),
    juryDeadline: at(30),
    acceptanceDate: at(40),
    confirmationDeadline: at(50),
    schedulesReleaseDate: at(60),
  };
}

export function publicSettings(line: Timeline = timeline()): PublicSettings {
  return sharedPublicSettings(line, NOW);
}


const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

/** Every answer a submission needs (a first-timer, no TL, no financial aid), with a PDF proof. */
export function completeData(): ApplicationRecord['data'] {
  return {
    ...emptyApplicationData(),
    step: 7,
    proofOfEnrollment: { name: 'ABCD2345.pdf', size: 123_456, type: 'application/pdf', url: '/api/files/ABCD2345' },
    schoolName: 'University of British Columbia',
    schoolCity: 'Vancouver',
    schoolState: 'BC',
    schoolCountry: 'CA',
    expectedGraduationMonth: 5,
    expectedGraduationYear: 2027,
    haveNotAttended: true,
    firstReferenceType: 'professor',
    firstReferenceFirstName: 'Grace',
    firstReferenceLastName: 'Hopper',
    firstReferenceEmail: 'grace@example.org',
    secondReferenceType: 'supervisor',
    secondReferenceFirstName: 'Alan',
    secondReferenceLastName: 'Kay',
    secondReferenceEmail: 'alan@example.org',
    essay1: words(120),
    essay2: words(80),
    essay3: words(60),
    acceptedTerms: true,
    acceptedMediaRelease: true,
    acceptedPrivacy: true,
  };
}

export function applicationRecord(overrides: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    id: 3,
    data: { ...emptyApplicationData(), step: 0 },
    step: 0,
    updated_at: '2026-01-10T10:00:00.000Z',
    completed: false,
    team_leader: false,
    financial_aid: false,
    status_id: null,
    sv: { application_status_id: null, status: 'Pending', state: 'pending', tag: null },
    progress: 0,
    problems: { missing: [], over_limit: [] },
    closed: false,
    submitted_at: null,
    confirmation: null,
    confirmed_at: null,
    declined_at: null,
    ...overrides,
  };
}

export function wordsOf(n: number): string {
  return words(n);
}

function FakeSession({
  initial,
  setApplicationSpy,
  children,
}: {
  initial: { profile: ProfileUser; application: ApplicationRecord | 'none' | null; claims?: TokenClaims | null };
  setApplicationSpy: Mock<(application: ApplicationRecord | 'none' | null) => void>;
  children: ReactNode;
}) {
  const [application, setApplication] = useState(initial.application);
  const session: Session = {
    token: 'token',
    claims: initial.claims ?? null,
    isAuthenticated: true,
    isVerified: initial.profile.verified,
    isAdmin: false,
    isTeamLeader: false,
    profile: initial.profile,
    application,
    passwordResetToken: null,
    signIn: () => undefined,
    logout: () => undefined,
    loadProfile: async () => initial.profile,
    setProfile: () => undefined,
    setApplication: (next) => {
      setApplicationSpy(next);
      setApplication(next);
    },
    setPasswordResetToken: () => undefined,
    registerCache: () => undefined,
  };
  return <FakeSessionContext.Provider value={session}>{children}</FakeSessionContext.Provider>;
}

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

interface Given {
  settings?: PublicSettings;
  profile?: ProfileUser;
  application?: ApplicationRecord | 'none' | null;
}

function renderIn(router: ReactNode, { settings = publicSettings(), profile = profileUser(), application = null }: Given, claims?: TokenClaims) {
  const setApplication = vi.fn<(application: ApplicationRecord | 'none' | null) => void>();
  const settingsState: Settings = { settings, serverNow: () => NOW, refresh: async () => undefined };
  const result = render(
    <FakeSettingsContext.Provider value={settingsState}>
      <AlertsProvider contactEmail={settings.contactEmail}>
        <FakeSession initial={{ profile, application, claims }} setApplicationSpy={setApplication}>
          {router}
        </FakeSession>
      </AlertsProvider>
    </FakeSettingsContext.Provider>,
  );
  return { ...result, setApplication };
}

// Unsaved answers a test left in the tab's storage would be restored by the next test's form.
afterEach(() => sessionStorage.clear());

/** A data router like the app's (the application form needs one to hold back a navigation), starting at `path`. */
function routerAt(path: string, pages: ReactElement) {
  return <RouterProvider router={createMemoryRouter([{ path: '*', element: pages }], { initialEntries: [path] })} />;
}

/** Renders a page at `path` in the shell (alerts included); any other path shows its pathname. */
export function renderPage(page: ReactNode, { path, ...given }: Given & { path: string }) {
  return renderIn(
    routerAt(
      path,
      <Routes>
        <Route element={<AppShell />}>
          <Route path={path} element={page} />
          <Route path="*" element={<Where />} />
        </Route>
      </Routes>,
    ),
    given,
  );
}

/** Opens `path` through the app's own route table, signed in; the current pathname is shown under it. */
export function renderRoute(path: string, given: Given = {}) {
  const claims: TokenClaims = { sub: 7, role: 'Student-Volunteer', admin: false, exp: Math.floor(Date.now() / 1000) + 3600 };
  return renderIn(
    routerAt(
      path,
      <>
        <AppRoutes />
        <Where />
      </>,
    ),
    given,
    claims,
  );
}
