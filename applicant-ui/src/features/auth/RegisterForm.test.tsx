import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timelineFor } from '@svp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, fakeServer, ok, sentBodies } from '../../test/kit/fakeServer';
import { renderHome } from '../../test/kit/homeRoutes';
import { fakeJwt, profileUser, signedIn } from '../../test/kit/records';

const timeline = timelineFor('open');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function openRegister() {
  const user = userEvent.setup();
  renderHome('/');
  await user.click(await screen.findByRole('button', { name: 'Start New Application' }));
  // The forms' code arrives just after the page's text: the registration form is there once its retype field is.
  await screen.findByLabelText(/Retype password/);
  return user;
}

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  values: { first?: string; last?: string; email?: string; password?: string; retype?: string },
) {
  const enter = async (field: HTMLElement, text?: string) => {
    if (!text) return;
    await user.click(field);
    await user.paste(text);
  };
  await enter(screen.getByLabelText(/First name/), values.first);
  await enter(screen.getByLabelText(/Last name/), values.last);
  await enter(screen.getByRole('textbox', { name: /Email/ }), values.email);
  await enter(screen.getByLabelText(/^Password/), values.password);
  await enter(screen.getByLabelText(/Retype password/), values.retype);
}

const startButton = () => screen.getByRole('button', { name: 'Start Application' });

describe('Register', () => {
  it('has the kept fields, hint and link', async () => {
    fakeServer(() => timeline);
    await openRegister();
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('at least 6 characters');
    expect(screen.getByLabelText(/Retype password/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Already registered? Sign In' })).toBeInTheDocument();
  });

  it('keeps Start Application disabled until names, email and a 6-character password are there and retyped', async () => {
    fakeServer(() => timeline);
    const user = await openRegister();
    expect(startButton()).toBeDisabled();
    await fillIn(user, { first: 'Ada', last: 'Lovelace', email: 'ada@example.edu', password: 'abcde', retype: 'abcde' });
    expect(startButton()).toBeDisabled();

    await user.type(screen.getByLabelText(/^Password/), 'f');
    expect(startButton()).toBeDisabled();
    await user.type(screen.getByLabelText(/Retype password/), 'f');
    expect(startButton()).toBeEnabled();

    await user.clear(screen.getByLabelText(/First name/));
    expect(startButton()).toBeDisabled();
  });

  it("says 'Passwords do not match' under the retype field and keeps the button disabled", async () => {
    fakeServer(() => timeline);
    const user = await openRegister();
    await fillIn(user, { first: 'Ada', last: 'Lovelace', email: 'ada@example.edu', password: 'secret1', retype: 'secret' });
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Retype password/), '2');
    expect(screen.getByLabelText(/Retype password/)).toHaveAccessibleDescription('Passwords do not match');
    expect(startButton()).toBeDisabled();

    await user.type(screen.getByLabelText(/Retype password/), '{Backspace}1');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(startButton()).toBeEnabled();
  });

  it('creates the account with a client-made SV ID, asks for the code, then signs in and opens the dashboard', async () => {
    let release: () => void = () => undefined;
    // The session the confirmed code answers with, its own token (an hour later than the registration's) to tell them apart.
    const confirmed = signedIn();
    confirmed.session.access_token = fakeJwt({
      sub: 7,
      role: 'Student-Volunteer',
      admin: false,
      type: 'access',
      exp: Math.floor(Date.now() / 1000) + 7200,
    });
    const fetchMock = fakeServer(() => timeline, {
      'POST /users/register': () => new Promise((resolve) => (release = () => resolve(ok(signedIn(), 201)))),
      'POST /users/confirm-registration': (body) =>
        body.code === '123456' ? ok(confirmed) : failure(400, 'That code is not right.', 'CODE_WRONG'),
    });
    const user = await openRegister();
    await fillIn(user, { first: ' Ada ', last: 'Lovelace', email: 'ada@example.edu ', password: 'secret1', retype: 'secret1' });
    await user.click(startButton());
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    release();

    expect(await screen.findByRole('heading', { level: 2, name: 'Confirm Your Email' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.edu')).toBeInTheDocument();
    const [sent] = sentBodies(fetchMock, 'POST /users/register');
    expect(sent).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.edu', password: 'secret1' });
    expect(sent!.svid).toMatch(/^(?=.*[A-Z])[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);

    const confirm = screen.getByRole('button', { name: 'Confirm Email' });
    expect(confirm).toBeDisabled();
    await user.click(screen.getByLabelText(/Verification code/));
    await user.paste('654321');
    await user.click(confirm);
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('That code is not right.');

    await user.clear(screen.getByLabelText(/Verification code/));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm Email' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /users/confirm-registration').at(-1)).toEqual({ email: 'ada@example.edu', code: '123456' });
    expect(localStorage.getItem('svp.token')).toBe(confirmed.session.access_token);
  });

  it(
    'offers a new account only the code form until the code is confirmed: no Dashboard or ' + 'Profile, no second Start New Application',
    async () => {
      const verified = signedIn();
      verified.user.verified = true;
      fakeServer(() => timeline, { 'POST /users/register': ok(signedIn(), 201), 'POST /users/confirm-registration': ok(verified) });
      const user = await openRegister();
      await fillIn(user, { first: 'Ada', last: 'Lovelace', email: 'ada@example.edu', password: 'secret1', retype: 'secret1' });
      await user.click(startButton());

      expect(await screen.findByRole('heading', { level: 2, name: 'Confirm Your Email' })).toBeInTheDocument();
      const navigation = screen.getByRole('navigation', { name: 'Main' });
      expect(within(navigation).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
      expect(within(navigation).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
      expect(within(navigation).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Start New Application' })).not.toBeInTheDocument();

      await user.click(screen.getByLabelText(/Verification code/));
      await user.paste('123456');
      await user.click(screen.getByRole('button', { name: 'Confirm Email' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
      expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
      expect(within(navigation).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    },
  );

  it("treats err 'EMESSAGE' as registered, shows the server's message, and can resend the code", async () => {
    const notice = 'Your account was created, but we could not send the verification email right now.';
    fakeServer(() => timeline, {
      'POST /users/register': failure(201, notice, 'EMESSAGE', signedIn()),
      'POST /users/resend-code': ok({ message: 'If an account with this email is waiting for confirmation, we sent it a new code.' }),
    });
    const user = await openRegister();
    await fillIn(user, { first: 'Ada', last: 'Lovelace', email: 'ada@example.edu', password: 'secret1', retype: 'secret1' });
    await user.click(startButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Confirm Your Email' })).toBeInTheDocument();
    expect(screen.getByTestId('primary-alert')).toHaveTextContent(notice);
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(screen.getByTestId('primary-alert')).toHaveTextContent('we sent it a new code'));
  });

  it('shows a refusal in the danger alert and stays on the form', async () => {
    fakeServer(() => timeline, {
      'POST /users/register': failure(409, 'An account with this email already exists.', 'EMAIL_TAKEN'),
    });
    const user = await openRegister();
    await fillIn(user, { first: 'Ada', last: 'Lovelace', email: 'ada@example.edu', password: 'secret1', retype: 'secret1' });
    await user.click(startButton());
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByRole('heading', { level: 2, name: 'Start a New Application' })).toBeInTheDocument();
    expect(localStorage.getItem('svp.token')).toBeNull();
  });

  it('opens the page a signed-out visitor asked for once the emailed code is confirmed', async () => {
    fakeServer(() => timeline, {
      'POST /users/register': ok(signedIn(), 201),
      'POST /users/confirm-registration': ok(signedIn()),
      'GET /users/profile': ok({ user: profileUser() }),
    });
    const user = userEvent.setup();
    renderHome('/confirmation');
    await user.click(await screen.findByRole('button', { name: 'New here? Sign up' }));
    await fillIn(user, { first: 'Ada', last: 'Lovelace', email: 'ada@example.edu', password: 'secret1', retype: 'secret1' });
    await user.click(startButton());
    await user.click(await screen.findByLabelText(/Verification code/));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm Email' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirmation' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/confirmation$/);
  });

  it('goes back to sign in with the link', async () => {
    fakeServer(() => timeline);
    const user = await openRegister();
    await user.click(screen.getByRole('button', { name: 'Already registered? Sign In' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Sign In' })).toHaveFocus();
  });
});
