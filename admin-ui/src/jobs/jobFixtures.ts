import type { JobRow, JobRunRow } from './types';

export function jobRun(overrides: Partial<JobRunRow> = {}): JobRunRow {
  return {
    id: 1,
    job: 'decisions-release',
    edition: '2026',
    slot: '2026-05-21T19:00:00.000Z',
    dueAt: '2026-05-21T19:00:00.000Z',
    triggeredBy: 'schedule',
    outcome: 'succeeded',
    attempts: 1,
    startedAt: '2026-05-21T19:00:01.000Z',
    finishedAt: '2026-05-21T19:00:09.000Z',
    counts: { offered: 2, waitlisted: 1, rejected: 3, undecided: 0, mailsOwed: 6, mailsSent: 6, mailsPending: 0, mailsUncertain: 0 },
    message: null,
    ...overrides,
  };
}

export function jobRow(overrides: Partial<JobRow> = {}): JobRow {
  return {
    id: 'decisions-release',
    name: 'decisions-release',
    title: 'Decisions released',
    description: 'Emails every submitted applicant the decision on their application, once.',
    anchor: 'acceptanceDate',
    anchorLabel: 'Decisions released',
    manualRun: true,
    runnableNow: true,
    edition: '2026',
    dueAt: '2026-05-21T19:00:00.000Z',
    nextDueAt: null,
    state: 'done',
    lastRuns: [jobRun()],
    ...overrides,
  };
}
