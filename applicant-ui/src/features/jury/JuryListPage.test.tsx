import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { ITEM_IDS, essaysOf, listItem as item, renderJuryList, shownItems, threeItems } from './juryFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: { juryAssignments: vi.fn(), juryApplication: vi.fn(), createJuryScore: vi.fn(), updateJuryScore: vi.fn() },
}));

afterEach(() => vi.unstubAllEnvs());

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.juryAssignments).mockResolvedValue({ assignments: threeItems(), assigned: 3, scored: 1 });
  vi.mocked(endpoints.juryApplication).mockImplementation(async (id) => essaysOf(id));
});

describe('the jury list', () => {
  it("is titled 'Applications', loads the caller's own list and shows scored out of assigned", async () => {
    vi.stubEnv('TZ', 'America/Vancouver');
    renderJuryList();
    expect(screen.getByRole('heading', { level: 1, name: 'Applications' })).toBeInTheDocument();
    expect(screen.getByText('Loading list of applications...')).toBeInTheDocument();
    expect(await screen.findByText('1 / 3 scored')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '1 / 3 scored' })).toHaveAttribute('aria-valuenow', '33');
    expect(endpoints.juryAssignments).toHaveBeenCalledWith(7);
    expect(screen.getByText('Scores can be saved until February 3rd 22:00 PST.')).toBeInTheDocument();
  });

  it("shows each item as 'Application {n}' with its scores, or a 'Not Scored' badge", async () => {
    renderJuryList();
    await screen.findByText('1 / 3 scored');
    expect(shownItems()).toEqual(['Application 1', 'Application 2', 'Application 3']);
    const first = item(1);
    for (const text of ['Essay 1: 4', 'Essay 2: 3', 'Essay 3: 5', 'Overall: Yes', 'Red Flag: No'])
      expect(within(first).getByText(text)).toBeInTheDocument();
    expect(within(first).queryByText('Not Scored')).not.toBeInTheDocument();
    expect(within(item(2)).getByText('Not Scored')).toBeInTheDocument();
    expect(within(item(3)).getByText('Not Scored')).toBeInTheDocument();
  });

  it('filters All / Scored / Unscored, keeping the numbers of the whole list', async () => {
    const user = userEvent.setup();
    renderJuryList();
    await screen.findByText('1 / 3 scored');
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Scored' }));
    expect(screen.getByRole('button', { name: 'Scored' })).toHaveAttribute('aria-pressed', 'true');
    expect(shownItems()).toEqual(['Application 1']);

    await user.click(screen.getByRole('button', { name: 'Unscored' }));
    expect(shownItems()).toEqual(['Application 2', 'Application 3']);
    expect(screen.queryByText('Essay 1: 4')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(shownItems()).toEqual(['Application 1', 'Application 2', 'Application 3']);
    // Choosing the chosen filter again keeps it.
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says so when a filter leaves nothing, and when nothing is assigned', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.juryAssignments).mockResolvedValue({ assignments: threeItems().slice(1), assigned: 2, scored: 0 });
    renderJuryList();
    await screen.findByText('0 / 2 scored');
    await user.click(screen.getByRole('button', { name: 'Scored' }));
    expect(screen.getByText('You have not scored any application yet.')).toBeInTheDocument();
  });

  it('tells a team leader with no assignments', async () => {
    vi.mocked(endpoints.juryAssignments).mockResolvedValue({ assignments: [], assigned: 0, scored: 0 });
    renderJuryList();
    expect(await screen.findByText('No applications have been assigned to you yet.')).toBeInTheDocument();
    expect(screen.getByText('0 / 0 scored')).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded", async () => {
    vi.mocked(endpoints.juryAssignments).mockRejectedValueOnce(new ApiError(403, 'FORBIDDEN', 'Your role does not allow this.'));
    renderJuryList();
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Your role does not allow this.');
    vi.mocked(endpoints.juryAssignments).mockResolvedValueOnce({ assignments: threeItems(), assigned: 3, scored: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 / 3 scored')).toBeInTheDocument();
  });

  it('sends someone who is not a team leader to the dashboard', () => {
    renderJuryList({ isTeamLeader: false });
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard');
    expect(endpoints.juryAssignments).not.toHaveBeenCalled();
  });

  it('says when the jury opens, and shows the list before then', async () => {
    renderJuryList({ phase: 'beforeRelease' });
    // The release is half a day after noon on 1 February, local time, in whatever zone the tests run in.
    expect(screen.getByText(/^Jury scoring opens on February 2nd 00:00 [A-Z][A-Za-z0-9+:-]*\.$/)).toBeInTheDocument();
    await screen.findByText('1 / 3 scored');
  });

  it('shows that the jury has closed, and no list, once the server closes it after the deadline', async () => {
    vi.mocked(endpoints.juryAssignments).mockRejectedValue(
      new ApiError(409, 'DEADLINE_PASSED', 'The jury deadline has passed; the list of applications is closed.'),
    );
    renderJuryList({ phase: 'afterDeadline' });
    const closed = await screen.findByTestId('jury-closed');
    expect(closed).toHaveTextContent('The jury has closed');
    expect(closed).toHaveTextContent('The jury deadline has passed; the list of applications is closed.');
    expect(screen.queryByText('Loading list of applications...')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Assigned applications' })).not.toBeInTheDocument();
    expect(screen.queryByText(/scored$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
  });

  it('keeps the items by their opaque ids, which ask for the essays', async () => {
    renderJuryList();
    await screen.findByText('1 / 3 scored');
    await userEvent.click(item(2));
    expect(await screen.findByText('Essay one of applicant 102.')).toBeInTheDocument();
    expect(endpoints.juryApplication).toHaveBeenCalledWith(ITEM_IDS[102]);
  });
});
