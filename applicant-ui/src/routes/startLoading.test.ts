import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationRecord, profileUser } from '../test/kit/records';

// Which page modules have been evaluated: a module's mock factory runs when it is first imported.
const evaluated = vi.hoisted(() => new Set<string>());
vi.mock('../features/home/HomePage', async (original) => {
  evaluated.add('home');
  return original();
});
vi.mock('../features/dashboard/DashboardPage', async (original) => {
  evaluated.add('dashboard');
  return original();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A token whose claims the app reads (the server verifies it; here it only has to decode). */
const tokenFor = (sub: number) =>
  `header.${btoa(JSON.stringify({ sub, role: 'Student-Volunteer', admin: false, exp: Math.floor(Date.now() / 1000) + 3600 }))}.signature`;

/** The server's answers to the first reads, and every path asked. */
function serverAnswering() {
  const answers: Record<string, unknown> = {
    '/api/users/profile': { user: profileUser() },
    '/api/application/7': applicationRecord({ status_id: 1 }),
    '/api/users/volunteer-history': { portalYears: [2024, 2022] },
  };
  const fetch = vi.fn(async (url: string) => new Response(JSON.stringify({ success: true, data: answers[url] })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('startLoading: the opened page’s code is asked for as the entry starts, and no other', () => {
  it('keeps the home page (and its forms) out of the entry, and loads it when the app opens at /', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const { startLoading } = await import('./AppRoutes');
    // The route table is imported: neither page is, until asked for.
    expect(evaluated).toEqual(new Set());
    startLoading('/dashboard');
    await vi.waitFor(() => expect(evaluated.has('dashboard')).toBe(true));
    expect(evaluated.has('home')).toBe(false);
    startLoading('/');
    await vi.waitFor(() => expect(evaluated.has('home')).toBe(true));
    // The home page asks the server for nothing ahead (no profile, no application).
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('startLoading: a signed-in page is first drawn with its data', () => {
  it('asks once for the wizard’s profile, application and years on record, and holds them for the first drawing', async () => {
    const fetch = serverAnswering();
    localStorage.setItem('svp.token', tokenFor(7));
    const { startLoading } = await import('./AppRoutes');
    const { useVolunteerHistory } = await import('../features/application/useVolunteerHistory');
    const first = startLoading('/application');
    const session = await first.session;
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual([
      '/api/application/7',
      '/api/users/profile',
      '/api/users/volunteer-history',
    ]);
    expect(session?.profile.id).toBe(7);
    expect(session?.application?.id).toBe(applicationRecord().id);
    // The form's years are there at its first drawing, without asking again.
    expect(renderHook(() => useVolunteerHistory(7)).result.current).toEqual([2024, 2022]);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('asks the dashboard’s profile and application, not the years on record; a signed-out page waits for nothing', async () => {
    const fetch = serverAnswering();
    localStorage.setItem('svp.token', tokenFor(7));
    const { startLoading } = await import('./AppRoutes');
    expect(await startLoading('/dashboard').session).toMatchObject({ profile: { id: 7 }, application: { id: applicationRecord().id } });
    expect(fetch.mock.calls.map(([url]) => url).sort()).toEqual(['/api/application/7', '/api/users/profile']);
    expect(await startLoading('/').session).toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
