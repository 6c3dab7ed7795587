import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { answerRowsOfFilteredIds, filterOf } from '../testing/fetchMock';
import { applicationsApi } from './applicationsApi';

// The applications' calls outside the REST contract against a stubbed fetch.

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

describe("the applications' calls", () => {
  it("finds a user's application by username with GET /api/application/{username}", async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { id: 7, status: 'submitted' } }));
    expect(await applicationsApi.applicationIdByUsername('ann lee')).toEqual({ data: { id: 7 } });
    expect(lastCall().url).toBe('/api/application/ann%20lee');
  });

  it("rejects with the kept envelope's message when there is no such application (404)", async () => {
    fetchMock.mockImplementation(() => answer(404, { success: false, data: { message: 'No application for that user.' } }));
    await expect(applicationsApi.applicationIdByUsername('nobody')).rejects.toMatchObject({
      status: 404,
      message: 'No application for that user.',
    });
  });

  it('reads 250 rows by id in three lists of at most a hundred ids, every row answered', async () => {
    const ids = Array.from({ length: 250 }, (_, i) => i + 1);
    fetchMock.mockImplementation(answerRowsOfFilteredIds('applications'));
    const { data } = await applicationsApi.applicationsByIds(ids);
    expect(data.map((row) => row.id)).toEqual(ids);
    expect(fetchMock.mock.calls.map(([url]) => filterOf(url).id.length)).toEqual([100, 100, 50]);
  });

  it('sets one status on many with POST /api/admin/applications/status and answers each outcome', async () => {
    const result = { updated: 2, outcomes: [] };
    fetchMock.mockImplementation(() => answer(200, result));
    const request = { ids: [1, 2], status: 'accepted' } as never;
    expect(await applicationsApi.setStatusOfMany(request)).toEqual({ data: result });
    expect(lastCall()).toEqual({ url: '/api/admin/applications/status', method: 'POST', body: request });
  });

  it("reads a proof of enrollment, an earlier edition's with ?edition=", async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { url: '/files/a.pdf' } }));
    expect(await applicationsApi.proofFile('sv/12')).toEqual({ data: { url: '/files/a.pdf' } });
    expect(lastCall().url).toBe('/api/files/sv%2F12');
    await applicationsApi.proofFile('sv/12', 3);
    expect(lastCall().url).toBe('/api/files/sv%2F12?edition=3');
  });
});
