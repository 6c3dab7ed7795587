// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { fakeApi, json } from '../testing/fakePortal';
import { catchDownloads, cells, closePanel, csv, openPanel, requestsTo } from './testing';
import type { LogisticsReport } from './types';

vi.setConfig({ testTimeout: 20_000 });

const ada = { id: 21, name: 'Ada Lopez', svid: 'SV21', email: 'ada@example.edu', detail: '' };
const ben = { id: 22, name: 'Ben Ito', svid: 'SV22', email: 'ben@example.edu', detail: '' };
const logistics: LogisticsReport = {
  confirmed: 3,
  inPerson: 2,
  totals: [
    { key: 'shirt:M', label: 'T-shirts, size M', count: 4, people: [ada, ben] },
    { key: 'diet', label: 'Dietary restrictions', count: 1, people: [{ ...ben, detail: 'Vegetarian, no nuts' }] },
    { key: 'photoConsent', label: 'Photo consent', count: 0, people: [] },
  ],
};

let fetchMock: ReturnType<typeof fakeApi>;
let report: () => Response;

beforeEach(() => {
  report = () => json(logistics);
  fetchMock = openPanel(
    {
      'GET /api/admin/reports/logistics': () => report(),
      'GET /api/admin/reports/logistics.csv': () => csv('Item,Count\n'),
    },
    '/admin/records/logistics',
  );
});

afterEach(closePanel);

describe('logistics', () => {
  it('shows the totals, and a count opens the list of people behind it with their detail', async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Logistics' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Logistics totals' });
    expect(within(table).getAllByRole('row').slice(1).map(cells)).toEqual([
      ['T-shirts, size M', '4'],
      ['Dietary restrictions', '1'],
      ['Photo consent', '0'],
    ]);
    expect(screen.getByText('3 confirmed, 2 in person.')).toBeTruthy();

    await userEvent.click(within(table).getByRole('button', { name: '1: show the list for Dietary restrictions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dietary restrictions' });
    const people = within(dialog).getByRole('table', { name: 'People: Dietary restrictions' });
    expect(within(people).getAllByRole('row').slice(1).map(cells)).toEqual([['Ben Ito', 'SV22', 'ben@example.edu', 'Vegetarian, no nuts']]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Two shirts per person: the count and the people differ.
    await userEvent.click(within(table).getByRole('button', { name: '4: show the list for T-shirts, size M' }));
    const shirts = await screen.findByRole('dialog', { name: 'T-shirts, size M' });
    expect(within(shirts).getByText('4, for 2 people')).toBeTruthy();
    expect(within(shirts).getAllByRole('row')).toHaveLength(3);
  });

  it('exports the totals and each list as CSV', async () => {
    const downloads = catchDownloads();
    render(<App />);
    const table = await screen.findByRole('table', { name: 'Logistics totals' });
    await userEvent.click(screen.getByRole('button', { name: 'Export totals to CSV' }));
    await waitFor(() => expect(downloads.savedNames()).toEqual(['logistics.csv']));

    await userEvent.click(within(table).getByRole('button', { name: '4: show the list for T-shirts, size M' }));
    const dialog = await screen.findByRole('dialog', { name: 'T-shirts, size M' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export the list for T-shirts, size M to CSV' }));
    await waitFor(() => expect(downloads.savedNames()).toEqual(['logistics.csv', 'logistics-shirt-M.csv']));

    const asked = requestsTo(fetchMock, '/api/admin/reports/logistics.csv');
    expect(asked.map(({ url }) => url.searchParams.get('key'))).toEqual([null, 'shirt:M']);
    expect(asked.every(({ authorization }) => authorization === `Bearer ${localStorage.getItem('svp.admin.token')}`)).toBe(true);
  });

  it('says nobody has confirmed yet, and shows the server’s message on a failure', async () => {
    report = () => json({ confirmed: 0, inPerson: 0, totals: [] });
    render(<App />);
    expect(await screen.findByText('No volunteer has confirmed yet, so there is nothing to count.')).toBeTruthy();
    cleanup();

    report = () => json({ message: 'The confirmation forms could not be read.' }, 500);
    render(<App />);
    expect(await screen.findByText('The confirmation forms could not be read.')).toBeTruthy();
  });
});
