import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { dashboardApi } from './dashboardApi';

// The dashboard's calls against a stubbed fetch: the addresses, the token, the envelope unwrapped, the server's refusal.

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

describe("the dashboard's calls", () => {
  it('reads the statistics from GET /api/application/statistics, out of their envelope, with the token', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { total: 12, completed: 5 } }));
    expect(await dashboardApi.statistics()).toEqual({ data: { total: 12, completed: 5 } });
    expect(lastCall()).toMatchObject({ url: '/api/application/statistics', method: undefined });
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer admin-token');
  });

  it('reads the comparison with last year from GET /api/admin/statistics/comparison', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { current: { total: 3 }, previous: null } }));
    expect(await dashboardApi.editionComparison()).toEqual({ data: { current: { total: 3 }, previous: null } });
    expect(lastCall().url).toBe('/api/admin/statistics/comparison');
  });

  it('rejects with the message the kept envelope carries in data.message', async () => {
    fetchMock.mockImplementation(() => answer(403, { success: false, data: { message: 'Administrators only.' } }));
    await expect(dashboardApi.statistics()).rejects.toMatchObject({ status: 403, message: 'Administrators only.' });
  });
});
