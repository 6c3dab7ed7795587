import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { type TokenClaims, isExpired, readClaims, tokenStore } from '../api/client';
import { endpoints } from '../api/endpoints';
import type { ApplicationRecord, ProfileUser, SignedIn } from '../api/types';

interface Session {
  token: string | null;
  claims: TokenClaims | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** True when the access token's role claim is 'Team-Leader' (applicant-area §3). */
  isTeamLeader: boolean;
  profile: ProfileUser | null;
  /** The application as last loaded or saved; null when none has been loaded, 'none' when there is none yet. */
  application: ApplicationRecord | 'none' | null;
  /** Password-reset token kept from a /forgot-password?token= link until the user sets a new password. */
  passwordResetToken: string | null;
  signIn: (signedIn: SignedIn) => void;
  logout: () => void;
  loadProfile: () => Promise<ProfileUser>;
  setProfile: (profile: ProfileUser) => void;
  setApplication: (application: ApplicationRecord | 'none' | null) => void;
  setPasswordResetToken: (token: string | null) => void;
  /** Cached data of later features (schedule, jury) that logout must forget too. */
  registerCache: (clear: () => void) => void;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState<string | null>(() => tokenStore.get());
  const [profile, setProfile] = useState<ProfileUser | null>(null);
  const [application, setApplication] = useState<ApplicationRecord | 'none' | null>(null);
  const [passwordResetToken, setPasswordResetToken] = useState<string | null>(null);
  const [caches] = useState(() => new Set<() => void>());

  const claims = readClaims(token);

  const logout = useCallback(() => {
    tokenStore.clear();
    setToken(null);
    setProfile(null);
    setApplication(null);
    caches.forEach((clear) => clear());
  }, [caches]);

  const signIn = useCallback((signedIn: SignedIn) => {
    tokenStore.set(signedIn.session.access_token);
    setToken(signedIn.session.access_token);
    setProfile(null);
    setApplication(null);
  }, []);

  // The navigation reads the status from the profile: keep it in step with each application loaded or saved (a confirm, a decline).
  const keepApplication = useCallback((next: ApplicationRecord | 'none' | null) => {
    setApplication(next);
    if (next && next !== 'none') {
      setProfile((current) => (current && current.application_status_id !== next.status_id ? { ...current, application_status_id: next.status_id } : current));
    }
  }, []);

  const loadProfile = useCallback(async () => {
    const { user } = await endpoints.profile();
    setProfile(user);
    return user;
  }, []);

  const value = useMemo<Session>(
    () => ({
      token,
      claims,
      isAuthenticated: !!token && !isExpired(claims),
      isAdmin: !!claims?.admin,
      // The token's role claim, or the profile when a team leader role was granted since sign-in.
      isTeamLeader: claims?.role === 'Team-Leader' || !!profile?.is_team_leader,
      profile,
      application,
      passwordResetToken,
      signIn,
      logout,
      loadProfile,
      setProfile,
      setApplication: keepApplication,
      setPasswordResetToken,
      registerCache: (clear) => caches.add(clear),
    }),
    [token, claims, profile, application, passwordResetToken, signIn, logout, loadProfile, keepApplication, caches],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}
