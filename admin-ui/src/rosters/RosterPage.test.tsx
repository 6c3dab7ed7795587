// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VenueDayRoster } from '@svp/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';
import { edition2025, listOf, venueRow } from '../testing/scheduleFixtures';

vi.setConfig({ testTimeout: 20_000 });

/** Room 1 on Saturday 9 August 2025: an early shift nobody holds, then the Greeters. */
const roster = (): VenueDayRoster => ({
  venue: { id: 1, name: 'Room 1', location: 'West building', teamLeaders: [{ id: 9, name: 'Tess Leader' }] },
  day: '2025-08-09',
  shifts: [
    {
      id: 4,
      role: 'Setup',
      reportTo: '',
      description: '',
      startTime: '2025-08-09 07:00',
      endTime: '2025-08-09 08:00',
      startsAt: '2025-08-09T14:00:00.000Z',
      endsAt: '2025-08-09T15:00:00.000Z',
      slots: 1,
      volunteers: [],
    },
    {
      id: 5,
      role: 'Greeter',
      reportTo: 'Front desk',
      description: '',
      startTime: '2025-08-09 08:00',
      endTime: '2025-08-09 12:00',
      startsAt: '2025-08-09T15:00:00.000Z',
      endsAt: '2025-08-09T19:00:00.000Z',
      slots: 3,
      volunteers: [
        { id: 21, name: 'Ada Lopez', svid: 'SV21', phoneNumber: '+1 604 555 0121' },
        { id: 22, name: 'Ben Ito', svid: 'SV22', phoneNumber: null },
      ],
    },
  ],
});

function openRosters(path: string, answer: () => Response = () => json({ success: true, data: roster() })) {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  const fetchMock = fakeApi({
    'GET /api/settings': () => json(publicSettings(edition2025())),
    'GET /api/admin/venues': () => listOf('venues', [venueRow(), venueRow({ id: 2, name: 'Room 2' })]),
    'GET /api/schedule/roster': answer,
  });
  window.history.pushState({}, '', path);
  const page = render(<App />);
  return { fetchMock, page };
}

const rosterRequests = (fetchMock: ReturnType<typeof fakeApi>) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === '/api/schedule/roster')
    .map(({ url, init }) => ({
      venueId: url.searchParams.get('venueId'),
      day: url.searchParams.get('day'),
      authorization: new Headers(init?.headers).get('Authorization'),
    }));
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row', { hidden: true })
    .map((row) => [...row.children].map((cell) => cell.textContent));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

describe('rosters', () => {
  it(
    'asks for a venue and a day of the conference, then shows each shift of that day with its ' + 'volunteers, SV IDs and phone numbers',
    async () => {
      const user = userEvent.setup();
      const { fetchMock, page } = openRosters('/admin/records/rosters');
      const app = within(page.container);
      expect(await app.findByRole('heading', { level: 1, name: 'Rosters' })).toBeTruthy();
      expect(app.getByText('Choose a venue and a day to see their roster.')).toBeTruthy();
      const daySelect = app.getByRole('combobox', { name: 'Day' });
      await waitFor(() =>
        expect(
          within(daySelect)
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['Choose a day', 'Fri Aug 8th', 'Sat Aug 9th', 'Sun Aug 10th']),
      );
      await waitFor(() =>
        expect(
          within(app.getByRole('combobox', { name: 'Venue' }))
            .getAllByRole('option')
            .map((o) => o.textContent),
        ).toEqual(['Choose a venue', 'Room 1', 'Room 2']),
      );
      await user.selectOptions(app.getByRole('combobox', { name: 'Venue' }), 'Room 1');
      await user.selectOptions(daySelect, 'Sat Aug 9th');
      expect(window.location.search).toBe('?venue=1&day=2025-08-09');

      const greeters = await app.findByRole('table', { name: 'Greeter, 08:00–12:00' });
      expect(rosterRequests(fetchMock)).toEqual([
        { venueId: '1', day: '2025-08-09', authorization: `Bearer ${localStorage.getItem('svp.admin.token')}` },
      ]);
      expect(rowsOf(greeters)).toEqual([
        ['Volunteer', 'SV ID', 'Phone'],
        ['Ada Lopez', 'SV21', '+1 604 555 0121'],
        ['Ben Ito', 'SV22', '—'],
      ]);
      expect(app.getByText('2 of 3 places filled · Report to: Front desk')).toBeTruthy();
      expect(within(app.getByRole('region', { name: 'Setup, 07:00–08:00' })).getByText('Nobody is assigned to this shift.')).toBeTruthy();
      expect(app.getByText('Team leaders: Tess Leader')).toBeTruthy();
    },
  );

  it('prints only the roster: a sign-in table per shift with phone numbers and In, Out and Signature columns', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    openRosters('/admin/records/rosters?venue=1&day=2025-08-09');
    const button = await screen.findByRole('button', { name: 'Print roster' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    const paper = screen.getByTestId('print-roster');
    expect(paper.parentElement).toBe(document.body);
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(/@media print\s*\{[^}]*body\s*>\s*\*:not\(\.svp-print-roster\)\s*\{\s*display:\s*none\s*!important/);
    expect(paper.textContent).toContain('Roster: Room 1');
    expect(paper.textContent).toContain('Sat Aug 9th 2025 (Pacific time) · West building');
    const tables = within(paper).getAllByRole('table', { hidden: true });
    expect(tables.map((table) => table.getAttribute('aria-label'))).toEqual(['Setup, 07:00–08:00', 'Greeter, 08:00–12:00']);
    expect(rowsOf(tables[1]!)).toEqual([
      ['Volunteer', 'SV ID', 'Phone', 'In', 'Out', 'Signature'],
      ['Ada Lopez', 'SV21', '+1 604 555 0121', '', '', ''],
      ['Ben Ito', 'SV22', '', '', '', ''],
    ]);
  });

  it("shows the server's message when the roster cannot be loaded", async () => {
    openRosters('/admin/records/rosters?venue=2&day=2025-08-09', () =>
      json({ success: false, data: { message: 'There is no venue with id 2.', err: 'NOT_FOUND' } }, 404),
    );
    expect(await screen.findByText('There is no venue with id 2.')).toBeTruthy();
    expect(screen.queryByTestId('print-roster')).toBeNull();
  });
});
