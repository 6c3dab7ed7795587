import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { scheduleApi } from './scheduleApi';

// The schedule's calls outside the REST contract against a stubbed fetch: the import's dry and real runs, a refused
// import read like a dry run, and a shift's candidates.

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

describe('the schedule import', () => {
  it('POSTs the CSV to /api/admin/schedule-import/{kind}?dryRun= and answers the result', async () => {
    const result = { dryRun: true, rows: 2, valid: 2, errors: [], created: 0 };
    fetchMock.mockImplementation(() => answer(200, { success: true, data: result }));
    expect(await scheduleApi.scheduleImport('shifts', 'a,b\n1,2\n3,4', true)).toEqual({ data: result });
    expect(lastCall()).toEqual({ url: '/api/admin/schedule-import/shifts?dryRun=true', method: 'POST', body: { csv: 'a,b\n1,2\n3,4' } });
  });

  it('reads a refused import (400) as the list of its bad rows, nothing created', async () => {
    const errors = [{ row: 3, message: 'The venue "Hall Z" does not exist.' }];
    fetchMock.mockImplementation(() => answer(400, { message: 'Some rows have problems.', errors, rows: 4, valid: 3 }));
    expect(await scheduleApi.scheduleImport('shifts', 'csv', false)).toEqual({
      data: { dryRun: false, rows: 4, valid: 3, errors, created: 0 },
    });
  });

  it('rejects any other refusal as the server put it', async () => {
    fetchMock.mockImplementation(() => answer(403, { message: 'Administrators only.' }));
    await expect(scheduleApi.scheduleImport('assignments', 'csv', true)).rejects.toMatchObject({
      status: 403,
      message: 'Administrators only.',
    });
  });
});

describe("a shift's candidates", () => {
  it('are read from GET /api/admin/shifts/{id}/candidates', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { shiftId: 9, candidates: [] } }));
    expect(await scheduleApi.shiftCandidates(9)).toEqual({ data: { shiftId: 9, candidates: [] } });
    expect(lastCall().url).toBe('/api/admin/shifts/9/candidates');
  });
});
