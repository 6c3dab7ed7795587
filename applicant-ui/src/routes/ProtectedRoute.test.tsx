import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TIMELINE, timelineFor } from '@svp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../test/kit/fakeServer';
import { renderHome } from '../test/kit/homeRoutes';
import { fakeJwt, profileUser, signedIn } from '../test/kit/records';

const timeline = timelineFor('open');
const signIn = { 'POST /users/login': ok(signedIn()), 'GET /users/profile': ok({ user: profileUser() }) };

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function logIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.edu');
  await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
}

describe('a protected page opened signed out', () => {
  it('asks the visitor to sign in, then opens the page asked for, query included', async () => {
    fakeServer(() => timeline, signIn);
    renderHome('/confirmation?from=offer');
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/login?returnTo=%2Fconfirmation%3Ffrom%3Doffer');
    expect(screen.getByText('Please sign in to continue.')).toBeInTheDocument();

    await logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmation' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/confirmation\?from=offer$/);
  });

  it('logs an expired token out and asks for a sign-in that comes back to the page', async () => {
    fakeServer(() => timeline, signIn);
    localStorage.setItem(
      'svp.token',
      fakeJwt({ sub: 7, role: 'Student-Volunteer', admin: false, type: 'access', exp: Math.floor(Date.now() / 1000) - 60 }),
    );
    renderHome('/confirmation');
    expect(await screen.findByText('Please sign in to continue.')).toBeInTheDocument();
    expect(localStorage.getItem('svp.token')).toBeNull();
    await logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmation' })).toBeInTheDocument();
  });

  it('ignores a returnTo leading off the site and opens the dashboard', async () => {
    fakeServer(() => timeline, signIn);
    renderHome('/login?returnTo=%2F%2Fevil.example%2Fconfirmation');
    await screen.findByRole('heading', { level: 2, name: 'Sign In' });
    expect(screen.queryByText('Please sign in to continue.')).not.toBeInTheDocument();
    await logIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/dashboard$/);
  });

  it('sends a signed-in user who opens /login?returnTo= straight to that page', async () => {
    fakeServer(() => timeline, signIn);
    localStorage.setItem('svp.token', signedIn().session.access_token);
    renderHome('/login?returnTo=%2Fconfirmation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmation' })).toBeInTheDocument();
  });

  it('goes Home, not to the sign-in, when the user logs out on a protected page', async () => {
    fakeServer(() => timeline, signIn);
    localStorage.setItem('svp.token', signedIn().session.access_token);
    renderHome('/confirmation');
    await screen.findByRole('heading', { level: 1, name: 'Confirmation' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText('Please sign in to continue.')).not.toBeInTheDocument();
  });

  it('leads to Home before launch, like every other path', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(Date.parse(DEFAULT_TIMELINE.applicationLaunchDate) - 86_400_000);
    fakeServer(() => DEFAULT_TIMELINE);
    renderHome('/confirmation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications Open Soon' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
  });
});
