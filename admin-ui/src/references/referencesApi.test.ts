import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { referencesApi } from './referencesApi';

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

describe("a reference's calls", () => {
  it('sends again with POST /api/admin/references/{id}/resend and withdraws with …/withdraw', async () => {
    fetchMock.mockImplementation(() => answer(200, { id: 8, status: 'requested' }));
    expect(await referencesApi.resendReference(8)).toEqual({ data: { id: 8, status: 'requested' } });
    expect(lastCall()).toMatchObject({ url: '/api/admin/references/8/resend', method: 'POST' });
    await referencesApi.withdrawReference(8);
    expect(lastCall()).toMatchObject({ url: '/api/admin/references/8/withdraw', method: 'POST' });
  });

  it("rejects with the server's message once the reference is answered (409)", async () => {
    fetchMock.mockImplementation(() => answer(409, { message: 'This reference was already given.', err: 'CONFLICT' }));
    await expect(referencesApi.resendReference(8)).rejects.toMatchObject({ status: 409, message: 'This reference was already given.' });
  });
});
