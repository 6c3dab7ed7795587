// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { catchDownloads, closePanel, csv, openPanel, requestsTo } from '../records/testing';
import { applicationRow, editionView } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';

vi.setConfig({ testTimeout: 20_000 });

const EXPORT = '/api/admin/applications/export.csv';
let fetchMock: ReturnType<typeof openPanel>;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  fetchMock = openPanel(
    {
      'GET /api/admin/editions': () =>
        listOf('editions', [editionView(), editionView({ id: 1, key: '2025', name: 'SIGGRAPH 2025', current: false })]),
      'GET /api/admin/applications': () => listOf('applications', [applicationRow()]),
      [`GET ${EXPORT}`]: () => csv('First Name,Earlier Editions\nAda,2025\n'),
    },
    '/admin/applications',
  );
});
afterEach(closePanel);

async function exportWith(options: string[]) {
  const user = userEvent.setup();
  render(<App />);
  await screen.findByText('Ada');
  await user.click(screen.getByRole('button', { name: 'Export to CSV' }));
  const dialog = await screen.findByRole('dialog', { name: 'Export to CSV' });
  for (const option of options) await user.click(within(dialog).getByRole('checkbox', { name: option }));
  await user.click(within(dialog).getByRole('button', { name: 'Export' }));
  await waitFor(() => expect(requestsTo(fetchMock, EXPORT)).toHaveLength(1));
  return requestsTo(fetchMock, EXPORT)[0]!.url;
}

describe('the applications export', () => {
  it("adds each person's earlier editions when asked", async () => {
    const downloads = catchDownloads();
    const url = await exportWith(['Include earlier editions']);
    expect(url.searchParams.get('history')).toBe('true');
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({});
    expect(await screen.findByText('Exported 1 application to filtered-sv-apps.csv')).toBeTruthy();
    expect(downloads.savedNames()).toEqual(['filtered-sv-apps.csv']);
  });

  it('leaves them out otherwise', async () => {
    catchDownloads();
    const url = await exportWith(['With App Data']);
    expect(url.searchParams.has('history')).toBe(false);
    expect(url.searchParams.get('withData')).toBe('true');
  });

  it('exports the edition being read', async () => {
    catchDownloads();
    localStorage.setItem('svp.admin.edition', JSON.stringify({ id: 1, name: 'SIGGRAPH 2025' }));
    const url = await exportWith([]);
    expect(JSON.parse(url.searchParams.get('filter')!)).toEqual({ edition: 1 });
  });
});
