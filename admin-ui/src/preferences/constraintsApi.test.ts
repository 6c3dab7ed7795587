import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { constraintsResource } from './constraintsApi';

// A volunteer's availability against a stubbed fetch: read by user id as a record with that id, replaced whole.

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

const answered = { userId: 42, unavailable: [], maxHoursPerDay: 8, minRestMinutes: 30 };

describe("a volunteer's availability", () => {
  it('is read from GET /api/admin/volunteer-constraints/{userId} as a record whose id is the user', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: answered }));
    expect(await constraintsResource.getOne('volunteer-constraints', { id: 42 })).toEqual({ data: { ...answered, id: 42 } });
    expect(lastCall().url).toBe('/api/admin/volunteer-constraints/42');
  });

  it('is replaced whole with PUT, unchanged fields included and nothing else', async () => {
    const unavailable = [{ start: '2026-08-10T16:00:00.000Z', end: '2026-08-10T20:00:00.000Z', reason: 'Talk' }];
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { ...answered, unavailable } }));
    const { data } = await constraintsResource.update('volunteer-constraints', {
      id: 42,
      data: { id: 42, userId: 42, name: 'Ann', unavailable, maxHoursPerDay: 8, minRestMinutes: 30 },
      previousData: { id: 42, userId: 42, name: 'Ann', unavailable: [], maxHoursPerDay: 8, minRestMinutes: 30 },
    });
    expect(lastCall()).toEqual({
      url: '/api/admin/volunteer-constraints/42',
      method: 'PUT',
      body: { unavailable, maxHoursPerDay: 8, minRestMinutes: 30 },
    });
    expect(data).toMatchObject({ id: 42, unavailable });
  });

  it("rejects with the server's message on a refused change (400)", async () => {
    fetchMock.mockImplementation(() => answer(400, { success: false, data: { message: 'maxHoursPerDay must be at most 12.' } }));
    await expect(
      constraintsResource.update('volunteer-constraints', { id: 42, data: { id: 42, maxHoursPerDay: 20 }, previousData: { id: 42 } }),
    ).rejects.toMatchObject({ status: 400, message: 'maxHoursPerDay must be at most 12.' });
  });
});
