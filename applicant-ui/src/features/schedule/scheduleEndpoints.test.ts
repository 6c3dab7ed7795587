import { stubFetch } from '@svp/ui-test-kit';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { shiftDetail, volunteerSchedule } from './scheduleFixtures';

// The schedule calls against a stubbed fetch: paths, method, body and the envelope unwrapped.

const { fetchMock, answer, lastCall } = stubFetch();

describe('the schedule endpoints', () => {
  it('GET /api/schedule/{id}, /api/schedule/tl/{id} and /api/schedule/shift/{id}', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: volunteerSchedule() }));
    expect((await endpoints.volunteerSchedule(7)).hours).toBe(15);
    expect(lastCall()).toMatchObject({ url: '/api/schedule/7', method: 'GET' });
    await endpoints.teamLeaderSchedule(9);
    expect(lastCall().url).toBe('/api/schedule/tl/9');
    fetchMock.mockImplementation(() => answer(200, { success: true, data: shiftDetail() }));
    expect((await endpoints.shiftDetail(21)).shift.studentVolunteers).toHaveLength(2);
    expect(lastCall().url).toBe('/api/schedule/shift/21');
  });

  it('GET /api/schedule/board', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { now: '2025-08-09T15:30:00.000Z', shifts: [] } }));
    expect(await endpoints.scheduleBoard()).toEqual({ now: '2025-08-09T15:30:00.000Z', shifts: [] });
    expect(lastCall()).toMatchObject({ url: '/api/schedule/board', method: 'GET' });
  });

  it('POST /api/schedule/pr with { performance_records }', async () => {
    fetchMock.mockImplementation(() =>
      answer(200, { success: true, data: { message: 'Performance records saved', performance_records: [] } }),
    );
    const record = {
      id: null,
      shift_id: 21,
      student_volunteer_id: 8,
      check_in: true,
      check_out: false,
      rating: 4,
      notes: 'Helpful.',
      version: 0,
    };
    expect((await endpoints.savePerformanceRecords([record])).message).toBe('Performance records saved');
    expect(lastCall()).toEqual({ url: '/api/schedule/pr', method: 'POST', body: { performance_records: [record] } });
  });

  it("turns a refusal into an ApiError with the server's status and message", async () => {
    fetchMock.mockImplementation(() =>
      answer(403, { success: false, data: { message: 'Schedules are for confirmed volunteers and team leaders.', err: 'FORBIDDEN' } }),
    );
    const refusal = await endpoints.volunteerSchedule(7).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 403, message: 'Schedules are for confirmed volunteers and team leaders.' });
  });
});
