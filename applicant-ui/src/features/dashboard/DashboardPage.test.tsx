import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timelineWithPassed } from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ApplicationRecord, ApplicationStatistics } from '../../api/types';
import { applicationRecord, profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import { formatDateTime } from '../home/dateText';
import { DashboardPage } from './DashboardPage';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: { application: vi.fn(), decline: vi.fn(), applicationStatistics: vi.fn(), receivedMessages: vi.fn(), dismissMessage: vi.fn() },
}));

const NOW = Date.parse('2026-11-22T12:00:00Z');
// How many of the eight deadlines have passed: 1 open, 3 closed, 6 decisions out, 7 confirmation over, 8 schedules out.
const OPEN = 1;
const CLOSED = 3;
const DECISIONS_OUT = 6;
const CONFIRMATION_OVER = 7;

function dashboard(
  passed: number,
  application: ApplicationRecord | 'none' | null,
  options: { isAdmin?: boolean; isTeamLeader?: boolean; verified?: boolean } = {},
) {
  return renderPage(<DashboardPage />, {
    path: '/dashboard',
    settings: publicSettings(timelineWithPassed(passed, NOW), NOW),
    now: NOW,
    profile: profileUser({ verified: options.verified ?? true }),
    application,
    ...options,
  });
}

/** GET /application/statistics with the counts the dashboard shows (the rest empty). */
const statistics = (counts: Pick<ApplicationStatistics, 'total' | 'completed' | 'team_leader'>): ApplicationStatistics => ({
  ...counts,
  financial_aid: 0,
  by_status: [],
  per_day: [],
  funnel: { registered: counts.total, profile_complete: counts.total, started: counts.total, completed: counts.completed },
});

const submitted = (
  state: ApplicationRecord['sv']['state'],
  tag: ApplicationRecord['sv']['tag'] = null,
  extra: Partial<ApplicationRecord> = {},
) => applicationRecord({ completed: true, progress: 100, ...extra }, { state, tag });

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.receivedMessages).mockResolvedValue({ messages: [] });
});

describe('DashboardPage', () => {
  it('welcomes the user with their SV ID', () => {
    dashboard(OPEN, 'none');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ana' })).toBeInTheDocument();
    expect(screen.getByText('ABCD2345')).toBeInTheDocument();
  });

  it('asks for the emailed code when the address is not confirmed yet, and not once it is', async () => {
    dashboard(OPEN, 'none', { verified: false });
    expect(screen.getByRole('heading', { name: 'Confirm Your Email' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Verification code' })).toBeInTheDocument();
  });

  it('offers an account waiting for its emailed code the code form only: no application, and Logout alone in the navigation', () => {
    dashboard(OPEN, null, { verified: false });
    expect(screen.getByRole('heading', { name: 'Confirm Your Email' })).toBeInTheDocument();
    expect(screen.queryByTestId('application-card')).not.toBeInTheDocument();
    expect(screen.queryByText('Getting your application...')).not.toBeInTheDocument();
    expect(endpoints.application).not.toHaveBeenCalled();
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(within(navigation).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(within(navigation).queryByRole('link', { name: 'Profile' })).not.toBeInTheDocument();
    expect(within(navigation).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows no code form to a confirmed user', () => {
    dashboard(OPEN, 'none');
    expect(screen.queryByRole('heading', { name: 'Confirm Your Email' })).not.toBeInTheDocument();
  });

  it("loads the application once, saying 'Getting your application...', and offers to start one when there is none (404)", async () => {
    let answer!: (error: unknown) => void;
    vi.mocked(endpoints.application).mockReturnValue(new Promise((_resolve, reject) => (answer = reject)));
    const { spies } = dashboard(OPEN, null);
    expect(screen.getByText('Getting your application...')).toBeInTheDocument();
    answer(new ApiError(404, 'NOT_FOUND', 'No application yet'));
    expect(await screen.findByRole('link', { name: 'Start Application' })).toHaveAttribute('href', '/application');
    expect(endpoints.application).toHaveBeenCalledTimes(1);
    expect(endpoints.application).toHaveBeenCalledWith(7);
    expect(spies.setApplication).toHaveBeenCalledWith('none');
    expect(screen.getByText('0% complete')).toBeInTheDocument();
  });

  it("shows 'Unable to load application' when loading fails for another reason, and can try again", async () => {
    vi.mocked(endpoints.application).mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Internal error'));
    dashboard(OPEN, null);
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Unable to load application');
    vi.mocked(endpoints.application).mockResolvedValueOnce(applicationRecord({ progress: 55 }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('55% complete')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Application' })).toBeInTheDocument();
  });

  it('does not load again when the session already holds the application', () => {
    dashboard(OPEN, applicationRecord());
    expect(endpoints.application).not.toHaveBeenCalled();
    expect(screen.getByText('40% complete')).toBeInTheDocument();
  });

  it("shows 'Applications Have Closed' for an unfinished or missing application after the deadline", () => {
    dashboard(CLOSED, applicationRecord());
    expect(screen.getByRole('heading', { name: 'Applications Have Closed' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue Application' })).not.toBeInTheDocument();
  });

  it("shows 'Applications Have Closed' for an application the deadline job closed, though the deadline was moved later", () => {
    dashboard(OPEN, applicationRecord({ closed: true }));
    expect(screen.getByRole('heading', { name: 'Applications Have Closed' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue Application' })).not.toBeInTheDocument();
  });

  it("thanks a submitted application and links to 'View your Submission', with when results come", () => {
    dashboard(OPEN, submitted('pending'));
    expect(screen.getByRole('heading', { name: 'Thank You For Applying!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your Submission' })).toHaveAttribute('href', '/application/view');
    expect(screen.getByText(/You will hear from us about your application in late April 2025/)).toBeInTheDocument();
    expect(screen.queryByText(/% complete/)).not.toBeInTheDocument();
  });

  it('tells a Team Leader applicant when Team Leader results come', () => {
    dashboard(OPEN, submitted('pending', null, { team_leader: true }));
    expect(screen.getByText(/Team Leader results are sent in mid-February 2025/)).toBeInTheDocument();
  });

  it('keeps an offer hidden before decisions are out', () => {
    dashboard(CLOSED, submitted('offered'));
    expect(screen.getByRole('heading', { name: 'Thank You For Applying!' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('shows an offer with Confirm and Decline after decisions are out', () => {
    dashboard(DECISIONS_OUT, submitted('offered'));
    const card = screen.getByTestId('status-offered');
    expect(within(card).getByRole('heading', { name: 'Congratulations, You Have Been Accepted!' })).toBeInTheDocument();
    expect(within(card).getByText(/offered a place as a Student Volunteer/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Confirm' })).toHaveAttribute('href', '/confirmation');
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  });

  it('names a Team Leader offer', () => {
    dashboard(DECISIONS_OUT, submitted('offered', 'TL'));
    expect(screen.getByText(/offered a place as a Team Leader/)).toBeInTheDocument();
  });

  it("says 'The confirmation deadline has passed' for an offer after the confirmation deadline, without Confirm or Decline", () => {
    dashboard(CONFIRMATION_OVER, submitted('offered'));
    expect(screen.getByText('The confirmation deadline has passed')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('keeps a late waitlist offer open until its own deadline, after the edition’s has passed, and shows that date', () => {
    const ownDeadline = new Date(NOW + 6 * 24 * 3_600_000).toISOString().replace(/:\d\d\.\d+Z$/, ':00.000Z');
    dashboard(CONFIRMATION_OVER, submitted('offered', null, { confirm_by: ownDeadline }));
    const card = screen.getByTestId('status-offered');
    expect(within(card).getByText(`Please confirm or decline your place by ${formatDateTime(ownDeadline)}.`)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('turns an offer to lapsed at its deadline on the server’s clock, on a page loaded before it', () => {
    const confirmBy = new Date(NOW + 3_600_000).toISOString();
    renderPage(<DashboardPage />, {
      path: '/dashboard',
      // The settings were read an hour before the offer's deadline; the server's clock is now past it.
      settings: publicSettings(timelineWithPassed(DECISIONS_OUT, NOW), NOW),
      now: NOW + 2 * 3_600_000,
      profile: profileUser(),
      application: submitted('offered', null, { confirm_by: confirmBy }),
    });
    expect(screen.getByText('The confirmation deadline has passed')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('congratulates an accepted Student Volunteer and an accepted Team Leader', () => {
    dashboard(DECISIONS_OUT, submitted('confirmed', 'SV'));
    expect(screen.getByRole('heading', { name: 'Congratulations, You Are a Student Volunteer!' })).toBeInTheDocument();
  });

  it('congratulates a Team Leader by tag or by role', () => {
    dashboard(DECISIONS_OUT, submitted('confirmed'), { isTeamLeader: true });
    expect(screen.getByRole('heading', { name: 'Congratulations, You Are a Team Leader!' })).toBeInTheDocument();
  });

  it('shows a declined place, the waitlist and a rejection once decisions are out', () => {
    const declined = dashboard(DECISIONS_OUT, submitted('declined'));
    expect(screen.getByRole('heading', { name: 'You Have Declined Your Place' })).toBeInTheDocument();
    declined.unmount();
    const waitlisted = dashboard(DECISIONS_OUT, submitted('waitlisted'));
    expect(screen.getByRole('heading', { name: 'You Are on the Waitlist' })).toBeInTheDocument();
    waitlisted.unmount();
    dashboard(DECISIONS_OUT, submitted('rejected'));
    expect(screen.getByRole('heading', { name: 'Application Decision' })).toBeInTheDocument();
    expect(screen.getByText(/cannot offer you a place this year/)).toBeInTheDocument();
  });

  it(
    'shows administrators the admin dashboard: the counts of applications started, completed and of team leader applicants, and ' +
      'links into the panel',
    async () => {
      vi.mocked(endpoints.applicationStatistics).mockResolvedValue(statistics({ total: 1234, completed: 87, team_leader: 9 }));
      dashboard(OPEN, 'none', { isAdmin: true });
      const card = screen.getByRole('heading', { level: 2, name: 'Admin Dashboard' }).closest('section')!;
      expect(within(card).getByText('Loading statistics...')).toBeInTheDocument();
      expect(await within(card).findByText('1,234')).toBeInTheDocument();
      const counts = Object.fromEntries(
        within(card)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
      expect(counts).toEqual({ 'Applications started': '1,234', 'Applications completed': '87', 'Team leader applicants': '9' });
      expect(endpoints.applicationStatistics).toHaveBeenCalledTimes(1);
      const links = within(within(card).getByRole('navigation', { name: 'Admin panel' })).getAllByRole('link');
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
        ['Search by user', '/admin/application/search'],
        ['Search by status', '/admin/application/search-status'],
        ['Jury assignments', '/admin/jury/assignments'],
        ['Jury statistics', '/admin/jury/statistics'],
      ]);
      expect(within(card).getByRole('link', { name: 'Open the admin panel' })).toHaveAttribute('href', '/admin');
    },
  );

  it('says when the counts cannot be loaded, and loads them again on request', async () => {
    vi.mocked(endpoints.applicationStatistics).mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Internal error'));
    dashboard(OPEN, 'none', { isAdmin: true });
    expect(await screen.findByText('The application counts could not be loaded right now.')).toBeInTheDocument();
    expect(screen.getByTestId('danger-alert')).toHaveTextContent('Internal error');
    vi.mocked(endpoints.applicationStatistics).mockResolvedValueOnce(statistics({ total: 3, completed: 2, team_leader: 1 }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Applications started')).toBeInTheDocument();
  });

  it('shows no admin dashboard, and asks for no counts, for anyone else', () => {
    dashboard(OPEN, 'none');
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the admin panel' })).not.toBeInTheDocument();
    expect(endpoints.applicationStatistics).not.toHaveBeenCalled();
  });

  it('lists the resources, with the contact address as a mail link', () => {
    dashboard(OPEN, 'none');
    const resources = screen.getByTestId('resource-links');
    for (const name of ['Student Volunteer handbook', 'Frequently asked questions', 'Code of conduct']) {
      expect(within(resources).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(resources).getByRole('link', { name: 'Contact the Student Volunteer team' })).toHaveAttribute(
      'href',
      'mailto:sv@example.org',
    );
  });
});
