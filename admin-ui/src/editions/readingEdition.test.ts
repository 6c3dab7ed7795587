// @vitest-environment jsdom
import { EDITION_MESSAGES } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../dataProvider';
import { fakeApi, json } from '../testing/fakePortal';
import { filterOf } from '../testing/fetchMock';
import { listOf } from '../testing/scheduleFixtures';
import { loadReadingEdition, readingEdition, rememberReadingEdition, withReadingEdition } from './readingEdition';

const EDITION_2025 = { id: 1, name: 'SIGGRAPH 2025' };

beforeEach(() => {
  localStorage.clear();
  rememberReadingEdition(null);
});
afterEach(() => vi.unstubAllGlobals());

describe('withReadingEdition', () => {
  it('leaves every address as it is while the current edition is read', () => {
    expect(withReadingEdition('/api/admin/applications?filter=%7B%7D')).toBe('/api/admin/applications?filter=%7B%7D');
    expect(withReadingEdition('/api/application/statistics')).toBe('/api/application/statistics');
  });

  it("puts an earlier edition in a list's filter, and on any other read as ?edition=", () => {
    rememberReadingEdition(EDITION_2025);
    const list = withReadingEdition(
      `/api/admin/applications?${new URLSearchParams({ filter: JSON.stringify({ completed: true }), range: '[0,24]' })}`,
    );
    expect(filterOf(list)).toEqual({ completed: true, edition: 1 });
    expect(new URL(list, 'http://x').searchParams.get('range')).toBe('[0,24]');
    expect(new URL(list, 'http://x').searchParams.has('edition')).toBe(false);
    expect(withReadingEdition('/api/admin/applications/7')).toBe('/api/admin/applications/7?edition=1');
    expect(withReadingEdition('/api/schedule/roster?venueId=3&day=2025-08-10')).toBe(
      '/api/schedule/roster?venueId=3&day=2025-08-10&edition=1',
    );
  });

  it('leaves the reads that are the same in every edition alone', () => {
    rememberReadingEdition(EDITION_2025);
    for (const url of ['/api/settings', '/api/admin/editions', '/api/admin/editions/next', '/api/files/abc', '/api/admin/audit/actions'])
      expect(withReadingEdition(url)).toBe(url);
  });
});

describe('the remembered choice', () => {
  it('is kept for the next visit, and forgotten when the current edition is chosen', () => {
    rememberReadingEdition(EDITION_2025);
    rememberReadingEdition(readingEdition());
    expect(loadReadingEdition()).toEqual(EDITION_2025);
    rememberReadingEdition(null);
    expect(loadReadingEdition()).toBeNull();
  });

  it('is ignored when what is stored is not an edition', () => {
    localStorage.setItem('svp.admin.edition', '{"id":"x"}');
    expect(loadReadingEdition()).toBeNull();
    localStorage.setItem('svp.admin.edition', 'not json');
    expect(loadReadingEdition()).toBeNull();
  });
});

describe('the data provider while an earlier edition is read', () => {
  it('asks each list and each record for that edition', async () => {
    const fetchMock = fakeApi({
      'GET /api/admin/venues': () => listOf('venues', []),
      'GET /api/admin/settings': () => json({ id: 'edition' }),
    });
    rememberReadingEdition(EDITION_2025);
    await dataProvider.getList('venues', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { q: 'hall' },
    });
    await dataProvider.getOne('settings', { id: 'edition' });
    const [list, settings] = fetchMock.mock.calls.map(([input]) => String(input));
    expect(filterOf(list!)).toEqual({ q: 'hall', edition: 1 });
    expect(new URL(settings!, 'http://x').searchParams.get('edition')).toBe('1');
  });

  it("refuses a change before it leaves, in the server's words: it would land in the current edition", async () => {
    const fetchMock = fakeApi({});
    rememberReadingEdition(EDITION_2025);
    await expect(dataProvider.create('venues', { data: { name: 'Hall B' } })).rejects.toMatchObject({
      status: 409,
      message: EDITION_MESSAGES.readOnly('SIGGRAPH 2025'),
    });
    await expect(
      dataProvider.update('settings', { id: 'edition', data: { swapsEnabled: true }, previousData: { id: 'edition' } }),
    ).rejects.toMatchObject({ status: 409 });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
