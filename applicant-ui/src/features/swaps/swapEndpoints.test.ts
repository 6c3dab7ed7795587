import { stubFetch } from '@svp/ui-test-kit';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { mondayShifts, swapRequests } from './swapFixtures';

// The swap calls against a stubbed fetch: paths, method, body and the envelope unwrapped.

const { fetchMock, answer, lastCall } = stubFetch();

describe('the swap endpoints', () => {
  it('GET /api/schedule/swap/{username} and /api/schedule/shifts/{day}', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: swapRequests() }));
    expect((await endpoints.swapRequests('c8a1')).open_requests[0]!.my_shift_options).toEqual([14, 17]);
    expect(lastCall()).toMatchObject({ url: '/api/schedule/swap/c8a1', method: 'GET' });
    fetchMock.mockImplementation(() => answer(200, { success: true, data: mondayShifts() }));
    expect((await endpoints.shiftsOfDay('2025-08-11')).shifts[0]!.studentVolunteers[0]).toMatchObject({
      sv_id: 'SV13',
      my_shift_options: [18],
    });
    expect(lastCall().url).toBe('/api/schedule/shifts/2025-08-11');
  });

  it('POST create (open and directed), accept, decline and delete with the contract bodies', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: {}, message: 'ok' }));
    await endpoints.createSwap({ shift_id: 14 });
    expect(lastCall()).toEqual({ url: '/api/schedule/swap/create', method: 'POST', body: { shift_id: 14 } });
    await endpoints.createSwap({ shift_id: 14, swapped_shift_id: 32, swapped_svid: 'SV9' });
    expect(lastCall().body).toEqual({ shift_id: 14, swapped_shift_id: 32, swapped_svid: 'SV9' });
    await endpoints.acceptSwap({ shift_swap_request_id: 51, swapped_shift_id: 17 });
    expect(lastCall()).toEqual({
      url: '/api/schedule/swap/accept',
      method: 'POST',
      body: { shift_swap_request_id: 51, swapped_shift_id: 17 },
    });
    await endpoints.declineSwap(81);
    expect(lastCall()).toEqual({ url: '/api/schedule/swap/decline', method: 'POST', body: { shift_swap_request_id: 81 } });
    await endpoints.deleteSwap(71);
    expect(lastCall()).toEqual({ url: '/api/schedule/swap/delete', method: 'POST', body: { shift_swap_request_id: 71 } });
  });

  it("turns a 409 into an ApiError with the server's message, wherever the envelope puts it", async () => {
    fetchMock.mockImplementation(() =>
      answer(409, { success: false, data: { message: 'This swap request is no longer open.', err: 'CONFLICT' } }),
    );
    expect(await endpoints.acceptSwap({ shift_swap_request_id: 51, swapped_shift_id: 14 }).catch((e: unknown) => e)).toMatchObject({
      status: 409,
      message: 'This swap request is no longer open.',
    });
    fetchMock.mockImplementation(() => answer(409, { success: false, message: 'This swap request is no longer open.' }));
    const refusal = await endpoints.deleteSwap(71).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ status: 409, message: 'This swap request is no longer open.' });
  });
});
