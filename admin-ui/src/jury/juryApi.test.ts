import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { juryApi } from './juryApi';

// The jury's kept routes against a stubbed fetch: addresses, bodies, the envelope unwrapped and its refusals.

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

describe("the jury's calls", () => {
  it('previews an assignment with GET /api/jury/preview?TLsPerApp=', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { applications: 10, teamLeaders: 4 } }));
    expect(await juryApi.juryPreview(3)).toEqual({ data: { applications: 10, teamLeaders: 4 } });
    expect(lastCall().url).toBe('/api/jury/preview?TLsPerApp=3');
  });

  it('assigns with POST /api/jury/assign-jury, and a refusal reads as the envelope says', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { assigned: 30 } }));
    const request = { TLsPerApp: 3 } as never;
    expect(await juryApi.assignJury(request)).toEqual({ data: { assigned: 30 } });
    expect(lastCall()).toEqual({ url: '/api/jury/assign-jury', method: 'POST', body: { TLsPerApp: 3 } });
    fetchMock.mockImplementation(() => answer(409, { success: false, data: { message: 'Jury already assigned.' } }));
    await expect(juryApi.assignJury(request)).rejects.toMatchObject({ status: 409, message: 'Jury already assigned.' });
  });

  it('reads the statistics from GET /api/jury/statistics', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { teamLeaders: [] } }));
    expect(await juryApi.juryStatistics()).toEqual({ data: { teamLeaders: [] } });
    expect(lastCall().url).toBe('/api/jury/statistics');
  });
});
