import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '../../routes/AppRoutes';
import { AlertsProvider } from '../../state/AlertsContext';
import { SessionProvider } from '../../state/SessionContext';
import { SettingsProvider, useSettings } from '../../state/SettingsContext';
import { failure, fakeServer, ok, openTimeline } from '../home/testApp';
import { TOKEN, refereeForm } from './referenceTestHarness';

// The referee's link through the app's own route table and providers: nobody is signed in.

const DAY = 86_400_000;

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function App({ path }: { path: string }) {
  const { settings } = useSettings();
  return (
    <AlertsProvider contactEmail={settings.contactEmail}>
      <SessionProvider>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <Where />
        </MemoryRouter>
      </SessionProvider>
    </AlertsProvider>
  );
}

const openLink = (path = `/reference/${TOKEN}`) =>
  render(
    <SettingsProvider>
      <App path={path} />
    </SettingsProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the /reference/:token route', () => {
  it('opens the form without an account, and whatever the launch gate says', async () => {
    // Even a timeline whose launch is still ahead (every other path leads to /) leaves the link alone.
    const fetchMock = fakeServer(() => openTimeline(Date.now(), { applicationLaunchDate: 5 * DAY }), { [`GET /referee/${TOKEN}`]: ok(refereeForm()) });
    openLink();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reference for Ana Lopez' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Reference' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/reference/${TOKEN}`);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain('/api/users/profile');
  });

  it("shows the server's refusal of a link (401) as the page, without sending anyone to sign in", async () => {
    const message = 'This reference link is not valid. Use the newest link from your email, copied whole.';
    fakeServer(() => openTimeline(Date.now()), { 'GET /referee/garbled': failure(401, message, 'REFERENCE_LINK_INVALID') });
    openLink('/reference/garbled');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.getByTestId('reference-refusal')).toHaveTextContent(message);
    expect(screen.getByTestId('location')).toHaveTextContent('/reference/garbled');
  });
});
