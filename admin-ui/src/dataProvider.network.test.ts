// @vitest-environment jsdom
import { jsonResponse, stubFetch } from '@svp/ui-test-kit';
import { beforeEach, describe, expect, it } from 'vitest';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';

const UNABLE = 'Unable to complete request. If this continues to persist, email';
const { fetchMock } = stubFetch();

beforeEach(() => localStorage.clear());

const offline = () => fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
const settingsAnswer = (contactEmail: string) => jsonResponse(200, { success: true, data: { contactEmail } });

describe('a call that never reaches the server', () => {
  it('reads as the kept sentence with the default address when settings were never read', async () => {
    offline();
    await expect(
      dataProvider.getList('applications', { pagination: { page: 1, perPage: 20 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).rejects.toThrow(`${UNABLE} sv@siggraph.org`);
    await expect(dataProvider.statistics()).rejects.toThrow(`${UNABLE} sv@siggraph.org`);
  });

  it('names the contact address read from the settings before the network went away', async () => {
    fetchMock.mockResolvedValueOnce(settingsAnswer('chair@example.org'));
    await dataProvider.publicSettings();
    offline();
    await expect(dataProvider.getOne('settings', { id: 'edition' })).rejects.toThrow(`${UNABLE} chair@example.org`);
    await expect(dataProvider.juryPreview(3)).rejects.toThrow(`${UNABLE} chair@example.org`);
  });

  it("leaves the server's own refusals as they are", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'Please sign in to continue.', err: 'UNAUTHENTICATED' }));
    await expect(dataProvider.getOne('settings', { id: 'edition' })).rejects.toMatchObject({
      message: 'Please sign in to continue.',
      status: 401,
    });
  });

  it('says the same when signing in fails for want of a network', async () => {
    fetchMock.mockResolvedValueOnce(settingsAnswer('chair@example.org'));
    await dataProvider.publicSettings();
    offline();
    await expect(authProvider.login({ email: 'chair@example.org', password: 'x' })).rejects.toThrow(`${UNABLE} chair@example.org`);
  });
});
