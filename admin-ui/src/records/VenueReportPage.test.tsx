// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { fakeApi, json } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';
import { catchDownloads, cells, closePanel, csv, openPanel, requestsTo } from './testing';
import type { VenueReportRow } from './types';

vi.setConfig({ testTimeout: 20_000 });

const rows: VenueReportRow[] = [
  {
    id: '1:2026-08-09',
    venueId: 1,
    venueName: 'Room 1',
    day: '2026-08-09',
    slots: 12,
    filledSlots: 10,
    plannedHours: 40,
    workedHours: 37.75,
    coverage: 10 / 12,
  },
  {
    id: '2:2026-08-10',
    venueId: 2,
    venueName: 'Art Gallery',
    day: '2026-08-10',
    slots: 4,
    filledSlots: 4,
    plannedHours: 16,
    workedHours: 0,
    coverage: 1,
  },
];

let fetchMock: ReturnType<typeof fakeApi>;
let report: () => Response;

beforeEach(() => {
  report = () => listOf('reports/venues', rows);
  fetchMock = openPanel(
    {
      'GET /api/admin/reports/venues': () => report(),
      'GET /api/admin/reports/venues.csv': () => csv('Venue,Day\nRoom 1,2026-08-09\n'),
    },
    '/admin/records/venues',
  );
});

afterEach(closePanel);

describe('venue report', () => {
  it('shows each venue and day with slots, coverage and hours as the server counted them', async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Venue report' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Venue report' });
    const [room, gallery] = within(table).getAllByRole('row').slice(1);
    expect(cells(room!)).toEqual(['Room 1', 'Sun Aug 9th', '12', '10', '83%', '40', '37.75']);
    expect(cells(gallery!)).toEqual(['Art Gallery', 'Mon Aug 10th', '4', '4', '100%', '16', '0']);
    // The server pages its lists (25 rows unless asked): the page asks for every venue-day.
    expect(JSON.parse(requestsTo(fetchMock, '/api/admin/reports/venues')[0]!.url.searchParams.get('range')!)).toEqual([0, 199]);
  });

  it('exports venues.csv with the administrator token', async () => {
    const downloads = catchDownloads();
    render(<App />);
    await screen.findByRole('table', { name: 'Venue report' });
    await userEvent.click(screen.getByRole('button', { name: 'Export the venue report to CSV' }));
    await waitFor(() => expect(downloads.savedNames()).toEqual(['venue-coverage.csv']));
    expect(requestsTo(fetchMock, '/api/admin/reports/venues.csv')[0]!.authorization).toBe(
      `Bearer ${localStorage.getItem('svp.admin.token')}`,
    );
  });

  it('says what is missing when no shift is scheduled, and tells the server’s message on a failure', async () => {
    report = () => listOf('reports/venues', []);
    render(<App />);
    expect(await screen.findByText('No shift is scheduled yet, so no venue has a day to report.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export the venue report to CSV' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();

    report = () => json({ message: 'range must be [first, last] with whole numbers', err: 'VALIDATION_FAILED' }, 400);
    render(<App />);
    expect(await screen.findByText('range must be [first, last] with whole numbers')).toBeTruthy();
  });
});
