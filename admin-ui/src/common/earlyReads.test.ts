// @vitest-environment jsdom
import { jsonResponse, stubFetch } from '@svp/ui-test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { rememberReadingEdition } from '../editions/readingEdition';
import { dashboardApi } from '../dashboard/dashboardApi';
import { DASHBOARD_READS, startEarlyReads, takeEarlyRead } from './earlyReads';
import { TOKEN_KEY } from './storedKeys';

// The dashboard's reads asked for before the panel has loaded: the page's own call gets that answer instead of asking
// again, once, with the same errors; nothing is asked for without a session or while an earlier edition is read.

const { fetchMock } = stubFetch();
const statistics = { total: 12, completed: 5 };

beforeEach(() => {
  localStorage.clear();
  rememberReadingEdition(null);
  for (const url of DASHBOARD_READS) takeEarlyRead(url, null);
});

describe('the early reads', () => {
  it("answer the dashboard's first call with the answer already asked for, with the token, and only once", async () => {
    localStorage.setItem(TOKEN_KEY, 'admin-token');
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { success: true, data: statistics })));
    startEarlyReads(['/api/application/statistics']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]![1]?.headers).get('Authorization')).toBe('Bearer admin-token');

    expect(await dashboardApi.statistics()).toEqual({ data: statistics });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A refresh asks the server again.
    expect(await dashboardApi.statistics()).toEqual({ data: statistics });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("reject as the page's own call would: the server's refusal with its message and status", async () => {
    localStorage.setItem(TOKEN_KEY, 'admin-token');
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(401, { message: 'Please sign in to continue.', err: 'UNAUTHENTICATED' })),
    );
    startEarlyReads(['/api/application/statistics']);
    await expect(dashboardApi.statistics()).rejects.toMatchObject({ status: 401, message: 'Please sign in to continue.' });
  });

  it('say the kept sentence when the network was gone', async () => {
    localStorage.setItem(TOKEN_KEY, 'admin-token');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    startEarlyReads(['/api/application/statistics']);
    await expect(dashboardApi.statistics()).rejects.toThrow('Unable to complete request. If this continues to persist, email');
  });

  it('are not made without a session, nor while an earlier edition is read', () => {
    startEarlyReads(DASHBOARD_READS);
    localStorage.setItem(TOKEN_KEY, 'admin-token');
    rememberReadingEdition({ id: 1, name: 'SIGGRAPH 2025' });
    startEarlyReads(DASHBOARD_READS);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are not used by a session other than the one that asked', async () => {
    localStorage.setItem(TOKEN_KEY, 'old-token');
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, { success: true, data: statistics })));
    startEarlyReads(['/api/application/statistics']);
    localStorage.setItem(TOKEN_KEY, 'new-token');
    await dashboardApi.statistics();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get('Authorization')).toBe('Bearer new-token');
  });
});
