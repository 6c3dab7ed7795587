import { type ReactNode, createContext, useContext, useState } from 'react';
import type { Mock } from 'vitest';
import type { TokenClaims } from '../../api/client';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import type { useSession } from '../../state/SessionContext';
import type { useSettings } from '../../state/SettingsContext';

// The applicant-ui test kit: a session and settings the test controls. A page test replaces the app's two
// context modules with these, in two lines at its top:
//   vi.mock('…/state/SessionContext', async () => (await import('…/test/kit/fakeContexts')).fakeSessionModule);
//   vi.mock('…/state/SettingsContext', async () => (await import('…/test/kit/fakeContexts')).fakeSettingsModule);
// This file imports nothing that uses those modules, so the mocks resolve without waiting on themselves.

export type Session = ReturnType<typeof useSession>;
export type Settings = ReturnType<typeof useSettings>;

const FakeSessionContext = createContext<Session | null>(null);
export const FakeSettingsContext = createContext<Settings | null>(null);

export const fakeSessionModule = { useSession: () => useContext(FakeSessionContext)! };
export const fakeSettingsModule = { useSettings: () => useContext(FakeSettingsContext)! };

/** What the page did to the session. */
export interface Spies {
  logout: Mock<() => void>;
  setProfile: Mock<(profile: ProfileUser) => void>;
  setApplication: Mock<(application: ApplicationRecord | 'none' | null) => void>;
}

/** The session a test starts from: signed in, as the claims and profile say. */
export interface GivenSession {
  /** null: signed in, profile not loaded (or a page anyone may open). */
  profile: ProfileUser | null;
  application: ApplicationRecord | 'none' | null;
  isAdmin: boolean;
  isTeamLeader: boolean;
  claims: TokenClaims | null;
}

/** A signed-in session whose changes (profile, application, logout) show at once and are reported to `spies`. */
export function FakeSession({ initial, spies, children }: { initial: GivenSession; spies: Spies; children: ReactNode }) {
  const [profile, setProfile] = useState(initial.profile);
  const [application, setApplication] = useState(initial.application);
  const [signedIn, setSignedIn] = useState(true);
  const session: Session = {
    token: signedIn ? 'token' : null,
    claims: initial.claims,
    isAuthenticated: signedIn,
    isVerified: profile?.verified ?? true,
    isAdmin: initial.isAdmin,
    isTeamLeader: initial.isTeamLeader,
    profile,
    application,
    passwordResetToken: null,
    signIn: () => setSignedIn(true),
    logout: () => {
      spies.logout();
      setSignedIn(false);
      setProfile(null);
      setApplication(null);
    },
    loadProfile: async () => profile!,
    setProfile: (next) => {
      spies.setProfile(next);
      setProfile(next);
    },
    setApplication: (next) => {
      spies.setApplication(next);
      setApplication(next);
    },
    setPasswordResetToken: () => undefined,
    registerCache: () => undefined,
  };
  return <FakeSessionContext.Provider value={session}>{children}</FakeSessionContext.Provider>;
}
