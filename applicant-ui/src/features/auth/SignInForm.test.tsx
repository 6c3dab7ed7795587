import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timelineFor } from '@svp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, ok, sentBodies } from '../../test/kit/fakeServer';
import { renderHome } from '../../test/kit/homeRoutes';
import { signedIn } from '../../test/kit/records';

const timeline = timelineFor('open');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Sign in', () => {
  it('enables Login only with an email and a password', async () => {
    fakeServer(() => timeline);
    const user = userEvent.setup();
    renderHome('/login');
    const login = await screen.findByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.edu');
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(login).toBeEnabled();
  });

  it("signs in, says 'Logging In...' meanwhile, and opens the dashboard", async () => {
    let release: () => void = () => undefined;
    const fetchMock = fakeServer(() => timeline, {
      'POST /users/login': () => new Promise((resolve) => (release = () => resolve(ok(signedIn())))),
    });
    const user = userEvent.setup();
    renderHome('/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), ' ada@example.edu ');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    expect(await screen.findByRole('button', { name: 'Logging In...' })).toBeDisabled();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /users/login')).toEqual([{ email: 'ada@example.edu', password: 'secret1' }]);
  });

  it('shows a refusal in the danger alert', async () => {
    fakeServer(() => timeline, { 'POST /users/login': failure(401, 'Incorrect email or password.', 'INVALID_CREDENTIALS') });
    const user = userEvent.setup();
    renderHome('/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Incorrect email or password.');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('turns a network failure into the sentence with the contact address', async () => {
    fakeServer(() => timeline, {
      'POST /users/login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const user = userEvent.setup();
    renderHome('/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}');
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent(
      'Unable to complete request. If this continues to persist, email sv@example.org',
    );
  });

  it('links to forgot password and to sign up, and the error goes when the view changes', async () => {
    fakeServer(() => timeline, { 'POST /users/login': failure(401, 'Incorrect email or password.', 'INVALID_CREDENTIALS') });
    const user = userEvent.setup();
    renderHome('/login');
    await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'ada@example.edu');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    await screen.findByTestId('danger-alert');

    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Forgot Password' })).toHaveFocus();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In Instead' }));
    await user.click(screen.getByRole('button', { name: 'New here? Sign up' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Start a New Application' })).toBeInTheDocument();
  });
});
