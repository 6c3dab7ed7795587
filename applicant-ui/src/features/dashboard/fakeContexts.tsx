import { type ReactNode, createContext, useContext, useState } from 'react';
import type { Mock } from 'vitest';
import type { ApplicationRecord, ProfileUser } from '../../api/types';
import type { useSession } from '../../state/SessionContext';
import type { useSettings } from '../../state/SettingsContext';

// Test-only stand-ins for the session and settings contexts. Tests mock the two context modules
// with these; this file imports nothing that uses them, so the mocks resolve without a cycle.

export type Session = ReturnType<typeof useSession>;
export type Settings = ReturnType<typeof useSettings>;

const FakeSessionContext = createContext<Session | null>(null);
export const FakeSettingsContext = createContext<Settings | null>(null);

export const fakeSessionModule = {
  useSession: () => useContext(FakeSessionContext)!,
};
export const fakeSettingsModule = {
  useSettings: () => useContext(FakeSettingsContext)!,
};

export interface Spies {
  logout: Mock<() => void>;
  setProfile: Mock<(profile: ProfileUser) => void>;
  setApplication: Mock<(application: ApplicationRecord | 'none' | null) => void>;
}

export function FakeSession({
  initial,
  spies,
  children,
}: {
  initial: { profile: ProfileUser | null; application: ApplicationRecord | 'none' | null; isAdmin: boolean; isTeamLeader: boolean };
  spies: Spies;
  children: ReactNode;
}) {
  const [profile, setProfile] = useState(initial.profile);
  const [application, setApplication] = useState(initial.application);
  const [signedIn, setSignedIn] = useState(true);
  const session: Session = {
    token: signedIn ? 'token' : null,
    claims: null,
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

