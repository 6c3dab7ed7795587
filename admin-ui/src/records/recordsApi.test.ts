import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { recordsApi } from './recordsApi';

// The live board's and the reports' calls against a stubbed fetch.

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

const rangeOf = (url: unknown) => new URL(String(url), 'http://x').searchParams.get('range');

describe("the records' calls", () => {
  it('reads the live board from GET /api/schedule/board', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { shifts: [] } }));
    expect(await recordsApi.liveBoard()).toEqual({ data: { shifts: [] } });
    expect(lastCall().url).toBe('/api/schedule/board');
  });

  it('reads every venue-day of the venue report, a page of 200 at a time', async () => {
    const rows = Array.from({ length: 230 }, (_, i) => ({ id: `${i + 1}` }));
    fetchMock.mockImplementation((url) => {
      const [from, to] = JSON.parse(rangeOf(url)!) as [number, number];
      const page = rows.slice(from, to + 1);
      return answer(200, page, { 'Content-Range': `reports/venues ${from}-${from + page.length - 1}/${rows.length}` });
    });
    expect((await recordsApi.venueReport()).data).toEqual(rows);
    expect(fetchMock.mock.calls.map(([url]) => rangeOf(url))).toEqual(['[0,199]', '[200,399]']);
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://x').pathname).toBe('/api/admin/reports/venues');
  });

  it('reads the logistics report from GET /api/admin/reports/logistics', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { totals: {} } }));
    expect(await recordsApi.logisticsReport()).toEqual({ data: { totals: {} } });
    expect(lastCall().url).toBe('/api/admin/reports/logistics');
  });
});
