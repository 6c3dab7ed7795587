// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EDITION_MESSAGES, defaultSettings } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { closePanel, openPanel, requestsTo } from '../records/testing';
import { applicationRow, editionView, json } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';

vi.setConfig({ testTimeout: 20_000 });

const editions = [
  editionView(),
  editionView({ id: 1, key: '2025', name: 'SIGGRAPH 2025', current: false, closedAt: '2025-09-01T10:00:00.000Z' }),
];
const READING_2025 = 'You are reading SIGGRAPH 2025, which is over: nothing can be changed.';

let fetchMock: ReturnType<typeof openPanel>;

/** The filters the applications list asked for, oldest first. */
const listFilters = () =>
  requestsTo(fetchMock, '/api/admin/applications').map(({ url }) => JSON.parse(url.searchParams.get('filter') ?? '{}'));

function open(path: string, routes: Parameters<typeof openPanel>[0] = {}) {
  fetchMock = openPanel(
    {
      'GET /api/admin/editions': () => listOf('editions', editions),
      'GET /api/admin/applications': () => listOf('applications', [applicationRow()]),
      'GET /api/admin/settings': () => json({ id: 'edition', ...defaultSettings('chair@example.org') }),
      ...routes,
    },
    path,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(closePanel);

describe('the edition switcher', () => {
  it('lists the editions, and reading an earlier one asks every list for it and says nothing can be changed', async () => {
    const user = userEvent.setup();
    open('/admin/applications');
    render(<App />);
    await screen.findByText('Ada');
    const switcher = await screen.findByRole('combobox', { name: 'Edition' });
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2026 (current)', '2025']);
    expect(screen.queryByText(READING_2025)).toBeNull();
    expect(listFilters().at(-1)).toEqual({});

    await user.selectOptions(switcher, '2025');
    expect(await screen.findByText(READING_2025)).toBeTruthy();
    await screen.findByText('Ada');
    await waitFor(() => expect(listFilters().at(-1)).toEqual({ edition: 1 }));
    expect(((await screen.findByRole('combobox', { name: 'Edition' })) as HTMLSelectElement).value).toBe('1');

    // Back to the current edition: the parameter is gone, and so is the banner.
    await user.click(screen.getByRole('button', { name: 'Back to the current edition' }));
    await waitFor(() => expect(screen.queryByText(READING_2025)).toBeNull());
    await waitFor(() => expect(listFilters().at(-1)).toEqual({}));
    expect(localStorage.getItem('svp.admin.edition')).toBeNull();
  });

  it('opens on the edition chosen before, whose settings can only be read', async () => {
    open('/admin/settings');
    localStorage.setItem('svp.admin.edition', JSON.stringify({ id: 1, name: 'SIGGRAPH 2025' }));
    render(<App />);
    expect(await screen.findByText(READING_2025)).toBeTruthy();
    expect(((await screen.findByRole('textbox', { name: 'City' })) as HTMLInputElement).disabled).toBe(true);
    expect(requestsTo(fetchMock, '/api/admin/settings').map(({ url }) => url.searchParams.get('edition'))).toEqual(['1']);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Start the next edition' })).toBeNull();
  });

  it('falls back to the current edition when the one remembered is not an earlier one any more', async () => {
    open('/admin/applications');
    localStorage.setItem('svp.admin.edition', JSON.stringify({ id: 9, name: 'SIGGRAPH 2019' }));
    render(<App />);
    await screen.findByRole('combobox', { name: 'Edition' });
    await waitFor(() => expect(localStorage.getItem('svp.admin.edition')).toBeNull());
    await waitFor(() => expect(listFilters().at(-1)).toEqual({}));
    expect(screen.queryByText(/You are reading/)).toBeNull();
  });

  it('is not shown while there is only one edition', async () => {
    open('/admin/applications', { 'GET /api/admin/editions': () => listOf('editions', [editionView()]) });
    render(<App />);
    await screen.findByText('Ada');
    await waitFor(() => expect(requestsTo(fetchMock, '/api/admin/editions')).toHaveLength(1));
    expect(screen.queryByRole('combobox', { name: 'Edition' })).toBeNull();
  });

  it("shows the server's sentence when it refuses a change because the edition is over", async () => {
    const user = userEvent.setup();
    const message = EDITION_MESSAGES.readOnly('SIGGRAPH 2026');
    open('/admin/settings', { 'PUT /api/admin/settings': () => json({ message, err: 'EDITION_READ_ONLY' }, 409) });
    render(<App />);
    await user.type(await screen.findByRole('textbox', { name: 'City' }), ' BC');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    // Another organiser started a newer edition: the list is asked for again.
    await waitFor(() => expect(requestsTo(fetchMock, '/api/admin/editions').length).toBeGreaterThan(1));
  });
});
