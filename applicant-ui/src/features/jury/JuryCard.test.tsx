import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { applicationRecord, profileUser } from '../../test/kit/records';
import { renderPage } from '../../test/kit/renderPage';
import { publicSettings } from '../../test/kit/settings';
import { DashboardPage } from '../dashboard/DashboardPage';
import { NOW, juryItem, juryTimeline, threeItems } from './juryFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { application: vi.fn(), decline: vi.fn(), juryAssignments: vi.fn() } }));

function dashboard({ isTeamLeader = true, phase = 'open' as Parameters<typeof juryTimeline>[0] } = {}) {
  return renderPage(<DashboardPage />, {
    path: '/dashboard',
    settings: publicSettings(juryTimeline(phase), NOW),
    now: NOW,
    profile: profileUser(),
    application: applicationRecord({ completed: true, progress: 100 }),
    isTeamLeader,
  });
}

const assignments = (items = threeItems()) => ({
  assignments: items,
  assigned: items.length,
  scored: items.filter((i) => i.score_id !== null).length,
});

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllEnvs());

describe('the jury card on the dashboard', () => {
  it(
    "shows a team leader the deadline in local time ('MMMM Do HH:mm') with its zone, the numbers assigned and scored, and 'View " +
      "Applications'",
    async () => {
      vi.stubEnv('TZ', 'America/Vancouver');
      vi.mocked(endpoints.juryAssignments).mockResolvedValue(assignments());
      dashboard();
      const card = screen.getByTestId('jury-card');
      expect(within(card).getByRole('heading', { level: 2, name: 'Jury' })).toBeInTheDocument();
      // The deadline is 3 February 2026 22:00 in the browser's zone, here Vancouver's.
      expect(within(card).getByText('Deadline').nextElementSibling).toHaveTextContent(/^February 3rd 22:00 PST$/);
      expect(await within(card).findByText('Assigned')).toBeInTheDocument();
      expect(within(card).getByText('Assigned').nextElementSibling).toHaveTextContent(/^3$/);
      expect(within(card).getByText('Scored').nextElementSibling).toHaveTextContent(/^1$/);
      expect(within(card).getByRole('link', { name: 'View Applications' })).toHaveAttribute('href', '/jury/view');
      expect(endpoints.juryAssignments).toHaveBeenCalledWith(7);
    },
  );

  it('counts an empty assignment as nothing assigned', async () => {
    vi.mocked(endpoints.juryAssignments).mockResolvedValue(assignments([]));
    dashboard();
    const card = screen.getByTestId('jury-card');
    expect(await within(card).findByText('Assigned')).toBeInTheDocument();
    expect(within(card).getByText('Assigned').nextElementSibling).toHaveTextContent(/^0$/);
    expect(within(card).getByText('Scored').nextElementSibling).toHaveTextContent(/^0$/);
  });

  it('is not shown to a volunteer who is not a team leader', () => {
    dashboard({ isTeamLeader: false });
    expect(screen.queryByTestId('jury-card')).not.toBeInTheDocument();
    expect(endpoints.juryAssignments).not.toHaveBeenCalled();
  });

  it('is not shown before the jury release or after the jury deadline', () => {
    dashboard({ phase: 'beforeRelease' }).unmount();
    expect(screen.queryByTestId('jury-card')).not.toBeInTheDocument();
    dashboard({ phase: 'afterDeadline' });
    expect(screen.queryByTestId('jury-card')).not.toBeInTheDocument();
    expect(endpoints.juryAssignments).not.toHaveBeenCalled();
  });

  it('says the list has closed when the server has passed the jury deadline', async () => {
    vi.mocked(endpoints.juryAssignments).mockRejectedValueOnce(
      new ApiError(409, 'DEADLINE_PASSED', 'The jury deadline has passed; the list of applications is closed.'),
    );
    dashboard();
    const card = screen.getByTestId('jury-card');
    expect(await within(card).findByText('The jury deadline has passed; the list of applications is closed.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(within(card).queryByText('Assigned')).not.toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded, and can try again", async () => {
    vi.mocked(endpoints.juryAssignments).mockRejectedValueOnce(new ApiError(403, 'FORBIDDEN', 'Your role does not allow this.'));
    dashboard();
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Your role does not allow this.');
    vi.mocked(endpoints.juryAssignments).mockResolvedValueOnce(
      assignments([juryItem('Zq9-Lm2_Xr7TbN4wVc1aEe', { score_id: 1, essay1: 1, essay2: 1, essay3: 1, overall: 0, red_flag: 0 })]),
    );
    await userEvent.click(within(screen.getByTestId('jury-card')).getByRole('button', { name: 'Try again' }));
    const card = screen.getByTestId('jury-card');
    expect(await within(card).findByText('Assigned')).toBeInTheDocument();
    expect(within(card).getByText('Scored').nextElementSibling).toHaveTextContent(/^1$/);
  });
});
