import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { dataProvider } from '../dataProvider';
import { jobRow, jobRun } from './jobFixtures';
import { listJobs, runJob } from './jobsApi';

// The jobs calls through the panel's data provider against a stubbed fetch: paths, token, answers, refusals.

const { fetchMock, answer } = stubFetch({ storedToken: 'admin-token' });

describe('the jobs calls', () => {
  it('lists the jobs from GET /api/admin/jobs with the total from Content-Range', async () => {
    const jobs = [
      jobRow(),
      jobRow({ id: 'schedules-release', name: 'schedules-release', state: 'scheduled', runnableNow: false, lastRuns: [] }),
    ];
    fetchMock.mockImplementation(() => answer(200, jobs, { 'Content-Range': 'jobs 0-1/2' }));
    expect(await listJobs(dataProvider)).toMatchObject({ data: jobs, total: 2 });
    const [url, init] = fetchMock.mock.calls[0]!;
    const parsed = new URL(String(url), 'http://localhost');
    expect(parsed.pathname).toBe('/api/admin/jobs');
    expect(parsed.searchParams.get('range')).toBe('[0,49]');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer admin-token');
  });

  it('runs a job with POST /api/admin/jobs/{job}/run and answers the run', async () => {
    const run = jobRun({ id: 7, triggeredBy: 'manual', attempts: 2 });
    fetchMock.mockImplementation(() => answer(201, run));
    expect(await runJob(dataProvider, 'decisions-release')).toEqual(run);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/jobs/decisions-release/run');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer admin-token');
  });

  it("rejects with the server's message when the job cannot run now", async () => {
    fetchMock.mockImplementation(() =>
      answer(409, { message: 'Schedules released is not due until 2026-08-05T22:00:00.000Z; it runs by itself then.' }),
    );
    await expect(runJob(dataProvider, 'schedules-release')).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('is not due until'),
    });
    fetchMock.mockImplementation(() => answer(403, { message: 'Only administrators can do this.' }));
    await expect(runJob(dataProvider, 'schedules-release')).rejects.toMatchObject({
      status: 403,
      message: 'Only administrators can do this.',
    });
  });
});
