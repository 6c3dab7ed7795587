import { createContext, startTransition, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { type TokenClaims, isExpired, readClaims, tokenStore } from '../api/client';
import { endpoints } from '../api/endpoints';
import type { ApplicationRecord, ProfileUser, SignedIn } from '../api/types';
import { forgetKeptReads } from '../offline/serviceWorker';

interface Session {
  token: string | null;
  claims: TokenClaims | null;
  isAuthenticated: boolean;
  /** False from registration until the emailed code is entered: such a user is offered the code form and nothing else. */
  isVerified: boolean;
  isAdmin: boolean;
  /** True when the access token's role claim is 'Team-Leader'. */
  isTeamLeader: boolean;
  profile: ProfileUser | null;
  /** The application as last loaded or saved; null when none has been loaded, 'none' when there is none yet. */
  application: ApplicationRecord | 'none' | null;
  /** Password-reset token kept from a /forgot-password?token= link until the user sets a new password. */
  passwordResetToken: string | null;
  signIn: (signedIn: SignedIn) => void;
  /**
   * Forgets the session here; with `endSession` (the user chose to sign out) the server ends it too,
   * so the token is refused even if it was copied. Without: the server has ended it already, or it expired.
   */
  logout: (options?: { endSession?: boolean }) => void;
  loadProfile: () => Promise<ProfileUser>;
  setProfile: (profile: ProfileUser) => void;
  setApplication: (application: ApplicationRecord | 'none' | null) => void;
  setPasswordResetToken: (token: string | null) => void;
  /** Cached data of later features (schedule, jury) that logout must forget too. */
  registerCache: (clear: () => void) => void;
}

const SessionContext = createContext<Session | null>(null);

/** The profile, and the application where the opened page shows it, read before the app is first drawn (main.tsx). */
export interface FirstSession {
  profile: ProfileUser;
  /** Null when it was not asked for, or could not be read (the page then asks again). */
  application: ApplicationRecord | null;
}

/**
 * Reads the profile and, for `applicationOf` (the user's id; null for a page that does not show it),
 * the application, taking the answers asked for early (requestEarly). Null on any failure: the
 * route guard then loads the profile as usual, and handles an ended session.
 */
export async function loadSessionFirst(applicationOf: number | null): Promise<FirstSession | null> {
  try {
    const [{ user }, application] = await Promise.all([
      endpoints.profile(),
      applicationOf === null ? null : endpoints.application(applicationOf).catch(() => null),
    ]);
    return { profile: user, application };
  } catch {
    return null;
  }
}

/** The profile with the status of `application` (the navigation reads it from the profile). */
function withApplication(profile: ProfileUser, application: ApplicationRecord): ProfileUser {
  return profile.application_status_id !== application.status_id || !profile.has_application
    ? { ...profile, application_status_id: application.status_id, has_application: true }
    : profile;
}

/** The application as the session starts from a profile: 'none' when the profile says there is none. */
function applicationAt(profile: ProfileUser | null, known: ApplicationRecord | 'none' | null): ApplicationRecord | 'none' | null {
  return profile?.has_application === false ? (known ?? 'none') : known;
}

/** `first`: what main.tsx read before drawing the app (null or absent: the pages load it). */
export function SessionProvider({ children, first }: { children: ReactNode; first?: FirstSession | null }) {
  const [token, setToken] = useState<string | null>(() => tokenStore.get());
  const [profile, setProfile] = useState<ProfileUser | null>(() =>
    first?.application ? withApplication(first.profile, first.application) : (first?.profile ?? null),
  );
  const [application, setApplication] = useState<ApplicationRecord | 'none' | null>(() =>
    applicationAt(first?.profile ?? null, first?.application ?? null),
  );
  const [passwordResetToken, setPasswordResetToken] = useState<string | null>(null);
  // What sign-in said of the address, until the profile (which says it too) is loaded.
  const [verifiedAtSignIn, setVerifiedAtSignIn] = useState<boolean | null>(null);
  const [caches] = useState(() => new Set<() => void>());

  const claims = readClaims(token);

  const logout = useCallback(
    (options: { endSession?: boolean } = {}) => {
      const current = tokenStore.get();
      // Signed out here at once, whether or not the server can be reached.
      if (options.endSession && current && !isExpired(readClaims(current))) void endpoints.logout(current).catch(() => undefined);
      tokenStore.clear();
      setToken(null);
      setProfile(null);
      setApplication(null);
      setVerifiedAtSignIn(null);
      caches.forEach((clear) => clear());
      // The copies of the week's reads kept for offline use are this person's: forgotten on this phone too.
      void forgetKeptReads();
    },
    [caches],
  );

  const signIn = useCallback((signedIn: SignedIn) => {
    tokenStore.set(signedIn.session.access_token);
    setToken(signedIn.session.access_token);
    setVerifiedAtSignIn(signedIn.user.verified);
    setProfile(null);
    setApplication(null);
  }, []);

  // The navigation reads the status from the profile: keep it in step with each application loaded or saved (a confirm, a decline).
  const keepApplication = useCallback((next: ApplicationRecord | 'none' | null) => {
    setApplication(next);
    if (next && next !== 'none') setProfile((current) => current && withApplication(current, next));
  }, []);

  // The profile says whether there is an application: when there is none, no page asks for it (the server would answer 404).
  const keepProfile = useCallback((next: ProfileUser) => {
    setProfile(next);
    setApplication((current) => applicationAt(next, current));
  }, []);

  const loadProfile = useCallback(async () => {
    const { user } = await endpoints.profile();
    // The page behind the guard is drawn as a transition: in slices, not in one long task.
    startTransition(() => keepProfile(user));
    return user;
  }, [keepProfile]);

  const value = useMemo<Session>(
    () => ({
      token,
      claims,
      isAuthenticated: !!token && !isExpired(claims),
      // Unknown after a reload until the profile arrives: taken as verified, so the navigation does not flicker for most users.
      isVerified: profile?.verified ?? verifiedAtSignIn ?? true,
      isAdmin: !!claims?.admin,
      // The token's role claim, or the profile when a team leader role was granted since sign-in.
      isTeamLeader: claims?.role === 'Team-Leader' || !!profile?.is_team_leader,
      profile,
      application,
      passwordResetToken,
      signIn,
      logout,
      loadProfile,
      setProfile: keepProfile,
      setApplication: keepApplication,
      setPasswordResetToken,
      registerCache: (clear) => caches.add(clear),
    }),
    [
      token,
      claims,
      profile,
      application,
      passwordResetToken,
      verifiedAtSignIn,
      signIn,
      logout,
      loadProfile,
      keepProfile,
      keepApplication,
      caches,
    ],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a SessionProvider');
  return session;
}
