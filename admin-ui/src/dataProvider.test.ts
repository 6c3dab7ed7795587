import { describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { dataProvider } from './dataProvider';
import { answerRowsOfFilteredIds, filterOf } from './testing/fetchMock';

// The composition: ra-data-simple-rest on /api/admin, only changed fields sent, getMany of the listed resources by list,
// the records read otherwise (settings, availability).

const { fetchMock, answer, lastCall } = stubFetch({ storedToken: 'admin-token' });

describe("the panel's data provider", () => {
  it('reads a resource in ra-data-simple-rest form under /api/admin', async () => {
    fetchMock.mockImplementation(() => answer(200, { id: 7, firstName: 'Ann' }));
    expect(await dataProvider.getOne('applications', { id: 7 })).toEqual({ data: { id: 7, firstName: 'Ann' } });
    expect(lastCall().url).toBe('/api/admin/applications/7');
  });

  it('sends only the fields that changed, never the id', async () => {
    fetchMock.mockImplementation(() => answer(200, { id: 3, name: 'Hall B', capacity: 40 }));
    await dataProvider.update('venues', {
      id: 3,
      data: { id: 3, name: 'Hall B', capacity: 40 },
      previousData: { id: 3, name: 'Hall A', capacity: 40 },
    });
    expect(lastCall()).toEqual({ url: '/api/admin/venues/3', method: 'PUT', body: { name: 'Hall B' } });
  });

  it('asks for every id of a getMany on users, venues, shifts and assignments (the default page stops at 25)', async () => {
    fetchMock.mockImplementation(answerRowsOfFilteredIds('users'));
    const ids = Array.from({ length: 30 }, (_, i) => i + 1);
    expect((await dataProvider.getMany('users', { ids })).data).toHaveLength(30);
    expect(filterOf(lastCall().url)).toEqual({ id: ids });
  });

  it("reads the settings and a volunteer's availability at their own addresses", async () => {
    fetchMock.mockImplementation(() => answer(200, { id: 'edition' }));
    await dataProvider.getOne('settings', { id: 'edition' });
    expect(lastCall().url).toBe('/api/admin/settings');
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { userId: 4, unavailable: [] } }));
    expect(await dataProvider.getOne('volunteer-constraints', { id: 4 })).toEqual({ data: { userId: 4, unavailable: [], id: 4 } });
    expect(lastCall().url).toBe('/api/admin/volunteer-constraints/4');
  });
});
