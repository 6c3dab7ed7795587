import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { editionsApi } from './editionsApi';

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

describe("the editions' calls", () => {
  it('lists the editions from GET /api/admin/editions', async () => {
    const editions = [{ id: 2, name: 'SIGGRAPH 2026', current: true }];
    fetchMock.mockImplementation(() => answer(200, { success: true, data: editions }));
    expect(await editionsApi.editions()).toEqual({ data: editions });
    expect(lastCall().url).toBe('/api/admin/editions');
  });

  it('proposes the next edition, moved to a first day when one is given', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { settings: {} } }));
    await editionsApi.nextEdition();
    expect(lastCall().url).toBe('/api/admin/editions/next');
    await editionsApi.nextEdition('2027-07-25');
    expect(lastCall().url).toBe('/api/admin/editions/next?startDate=2027-07-25');
  });

  it('starts one with POST /api/admin/editions, and a refusal keeps its message', async () => {
    fetchMock.mockImplementation(() => answer(201, { success: true, data: { id: 3 } }));
    const request = { name: 'SIGGRAPH 2027' } as never;
    expect(await editionsApi.startEdition(request)).toEqual({ data: { id: 3 } });
    expect(lastCall()).toEqual({ url: '/api/admin/editions', method: 'POST', body: request });
    fetchMock.mockImplementation(() => answer(409, { message: 'That edition exists already.', err: 'EDITION_EXISTS' }));
    await expect(editionsApi.startEdition(request)).rejects.toMatchObject({ status: 409, message: 'That edition exists already.' });
  });
});
