// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EditionComparison, EditionFigures } from '@svp/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import type { Statistics } from '../dataProvider';
import { cells, closePanel, openPanel, requestsTo } from '../records/testing';
import { editionView, json } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';

vi.setConfig({ testTimeout: 20_000 });

const statistics: Statistics = {
  total: 120,
  completed: 90,
  team_leader: 12,
  financial_aid: 30,
  by_status: [],
  per_day: [{ date: '2026-02-01', started: 10, completed: 4 }],
  funnel: { registered: 200, profile_complete: 150, started: 120, completed: 90 },
};

const figures = (overrides: Partial<EditionFigures>): EditionFigures => ({
  key: '2026',
  name: 'SIGGRAPH 2026',
  started: 120,
  completed: 90,
  completion: 0.75,
  offered: 60,
  confirmed: 48,
  ...overrides,
});

let comparison: EditionComparison;
let fetchMock: ReturnType<typeof openPanel>;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  comparison = {
    current: figures({}),
    previous: figures({ key: '2025', name: 'SIGGRAPH 2025', started: 100, completed: 64, completion: 0.64, offered: 55, confirmed: 50 }),
    perDay: [
      { day: '02-01', started: 10, completed: 4, previousStarted: 7, previousCompleted: 2 },
      { day: '02-02', started: 3, completed: 6, previousStarted: 5, previousCompleted: 1 },
    ],
  };
  fetchMock = openPanel(
    {
      'GET /api/application/statistics': () => json({ success: true, data: statistics }),
      'GET /api/admin/statistics/comparison': () => json(comparison),
      'GET /api/admin/editions': () =>
        listOf('editions', [editionView(), editionView({ id: 1, key: '2025', name: 'SIGGRAPH 2025', current: false })]),
    },
    '/admin/',
  );
});
afterEach(closePanel);

describe("the dashboard's comparison with last year", () => {
  it('shows this edition beside the last one, and their applications per day a year apart', async () => {
    render(<App />);
    const table = await screen.findByRole('table', { name: 'SIGGRAPH 2026 and SIGGRAPH 2025' });
    const rows = within(table).getAllByRole('row');
    expect(
      rows
        .map((row) =>
          within(row)
            .queryAllByRole('columnheader')
            .map((cell) => cell.textContent),
        )
        .filter((header) => header.length),
    ).toEqual([['Figure', 'SIGGRAPH 2026', 'SIGGRAPH 2025']]);
    expect(rows.slice(1).map((row) => [within(row).getByRole('rowheader').textContent, ...cells(row)])).toEqual([
      ['Applications started', '120', '100'],
      ['Applications completed', '90', '64'],
      ['Completion', '75%', '64%'],
      ['Places offered', '60', '55'],
      ['Places confirmed', '48', '50'],
    ]);

    expect(screen.getByRole('img', { name: 'Per day, a year apart' })).toBeTruthy();
    await userEvent.click(screen.getByText('Show the numbers per day'));
    const perDay = screen.getByRole('table', { name: 'Applications per day, a year apart' });
    expect(
      within(perDay)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Day', 'Started 2026', 'Started 2025', 'Completed 2026', 'Completed 2025']);
    expect(
      within(perDay)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [within(row).getByRole('rowheader').textContent, ...cells(row)]),
    ).toEqual([
      ['1 Feb', '10', '7', '4', '2'],
      ['2 Feb', '3', '5', '6', '1'],
    ]);
  });

  it('says so when there is no earlier edition', async () => {
    comparison = { current: figures({}), previous: null, perDay: [] };
    render(<App />);
    expect(await screen.findByText('No earlier edition to compare with.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: /SIGGRAPH 2026 and/ })).toBeNull();
  });

  it('compares the edition being read with the one before it', async () => {
    comparison = {
      ...comparison,
      current: figures({ key: '2025', name: 'SIGGRAPH 2025' }),
      previous: figures({ key: '2024', name: 'SIGGRAPH 2024' }),
    };
    localStorage.setItem('svp.admin.edition', JSON.stringify({ id: 1, name: 'SIGGRAPH 2025' }));
    render(<App />);
    await screen.findByRole('table', { name: 'SIGGRAPH 2025 and SIGGRAPH 2024' });
    expect(screen.getByText('You are reading SIGGRAPH 2025, which is over: nothing can be changed.')).toBeTruthy();
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/admin/statistics/comparison').at(-1)!.url.searchParams.get('edition')).toBe('1'),
    );
    expect(requestsTo(fetchMock, '/api/application/statistics').at(-1)!.url.searchParams.get('edition')).toBe('1');
  });
});
