import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timelineFor } from '@svp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, ok, sentBodies } from '../../test/kit/fakeServer';
import { renderHome } from '../../test/kit/homeRoutes';
import { fakeJwt } from '../../test/kit/records';

const timeline = timelineFor('open');
const resetToken = () => fakeJwt({ sub: 1, type: 'password-reset', exp: Math.floor(Date.now() / 1000) + 600 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openResetLink(token = resetToken()) {
  const user = userEvent.setup();
  renderHome(`/forgot-password?token=${token}`);
  await screen.findByRole('heading', { level: 2, name: 'Choose a New Password' });
  return user;
}

const resetButton = () => screen.getByRole('button', { name: 'Reset Password' });

describe('Change password from a reset link', () => {
  it("enables Reset Password only when both passwords are there and equal, else says 'Passwords do not match'", async () => {
    fakeServer(() => timeline);
    const user = await openResetLink();
    expect(resetButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/^New password/), 'newpass1');
    expect(resetButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/Retype new password/), 'newpass2');
    expect(screen.getByLabelText(/Retype new password/)).toHaveAccessibleDescription('Passwords do not match');
    expect(resetButton()).toBeDisabled();

    await user.type(screen.getByLabelText(/Retype new password/), '{Backspace}1');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(resetButton()).toBeEnabled();
  });

  it("sends the token, says 'Password successfully changed.' and logs out to the sign-in view", async () => {
    const token = resetToken();
    const fetchMock = fakeServer(() => timeline, { 'POST /users/change-password': ok({ message: 'Successfully changed password' }) });
    localStorage.setItem(
      'svp.token',
      fakeJwt({ sub: 1, role: 'Student-Volunteer', admin: false, exp: Math.floor(Date.now() / 1000) + 600 }),
    );
    const user = await openResetLink(token);
    await user.type(screen.getByLabelText(/^New password/), 'newpass1');
    await user.type(screen.getByLabelText(/Retype new password/), 'newpass1');
    await user.click(resetButton());

    expect(await screen.findByRole('heading', { level: 2, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByTestId('primary-alert')).toHaveTextContent('Password successfully changed.');
    expect(sentBodies(fetchMock, 'POST /users/change-password')).toEqual([{ token, password: 'newpass1' }]);
    expect(localStorage.getItem('svp.token')).toBeNull();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
  });

  it("shows the server's word for a dead token, and offers a new link", async () => {
    fakeServer(() => timeline, {
      'POST /users/change-password': failure(400, 'This password reset link has already been used. Request a new one.', 'TOKEN_USED'),
    });
    const user = await openResetLink();
    await user.type(screen.getByLabelText(/^New password/), 'newpass1');
    await user.type(screen.getByLabelText(/Retype new password/), 'newpass1');
    await user.click(resetButton());
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('This password reset link has already been used.');

    await user.click(screen.getByRole('button', { name: 'Link not working? Request a new one' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Forgot Password' })).toBeInTheDocument();
  });

  it('refuses a password shorter than 6 characters before asking the server', async () => {
    const fetchMock = fakeServer(() => timeline);
    const user = await openResetLink();
    await user.type(screen.getByLabelText(/^New password/), 'abc');
    await user.type(screen.getByLabelText(/Retype new password/), 'abc');
    await user.click(resetButton());
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /users/change-password')).toEqual([]);
  });
});
