// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '@svp/ui-test-kit';
import { knownContactEmail } from '../common/contactEmail';
import { settingsApi, settingsResource } from './settingsApi';

// The settings' calls against a stubbed fetch: the single record's address, only the changed fields sent, the public settings.

const { fetchMock, answer, lastCall } = stubFetch();

beforeEach(() => localStorage.clear());

describe("the settings' calls", () => {
  it('reads the settings record from GET /api/admin/settings whatever its id', async () => {
    fetchMock.mockImplementation(() => answer(200, { id: 'edition', conferenceName: 'SIGGRAPH 2026' }));
    expect(await settingsResource.getOne('settings', { id: 'edition' })).toEqual({
      data: { id: 'edition', conferenceName: 'SIGGRAPH 2026' },
    });
    expect(lastCall().url).toBe('/api/admin/settings');
  });

  it('sends only the fields that changed with PUT /api/admin/settings', async () => {
    fetchMock.mockImplementation(() => answer(200, { id: 'edition', conferenceName: 'SIGGRAPH 2027', city: 'Vancouver' }));
    await settingsResource.update('settings', {
      id: 'edition',
      data: { id: 'edition', conferenceName: 'SIGGRAPH 2027', city: 'Vancouver' },
      previousData: { id: 'edition', conferenceName: 'SIGGRAPH 2026', city: 'Vancouver' },
    });
    expect(lastCall()).toEqual({ url: '/api/admin/settings', method: 'PUT', body: { conferenceName: 'SIGGRAPH 2027' } });
  });

  it('reads the public settings and keeps their contact address for the network errors', async () => {
    fetchMock.mockImplementation(() => answer(200, { success: true, data: { contactEmail: 'chair@example.org' } }));
    expect(await settingsApi.publicSettings()).toEqual({ data: { contactEmail: 'chair@example.org' } });
    expect(lastCall().url).toBe('/api/settings');
    expect(knownContactEmail()).toBe('chair@example.org');
  });
});
