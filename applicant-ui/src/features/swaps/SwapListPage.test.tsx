import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWAP_MESSAGES } from '@svp/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { renderPage } from '../../test/kit/renderPage';
import { scheduleCache } from '../schedule/scheduleCache';
import { confirmedVolunteer, releasedSettings } from '../schedule/scheduleFixtures';
import SwapListPage from './SwapListPage';
import { ANA, myShift, mySchedule, request, swapRequests, swapSettings } from './swapFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: { volunteerSchedule: vi.fn(), swapRequests: vi.fn(), acceptSwap: vi.fn(), declineSwap: vi.fn(), deleteSwap: vi.fn() },
}));

const open = (settings = swapSettings()) =>
  renderPage(<SwapListPage />, {
    path: '/schedule/swap/list',
    settings,
    profile: confirmedVolunteer(),
  });
const table = (name: string) => screen.getByRole('table', { name });
/** The texts of a table's body rows, cell by cell. */
const rows = (name: string) =>
  within(table(name))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
const row = (name: string, text: string) =>
  within(table(name))
    .getAllByRole('row')
    .find((r) => r.textContent!.includes(text))!;
const CREATED = 'Swap requests you created';
const ASSIGNED = 'Swap requests to you';
const OPEN = 'Open swap requests by other volunteers';

beforeEach(() => {
  vi.clearAllMocks();
  scheduleCache.clear();
  vi.mocked(endpoints.volunteerSchedule).mockResolvedValue(mySchedule());
  vi.mocked(endpoints.swapRequests).mockResolvedValue(swapRequests());
  vi.mocked(endpoints.acceptSwap).mockResolvedValue({ request: swapRequests().assigned_requests[0]! });
  vi.mocked(endpoints.declineSwap).mockResolvedValue({ request: swapRequests().assigned_requests[0]! });
  vi.mocked(endpoints.deleteSwap).mockResolvedValue({ request: swapRequests().created_requests[0]! });
});

describe('the swap list while swapping online is switched off', () => {
  it('shows the notice of the volunteer office instead, asks the server nothing and offers no swap action', async () => {
    open(releasedSettings());
    expect(screen.getByRole('heading', { level: 1, name: 'Shift Swap Requests' })).toBeInTheDocument();
    expect(screen.getByText(SWAP_MESSAGES.disabled)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sv@example.org' })).toHaveAttribute('href', 'mailto:sv@example.org');
    expect(screen.getByRole('link', { name: 'Back to Schedule' })).toHaveAttribute('href', '/schedule/sv');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept|Decline|Delete/ })).not.toBeInTheDocument();
    expect(endpoints.swapRequests).not.toHaveBeenCalled();
  });
});

describe('the swap list', () => {
  it('loads her own requests and shows the three tables with a way back to the schedule', async () => {
    open();
    expect(screen.getByText('Loading your swap requests...')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: CREATED })).toBeInTheDocument();
    expect(endpoints.swapRequests).toHaveBeenCalledWith('c8a1');
    expect(screen.getByRole('link', { name: 'Back to Schedule' })).toHaveAttribute('href', '/schedule/sv');

    expect(rows(CREATED)).toEqual([
      [
        'Sun Aug 10th, 9:00 AM – 1:00 PMRunner at Registration',
        'Mon Aug 11th, 11:00 AM – 1:00 PMDemo Helper at History WallHeld by Eve Stone',
        '—',
        'OpenWaiting for Eve Stone to accept or decline.',
        'Delete for Sun Aug 10th, 9:00 AM – 1:00 PM',
      ],
      [
        'Fri Aug 8th, 1:00 PM – 5:00 PMUsher at Emerging Technologies',
        'Tue Aug 12th, 9:00 AM – 12:00 PMDocent at Computer Animation History',
        'Hugo Perez',
        'Accepted',
        '—',
      ],
      [
        'Fri Aug 8th, 8:00 AM – 12:00 PMGreeter at Registration',
        'Tue Aug 12th, 8:00 AM – 12:00 PMGreeter at RegistrationHeld by Ivy Chen',
        '—',
        'Declined',
        '—',
      ],
    ]);
    expect(rows(ASSIGNED).map((cells) => cells.slice(1, 4))).toEqual([
      ['Ivy Chen', 'Sat Aug 9th, 9:00 AM – 1:00 PMDoor Monitor at Computer Animation History', 'Open'],
      ['Gail Moss', 'Sun Aug 10th, 9:00 AM – 1:00 PMRunner at Registration', 'Closed: one of the shifts was swapped in another request'],
    ]);
    expect(
      within(row(ASSIGNED, 'Ivy Chen'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Accept for Tue Aug 12th, 8:00 AM – 12:00 PM', 'Decline for Tue Aug 12th, 8:00 AM – 12:00 PM']);
    expect(within(row(ASSIGNED, 'Gail Moss')).queryByRole('button')).not.toBeInTheDocument();
    expect(rows(OPEN)).toEqual([
      ['Mon Aug 11th', '6:30 PM', '8:00 PM', 'Closing Crew at Registration', 'Finn Walsh', 'Accept for Mon Aug 11th, 6:30 PM – 8:00 PM'],
      ['Tue Aug 12th', '9:00 AM', '12:00 PM', 'Docent at Computer Animation History', 'Gail Moss', 'None of your shifts fits this swap.'],
    ]);
  });

  it(
    'gives each of her requests only the actions it allows her: Delete while open, none once ' + 'answered, never Accept or Decline',
    async () => {
      const offer = request(74, { kind: 'open', shift: myShift(18), sv: ANA });
      vi.mocked(endpoints.swapRequests).mockResolvedValue(swapRequests({ created_requests: [...swapRequests().created_requests, offer] }));
      open();
      await screen.findByRole('table', { name: CREATED });
      const buttons = (text: string) =>
        within(row(CREATED, text))
          .queryAllByRole('button')
          .map((b) => b.textContent);
      expect(buttons('Eve Stone')).toEqual(['Delete for Sun Aug 10th, 9:00 AM – 1:00 PM']);
      expect(buttons('Badge Check')).toEqual(['Delete for Mon Aug 11th, 2:00 PM – 6:00 PM']);
      expect(within(row(CREATED, 'Badge Check')).getByText('Waiting for a volunteer to accept.')).toBeInTheDocument();
      expect(buttons('Hugo Perez')).toEqual([]);
      expect(buttons('Ivy Chen')).toEqual([]);
      expect(within(table(CREATED)).queryByRole('button', { name: /^(Accept|Decline)/ })).not.toBeInTheDocument();
    },
  );

  it('says so when a list is empty', async () => {
    vi.mocked(endpoints.swapRequests).mockResolvedValue({
      created_requests: [],
      assigned_requests: [],
      shift_requests: [],
      open_requests: [],
    });
    open();
    expect(await screen.findByText('You have not created any shift swap requests.')).toBeInTheDocument();
    expect(screen.getByText('No volunteer has asked you for a shift swap.')).toBeInTheDocument();
    expect(screen.getByText('No other volunteer is offering a shift right now.')).toBeInTheDocument();
  });

  it('deletes her open request, says so to the letter and loads the list again', async () => {
    const user = userEvent.setup();
    open();
    await user.click(await within(await screen.findByRole('table', { name: CREATED })).findByRole('button', { name: /^Delete/ }));
    expect(endpoints.deleteSwap).toHaveBeenCalledWith(71);
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(/^Successfully deleted shift swap request\.$/);
    await waitFor(() => expect(endpoints.swapRequests).toHaveBeenCalledTimes(2));
  });

  it('declines a request to her', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('table', { name: ASSIGNED });
    await user.click(within(row(ASSIGNED, 'Ivy Chen')).getByRole('button', { name: /^Decline/ }));
    expect(endpoints.declineSwap).toHaveBeenCalledWith(81);
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(SWAP_MESSAGES.declined);
    await waitFor(() => expect(endpoints.swapRequests).toHaveBeenCalledTimes(2));
  });

  it('accepts a request to her after a modal showing both shifts, then reloads her schedule and the list', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('table', { name: ASSIGNED });
    await user.click(within(row(ASSIGNED, 'Ivy Chen')).getByRole('button', { name: /^Accept/ }));
    const dialog = screen.getByRole('dialog', { name: 'Accept shift swap request' });
    const give = within(dialog).getByRole('region', { name: 'You give' });
    const take = within(dialog).getByRole('region', { name: 'You take' });
    expect(give).toHaveTextContent('Sat Aug 9th');
    expect(give).toHaveTextContent('Door Monitor');
    expect(take).toHaveTextContent('Tue Aug 12th');
    expect(take).toHaveTextContent('8:00 AM – 12:00 PM');
    expect(take).toHaveTextContent('Held byIvy Chen');
    expect(endpoints.volunteerSchedule).toHaveBeenCalledTimes(1);

    await user.click(within(dialog).getByRole('button', { name: 'Accept Swap' }));
    expect(endpoints.acceptSwap).toHaveBeenCalledWith({ shift_swap_request_id: 81 });
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(
      /^Successfully accepted shift swap request\. Please check your schedule for updates\.$/,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(endpoints.volunteerSchedule).toHaveBeenCalledTimes(2));
    expect(endpoints.swapRequests).toHaveBeenCalledTimes(2);
  });

  it("accepts another volunteer's open request by giving the shift she chooses among those that fit", async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('table', { name: OPEN });
    await user.click(within(row(OPEN, 'Finn Walsh')).getByRole('button', { name: /^Accept/ }));
    const dialog = screen.getByRole('dialog', { name: 'Accept shift swap request' });
    expect(within(dialog).getByRole('region', { name: 'You take' })).toHaveTextContent('Closing Crew');
    const choice = within(dialog).getByRole('radiogroup', { name: 'Which of your shifts do you give?' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')!.textContent),
    ).toEqual([
      'Sat Aug 9th, 9:00 AM – 1:00 PM · Door Monitor at Computer Animation History',
      'Sun Aug 10th, 9:00 AM – 1:00 PM · Runner at Registration',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Accept Swap' })).toBeDisabled();

    await user.click(within(choice).getByRole('radio', { name: /Runner/ }));
    expect(within(dialog).getByRole('region', { name: 'You give' })).toHaveTextContent('Runner');
    await user.click(within(dialog).getByRole('button', { name: 'Accept Swap' }));
    expect(endpoints.acceptSwap).toHaveBeenCalledWith({ shift_swap_request_id: 51, swapped_shift_id: 17 });
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(SWAP_MESSAGES.accepted);
  });

  it('gives the only shift that fits without asking, and can be cancelled', async () => {
    const requests = swapRequests();
    requests.open_requests[0]!.my_shift_options = [17];
    vi.mocked(endpoints.swapRequests).mockResolvedValue(requests);
    const user = userEvent.setup();
    open();
    await screen.findByRole('table', { name: OPEN });
    await user.click(within(row(OPEN, 'Finn Walsh')).getByRole('button', { name: /^Accept/ }));
    const dialog = screen.getByRole('dialog', { name: 'Accept shift swap request' });
    expect(within(dialog).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'You give' })).toHaveTextContent('Runner');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(endpoints.acceptSwap).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of an acceptance in the modal, focused, with only Close left, and loads the list again", async () => {
    vi.mocked(endpoints.acceptSwap).mockRejectedValue(new ApiError(409, 'SWAP_NOT_OPEN', 'This swap request is no longer open.'));
    const user = userEvent.setup();
    open();
    await screen.findByRole('table', { name: OPEN });
    await user.click(within(row(OPEN, 'Finn Walsh')).getByRole('button', { name: /^Accept/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: /Door Monitor/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept Swap' }));
    const refusal = await within(dialog).findByRole('alert');
    expect(refusal).toHaveTextContent('This swap request is no longer open.');
    expect(refusal).toHaveFocus();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
    expect(screen.queryByTestId('primary-alert')).not.toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Close']);
    await waitFor(() => expect(endpoints.swapRequests).toHaveBeenCalledTimes(2));
    expect(endpoints.volunteerSchedule).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a decline in the request's row, focused and dismissible", async () => {
    vi.mocked(endpoints.declineSwap).mockRejectedValue(new ApiError(409, 'SWAP_NOT_OPEN', 'This swap request is no longer open.'));
    const user = userEvent.setup();
    open();
    await screen.findByRole('table', { name: ASSIGNED });
    await user.click(within(row(ASSIGNED, 'Ivy Chen')).getByRole('button', { name: /^Decline/ }));
    const refusal = await within(row(ASSIGNED, 'Ivy Chen')).findByRole('alert');
    expect(refusal).toHaveTextContent('This swap request is no longer open.');
    expect(refusal).toHaveFocus();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
    await waitFor(() => expect(endpoints.swapRequests).toHaveBeenCalledTimes(2));
    await user.click(within(refusal).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a refusal in sight above the lists when its request is gone from them', async () => {
    vi.mocked(endpoints.deleteSwap).mockRejectedValue(new ApiError(409, 'SWAP_NOT_OPEN', 'This swap request is no longer open.'));
    const user = userEvent.setup();
    open();
    await screen.findByRole('table', { name: CREATED });
    // Deleted meanwhile in another tab: the list loaded again no longer holds it.
    vi.mocked(endpoints.swapRequests).mockResolvedValue(swapRequests({ created_requests: swapRequests().created_requests.slice(1) }));
    await user.click(within(row(CREATED, 'Eve Stone')).getByRole('button', { name: /^Delete/ }));
    await waitFor(() => expect(screen.queryByText('Eve Stone')).not.toBeInTheDocument());
    const refusal = screen.getByRole('alert');
    expect(refusal).toHaveTextContent('This swap request is no longer open.');
    await waitFor(() => expect(refusal).toHaveFocus());
  });

  it("shows the server's reason as a page when it refuses the list", async () => {
    vi.mocked(endpoints.swapRequests).mockRejectedValue(new ApiError(403, 'FORBIDDEN', SWAP_MESSAGES.disabled));
    open();
    expect(await screen.findByText(SWAP_MESSAGES.disabled)).toBeInTheDocument();
    expect(screen.getByText('Your swap requests cannot be shown')).toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
  });
});
