import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { ProfileUser } from '../../api/types';
import { applicationRecord, profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { DashboardPage } from '../dashboard/DashboardPage';
import { swapRequests } from '../swaps/swapFixtures';
import { scheduleCache } from './scheduleCache';
import {
  NOW,
  VENUES,
  confirmedVolunteer,
  offeredVolunteer,
  releasedSettings,
  shift,
  teamLeaderSchedule,
  unreleasedSettings,
  volunteerSchedule,
  volunteerShifts,
} from './scheduleFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: {
    application: vi.fn(),
    decline: vi.fn(),
    juryAssignments: vi.fn(),
    volunteerSchedule: vi.fn(),
    teamLeaderSchedule: vi.fn(),
    swapRequests: vi.fn(),
  },
}));

function dashboard({
  profile = confirmedVolunteer(),
  isTeamLeader = false,
  released = true,
  swapsEnabled = false,
}: { profile?: ProfileUser; isTeamLeader?: boolean; released?: boolean; swapsEnabled?: boolean } = {}) {
  return renderPage(<DashboardPage />, {
    path: '/dashboard',
    settings: { ...(released ? releasedSettings() : unreleasedSettings()), swapsEnabled },
    now: NOW,
    profile,
    application: applicationRecord({ completed: true, progress: 100 }, { state: 'confirmed', application_status_id: 2 }),
    isTeamLeader,
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  scheduleCache.clear();
  vi.mocked(endpoints.volunteerSchedule).mockResolvedValue(volunteerSchedule());
  vi.mocked(endpoints.teamLeaderSchedule).mockResolvedValue(teamLeaderSchedule());
  vi.mocked(endpoints.swapRequests).mockResolvedValue(swapRequests());
});

describe('the schedule card on the dashboard', () => {
  it("shows a confirmed volunteer the next shift (day, time, role, venue) and the way to '/schedule/sv'", async () => {
    dashboard();
    const card = await screen.findByTestId('schedule-card');
    expect(within(card).getByRole('heading', { level: 2, name: 'Schedule' })).toBeInTheDocument();
    expect(await within(card).findByText('Sat Aug 9th, 9:00 AM – 1:00 PM')).toBeInTheDocument();
    expect(within(card).getByText('Door Monitor at Computer Animation History')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Schedule' })).toHaveAttribute('href', '/schedule/sv');
    expect(endpoints.volunteerSchedule).toHaveBeenCalledWith(7);
    expect(endpoints.teamLeaderSchedule).not.toHaveBeenCalled();
  });

  it('shows each next shift when several start together, and says when none is left', async () => {
    const twin = shift(16, '2025-08-09 09:00', '2025-08-09 11:00', 'Runner', VENUES.registration);
    vi.mocked(endpoints.volunteerSchedule).mockResolvedValueOnce(volunteerSchedule({ next_shifts: [volunteerShifts()[3]!, twin] }));
    const first = dashboard();
    const card = await screen.findByTestId('schedule-card');
    expect(await within(card).findByText('Your next shifts')).toBeInTheDocument();
    expect(within(card).getByText('Runner at Registration')).toBeInTheDocument();
    first.unmount();
    scheduleCache.clear();

    vi.mocked(endpoints.volunteerSchedule).mockResolvedValueOnce(volunteerSchedule({ next_shifts: [] }));
    dashboard();
    expect(
      await within(await screen.findByTestId('schedule-card')).findByText('There are no more shifts on your schedule.'),
    ).toBeInTheDocument();
  });

  it("shows a team leader the next shift they hold, wherever it is, not their venues' next; and the way to '/schedule/tl'", async () => {
    // Their venues' next shift is the Line Keeper's; they work a Headset shift at a venue they do not lead.
    const own = shift(31, '2025-08-09 07:00', '2025-08-09 11:00', 'Headset attendant', VENUES.chapters);
    vi.mocked(endpoints.teamLeaderSchedule).mockResolvedValue(teamLeaderSchedule({ my_shifts: [own], my_next_shifts: [own], hours: 4 }));
    dashboard({ profile: profileUser({ role: 'Team-Leader' }), isTeamLeader: true });
    const card = await screen.findByTestId('schedule-card');
    expect(await within(card).findByText('Headset attendant at Chapters')).toBeInTheDocument();
    expect(within(card).queryByText('Line Keeper at Emerging Technologies')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Schedule' })).toHaveAttribute('href', '/schedule/tl');
    expect(endpoints.teamLeaderSchedule).toHaveBeenCalledWith(7);
    expect(endpoints.volunteerSchedule).not.toHaveBeenCalled();
  });

  it('is not shown before schedules are out, nor to a volunteer who has not confirmed', async () => {
    dashboard({ released: false }).unmount();
    dashboard({ profile: profileUser({ role: 'Team-Leader' }), isTeamLeader: true, released: false }).unmount();
    dashboard({ profile: offeredVolunteer() });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ana' })).toBeInTheDocument();
    expect(screen.queryByTestId('schedule-card')).not.toBeInTheDocument();
    expect(endpoints.volunteerSchedule).not.toHaveBeenCalled();
    expect(endpoints.teamLeaderSchedule).not.toHaveBeenCalled();
  });

  it("says why when the server refuses, and shows other failures in the danger alert with 'Try again'", async () => {
    vi.mocked(endpoints.volunteerSchedule).mockRejectedValueOnce(
      new ApiError(403, 'FORBIDDEN', 'Schedules are for confirmed volunteers and team leaders.'),
    );
    const first = dashboard();
    expect(
      await within(await screen.findByTestId('schedule-card')).findByText('Schedules are for confirmed volunteers and team leaders.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
    first.unmount();

    vi.mocked(endpoints.volunteerSchedule).mockRejectedValueOnce(new ApiError(503, 'DB_UNAVAILABLE', 'The database is not reachable.'));
    dashboard();
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('The database is not reachable.');
    const card = screen.getByTestId('schedule-card');
    expect(within(card).getByText('Your schedule could not be loaded right now.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText('Door Monitor at Computer Animation History')).toBeInTheDocument();
  });

  it("shows a volunteer's open, created and assigned swap requests and the way to them while swapping online is switched on", async () => {
    dashboard({ swapsEnabled: true });
    const card = await screen.findByTestId('schedule-card');
    const swaps = await within(card).findByRole('list', { name: 'Shift swaps' });
    expect(
      within(swaps)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2 open requests by other volunteers',
      '1 of your requests is waiting for an answer',
      '1 request to you is waiting for your answer',
    ]);
    expect(within(card).getByRole('link', { name: 'Shift Swap Requests' })).toHaveAttribute('href', '/schedule/swap/list');
    expect(endpoints.swapRequests).toHaveBeenCalledWith('c8a1');
  });

  it('says nothing of swaps while swapping online is switched off, nor to a team leader', async () => {
    const first = dashboard();
    expect(
      await within(await screen.findByTestId('schedule-card')).findByText('Door Monitor at Computer Animation History'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Shift swaps' })).not.toBeInTheDocument();
    first.unmount();
    dashboard({ profile: profileUser({ role: 'Team-Leader' }), isTeamLeader: true, swapsEnabled: true });
    expect(
      await within(await screen.findByTestId('schedule-card')).findByText('There are no more shifts on your schedule.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Shift swaps' })).not.toBeInTheDocument();
    expect(endpoints.swapRequests).not.toHaveBeenCalled();
  });
});
