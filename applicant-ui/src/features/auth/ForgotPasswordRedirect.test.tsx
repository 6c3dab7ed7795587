import { screen } from '@testing-library/react';
import { timelineFor } from '@svp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, sentBodies } from '../../test/kit/fakeServer';
import { renderHome } from '../../test/kit/homeRoutes';
import { fakeJwt } from '../../test/kit/records';

const timeline = timelineFor('open');
const seconds = () => Math.floor(Date.now() / 1000);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/forgot-password?token=…', () => {
  it.each([
    ['without a token', '/forgot-password', 'Invalid password reset token'],
    [
      'with an expired token',
      `/forgot-password?token=${fakeJwt({ sub: 1, type: 'password-reset', exp: seconds() - 60 })}`,
      'Token has expired',
    ],
    ['with an access token', `/forgot-password?token=${fakeJwt({ sub: 1, type: 'access', exp: seconds() + 600 })}`, 'Token is not valid'],
    ['with a malformed token', '/forgot-password?token=garbage', 'Token is not valid'],
  ])('%s: says so in the danger alert and goes Home', async (_case, path, message) => {
    fakeServer(() => timeline);
    renderHome(path);
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
    expect(screen.getByTestId('danger-alert')).toHaveTextContent(message);
  });

  it('judges expiry on the server clock', async () => {
    const serverAhead = 10 * 60_000;
    fakeServer(() => timeline);
    // The server answers settings from ten minutes ahead of the browser.
    vi.stubGlobal('fetch', wrapSettingsNow(globalThis.fetch as typeof fetch, serverAhead));
    renderHome(`/forgot-password?token=${fakeJwt({ sub: 1, type: 'password-reset', exp: seconds() + 300 })}`);
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Token has expired');
  });

  it('keeps a good token and shows the change-password form at Home', async () => {
    const token = fakeJwt({ sub: 1, type: 'password-reset', exp: seconds() + 600 });
    const fetchMock = fakeServer(() => timeline);
    renderHome(`/forgot-password?token=${token}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Choose a New Password' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /users/check-reset-token')).toEqual([{ token }]);
  });

  it('refuses a link already used as soon as it is opened, with the server’s words, before any password is typed', async () => {
    fakeServer(() => timeline, {
      'POST /users/check-reset-token': failure(400, 'This password reset link has already been used. Request a new one.', 'TOKEN_USED'),
    });
    renderHome(`/forgot-password?token=${fakeJwt({ sub: 1, type: 'password-reset', exp: seconds() + 600 })}`);
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent(
      'This password reset link has already been used. Request a new one.',
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Choose a New Password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/New password/)).not.toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
  });
});

function wrapSettingsNow(inner: typeof fetch, aheadMs: number): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (String(input) !== '/api/settings') return response;
    const body = (await response.json()) as { data: { now: string } };
    body.data.now = new Date(Date.parse(body.data.now) + aheadMs).toISOString();
    return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
  };
}
