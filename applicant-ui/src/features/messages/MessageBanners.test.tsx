import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { timelineWithPassed } from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import { DashboardPage } from '../dashboard/DashboardPage';
import { DISMISS_FAILED } from './MessageBanners';
import { receivedMessage } from './messageFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: { application: vi.fn(), applicationStatistics: vi.fn(), receivedMessages: vi.fn(), dismissMessage: vi.fn() },
}));

const NOW = Date.parse('2026-11-22T12:00:00Z');
const HOUR = 3_600_000;

const dashboard = () =>
  renderPage(<DashboardPage />, {
    path: '/dashboard',
    settings: publicSettings(timelineWithPassed(1, NOW), NOW),
    now: NOW,
    profile: profileUser(),
    application: 'none',
  });

const notices = () => screen.queryByRole('region', { name: 'Notices from the organisers and team leaders' });
const banner = (subject: string) => within(notices()!).getByText(subject).closest<HTMLElement>('.MuiAlert-root')!;

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.receivedMessages).mockResolvedValue({ messages: [receivedMessage()] });
  vi.mocked(endpoints.dismissMessage).mockResolvedValue({ dismissed: true });
});

describe("the dashboard's message banners", () => {
  it('shows a message whose banner runs with its subject and a link to read it, until dismissed, and tells the server', async () => {
    let answer!: () => void;
    vi.mocked(endpoints.dismissMessage).mockReturnValue(new Promise((resolve) => (answer = () => resolve({ dismissed: true }))));
    dashboard();
    expect(await screen.findByText('Badge pick-up moved to Hall B')).toBeInTheDocument();
    const shown = banner('Badge pick-up moved to Hall B');
    expect(within(shown).getByRole('link', { name: 'Read the message' })).toHaveAttribute('href', '/messages#message-41');

    await userEvent.click(within(shown).getByRole('button', { name: 'Dismiss: Badge pick-up moved to Hall B' }));
    // Gone at once, before the server has answered.
    expect(screen.queryByText('Badge pick-up moved to Hall B')).not.toBeInTheDocument();
    expect(endpoints.dismissMessage).toHaveBeenCalledWith(41);
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ana' })).toBeInTheDocument();
    expect(screen.queryByText('Badge pick-up moved to Hall B')).not.toBeInTheDocument();
    expect(notices()).not.toBeInTheDocument();
  });

  it('leads to the message', async () => {
    dashboard();
    await userEvent.click(await screen.findByRole('link', { name: 'Read the message' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/messages');
  });

  it('shows neither a banner that has run out, nor one dismissed before, nor a message sent without one', async () => {
    vi.mocked(endpoints.receivedMessages).mockResolvedValue({
      messages: [
        receivedMessage({ id: 1, subject: 'Ran out an hour ago', bannerUntil: new Date(Date.now() - HOUR).toISOString() }),
        receivedMessage({ id: 2, subject: 'Dismissed already', dismissed: true }),
        receivedMessage({ id: 3, subject: 'Never a banner', bannerUntil: null }),
        receivedMessage({ id: 4, subject: 'Still running' }),
      ],
    });
    dashboard();
    expect(await screen.findByText('Still running')).toBeInTheDocument();
    expect(within(notices()!).getAllByRole('link', { name: 'Read the message' })).toHaveLength(1);
    for (const subject of ['Ran out an hour ago', 'Dismissed already', 'Never a banner'])
      expect(screen.queryByText(subject)).not.toBeInTheDocument();
  });

  it('brings the banner back with a word when the server could not record the dismissal', async () => {
    vi.mocked(endpoints.dismissMessage).mockRejectedValue(new ApiError(0, 'NETWORK', 'Failed to fetch'));
    dashboard();
    await screen.findByText('Badge pick-up moved to Hall B');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss: Badge pick-up moved to Hall B' }));
    expect(await screen.findByText(DISMISS_FAILED)).toBeInTheDocument();
    expect(within(banner('Badge pick-up moved to Hall B')).getByText(DISMISS_FAILED)).toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
  });

  it('leaves the dashboard working, without banners or an alert, when the messages cannot be loaded', async () => {
    vi.mocked(endpoints.receivedMessages).mockRejectedValue(new ApiError(500, 'INTERNAL', 'Something went wrong on our side (ref 4f2a).'));
    dashboard();
    await vi.waitFor(() => expect(endpoints.receivedMessages).toHaveBeenCalled());
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ana' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Start Application' })).toBeInTheDocument();
    expect(screen.getByTestId('resource-links')).toBeInTheDocument();
    expect(notices()).not.toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
  });
});
