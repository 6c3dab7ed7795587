import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { address, renderPage } from '../../test/kit/renderPage';
import { scheduleSession } from '../schedule/scheduleFixtures';
import BoardPage from './BoardPage';
import { board } from './boardFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { scheduleBoard: vi.fn() } }));

const open = (isTeamLeader = true) => renderPage(<BoardPage />, { path: '/schedule/board', ...scheduleSession(isTeamLeader) });
const shiftCard = (name: string) => screen.getByRole('region', { name });
const statusOf = (card: HTMLElement, volunteer: string) =>
  within(card)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(volunteer))!
    .textContent!.replace(/^.*\)/, '');

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.scheduleBoard).mockResolvedValue(board());
});
afterEach(() => vi.useRealTimers());

describe('the live board', () => {
  it(
    'lists each shift in progress or starting soon with checked-in against slots, and marks ' + 'who has not checked in after the start',
    async () => {
      open();
      expect(screen.getByRole('heading', { level: 1, name: 'Live board' })).toBeInTheDocument();
      const badge = await screen.findByRole('region', { name: 'Badge Check, Registration' });
      expect(within(badge).getByText('8:00 AM – 12:00 PM · In progress')).toBeInTheDocument();
      expect(within(badge).getByText('2 / 6 checked in')).toBeInTheDocument();
      expect(within(badge).getByText('3 assigned')).toBeInTheDocument();
      expect(statusOf(badge, 'Ana Lopez')).toBe('Checked in 7:52 AM');
      expect(statusOf(badge, 'Ben Okafor')).toBe('Not checked in');
      expect(statusOf(badge, 'Cleo Park')).toBe('Checked out 8:20 AM');
      expect(within(badge).getByText('1 not checked in')).toBeInTheDocument();
      expect(within(badge).getByRole('link', { name: 'Shift detail' })).toHaveAttribute('href', '/schedule/shift/25');

      // Starting soon: nobody is late yet.
      const line = shiftCard('Line Keeper, Emerging Technologies');
      expect(within(line).getByText('9:00 AM – 1:00 PM · Starting soon')).toBeInTheDocument();
      expect(within(line).getByText('0 / 4 checked in')).toBeInTheDocument();
      expect(statusOf(line, 'Dev Shah')).toBe('Awaiting check-in');
      expect(within(line).queryByText('Not checked in')).not.toBeInTheDocument();

      expect(screen.getByText('Last updated 8:30:00 AM')).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'Badge Check, Registration',
        'Line Keeper, Emerging Technologies',
      ]);
    },
  );

  it('counts a check-in ticked before times were kept as checked in, without a time', async () => {
    const old = board();
    Object.assign(old.shifts[0]!.volunteers[1]!, { late: false });
    vi.mocked(endpoints.scheduleBoard).mockResolvedValue(old);
    open();
    expect(statusOf(await screen.findByRole('region', { name: 'Badge Check, Registration' }), 'Ben Okafor')).toBe('Checked in');
  });

  it('says so when no shift is in progress or starting within the hour', async () => {
    vi.mocked(endpoints.scheduleBoard).mockResolvedValue(board({ shifts: [] }));
    open();
    expect(await screen.findByText('No shift at your venues is in progress or starting within the hour.')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it("loads again on 'Refresh' and shows the new state and time", async () => {
    const user = userEvent.setup();
    open();
    const badge = await screen.findByRole('region', { name: 'Badge Check, Registration' });
    expect(statusOf(badge, 'Ben Okafor')).toBe('Not checked in');
    const later = board({ now: '2025-08-09T15:31:10.000Z' });
    Object.assign(later.shifts[0]!, { checkedIn: 3 });
    Object.assign(later.shifts[0]!.volunteers[1]!, { checkedInAt: '2025-08-09T15:31:00.000Z', late: false });
    vi.mocked(endpoints.scheduleBoard).mockResolvedValueOnce(later);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Last updated 8:31:10 AM')).toBeInTheDocument();
    expect(statusOf(shiftCard('Badge Check, Registration'), 'Ben Okafor')).toBe('Checked in 8:31 AM');
    expect(within(shiftCard('Badge Check, Registration')).getByText('3 / 6 checked in')).toBeInTheDocument();
    expect(endpoints.scheduleBoard).toHaveBeenCalledTimes(2);
  });

  it('refreshes by itself every 30 seconds, and stops when the page is left', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { unmount } = open();
    await screen.findByRole('region', { name: 'Badge Check, Registration' });
    expect(endpoints.scheduleBoard).toHaveBeenCalledTimes(1);
    vi.mocked(endpoints.scheduleBoard).mockResolvedValueOnce(board({ now: '2025-08-09T15:30:30.000Z' }));
    await act(async () => {
      vi.advanceTimersByTime(29_000);
    });
    expect(endpoints.scheduleBoard).toHaveBeenCalledTimes(1);
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(endpoints.scheduleBoard).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Last updated 8:30:30 AM')).toBeInTheDocument();
    unmount();
    vi.advanceTimersByTime(60_000);
    expect(endpoints.scheduleBoard).toHaveBeenCalledTimes(2);
  });

  it('keeps the last board when a refresh fails, with the reason in the danger alert', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('region', { name: 'Badge Check, Registration' });
    vi.mocked(endpoints.scheduleBoard).mockRejectedValueOnce(new ApiError(0, 'NETWORK', 'Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByTestId('danger-alert')).toBeInTheDocument();
    expect(shiftCard('Badge Check, Registration')).toBeInTheDocument();
    expect(screen.getByText('Last updated 8:30:00 AM')).toBeInTheDocument();
  });

  it("shows the server's refusal as a page", async () => {
    vi.mocked(endpoints.scheduleBoard).mockRejectedValueOnce(
      new ApiError(403, 'FORBIDDEN', 'The live board is for team leaders and organisers.'),
    );
    open();
    expect(await screen.findByText('The live board is for team leaders and organisers.')).toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
  });

  it('sends someone who is not a team leader to the volunteer schedule without asking the server', () => {
    open(false);
    expect(address()).toBe('/schedule/sv');
    expect(endpoints.scheduleBoard).not.toHaveBeenCalled();
  });
});
