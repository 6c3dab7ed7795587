import { afterEach, describe, expect, it, vi } from 'vitest';

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

afterEach(() => vi.unstubAllGlobals());

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
