import { useSearchParams } from 'react-router-dom';

/** The query parameter of /login naming the page a signed-out visitor asked for. */
export const RETURN_TO = 'returnTo';

/** Said above the sign-in form when it stands between the visitor and the page they asked for. */
export const SIGN_IN_TO_CONTINUE = 'Please sign in to continue.';

/** Where a sign-in goes when no page was asked for. */
export const AFTER_SIGN_IN = '/dashboard';

const SAME_SITE = 'https://portal.invalid';

/**
 * `value` when it is a path of this site ('/confirmation?x=1'), otherwise null: never '//host',
 * '/\host', a full URL or control characters, which a browser could read as another site; and never
 * Home or /login, which would only bring the user back to the sign-in.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // A backslash or a control character (code points 0–31 and 127) could steer the browser elsewhere.
  if ([...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(value, SAME_SITE);
  } catch {
    return null;
  }
  if (url.origin !== SAME_SITE) return null;
  if (url.pathname === '/' || url.pathname === '/login') return null;
  return value;
}

/** The sign-in view, coming back to `location` (path, query and fragment) afterwards. */
export function signInPath(location: { pathname: string; search: string; hash: string }): string {
  const back = safeReturnTo(`${location.pathname}${location.search}${location.hash}`);
  return back ? `/login?${new URLSearchParams({ [RETURN_TO]: back })}` : '/login';
}

/** The page a sign-in was asked for on this address, if it is a safe one. */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return safeReturnTo(params.get(RETURN_TO));
}

/** Where to go once signed in: the page asked for, or the dashboard. */
export function useAfterSignIn(): string {
  return useReturnTo() ?? AFTER_SIGN_IN;
}
