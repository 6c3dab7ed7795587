import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { rostersApi } from './rostersApi';

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

describe("a venue-day's roster", () => {
  it('is read from GET /api/schedule/roster?venueId=&day=', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { venue: { id: 3 }, shifts: [] } }));
    expect(await rostersApi.venueDayRoster(3, '2026-08-10')).toEqual({ data: { venue: { id: 3 }, shifts: [] } });
    expect(lastCall().url).toBe('/api/schedule/roster?venueId=3&day=2026-08-10');
  });

  it("rejects with the envelope's message on a bad day (400)", async () => {
    fetchMock.mockImplementation(() => answer(400, { success: false, data: { message: 'day must be a date like 2026-08-10.' } }));
    await expect(rostersApi.venueDayRoster(3, 'Monday')).rejects.toMatchObject({
      status: 400,
      message: 'day must be a date like 2026-08-10.',
    });
  });
});
