import { DEFAULT_CONTACT_EMAIL, isNetworkFailure, unableToCompleteRequest } from '@svp/domain';

const CONTACT_EMAIL = 'svp.admin.contactEmail';

/** Keeps the edition's contact address for the moment the network is gone and settings cannot be read. */
export function rememberContactEmail(email: unknown): void {
  if (typeof email !== 'string' || !email) return;
  try {
    localStorage.setItem(CONTACT_EMAIL, email);
  } catch {
    // Storage refused (private mode, quota): the default address still reaches the organisers.
  }
}

/** The contact address last read from the settings, or the default one. */
export function knownContactEmail(): string {
  try {
    return localStorage.getItem(CONTACT_EMAIL) || DEFAULT_CONTACT_EMAIL;
  } catch {
    return DEFAULT_CONTACT_EMAIL;
  }
}

/** The error to show: a call that never reached the server becomes the kept sentence with the contact address. */
export function requestError(error: unknown): unknown {
  return isNetworkFailure(error) ? new Error(unableToCompleteRequest(knownContactEmail())) : error;
}

/** Reads the public settings' contact address so that a sign-in failing for want of a network names it. */
export async function refreshContactEmail(): Promise<void> {
  try {
    const response = await fetch('/api/settings', { headers: { Accept: 'application/json' } });
    const body = response.ok ? await response.json() : null;
    rememberContactEmail(body?.data?.contactEmail);
  } catch {
    // Offline already: the address remembered before (or the default) is used.
  }
}
