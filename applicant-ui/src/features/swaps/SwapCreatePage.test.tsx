import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWAP_MESSAGES } from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { DayShifts } from '../../api/types';
import { address, renderPage } from '../../test/kit/renderPage';
import { scheduleCache } from '../schedule/scheduleCache';
import { confirmedVolunteer, releasedSettings } from '../schedule/scheduleFixtures';
import SwapCreatePage from './SwapCreatePage';
import {
  ANA,
  mondayShifts,
  myShift,
  mySchedule,
  request,
  saturdayShifts,
  swapRequests,
  swapSettings,
  wednesdayShifts,
} from './swapFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: { volunteerSchedule: vi.fn(), swapRequests: vi.fn(), shiftsOfDay: vi.fn(), createSwap: vi.fn(), acceptSwap: vi.fn() },
}));

const DAYS: Record<string, () => DayShifts> = { '2025-08-09': saturdayShifts, '2025-08-11': mondayShifts, '2025-08-13': wednesdayShifts };

const open = (shiftId: number | string = 14, settings = swapSettings()) =>
  renderPage(<SwapCreatePage />, {
    path: '/schedule/swap/:id/create',
    at: `/schedule/swap/${shiftId}/create`,
    settings,
    profile: confirmedVolunteer(),
  });

/** Picks a day in the select and presses Select. */
async function pickDay(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Day' }), label);
  await user.click(screen.getByRole('button', { name: 'Select' }));
}

const candidates = () => screen.getByRole('table', { name: 'Shifts you could take' });
const candidateRows = () =>
  within(candidates())
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    );

beforeEach(() => {
  vi.clearAllMocks();
  scheduleCache.clear();
  vi.mocked(endpoints.volunteerSchedule).mockResolvedValue(mySchedule());
  vi.mocked(endpoints.swapRequests).mockResolvedValue(swapRequests());
  vi.mocked(endpoints.shiftsOfDay).mockImplementation(async (day) => DAYS[day]?.() ?? { day, shifts: [] });
  vi.mocked(endpoints.createSwap).mockResolvedValue(request(90, { shift: myShift(14), sv: ANA }));
  vi.mocked(endpoints.acceptSwap).mockResolvedValue({ request: request(51, { shift: myShift(14), sv: ANA }) });
});

describe('creating a swap while swapping online is switched off', () => {
  it('shows the notice instead and asks the server nothing', () => {
    open(14, releasedSettings());
    expect(screen.getByText(SWAP_MESSAGES.disabled)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Select|Offer|Swap/ })).not.toBeInTheDocument();
    expect(endpoints.volunteerSchedule).not.toHaveBeenCalled();
    expect(endpoints.swapRequests).not.toHaveBeenCalled();
  });
});

describe('creating a swap', () => {
  it('shows her shift, and keeps Select disabled until a conference day is picked', async () => {
    const user = userEvent.setup();
    open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Shift' })).toBeInTheDocument();
    const yours = screen.getByRole('region', { name: 'Your Shift' });
    expect(yours).toHaveTextContent('Door Monitor');
    expect(yours).toHaveTextContent('Sat Aug 9th');
    const day = screen.getByRole('combobox', { name: 'Day' });
    expect(
      within(day)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Pick a day', 'Fri Aug 8th', 'Sat Aug 9th', 'Sun Aug 10th', 'Mon Aug 11th', 'Tue Aug 12th', 'Wed Aug 13th', 'Thu Aug 14th']);
    expect(screen.getByRole('button', { name: 'Select' })).toBeDisabled();
    await user.selectOptions(day, 'Mon Aug 11th');
    expect(screen.getByRole('button', { name: 'Select' })).toBeEnabled();
    expect(endpoints.shiftsOfDay).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Select' }));
    expect(endpoints.shiftsOfDay).toHaveBeenCalledWith('2025-08-11');
  });

  it(
    'lists only the shifts that qualify for both schedules, each fitting holder with a Swap ' + 'button, and filters them by venue',
    async () => {
      const user = userEvent.setup();
      open();
      await pickDay(user, 'Mon Aug 11th');
      await screen.findByRole('table', { name: 'Shifts you could take' });
      // Left out: the Coat Check (Gail would be double-booked), not swappable, nobody to swap with, overlapping her shift 18,
      // and 18 itself.
      expect(candidateRows()).toEqual([
        ['8:00 AM – 12:00 PM', 'Greeter', 'RegistrationWest Lobby'],
        ['10:00 AM – 2:00 PM', 'Usher', 'Emerging TechnologiesExhibit Hall C'],
        ['11:00 AM – 1:00 PM', 'Demo Helper', 'History WallEast 3'],
      ]);
      // Dan also works the Usher shift, but taking hers would double-book him: he is not offered.
      expect(
        within(candidates())
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual([
        'Swap with Ben Okafor for Mon Aug 11th, 8:00 AM – 12:00 PM',
        'Swap with Cleo Ng for Mon Aug 11th, 10:00 AM – 2:00 PM',
        'Swap with Eve Stone for Mon Aug 11th, 11:00 AM – 1:00 PM',
      ]);
      expect(within(candidates()).queryByText('Dan Berg')).not.toBeInTheDocument();
      // Finn offers his Monday evening shift, and Ana could give this one for it.
      const fitting = screen.getByRole('table', { name: 'Open requests you could accept' });
      expect(within(fitting).getByText('Finn Walsh')).toBeInTheDocument();

      const venue = screen.getByRole('combobox', { name: 'Venue' });
      expect(
        within(venue)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Show All', 'Emerging Technologies', 'History', 'Registration']);
      await user.selectOptions(venue, 'Emerging Technologies');
      expect(candidateRows().map((cells) => cells[1])).toEqual(['Usher']);
      expect(screen.getByText('No volunteer offers a shift of this day at this venue that fits.')).toBeInTheDocument();
    },
  );

  it('does not offer to ask a volunteer again for the shift she has asked them for', async () => {
    const user = userEvent.setup();
    open(17);
    await pickDay(user, 'Mon Aug 11th');
    await screen.findByRole('table', { name: 'Shifts you could take' });
    const demo = within(candidates())
      .getAllByRole('row')
      .find((row) => row.textContent!.includes('Demo Helper'))!;
    expect(within(demo).getByText('Already asked')).toBeInTheDocument();
    expect(within(demo).queryByRole('button')).not.toBeInTheDocument();
    expect(within(candidates()).getByRole('button', { name: /^Swap with Ben Okafor/ })).toBeEnabled();
  });

  it('leaves out shifts that have started, and allows one overlapping only the shift she gives', async () => {
    const user = userEvent.setup();
    open();
    await pickDay(user, 'Sat Aug 9th');
    await screen.findByRole('table', { name: 'Shifts you could take' });
    expect(candidateRows().map((cells) => cells[1])).toEqual(['Mid Morning']);
    expect(screen.queryByRole('table', { name: 'Open requests you could accept' })).not.toBeInTheDocument();
  });

  it("says 'Unable to find shifts that fit your schedule.' when nothing on the day qualifies", async () => {
    const user = userEvent.setup();
    open();
    await pickDay(user, 'Wed Aug 13th');
    expect(await screen.findByText('Unable to find shifts that fit your schedule.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Venue' })).not.toBeInTheDocument();
  });

  it('asks one volunteer for their shift after a modal showing both shifts, then returns to the schedule with the message', async () => {
    const user = userEvent.setup();
    open();
    await pickDay(user, 'Mon Aug 11th');
    await user.click(
      await within(await screen.findByRole('table', { name: 'Shifts you could take' })).findByRole('button', {
        name: /^Swap with Cleo Ng/,
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Request a shift swap' });
    expect(within(dialog).getByRole('region', { name: 'You give' })).toHaveTextContent('Door Monitor');
    const take = within(dialog).getByRole('region', { name: 'You take' });
    expect(take).toHaveTextContent('Usher');
    expect(take).toHaveTextContent('Held byCleo Ng');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(endpoints.createSwap).toHaveBeenCalledWith({ shift_id: 14, swapped_shift_id: 32, swapped_svid: 'SV9' });
    await waitFor(() => expect(address()).toBe('/schedule/sv'));
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(/^Successfully created shift swap request\.$/);
  });

  it('offers her shift to anyone in an open request', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Offer to Anyone' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer your shift to anyone' });
    expect(within(dialog).getByRole('region', { name: 'You give' })).toHaveTextContent('Door Monitor');
    expect(within(dialog).getByRole('region', { name: 'You take' })).toHaveTextContent('One of the shifts of the volunteer who accepts');
    await user.click(within(dialog).getByRole('button', { name: 'Create Open Request' }));
    expect(endpoints.createSwap).toHaveBeenCalledWith({ shift_id: 14 });
    await waitFor(() => expect(address()).toBe('/schedule/sv'));
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(SWAP_MESSAGES.created);
  });

  it('does not offer the same shift to anyone twice', async () => {
    const requests = swapRequests();
    requests.created_requests.push(request(74, { kind: 'open', shift: myShift(14), sv: ANA }));
    vi.mocked(endpoints.swapRequests).mockResolvedValue(requests);
    open();
    expect(await screen.findByText(/You have already offered this shift to anyone/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Offer to Anyone' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your swap requests' })).toHaveAttribute('href', '/schedule/swap/list');
  });

  it("accepts another volunteer's open request that fits, forgets the cached schedule and returns to it", async () => {
    const user = userEvent.setup();
    open();
    await pickDay(user, 'Mon Aug 11th');
    const fitting = await screen.findByRole('table', { name: 'Open requests you could accept' });
    expect(scheduleCache.get('sv/7')).toBeDefined();
    await user.click(within(fitting).getByRole('button', { name: /^Accept Finn Walsh's request/ }));
    const dialog = screen.getByRole('dialog', { name: 'Accept shift swap request' });
    expect(within(dialog).getByRole('region', { name: 'You take' })).toHaveTextContent('Closing Crew');
    await user.click(within(dialog).getByRole('button', { name: 'Accept Swap' }));
    expect(endpoints.acceptSwap).toHaveBeenCalledWith({ shift_swap_request_id: 51, swapped_shift_id: 14 });
    await waitFor(() => expect(address()).toBe('/schedule/sv'));
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(SWAP_MESSAGES.accepted);
    expect(scheduleCache.get('sv/7')).toBeUndefined();
  });

  it(
    "shows the server's refusal in the modal she is looking at, focused, stays, and loads her " + "requests and the day's shifts again",
    async () => {
      vi.mocked(endpoints.createSwap).mockRejectedValue(
        new ApiError(409, 'SWAP_OVERLAP', "Your shift overlaps another of Ben Okafor's shifts."),
      );
      const user = userEvent.setup();
      open();
      await pickDay(user, 'Mon Aug 11th');
      await user.click(
        await within(await screen.findByRole('table', { name: 'Shifts you could take' })).findByRole('button', {
          name: /^Swap with Ben Okafor/,
        }),
      );
      const dialog = screen.getByRole('dialog', { name: 'Request a shift swap' });
      await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
      const refusal = await within(dialog).findByRole('alert');
      expect(refusal).toHaveTextContent("Your shift overlaps another of Ben Okafor's shifts.");
      expect(refusal).toHaveFocus();
      expect(
        within(dialog)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Close']);
      expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
      expect(address()).toBe('/schedule/swap/14/create');
      await waitFor(() => expect(endpoints.swapRequests).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(endpoints.shiftsOfDay).toHaveBeenCalledTimes(2));
      expect(screen.queryByTestId('primary-alert')).not.toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // Asking again starts afresh, without the old refusal.
      await user.click(within(candidates()).getByRole('button', { name: /^Swap with Cleo Ng/ }));
      expect(within(screen.getByRole('dialog')).queryByRole('alert')).not.toBeInTheDocument();
      expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send Request' })).toBeEnabled();
    },
  );

  it('says a network failure in the modal with the kept sentence', async () => {
    vi.mocked(endpoints.createSwap).mockRejectedValue(new ApiError(0, 'NETWORK', 'Failed to fetch'));
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Offer to Anyone' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer your shift to anyone' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Open Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Unable to complete request\. If this continues to persist, email /,
    );
  });

  it('refuses a shift that is not hers, has started or is not a shift, with a way back', async () => {
    const first = open(99);
    expect(await screen.findByText('This shift is not on your schedule.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Schedule' })).toHaveAttribute('href', '/schedule/sv');
    first.unmount();
    const second = open(11);
    expect(await screen.findByText('This shift has already started.')).toBeInTheDocument();
    second.unmount();
    const third = open(15);
    expect(await screen.findByText('This is not a shift.')).toBeInTheDocument();
    third.unmount();
    open('abc');
    expect(await screen.findByText('This shift is not on your schedule.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Day' })).not.toBeInTheDocument();
  });
});
