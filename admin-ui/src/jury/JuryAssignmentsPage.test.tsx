// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, defaultI18nProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminDataProvider } from '../dataProvider';
import { publicSettings } from '../testing/fakePortal';
import { JuryAssignmentsPage } from './JuryAssignmentsPage';
import type { JuryPreview } from './types';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

// The earlier portal's defaults: 22 team leaders, 100 completed applications of which 22 are the team leaders' own.
const previewFor = (tlsPerApp: number): JuryPreview => {
  const n = Math.floor((78 * tlsPerApp) / 22);
  return {
    TLsPerApp: tlsPerApp,
    teamLeaders: 22,
    completed: 100,
    applications: 78,
    appsPerTeamLeader: n,
    maxAppsPerTeamLeader: Math.ceil((78 * tlsPerApp) / 22),
    scores: 0,
    message: `This will assign ${n} apps per TL.`,
    problem: null,
  };
};

function renderPage() {
  const juryPreview = vi.fn(async (tlsPerApp: number) => ({ data: previewFor(tlsPerApp) }));
  const assignJury = vi.fn(async () => ({ data: { message: 'Assigned.', sameSchool: 0 } }));
  const dataProvider = {
    juryPreview,
    assignJury,
    juryStatistics: async () => ({
      data: {
        overall: { teamLeaders: 22, applications: 78, assigned: 0, scored: 0 },
        teamLeaders: [],
        redFlagged: [],
        disagreements: [],
        applications: [],
      },
    }),
    publicSettings: async () => ({ data: { ...publicSettings().data, gates: { afterJuryDeadline: false, juryOpen: false } } }),
  } as unknown as AdminDataProvider;
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider}>
        <JuryAssignmentsPage />
      </AdminContext>
    </MemoryRouter>,
  );
  return { juryPreview, assignJury };
}

describe('JuryAssignmentsPage', () => {
  it('starts from the users who hold the team-leader role and shows the exact figure for them', async () => {
    renderPage();
    const teamLeaders = (await screen.findByRole('spinbutton', { name: 'Number of team leaders' })) as HTMLInputElement;
    expect(teamLeaders.value).toBe('22');
    expect((await screen.findByTestId('apps-per-tl')).textContent).toBe('This will assign 10 apps per TL.');
    expect(screen.queryByTestId('planned-team-leaders-note')).toBeNull();
  });

  it("works out another number of team leaders by the earlier portal's formula, says so, and assigns with the actual ones", async () => {
    const user = userEvent.setup();
    const { assignJury } = renderPage();
    const teamLeaders = await screen.findByRole('spinbutton', { name: 'Number of team leaders' });
    await user.clear(teamLeaders);
    await user.type(teamLeaders, '20');
    // floor((100 − 20) × 3 / 20) = 12
    expect(screen.getByTestId('apps-per-tl').textContent).toBe('This will assign 12 apps per TL.');
    expect(screen.getByTestId('planned-team-leaders-note').textContent).toContain(
      'There are 22 team leaders now, and Assign uses them: This will assign 10 apps per TL.',
    );

    const perApplication = screen.getByRole('spinbutton', { name: 'Team leaders per application' });
    await user.clear(perApplication);
    await user.type(perApplication, '2');
    // floor((100 − 20) × 2 / 20) = 8
    await waitFor(() => expect(screen.getByTestId('apps-per-tl').textContent).toBe('This will assign 8 apps per TL.'));

    await user.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm jury assignment' });
    expect(within(dialog).getByText(/goes to 2 different team leaders out of 22\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(assignJury).toHaveBeenCalledWith({ TLsPerApp: 2, reset: false }));
  });

  it('never shows more applications per team leader than the planned pool holds', async () => {
    const user = userEvent.setup();
    renderPage();
    const teamLeaders = await screen.findByRole('spinbutton', { name: 'Number of team leaders' });
    await user.clear(teamLeaders);
    await user.type(teamLeaders, '2');
    // (100 − 2) × 3 ÷ 2 would be 147, but 2 team leaders leave 98 applications to score.
    expect(screen.getByTestId('apps-per-tl').textContent).toBe('This will assign 98 apps per TL.');
  });

  it('refuses a number of team leaders that is not a whole number', async () => {
    const user = userEvent.setup();
    renderPage();
    const teamLeaders = await screen.findByRole('spinbutton', { name: 'Number of team leaders' });
    await user.clear(teamLeaders);
    expect(await screen.findByText('Enter the number of team leaders')).toBeTruthy();
    expect(screen.queryByTestId('apps-per-tl')).toBeNull();
  });
});
