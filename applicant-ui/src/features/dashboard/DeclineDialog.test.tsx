import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timelineWithPassed } from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { applicationRecord, profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import { DashboardPage } from './DashboardPage';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { application: vi.fn(), decline: vi.fn() } }));

const NOW = Date.parse('2026-11-22T12:00:00Z');
const offered = applicationRecord({ completed: true, progress: 100 }, { state: 'offered', status: 'Accepted', application_status_id: 1 });

function offeredDashboard() {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  return renderPage(<DashboardPage />, {
    path: '/dashboard',
    settings: publicSettings(timelineWithPassed(6, NOW), NOW),
    now: NOW,
    profile: profileUser(),
    application: offered,
  });
}

beforeEach(() => vi.clearAllMocks());

describe('Decline Acceptance modal', () => {
  it('asks before declining, with Decline and "I\'m not sure"', async () => {
    offeredDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline Acceptance' });
    expect(within(dialog).getByText('Are you sure you want to decline your position as a Student Volunteer?')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: "I'm not sure" })).toBeInTheDocument();
  });

  it('closes on "I\'m not sure" without declining', async () => {
    offeredDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.click(screen.getByRole('button', { name: "I'm not sure" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(endpoints.decline).not.toHaveBeenCalled();
    expect(screen.getByTestId('status-offered')).toBeInTheDocument();
  });

  it("declines with the user's SV ID, keeps the answer's application and shows the server's message", async () => {
    const declined = applicationRecord(
      { completed: true, progress: 100 },
      { state: 'declined', status: 'Declined', application_status_id: 4 },
    );
    vi.mocked(endpoints.decline).mockResolvedValue({ message: 'You have declined your place.', application: declined });
    const { spies } = offeredDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Decline' }));
    expect(endpoints.decline).toHaveBeenCalledWith('ABCD2345');
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent('You have declined your place.');
    expect(spies.setApplication).toHaveBeenCalledWith(declined);
    expect(screen.getByRole('heading', { name: 'You Have Declined Your Place' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the reason when the server refuses', async () => {
    vi.mocked(endpoints.decline).mockRejectedValue(new ApiError(409, 'NOTHING_TO_DECLINE', 'There is no place to decline.'));
    offeredDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('There is no place to decline.');
    expect(screen.getByTestId('status-offered')).toBeInTheDocument();
  });
});
