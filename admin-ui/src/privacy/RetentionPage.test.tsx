// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_RETENTION, RETENTION_KIND_TEXTS, type RetentionRow } from '@svp/domain';
import { AdminContext, type DataProvider, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '../records/testing';
import { adminToken } from '../testing/fakePortal';
import { RetentionPage } from './RetentionPage';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const row = (overrides: Partial<RetentionRow>): RetentionRow => ({
  id: '1:health',
  editionId: 1,
  editionKey: '2026',
  editionName: 'SIGGRAPH 2026',
  kind: 'health',
  ...RETENTION_KIND_TEXTS.health,
  days: 14,
  endsAt: '2026-08-14T07:00:00.000Z',
  dueAt: '2026-08-28T07:00:00.000Z',
  state: 'done',
  held: 0,
  removed: 12,
  removedAt: '2026-08-28T07:00:05.000Z',
  message: null,
  ...overrides,
});

const ROWS = [
  row({}),
  row({
    id: '1:phones',
    kind: 'phones',
    ...RETENTION_KIND_TEXTS.phones,
    days: 90,
    dueAt: '2026-11-12T07:00:00.000Z',
    state: 'scheduled',
    held: 31,
    removed: null,
    removedAt: null,
  }),
];

function renderPage(update: DataProvider['update'] = vi.fn(async (_resource, params) => ({ data: params.data }))) {
  const getList = vi.fn(async () => ({ data: ROWS, total: ROWS.length }));
  const getOne = vi.fn(async () => ({ data: { id: 'current', retention: { ...DEFAULT_RETENTION } } }));
  const dataProvider = { getList, getOne, update } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider}>
      <RetentionPage />
      <Notification />
    </AdminContext>,
  );
  return { getList, update };
}

describe('RetentionPage', () => {
  it('shows what will be removed when for each edition, what each removal took and what stays', async () => {
    renderPage();
    const done = await screen.findByTestId('retention-1:health');
    expect(within(done).getByText('Dietary and health notes')).toBeTruthy();
    expect(within(done).getByText('Removed')).toBeTruthy();
    expect(within(done).getByText('12')).toBeTruthy();
    expect(within(done).getAllByText(/28 August 2026/)).toHaveLength(2);
    const scheduled = screen.getByTestId('retention-1:phones');
    expect(within(scheduled).getByText('Scheduled')).toBeTruthy();
    expect(within(scheduled).getByText('31')).toBeTruthy();
    expect(within(scheduled).getByText('90 days after the edition ends')).toBeTruthy();
    expect(within(scheduled).getByText(RETENTION_KIND_TEXTS.phones.keeps)).toBeTruthy();
  });

  it('downloads what a removal still to come will clear, with the administrator’s token; not for a removal done', async () => {
    const token = adminToken();
    localStorage.setItem('svp.admin.token', token);
    const fetchMock = vi.fn(
      async () => new Response('\uFEFFName,SV ID,Phone Number\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const downloads = catchDownloads();
    renderPage();
    const done = await screen.findByTestId('retention-1:health');
    expect(within(done).queryByRole('button', { name: /Download what will be removed/ })).toBeNull();
    const scheduled = screen.getByTestId('retention-1:phones');
    await userEvent.click(within(scheduled).getByRole('button', { name: 'Download what will be removed: Phone numbers, SIGGRAPH 2026' }));
    await waitFor(() => expect(downloads.savedNames()).toEqual(['2026-phones-to-remove.csv']));
    const [input, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new URL(input, 'http://localhost').pathname).toBe('/api/admin/retention/1/phones/export.csv');
    expect(new Headers(init.headers).get('Authorization')).toBe(`Bearer ${token}`);
    vi.unstubAllGlobals();
  });

  it('saves the current edition’s periods, and refuses one that is not a whole number of days before sending it', async () => {
    const user = userEvent.setup();
    const { update, getList } = renderPage();
    const phones = await screen.findByLabelText('Phone numbers');
    expect((phones as HTMLInputElement).value).toBe(String(DEFAULT_RETENTION.phones));
    await user.clear(phones);
    await user.type(phones, '1.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone numbers must be kept a whole number of days from 0 to 3650.')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();

    await user.clear(phones);
    await user.type(phones, '60');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        'settings',
        expect.objectContaining({ data: { retention: { ...DEFAULT_RETENTION, phones: 60 } } }),
      ),
    );
    expect(await screen.findByText('Retention periods saved.')).toBeTruthy();
    await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
  });
});
