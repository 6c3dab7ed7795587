// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STATUS_CATALOGUES } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, applicationRow, fakeApi, json, publicSettings } from '../testing/fakePortal';

const rows = [
  applicationRow({ referencesReceived: 2, referenceRating: 4.375 }),
  applicationRow({
    id: 8,
    firstName: 'Grace',
    lastName: 'Hopper',
    email: 'grace.brewster.hopper@navy.example.mil',
    svid: 'SV-0008',
    username: 'grace-hopper',
  }),
  applicationRow({
    id: 9,
    firstName: 'Alan',
    lastName: 'Turing',
    email: 'alan@example.edu',
    svid: 'SV-0009',
    username: 'alan-turing',
    completed: false,
  }),
];

/** The settings with every status of the catalogue, as the server lists them. */
function settingsWithStatuses() {
  const settings = publicSettings();
  return {
    ...settings,
    data: {
      ...settings.data,
      statusLabels: STATUS_CATALOGUES[settings.data.statusCatalogue].map(({ id, label, state, tag }) => ({ id, label, state, tag })),
    },
  };
}

/** The filters the list asked the server for, newest last. */
const listFilters = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/applications')
    .map((url) => JSON.parse(url.searchParams.get('filter') ?? '{}'));

// Whole-panel journeys with menus and dialogs: slower than a unit test on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

let fetchMock: ReturnType<typeof fakeApi>;
let bulkBodies: unknown[];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  bulkBodies = [];
  fetchMock = fakeApi({
    'GET /api/settings': () => json(settingsWithStatuses()),
    'GET /api/admin/applications': () => json(rows, 200, { 'Content-Range': `applications 0-${rows.length - 1}/${rows.length}` }),
    'POST /api/admin/applications/status': (_url, init) => {
      bulkBodies.push(JSON.parse(String(init?.body)));
      return json({
        changed: 1,
        refused: 1,
        results: [
          { id: 7, name: 'Ada Lovelace', outcome: 'changed', status: 'Accepted' },
          { id: 9, name: 'Alan Turing', outcome: 'refused', code: 'NOT_SUBMITTED', message: 'Only submitted applications can be decided.' },
        ],
      });
    },
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

async function addStatusFilter(user: ReturnType<typeof userEvent.setup>, status: string) {
  await user.click(await screen.findByRole('button', { name: 'Add filter' }));
  await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Status' }));
  // The menu stays open for more filters until closed.
  if (screen.queryByRole('menu')) await user.keyboard('{Escape}');
  await user.click(await screen.findByRole('combobox', { name: 'Status' }));
  await user.click(await screen.findByRole('option', { name: status }));
}

describe('the processing status filter', () => {
  it("is offered by 'Add filter' on the applications list", async () => {
    const user = userEvent.setup();
    openPanelAt('/applications');
    await screen.findByText('Grace');
    await addStatusFilter(user, 'Waitlisted');
    await waitFor(() => expect(listFilters(fetchMock).at(-1)).toEqual({ statusId: 5 }));
  });

  it("is offered by 'Add filter' on 'search by status', and the three yes/no filters keep it", async () => {
    const user = userEvent.setup();
    openPanelAt('/application/search-status');
    const form = await screen.findByRole('search', { name: 'Filter by status' });
    await screen.findByText('Grace');
    await addStatusFilter(user, 'Accepted');
    await waitFor(() => expect(listFilters(fetchMock).at(-1)).toEqual({ statusId: 1 }));

    await user.click(within(form).getByRole('checkbox', { name: 'Completed' }));
    await user.click(within(form).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(listFilters(fetchMock).at(-1)).toEqual({ statusId: 1, completed: true }));
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLElement).textContent).toContain('Accepted');
  });
});

describe('changing the status of the applications picked', () => {
  it('asks for the status, confirms, and lists what changed and what was refused', async () => {
    const user = userEvent.setup();
    openPanelAt('/applications');
    await screen.findByText('Grace');
    const rowOf = (name: string) => screen.getByText(name).closest('tr')!;
    await user.click(within(rowOf('Ada')).getByRole('checkbox', { name: 'Select this row' }));
    await user.click(within(rowOf('Alan')).getByRole('checkbox', { name: 'Select this row' }));
    await user.click(screen.getByRole('button', { name: 'Change status' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change the status of 2 applications' });
    expect((within(dialog).getByRole('button', { name: 'Pick a status' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('combobox', { name: 'New processing status' }));
    await user.click(await screen.findByRole('option', { name: 'Accepted' }));
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'Also grant the Team-Leader role to those who applied as team leaders' }),
    );
    expect(bulkBodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Set 2 applications to Accepted' }));

    await waitFor(() => expect(bulkBodies).toEqual([{ ids: [7, 9], statusId: 1, grantTeamLeader: true }]));
    const outcome = await within(dialog).findByRole('status');
    expect(outcome.textContent).toContain('1 application changed to Accepted. 1 application could not change:');
    const refused = within(outcome).getByRole('list', { name: 'Applications not changed' });
    expect(refused.textContent).toBe('Alan TuringOnly submitted applications can be decided.');

    const listsBefore = listFilters(fetchMock).length;
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(listFilters(fetchMock).length).toBeGreaterThan(listsBefore), { timeout: 10_000 });
    // The picked rows are let go, so the next change starts from an empty selection.
    const picked = (name: string) => (within(rowOf(name)).getByRole('checkbox', { name: 'Select this row' }) as HTMLInputElement).checked;
    await waitFor(() => expect([picked('Ada'), picked('Alan')]).toEqual([false, false]), { timeout: 10_000 });
  });

  it('is not offered on the kept search by user', async () => {
    openPanelAt('/application/search');
    await screen.findByText('Grace');
    expect(screen.queryByRole('checkbox', { name: 'Select this row' })).toBeNull();
  });
});

describe('emails in the list', () => {
  it('may wrap only between the pieces of an address, never inside a word of it', async () => {
    openPanelAt('/applications');
    const row = (await screen.findByText('Grace')).closest('tr')!;
    const parts = [...row.querySelectorAll('[data-email-part]')];
    expect(parts.map((part) => part.textContent)).toEqual(['grace.', 'brewster.', 'hopper@', 'navy.example.mil']);
    for (const part of parts) expect(getComputedStyle(part).whiteSpace).toBe('nowrap');
    expect(getComputedStyle(parts[0]!.closest('td')!).overflowWrap).not.toBe('anywhere');
  });
});

describe('the references in the list', () => {
  async function addFilter(user: ReturnType<typeof userEvent.setup>, label: string, choice: string) {
    await user.click(await screen.findByRole('button', { name: 'Add filter' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: label }));
    if (screen.queryByRole('menu')) await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('combobox', { name: label }));
    await user.click(await screen.findByRole('option', { name: choice }));
  }

  it('shows how many references came in and their average rating', async () => {
    openPanelAt('/applications');
    const ada = (await screen.findByText('Ada')).closest('tr')!;
    const headers = within(screen.getAllByRole('table')[0]!)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toContain('References');
    expect(headers).toContain('Ref. rating');
    expect(within(ada).getByText('2 of 2')).toBeTruthy();
    expect(within(ada).getByText('4.38')).toBeTruthy();
    const grace = screen.getByText('Grace').closest('tr')!;
    expect(within(grace).getByText('0 of 2')).toBeTruthy();
  });

  it("filters by reference state, 'No requests yet' included, and by the average rating", async () => {
    const user = userEvent.setup();
    openPanelAt('/applications');
    await screen.findByText('Grace');
    await addFilter(user, 'Reference state', 'Not reachable');
    await waitFor(() => expect(listFilters(fetchMock).at(-1)).toEqual({ referenceState: 'not-reachable' }));
    await user.click(screen.getByRole('combobox', { name: 'Reference state' }));
    await user.click(await screen.findByRole('option', { name: 'No requests yet' }));
    await waitFor(() => expect(listFilters(fetchMock).at(-1)).toEqual({ referenceState: 'none' }));
    await addFilter(user, 'Average reference rating at least', '3.5');
    await waitFor(() => expect(listFilters(fetchMock).at(-1)).toEqual({ referenceState: 'none', minReferenceRating: 3.5 }));
  });
});
