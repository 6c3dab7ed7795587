import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_TIMELINE, type Timeline, timelineFor } from '@svp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, ok } from '../../test/kit/fakeServer';
import { renderHome } from '../../test/kit/homeRoutes';
import { signedIn } from '../../test/kit/records';

function at(instant: string | number) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(typeof instant === 'string' ? Date.parse(instant) : instant);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Home before launch', () => {
  it('says applications open soon, links the mailing list and counts down on the server clock', async () => {
    at('2025-12-01T08:00:00.000Z');
    fakeServer(() => DEFAULT_TIMELINE);
    renderHome('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications Open Soon' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the mailing list' })).toHaveAttribute('href', 'https://lists.example.org/sv');
    // The clock runs on while the page renders, so the first second may already have gone.
    expect(screen.getByRole('timer')).toHaveAccessibleName(
      /^Applications open in (1 day, 0 hours, 0 minutes, 0 seconds|0 days, 23 hours, 59 minutes, 5\d seconds)$/,
    );
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('switches to the open page when the countdown reaches zero', async () => {
    const now = Date.parse('2025-12-02T07:59:58.000Z');
    at(now);
    const fetchMock = fakeServer(() => DEFAULT_TIMELINE);
    renderHome('/');
    await screen.findByRole('timer');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(2000));
    expect(await screen.findByRole('heading', { level: 1, name: /Become a .* Student Volunteer/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('button', { name: 'Start New Application' })).toBeInTheDocument();
  });
});

describe('Home before launch, signed in', () => {
  it('keeps the signed-in user on the pre-launch page, without a loop through /dashboard, and lets them sign out', async () => {
    at('2025-12-01T08:00:00.000Z');
    const fetchMock = fakeServer(() => DEFAULT_TIMELINE, { 'POST /users/logout': ok({ message: 'You are signed out.' }) });
    const token = signedIn().session.access_token;
    localStorage.setItem('svp.token', token);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderHome('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications Open Soon' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toBeInTheDocument();
    expect(screen.getByText('You are signed in. Your dashboard opens when applications do.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
    // The bar offers no page that would only lead back here.
    expect(within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();

    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Logout' }));
    expect(screen.queryByText(/You are signed in/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(localStorage.getItem('svp.token')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Applications Open Soon' })).toBeInTheDocument();
    // The server ends the session too, so a copy of the token stops working.
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/users/logout',
      expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: `Bearer ${token}` }) }),
    );
  });

  it('brings a signed-in user who opens /dashboard back to Home and keeps them there', async () => {
    at('2025-12-01T08:00:00.000Z');
    fakeServer(() => DEFAULT_TIMELINE);
    localStorage.setItem('svp.token', signedIn().session.access_token);
    renderHome('/dashboard');
    expect(await screen.findByText('You are signed in. Your dashboard opens when applications do.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/$/);
  });
});

describe('Home while applications are open', () => {
  it('shows both deadlines to the letter and the sign-up and login panel', async () => {
    at('2026-01-15T12:00:00.000Z');
    fakeServer(() => DEFAULT_TIMELINE);
    renderHome('/');
    expect(await screen.findByText('Team Leader Applications Are Due 31 January 2026 at 22:00 UTC')).toBeInTheDocument();
    expect(screen.getByText('Student Volunteer Applications Are Due 28 February 2026 at 22:00 UTC')).toBeInTheDocument();
    // The forms' code arrives just after the landing text (HomePage.tsx): the panel is waited for.
    expect(await screen.findByRole('heading', { level: 2, name: 'Sign In' })).toBeInTheDocument();

    screen.getByRole('button', { name: 'Start New Application' }).click();
    expect(await screen.findByRole('heading', { level: 2, name: 'Start a New Application' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Start Application' })).toBeDisabled();
  });

  it('switches the team leader notice at the TL deadline without a reload', async () => {
    at(Date.parse(DEFAULT_TIMELINE.teamLeaderEndDate) - 2000);
    const fetchMock = fakeServer(() => DEFAULT_TIMELINE);
    renderHome('/');
    expect(await screen.findByText('Team Leader Applications Are Due 31 January 2026 at 22:00 UTC')).toBeInTheDocument();

    await act(async () => vi.advanceTimersByTime(3000));
    expect(await screen.findByText('Team Leader Applications Are Now Closed')).toBeInTheDocument();
    expect(screen.queryByText(/Team Leader Applications Are Due/)).not.toBeInTheDocument();
    expect(screen.getByText('Student Volunteer Applications Are Due 28 February 2026 at 22:00 UTC')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('reads the TL notice from the server gates at the deadline itself', async () => {
    at(DEFAULT_TIMELINE.teamLeaderEndDate);
    fakeServer(() => DEFAULT_TIMELINE);
    renderHome('/');
    expect(await screen.findByText('Team Leader Applications Are Now Closed')).toBeInTheDocument();
  });
});

describe('Home after the deadline', () => {
  it("says applications are closed, points to next year's list and still lets applicants sign in", async () => {
    at('2026-03-10T12:00:00.000Z');
    fakeServer(() => DEFAULT_TIMELINE);
    renderHome('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications Are Closed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Join next year's mailing list" })).toHaveAttribute('href', 'https://lists.example.org/sv');
    expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Sign up/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start New Application' })).not.toBeInTheDocument();
  });

  it('says schedules are out and asks the user to log in once they are released', async () => {
    at('2026-08-10T12:00:00.000Z');
    fakeServer(() => DEFAULT_TIMELINE);
    renderHome('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedules Are Out' })).toBeInTheDocument();
    expect(screen.getByText(/Log in to see your schedule/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Sign In' })).toBeInTheDocument();
  });
});

describe('Home in every state', () => {
  it.each([
    ['before launch', '2025-11-01T00:00:00.000Z'],
    ['open', '2026-01-15T00:00:00.000Z'],
    ['closed', '2026-03-15T00:00:00.000Z'],
    ['schedules out', '2026-09-01T00:00:00.000Z'],
  ])('has the contact address and the FAQ with this edition’s facts (%s)', async (_state, now) => {
    at(now);
    fakeServer(() => DEFAULT_TIMELINE);
    renderHome('/');
    const faq = await screen.findByRole('region', { name: 'Frequently Asked Questions' });
    expect(within(faq).getByRole('link', { name: 'sv@example.org' })).toHaveAttribute('href', 'mailto:sv@example.org');
    expect(within(faq).getByText(/about 25 hours during the conference; team leaders work about 60 hours/)).toBeInTheDocument();
    expect(within(faq).getByText(/Service dates are 9 to 14 August 2025/)).toBeInTheDocument();
    expect(within(faq).getByText(/Deadlines close at 22:00 UTC, and late submissions are never accepted/)).toBeInTheDocument();
    expect(within(faq).getByText(/blind jury, and funds are released only after the conference/)).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows an answer when its question is pressed, and hides it when pressed again', async () => {
    fakeServer(() => timelineFor('open'));
    renderHome('/');
    const faq = await screen.findByRole('region', { name: 'Frequently Asked Questions' });
    const question = within(faq).getByRole('button', { name: 'Is housing provided?' });
    expect(within(faq).getByRole('heading', { level: 3, name: 'Is housing provided?' })).toContainElement(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(within(faq).queryByRole('region', { name: 'Is housing provided?' })).not.toBeInTheDocument();
    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(within(faq).getByRole('region', { name: 'Is housing provided?' })).toHaveTextContent('Housing is not provided');
    await userEvent.click(question);
    expect(within(faq).queryByRole('region', { name: 'Is housing provided?' })).not.toBeInTheDocument();
  });

  it('sends a signed-in user from / and /login to the dashboard', async () => {
    const timeline: Timeline = timelineFor('open');
    fakeServer(() => timeline);
    localStorage.setItem('svp.token', signedIn().session.access_token);
    renderHome('/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/dashboard');
  });

  it("ends the session on the server too from the bar's Logout", async () => {
    const timeline: Timeline = timelineFor('open');
    const fetchMock = fakeServer(() => timeline, { 'POST /users/logout': ok({ message: 'You are signed out.' }) });
    const user = userEvent.setup();
    const token = signedIn().session.access_token;
    localStorage.setItem('svp.token', token);
    renderHome('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByTestId('address')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('svp.token')).toBeNull();
    const calls = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/users/logout');
    expect(calls.map(([, init]) => (init as RequestInit).headers)).toEqual([expect.objectContaining({ Authorization: `Bearer ${token}` })]);
  });

  it('puts the cursor in the email field on /login', async () => {
    const timeline = timelineFor('open', Date.now(), { teamLeaderEndDate: -1 });
    fakeServer(() => timeline);
    renderHome('/login');
    expect(await screen.findByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(screen.getByText('Team Leader Applications Are Now Closed')).toBeInTheDocument();
  });
});
