import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { proposalsApi } from './proposalsApi';

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

describe("a shift proposal's calls", () => {
  it('accepts with POST /api/admin/shift-proposals/{id}/accept, with no body unless as an exception with its reason', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { id: 3, status: 'accepted' } }));
    expect(await proposalsApi.acceptShiftProposal(3)).toEqual({ data: { id: 3, status: 'accepted' } });
    expect(lastCall()).toEqual({ url: '/api/admin/shift-proposals/3/accept', method: 'POST', body: undefined });
    await proposalsApi.acceptShiftProposal(3, 'Only Spanish speaker');
    expect(lastCall().body).toEqual({ exceptionReason: 'Only Spanish speaker' });
  });

  it('declines with POST …/{id}/decline, and a refusal keeps its message', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { id: 3, status: 'declined' } }));
    expect(await proposalsApi.declineShiftProposal(3)).toEqual({ data: { id: 3, status: 'declined' } });
    expect(lastCall()).toMatchObject({ url: '/api/admin/shift-proposals/3/decline', method: 'POST' });
    fetchMock.mockImplementation(() => answer(409, { success: false, data: { message: 'This proposal was already answered.' } }));
    await expect(proposalsApi.declineShiftProposal(3)).rejects.toMatchObject({
      status: 409,
      message: 'This proposal was already answered.',
    });
  });
});
