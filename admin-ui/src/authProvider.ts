import type { AuthProvider } from 'react-admin';
import { requestError } from './common/contactEmail';
import { TOKEN_KEY } from './common/storedKeys';

export const ADMINS_ONLY = 'Only administrators can use the admin panel.';

interface Claims {
  sub: number;
  admin: boolean;
  exp: number;
}

function claims(token: string | null): Claims | null {
  if (!token) return null;
  try {
    const payload = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(atob(payload)) as Claims;
  } catch {
    return null;
  }
}

export const getToken = () => localStorage.getItem(TOKEN_KEY);

/** Same accounts as the applicant app; only administrators get in, and an expired token signs out. */
export const authProvider: AuthProvider = {
  async login({ email, username, password }: { email?: string; username?: string; password: string }) {
    let response: Response;
    try {
      response = await fetch('/api/users/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: (email ?? username ?? '').trim(), password }),
      });
    } catch (error) {
      throw requestError(error);
    }
    const body = await response.json().catch(() => null);
    if (!response.ok || !body?.success) throw new Error(body?.data?.message ?? body?.message ?? 'Unable to sign in');
    if (!body.data.user.isAdmin) throw new Error(ADMINS_ONLY);
    localStorage.setItem(TOKEN_KEY, body.data.session.access_token);
  },
  /** Signs out here at once; a token still valid is also ended on the server (react-admin also calls this after a 401, when there is
   * nothing left to end). */
  async logout() {
    const token = getToken();
    localStorage.removeItem(TOKEN_KEY);
    const c = claims(token);
    // Not waited for: the panel is signed out whether or not the server can be reached.
    if (token && c && c.exp * 1000 > Date.now())
      void fetch('/api/users/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }).catch(() => undefined);
  },
  async checkAuth() {
    const c = claims(getToken());
    if (!c || !c.admin || c.exp * 1000 <= Date.now()) {
      localStorage.removeItem(TOKEN_KEY);
      throw new Error('Please sign in.');
    }
  },
  async checkError(error: { status?: number }) {
    if (error.status === 401) {
      localStorage.removeItem(TOKEN_KEY);
      throw new Error('Your session has expired. Please sign in again.');
    }
  },
  async getIdentity() {
    const c = claims(getToken());
    if (!c) throw new Error('Please sign in.');
    return { id: c.sub, fullName: 'Administrator' };
  },
  async getPermissions() {
    return claims(getToken())?.admin ? 'admin' : null;
  },
};
