// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { fakeApi, json } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';
import { catchDownloads, cells, closePanel, csv, openPanel, requestsTo } from './testing';
import type { VolunteerReportRow } from './types';

vi.setConfig({ testTimeout: 20_000 });

const row = (overrides: Partial<VolunteerReportRow> = {}): VolunteerReportRow => ({
  id: 21,
  name: 'Ada Lopez',
  svid: 'SV21',
  role: 'SV',
  expectedHours: 25,
  scheduledHours: 18.5,
  checkedInHours: 12.25,
  shifts: 5,
  noShows: 1,
  averageRating: 4.5,
  notes: [{ shiftId: 5, shiftLabel: 'Mon Aug 10th 08:00–12:00 · Greeter', note: 'Came early, stayed late.' }],
  ...overrides,
});
const ben = row({
  id: 22,
  name: 'Ben Ito',
  svid: 'SV22',
  role: 'TL',
  expectedHours: 60,
  scheduledHours: 61,
  checkedInHours: 0,
  shifts: 9,
  noShows: 0,
  averageRating: null,
  notes: [],
});

let fetchMock: ReturnType<typeof fakeApi>;
let report: () => Response;

beforeEach(() => {
  report = () => listOf('reports/volunteers', [row(), ben]);
  fetchMock = openPanel(
    {
      'GET /api/admin/reports/volunteers': (url) =>
        JSON.parse(url.searchParams.get('filter') ?? '{}').underExpected ? listOf('reports/volunteers', [row()]) : report(),
      'GET /api/admin/reports/volunteers.csv': () => csv('Name,SV ID\nAda Lopez,SV21\n'),
    },
    '/admin/records/volunteers',
  );
});

afterEach(closePanel);

const filtersAsked = () =>
  requestsTo(fetchMock, '/api/admin/reports/volunteers').map(({ url }) => JSON.parse(url.searchParams.get('filter') ?? '{}'));

describe('volunteer report', () => {
  it("shows each volunteer's hours, shifts, no-shows, rating and notes as the server counted them", async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Volunteer report' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Volunteer report' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Name',
      'Role',
      'Expected Hours',
      'Scheduled Hours',
      'Checked-in Hours',
      'Shifts',
      'No-shows',
      'Average Rating',
      'Notes',
    ]);
    const ada = within(table).getByText('Ada Lopez').closest('tr')!;
    expect(cells(ada)).toEqual([
      'Ada LopezSV ID SV21',
      'SV',
      '25',
      '18.5Under expected',
      '12.25',
      '5',
      '1',
      '4.5',
      'Mon Aug 10th 08:00–12:00 · Greeter: Came early, stayed late.',
    ]);
    const benRow = within(table).getByText('Ben Ito').closest('tr')!;
    expect(cells(benRow)).toEqual(['Ben ItoSV ID SV22', 'TL', '60', '61', '0', '9', '0', '—', '—']);
    expect(filtersAsked()[0]).toEqual({});
  });

  it("'Under expected hours' asks the server for underExpected: true, and unticking drops the filter", async () => {
    render(<App />);
    await screen.findByText('Ben Ito');
    const box = screen.getByRole('switch', { name: 'Under expected hours' });
    await userEvent.click(box);
    await waitFor(() => expect(screen.queryByText('Ben Ito')).toBeNull());
    expect(screen.getByText('Ada Lopez')).toBeTruthy();
    expect(filtersAsked().at(-1)).toEqual({ underExpected: true });

    await userEvent.click(screen.getByRole('switch', { name: 'Under expected hours' }));
    expect(await screen.findByText('Ben Ito')).toBeTruthy();
    // The list may show its cached unfiltered page before the new request leaves (react-admin waits a moment after a
    // filter changes): the request without the filter is waited for, not assumed to have gone already.
    await waitFor(() => expect(filtersAsked().at(-1)).toEqual({}));
  });

  it('exports the report as volunteers.csv with the administrator token, with the filter shown', async () => {
    const downloads = catchDownloads();
    render(<App />);
    await screen.findByText('Ben Ito');
    await userEvent.click(screen.getByRole('button', { name: 'Export the volunteer report to CSV' }));
    await waitFor(() => expect(downloads.savedNames()).toEqual(['volunteer-hours.csv']));
    const [first] = requestsTo(fetchMock, '/api/admin/reports/volunteers.csv');
    expect(JSON.parse(first!.url.searchParams.get('filter')!)).toEqual({});
    expect(JSON.parse(first!.url.searchParams.get('sort')!)).toEqual(['name', 'ASC']);
    expect(first!.authorization).toBe(`Bearer ${localStorage.getItem('svp.admin.token')}`);

    await userEvent.click(screen.getByRole('switch', { name: 'Under expected hours' }));
    await waitFor(() => expect(screen.queryByText('Ben Ito')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Export the volunteer report to CSV' }));
    await waitFor(() => expect(downloads.savedNames()).toHaveLength(2));
    const second = requestsTo(fetchMock, '/api/admin/reports/volunteers.csv')[1]!;
    expect(JSON.parse(second.url.searchParams.get('filter')!)).toEqual({ underExpected: true });
  });

  it("shows the server's message when the report cannot be read", async () => {
    report = () => json({ message: 'The report needs the schedule to be published first.' }, 409);
    render(<App />);
    expect(await screen.findByText('The report needs the schedule to be published first.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Volunteer report' })).toBeNull();
  });

  it('says there is nobody to report on before anyone has confirmed', async () => {
    report = () => listOf('reports/volunteers', []);
    render(<App />);
    expect(await screen.findByText('No confirmed volunteer yet, so there are no hours to report.')).toBeTruthy();
  });
});
