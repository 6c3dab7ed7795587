// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, applicationRow, fakeApi, json, publicSettings } from '../testing/fakePortal';

const rows = [
  applicationRow(),
  applicationRow({
    id: 8,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace@example.edu',
    svid: 'SV-0008',
    username: 'grace-hopper',
    financialAid: false,
  }),
];

/** The filters the list asked the server for, newest last. */
const listFilters = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/applications')
    .map((url) => JSON.parse(url.searchParams.get('filter') ?? '{}'));

let fetchMock: ReturnType<typeof fakeApi>;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  fetchMock = fakeApi({
    'GET /api/settings': () => json(publicSettings()),
    'GET /api/admin/applications': () => json(rows, 200, { 'Content-Range': `applications 0-${rows.length - 1}/${rows.length}` }),
    'GET /api/application/ada-lovelace': () => json({ success: true, data: { id: 7, completed: true } }),
    'GET /api/application/nobody': () => json({ success: false, data: { message: 'There is no user nobody.', err: 'NOT_FOUND' } }, 404),
    'GET /api/admin/applications/7': () => json(rows[0]),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

function openPanelAt(path: string) {
  window.history.pushState({}, '', `/admin${path}`);
  render(<App />);
}

describe("the earlier portal's admin addresses", () => {
  it('/application/search-status opens the list with the three status filters, each with its checkbox and yes/no', async () => {
    const user = userEvent.setup();
    openPanelAt('/application/search-status');
    const form = await screen.findByRole('search', { name: 'Filter by status' });
    for (const label of ['Completed', 'Team leader', 'Financial aid']) {
      expect((within(form).getByRole('checkbox', { name: label }) as HTMLInputElement).checked).toBe(false);
      expect((within(form).getByRole('combobox', { name: `${label}: yes or no` }) as HTMLSelectElement).disabled).toBe(true);
    }
    await screen.findByText('Grace');

    await user.click(within(form).getByRole('checkbox', { name: 'Completed' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Financial aid' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Financial aid: yes or no' }), 'No');
    // Nothing is asked before the Filter button.
    expect(listFilters(fetchMock).at(-1)).toEqual({});
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(listFilters(fetchMock).at(-1)).toEqual({ completed: true, financialAid: false }));
    expect(window.location.pathname).toBe('/admin/application/search-status');
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeTruthy();
  });

  it('/application/search opens the list with the criterion (email, first or last name) and a text', async () => {
    const user = userEvent.setup();
    openPanelAt('/application/search');
    const criterion = await screen.findByRole('group', { name: 'Search by' });
    expect((within(criterion).getByRole('radio', { name: 'Email' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(criterion).getByRole('radio', { name: 'Last name' }));
    await user.type(screen.getByRole('textbox', { name: 'Search text' }), 'Hop');
    await waitFor(() => expect(listFilters(fetchMock).at(-1)).toEqual({ criterion: 'lastName', q: 'Hop' }), { timeout: 3000 });
    // The kept columns, and no status filters.
    expect(screen.getAllByRole('link', { name: 'View App' }).length).toBe(2);
    expect(screen.queryByRole('search', { name: 'Filter by status' })).toBeNull();
  });

  it('/application/{username} opens that user’s application', async () => {
    openPanelAt('/application/ada-lovelace');
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByTestId('svid').textContent).toBe('SV-0007');
    expect(window.location.pathname).toBe('/admin/application/ada-lovelace');
  });

  it('/application/{username} says so when there is no such user', async () => {
    // react-admin logs every refused call; the refusal is what this test expects.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openPanelAt('/application/nobody');
    expect(await screen.findByText('There is no user nobody.')).toBeTruthy();
  });
});

describe('the applications list (search by status)', () => {
  it("shows 'Last Updated' with a Refresh that loads the rows again", async () => {
    const user = userEvent.setup();
    openPanelAt('/applications');
    await screen.findByText('Grace');
    expect(await screen.findByText(/^Last Updated: \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC$/)).toBeTruthy();
    const before = listFilters(fetchMock).length;
    // The app bar has a refresh icon of its own; this is the list's Refresh.
    await user.click(screen.getAllByRole('button', { name: 'Refresh' }).find((button) => button.textContent === 'Refresh')!);
    await waitFor(() => expect(listFilters(fetchMock).length).toBe(before + 1));
    expect(screen.getByRole('button', { name: 'Export to CSV' })).toBeTruthy();
  });
});
