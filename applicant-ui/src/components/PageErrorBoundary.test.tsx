import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/kit/renderPage';
import { PageErrorBoundary, isPageLoadFailure } from './PageErrorBoundary';

vi.mock('../state/SessionContext', async () => (await import('../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../state/SettingsContext', async () => (await import('../test/kit/fakeContexts')).fakeSettingsModule);

function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

const CHUNK_FAILED = 'Failed to fetch dynamically imported module: https://portal.example.org/assets/ApplicationWizard-3f9a.js';

let log: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // React and the boundary report the error on the console; the test reads the screen instead.
  log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => log.mockRestore());

describe('a page that fails', () => {
  it('shows the error screen inside the shell, with Reload and a way to the dashboard, and the menu still there', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    renderPage(
      <PageErrorBoundary pathname="/application">
        <Broken />
      </PageErrorBoundary>,
      { path: '/application' },
    );
    const heading = await screen.findByRole('heading', { level: 1, name: 'Something went wrong on this page' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Reloading the page usually puts it right.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  it('explains a page whose code could not be loaded (the portal was updated since it was opened)', async () => {
    function NotLoaded(): never {
      throw new TypeError(CHUNK_FAILED);
    }
    renderPage(
      <PageErrorBoundary pathname="/application">
        <NotLoaded />
      </PageErrorBoundary>,
      { path: '/application' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(
      screen.getByText('The portal may have been updated since you opened it. Reloading gets the latest version.'),
    ).toBeInTheDocument();
  });
});

describe('isPageLoadFailure', () => {
  it.each([
    [new TypeError(CHUNK_FAILED), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('error loading dynamically imported module: /assets/x.js'), true],
    [Object.assign(new Error('Loading chunk 42 failed.'), { name: 'ChunkLoadError' }), true],
    [new Error('Unable to preload CSS for /assets/index.css'), true],
    [new Error('Cannot read properties of undefined'), false],
    ['a string', false],
  ])('%s → %s', (error, expected) => {
    expect(isPageLoadFailure(error)).toBe(expected);
  });
});
