import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { address, renderPage } from '../../test/kit/renderPage';
import RosterPage from './RosterPage';
import TeamLeaderSchedulePage from './TeamLeaderSchedulePage';
import { type VenueDayRoster, venueDayRoster } from './rosterApi';
import { scheduleCache } from './scheduleCache';
import { scheduleSession, teamLeaderSchedule } from './scheduleFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { teamLeaderSchedule: vi.fn() } }));
vi.mock('./rosterApi', () => ({ venueDayRoster: vi.fn() }));

/** Registration on Friday 8 August 2025: an early shift nobody holds yet, then the morning Greeters. */
function roster(): VenueDayRoster {
  return {
    venue: {
      id: 1,
      name: 'Registration',
      location: 'West Lobby',
      teamLeaders: [
        { id: 110, name: 'Tess Leader' },
        { id: 111, name: 'Omar Guide' },
      ],
    },
    day: '2025-08-08',
    shifts: [
      {
        id: 20,
        role: 'Badge Check',
        reportTo: '',
        description: '',
        startTime: '2025-08-08 07:00',
        endTime: '2025-08-08 08:00',
        startsAt: '2025-08-08T14:00:00.000Z',
        endsAt: '2025-08-08T15:00:00.000Z',
        slots: 1,
        volunteers: [],
      },
      {
        id: 21,
        role: 'Greeter',
        reportTo: 'Registration desk',
        description: '',
        startTime: '2025-08-08 08:00',
        endTime: '2025-08-08 12:00',
        startsAt: '2025-08-08T15:00:00.000Z',
        endsAt: '2025-08-08T19:00:00.000Z',
        slots: 6,
        volunteers: [
          { id: 7, name: 'Ana Lopez', svid: 'SV7', phoneNumber: '+1 (604) 555-0107' },
          { id: 8, name: 'Ben Okafor', svid: 'SV8', phoneNumber: null },
        ],
      },
    ],
  };
}

const open = (at = '/schedule/roster?venue=1&day=2025-08-08', isTeamLeader = true) =>
  renderPage(<RosterPage />, { path: '/schedule/roster', at, ...scheduleSession(isTeamLeader) });
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row', { hidden: true })
    .map((row) => [...row.children].map((cell) => cell.textContent));

beforeEach(() => {
  vi.clearAllMocks();
  scheduleCache.clear();
  vi.mocked(venueDayRoster).mockResolvedValue(roster());
});
afterEach(() => vi.restoreAllMocks());

describe('the venue-day roster', () => {
  it(
    'shows the venue and day, then each shift in the order the server gives, with its ' + 'volunteers, SV IDs and phone numbers to call',
    async () => {
      // The screen's version (the paper one is outside the app, in <body>).
      const app = within(open().container);
      expect(await app.findByRole('heading', { level: 1, name: 'Roster: Registration' })).toBeInTheDocument();
      expect(venueDayRoster).toHaveBeenCalledWith(1, '2025-08-08');
      expect(app.getByText(/Friday August 8th 2025/)).toBeInTheDocument();
      expect(app.getByText('Team leaders: Tess Leader, Omar Guide')).toBeInTheDocument();
      expect(app.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
        'Badge Check, 7:00 AM – 8:00 AM',
        'Greeter, 8:00 AM – 12:00 PM',
      ]);
      const badge = app.getByRole('region', { name: 'Badge Check, 7:00 AM – 8:00 AM' });
      expect(within(badge).getByText('0 of 1 place filled')).toBeInTheDocument();
      expect(within(badge).getByText('Nobody is assigned to this shift.')).toBeInTheDocument();
      const greeters = app.getByRole('region', { name: 'Greeter, 8:00 AM – 12:00 PM' });
      expect(within(greeters).getByText('2 of 6 places filled · Report to: Registration desk')).toBeInTheDocument();
      expect(rowsOf(within(greeters).getByRole('table'))).toEqual([
        ['Volunteer', 'SV ID', 'Phone'],
        ['Ana Lopez', 'SV7', '+1 (604) 555-0107'],
        ['Ben Okafor', 'SV8', 'No phone number'],
      ]);
      expect(within(greeters).getByRole('link', { name: 'Call Ana Lopez, +1 (604) 555-0107' })).toHaveAttribute('href', 'tel:+16045550107');
      expect(app.getByRole('link', { name: 'Back to Schedule' })).toHaveAttribute('href', '/schedule/tl?day=2025-08-08');
    },
  );

  it('prints only the roster: one table per shift with phone numbers and empty In, Out and Signature columns', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Print roster' }));
    expect(print).toHaveBeenCalledTimes(1);

    // The paper version sits straight in <body>, and the print stylesheet hides every other child of <body> (the app).
    const paper = screen.getByTestId('print-venue-roster');
    expect(paper.parentElement).toBe(document.body);
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(/@media print\s*\{[^}]*body\s*>\s*\*:not\(\.svp-print-roster\)\s*\{\s*display:\s*none\s*!important/);
    expect(css).toMatch(/@media screen\s*\{\s*\.svp-print-roster\s*\{\s*display:\s*none/);
    expect(paper).toHaveTextContent('Roster: Registration');
    expect(paper).toHaveTextContent('Friday August 8th 2025 (Pacific time) · West Lobby');
    expect(paper).toHaveTextContent('Team leaders: Tess Leader, Omar Guide');
    const tables = within(paper).getAllByRole('table', { hidden: true });
    expect(tables.map((table) => table.getAttribute('aria-label'))).toEqual([
      'Badge Check, 7:00 AM – 8:00 AM',
      'Greeter, 8:00 AM – 12:00 PM',
    ]);
    expect(rowsOf(tables[0]!)).toEqual([['Volunteer', 'SV ID', 'Phone', 'In', 'Out', 'Signature']]);
    expect(rowsOf(tables[1]!)).toEqual([
      ['Volunteer', 'SV ID', 'Phone', 'In', 'Out', 'Signature'],
      ['Ana Lopez', 'SV7', '+1 (604) 555-0107', '', '', ''],
      ['Ben Okafor', 'SV8', '', '', '', ''],
    ]);
    expect(paper).toHaveTextContent('Nobody is assigned to this shift.');
  });

  it("shows the server's refusal (another venue's roster) as a page with the way back", async () => {
    vi.mocked(venueDayRoster).mockRejectedValueOnce(new ApiError(403, 'FORBIDDEN', 'You can only see the rosters of the venues you lead.'));
    open('/schedule/roster?venue=2&day=2025-08-08');
    expect(await screen.findByText('You can only see the rosters of the venues you lead.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Schedule' })).toHaveAttribute('href', '/schedule/tl');
    expect(screen.queryByTestId('print-venue-roster')).not.toBeInTheDocument();
  });

  it('asks for nothing without a venue and a day in the address, and sends volunteers to their own schedule', async () => {
    const page = open('/schedule/roster?venue=x&day=2025-08-08');
    expect(screen.getByText(/Open a roster from your schedule/)).toBeInTheDocument();
    expect(venueDayRoster).not.toHaveBeenCalled();
    page.unmount();
    open('/schedule/roster?venue=1&day=2025-08-08', false);
    expect(address()).toBe('/schedule/sv');
    expect(venueDayRoster).not.toHaveBeenCalled();
  });

  it("is reached from the team leader's schedule: a roster per venue shown, for the day shown", async () => {
    vi.mocked(endpoints.teamLeaderSchedule).mockResolvedValue(teamLeaderSchedule());
    const user = userEvent.setup();
    renderPage(<TeamLeaderSchedulePage />, { path: '/schedule/tl', at: '/schedule/tl?day=2025-08-08&venue=History', ...scheduleSession() });
    const links = await screen.findByRole('navigation', { name: 'Rosters for Friday August 8th 2025' });
    // 'History' shows both History venues.
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Roster: Computer Animation History', '/schedule/roster?venue=3&day=2025-08-08'],
      ['Roster: History Wall', '/schedule/roster?venue=4&day=2025-08-08'],
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Venue' }), 'Registration');
    const registration = within(screen.getByRole('navigation', { name: 'Rosters for Friday August 8th 2025' })).getByRole('link', {
      name: 'Roster: Registration',
    });
    await user.click(registration);
    expect(address()).toBe('/schedule/roster?venue=1&day=2025-08-08');
  });
});
