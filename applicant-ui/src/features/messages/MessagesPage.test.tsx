import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { renderPage } from '../../test/kit/renderPage';
import { formatDateTime } from '../home/dateText';
import { scheduleSession } from '../schedule/scheduleFixtures';
import MessagesPage, { NO_MESSAGES } from './MessagesPage';
import { receivedMessage } from './messageFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { receivedMessages: vi.fn() } }));

const open = ({ isTeamLeader = false, at = '/messages' } = {}) =>
  renderPage(<MessagesPage />, { path: '/messages', at, ...scheduleSession(isTeamLeader) });

const newer = receivedMessage({
  id: 44,
  subject: 'Shift swap reminder',
  html: '<p>Swaps close at <em>noon</em>.</p><ul><li>Ask your team leader</li></ul>',
  from: 'Tess Leader, team leader of Registration',
  sentAt: '2025-08-09T15:00:00.000Z',
  bannerUntil: null,
});
const older = receivedMessage();

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.receivedMessages).mockResolvedValue({ messages: [newer, older] });
});

describe('the messages page', () => {
  it('lists the messages the server sends, in its order, each with subject, sender, date and body', async () => {
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Shift swap reminder',
      'Badge pick-up moved to Hall B',
    ]);

    const swap = screen.getByRole('article', { name: 'Shift swap reminder' });
    expect(
      within(swap).getByText(`From Tess Leader, team leader of Registration · ${formatDateTime('2025-08-09T15:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(within(swap).getByText('noon').tagName).toBe('EM');
    expect(within(swap).getByRole('listitem')).toHaveTextContent('Ask your team leader');

    const badge = screen.getByRole('article', { name: 'Badge pick-up moved to Hall B' });
    expect(badge).toHaveAttribute('id', 'message-41');
    expect(within(badge).getByText('From The SV organisers · 8 August 2025 at 16:05 UTC')).toBeInTheDocument();
    expect(within(badge).getByText('Hall B').tagName).toBe('STRONG');
    expect(screen.queryByText(NO_MESSAGES)).not.toBeInTheDocument();
  });

  it('says so when nobody has written yet', async () => {
    vi.mocked(endpoints.receivedMessages).mockResolvedValue({ messages: [] });
    open();
    expect(await screen.findByText(NO_MESSAGES)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('opens at the message a banner links to', async () => {
    open({ at: '/messages#message-41' });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Badge pick-up moved to Hall B' });
    // Focus moves once the page has drawn the message (an effect after the drawing, later on a busy machine).
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('says when the messages cannot be loaded, and loads them again on request', async () => {
    vi.mocked(endpoints.receivedMessages).mockRejectedValueOnce(
      new ApiError(500, 'INTERNAL', 'Something went wrong on our side (ref 4f2a).'),
    );
    open();
    expect(await screen.findByText('Your messages could not be loaded right now.')).toBeInTheDocument();
    expect(screen.getByTestId('danger-alert')).toHaveTextContent('Something went wrong on our side (ref 4f2a).');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Shift swap reminder' })).toBeInTheDocument();
  });

  it('offers team leaders the way to write to their volunteers, and nobody else', async () => {
    const volunteer = open();
    await screen.findAllByRole('article');
    expect(screen.queryByRole('link', { name: 'Write to my volunteers' })).not.toBeInTheDocument();
    volunteer.unmount();
    open({ isTeamLeader: true });
    expect(screen.getByRole('link', { name: 'Write to my volunteers' })).toHaveAttribute('href', '/messages/team');
    await screen.findAllByRole('article');
  });
});
