import { screen } from '@testing-library/react';
import { timelineFor } from '@svp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, ok } from '../../test/kit/fakeServer';
import { renderAppRoutes } from '../../test/kit/renderPage';
import { TOKEN, refereeForm } from './referenceFixtures';

// The referee's link through the app's own route table and providers: nobody is signed in.

const openLink = (path = `/reference/${TOKEN}`) => renderAppRoutes(path, { fromServer: true });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the /reference/:token route', () => {
  it('opens the form without an account, and whatever the launch gate says', async () => {
    // Even a timeline whose launch is still ahead (every other path leads to /) leaves the link alone.
    const fetchMock = fakeServer(() => timelineFor('beforeLaunch'), { [`GET /referee/${TOKEN}`]: ok(refereeForm()) });
    openLink();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reference for Ana Lopez' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Reference' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(`/reference/${TOKEN}`);
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain('/api/users/profile');
  });

  it("shows the server's refusal of a link (401) as the page, without sending anyone to sign in", async () => {
    const message = 'This reference link is not valid. Use the newest link from your email, copied whole.';
    fakeServer(() => timelineFor('open'), { 'GET /referee/garbled': failure(401, message, 'REFERENCE_LINK_INVALID') });
    openLink('/reference/garbled');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
    expect(screen.getByTestId('reference-refusal')).toHaveTextContent(message);
    expect(screen.getByTestId('address')).toHaveTextContent('/reference/garbled');
  });
});
