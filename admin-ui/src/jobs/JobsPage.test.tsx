// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type DataProvider, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jobRow, jobRun } from './jobFixtures';
import { JobsPage } from './JobsPage';
import type { JobRow } from './types';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderPage(jobs: JobRow[], create: DataProvider['create']) {
  const getList = vi.fn(async () => ({ data: jobs, total: jobs.length }));
  const dataProvider = { getList, create } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider}>
      <JobsPage />
      <Notification />
    </AdminContext>,
  );
  return { getList };
}

const jobs = [
  jobRow(),
  jobRow({
    id: 'confirmation-deadline',
    name: 'confirmation-deadline',
    title: 'Confirmation deadline',
    manualRun: false,
    runnableNow: false,
    state: 'failed',
    lastRuns: [
      jobRun({
        id: 2,
        job: 'confirmation-deadline',
        outcome: 'failed',
        counts: { declined: 2, mailsOwed: 2, mailsSent: 1, mailsPending: 1 },
        message: '1 email was refused by the mail server (Connection lost); 1 still to send.',
      }),
    ],
  }),
  jobRow({
    id: 'schedules-release',
    name: 'schedules-release',
    title: 'Schedules released',
    runnableNow: false,
    state: 'scheduled',
    dueAt: '2026-08-05T22:00:00.000Z',
    nextDueAt: '2026-08-05T22:00:00.000Z',
    lastRuns: [],
  }),
];

describe('JobsPage', () => {
  it('shows each job with its date, state and runs, and what each run did', async () => {
    renderPage(jobs, vi.fn());
    const decisions = await screen.findByTestId('job-decisions-release');
    expect(within(decisions).getByText('Decisions released · 21 May 2026 at 19:00 UTC')).toBeTruthy();
    expect(within(decisions).getByText('Done this edition')).toBeTruthy();
    expect(within(decisions).getByText('2 offered · 1 waitlisted · 3 rejected · 0 not decided yet · 6 of 6 emails sent')).toBeTruthy();

    const deadline = screen.getByTestId('job-confirmation-deadline');
    expect(within(deadline).getByText('Failed, will retry')).toBeTruthy();
    expect(within(deadline).getByText(/refused by the mail server/)).toBeTruthy();
    expect(within(deadline).getByText('This job runs only on its schedule.')).toBeTruthy();
    expect(within(deadline).queryByRole('button', { name: 'Run now' })).toBeNull();

    const schedules = screen.getByTestId('job-schedules-release');
    expect(within(schedules).getByText('It has not run yet.')).toBeTruthy();
    expect((within(schedules).getByRole('button', { name: 'Run now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('runs a job after asking, says how it went and reloads the list', async () => {
    const user = userEvent.setup();
    const create = vi.fn(async () => ({
      data: jobRun({ id: 9, triggeredBy: 'manual', attempts: 2, counts: { rejected: 1, mailsOwed: 2, mailsSent: 2 } }),
    }));
    const { getList } = renderPage(jobs, create as unknown as DataProvider['create']);
    const decisions = await screen.findByTestId('job-decisions-release');
    await user.click(within(decisions).getByRole('button', { name: 'Run now' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Run "Decisions released" now?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Run now' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('jobs/decisions-release/run', { data: {} }));
    expect(await screen.findByText('Decisions released: done (1 rejected, 2 of 2 emails sent).')).toBeTruthy();
    await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(1));
  });

  it("shows the server's refusal", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const create = vi.fn(async () => {
      throw new Error('Decisions released is running now (since 2026-05-21T19:00:01.000Z). Try again when it has finished.');
    });
    renderPage(jobs, create as unknown as DataProvider['create']);
    const decisions = await screen.findByTestId('job-decisions-release');
    await user.click(within(decisions).getByRole('button', { name: 'Run now' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run now' }));
    expect(
      await screen.findByText('Decisions released is running now (since 2026-05-21T19:00:01.000Z). Try again when it has finished.'),
    ).toBeTruthy();
    expect(create).toHaveBeenCalledTimes(1);
  });
});
