import { afterEach, describe, expect, it, vi } from 'vitest';

/** A token whose claims the app reads (the server verifies it; here it only has to decode). */
function tokenFor(sub: number, expiresInSeconds = 3600): string {
  const claims = { sub, role: 'Student-Volunteer', admin: false, exp: Math.floor(Date.now() / 1000) + expiresInSeconds };
  return `header.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`;
}

function openedWith(reads: string | null) {
  document.head.innerHTML = reads === null ? '' : `<meta name="svp-first-reads" content="${reads}">`;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
  localStorage.clear();
  document.head.innerHTML = '';
});

describe('early.ts: the signed-in page’s data is asked for before the app’s code has run', () => {
  it('asks once for each read the index page names, with the token and the user’s id, and the app takes those answers', async () => {
    const fetch = vi.fn(
      async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ success: true, data: { user: { id: 7 } } })),
    );
    vi.stubGlobal('fetch', fetch);
    const token = tokenFor(7);
    localStorage.setItem('svp.token', token);
    openedWith('/users/profile /application/{user}');
    await import('./early');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/users/profile', '/api/application/7']);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ headers: { Authorization: `Bearer ${token}` } });

    // The app asks again as it starts (startLoading) and when the page reads: no second request.
    const { api, requestEarly } = await import('./api/client');
    requestEarly('/users/profile');
    await expect(api('/users/profile')).resolves.toEqual({ user: { id: 7 } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing without a token, with an expired one, or on a page that names no reads', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    openedWith('/users/profile');
    await import('./early');
    vi.resetModules();
    localStorage.setItem('svp.token', tokenFor(7, -60));
    await import('./early');
    vi.resetModules();
    localStorage.setItem('svp.token', tokenFor(7));
    openedWith(null);
    await import('./early');
    expect(fetch).not.toHaveBeenCalled();
  });
});
