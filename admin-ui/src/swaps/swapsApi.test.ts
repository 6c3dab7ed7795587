import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { swapsApi } from './swapsApi';
import { swapRow } from './swapFixtures';

// The cancel call against a stubbed fetch: path, method, token, the row answered, and the server's refusal.

const { fetchMock, answer } = stubFetch({ storedToken: 'admin-token' });

describe('cancelling a shift swap request', () => {
  it('POSTs /api/admin/shift-swaps/{id}/cancel with the token and answers the closed row', async () => {
    const closed = swapRow({ status: false, closed_reason: 'cancelled', closed_at: '2025-08-09T17:00:00.000Z' });
    fetchMock.mockImplementation(() => answer(200, closed));
    expect(await swapsApi.cancelShiftSwap(5)).toEqual({ data: closed });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/admin/shift-swaps/5/cancel');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer admin-token');
  });

  it("rejects with the server's message when the request is no longer open (409)", async () => {
    fetchMock.mockImplementation(() => answer(409, { message: 'This swap request is no longer open.', err: 'CONFLICT' }));
    await expect(swapsApi.cancelShiftSwap(5)).rejects.toMatchObject({ status: 409, message: 'This swap request is no longer open.' });
  });
});
