import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timelineFor } from '@svp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, sentBodies } from '../../test/kit/fakeServer';
import { renderHome } from '../../test/kit/homeRoutes';

const timeline = timelineFor('open');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Forgot password', () => {
  it('sends the reset email, shows the server message, then resets with the mailed code', async () => {
    const fetchMock = fakeServer(() => timeline, {
      'POST /users/forgot-password': ok({ message: 'Check your email for a link to reset your password.' }),
      'POST /users/change-password': ok({ message: 'Successfully changed password' }),
    });
    const user = userEvent.setup();
    renderHome('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const send = screen.getByRole('button', { name: 'Send Password Reset' });
    expect(send).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.edu');
    await user.click(send);

    expect(await screen.findByTestId('primary-alert')).toHaveTextContent('Check your email for a link to reset your password.');
    expect(sentBodies(fetchMock, 'POST /users/forgot-password')).toEqual([{ email: 'ada@example.edu' }]);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.edu');

    await user.type(screen.getByRole('textbox', { name: /Code from the email/ }), '123456');
    await user.type(screen.getByLabelText(/^New password/), 'newpass1');
    await user.type(screen.getByLabelText(/Retype new password/), 'newpass9');
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset Password' })).toBeDisabled();
    await user.type(screen.getByLabelText(/Retype new password/), '{Backspace}1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByTestId('primary-alert')).toHaveTextContent('Password successfully changed.');
    expect(sentBodies(fetchMock, 'POST /users/change-password')).toEqual([
      { email: 'ada@example.edu', code: '123456', password: 'newpass1' },
    ]);
  });

  it('goes back with Sign In Instead', async () => {
    fakeServer(() => timeline);
    const user = userEvent.setup();
    renderHome('/login');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.click(screen.getByRole('button', { name: 'Sign In Instead' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Sign In' })).toHaveFocus();
  });
});
