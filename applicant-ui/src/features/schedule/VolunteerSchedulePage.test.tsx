import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { address, renderPage } from '../../test/kit/renderPage';
import { swapRequests, swapSettings } from '../swaps/swapFixtures';
import VolunteerSchedulePage from './VolunteerSchedulePage';
import { scheduleCache } from './scheduleCache';
import { VENUES, confirmedVolunteer, dayEntries, releasedSettings, shift, volunteerSchedule, volunteerShifts } from './scheduleFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { volunteerSchedule: vi.fn(), swapRequests: vi.fn() } }));

const open = (at = '/schedule/sv', settings = releasedSettings()) =>
  renderPage(<VolunteerSchedulePage />, {
    path: '/schedule/sv',
    at,
    settings,
    profile: confirmedVolunteer(),
  });
const panel = () => screen.getByRole('region', { name: /^Your Next Shift/ });
/** A day of the picker by the day's name, whatever it says about its shifts. */
const dayButton = (day: string) =>
  within(screen.getByRole('group', { name: 'Day' })).getByRole('button', { name: new RegExp(`^${day}(,|$)`) });
const listTexts = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const fact = (scope: HTMLElement, label: string) =>
  within(scope)
    .getAllByText(label, { selector: 'dt' })
    .map((dt) => dt.nextElementSibling!.textContent);

beforeEach(() => {
  vi.clearAllMocks();
  scheduleCache.clear();
  vi.mocked(endpoints.volunteerSchedule).mockResolvedValue(volunteerSchedule());
  vi.mocked(endpoints.swapRequests).mockResolvedValue(swapRequests());
});

describe('the volunteer schedule', () => {
  it("loads the caller's own schedule and shows the next shift: day, start, venue and location, role, end and team leaders", async () => {
    open();
    expect(screen.getByText('Loading your schedule...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Next Shift' })).toBeInTheDocument();
    expect(endpoints.volunteerSchedule).toHaveBeenCalledWith(7);
    const next = panel();
    expect(fact(next, 'Day')).toEqual(['Sat Aug 9th']);
    expect(fact(next, 'Start')).toEqual(['9:00 AM']);
    expect(fact(next, 'Venue')).toEqual(['Computer Animation History']);
    expect(fact(next, 'Location')).toEqual(['East 2']);
    expect(fact(next, 'Role')).toEqual(['Door Monitor']);
    expect(fact(next, 'End')).toEqual(['1:00 PM']);
    expect(fact(next, 'Team Leaders')).toEqual(['Tess Leader']);
  });

  it('shows each of several next shifts that start at the same moment, and says when there are no more', async () => {
    const twin = shift(16, '2025-08-09 09:00', '2025-08-09 11:00', 'Runner', VENUES.registration);
    vi.mocked(endpoints.volunteerSchedule).mockResolvedValueOnce(volunteerSchedule({ next_shifts: [volunteerShifts()[3]!, twin] }));
    const first = open();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your Next Shifts' })).toBeInTheDocument();
    expect(fact(panel(), 'Role')).toEqual(['Door Monitor', 'Runner']);
    expect(fact(panel(), 'Team Leaders')).toEqual(['Tess Leader', 'Tess Leader, Omar Guide']);
    first.unmount();
    scheduleCache.clear();

    vi.mocked(endpoints.volunteerSchedule).mockResolvedValueOnce(volunteerSchedule({ next_shifts: [] }));
    open();
    expect(
      await within(await screen.findByRole('region', { name: 'Your Next Shift' })).findByText('There are no more shifts on your schedule.'),
    ).toBeInTheDocument();
  });

  it('shows the assigned hours against the expected 25', async () => {
    vi.mocked(endpoints.volunteerSchedule).mockResolvedValueOnce(volunteerSchedule({ hours: 12.5 }));
    open();
    expect(await screen.findByText('12.5 hours assigned, of about 25 expected')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: '12.5 hours assigned, of about 25 expected' })).toHaveAttribute('aria-valuenow', '50');
  });

  it(
    'opens on the day of her next shift, marks the days that have shifts, and lists another day when it is picked, keeping it in ' +
      'the address',
    async () => {
      const user = userEvent.setup();
      open();
      await screen.findByRole('heading', { name: 'Your Shifts' });
      const picker = within(screen.getByRole('group', { name: 'Day' }));
      // Friday holds two shifts and the Job Fair, Saturday one shift and the Chapters Lunch; the count shows beside the day, and is said.
      const days = [
        'Fri Aug 8th, 2 shifts',
        'Sat Aug 9th, 1 shift',
        'Sun Aug 10th',
        'Mon Aug 11th',
        'Tue Aug 12th',
        'Wed Aug 13th',
        'Thu Aug 14th',
      ];
      expect(picker.getAllByRole('button')).toEqual(days.map((name) => picker.getByRole('button', { name })));
      expect(picker.getAllByRole('button').map((b) => b.textContent)).toEqual([
        'Fri Aug 8th2',
        'Sat Aug 9th1',
        'Sun Aug 10th',
        'Mon Aug 11th',
        'Tue Aug 12th',
        'Wed Aug 13th',
        'Thu Aug 14th',
      ]);
      expect(dayButton('Sat Aug 9th')).toHaveAttribute('aria-pressed', 'true');
      expect(dayEntries()).toEqual([
        '9:00 AM – 1:00 PM · Door MonitorComputer Animation History',
        "This is not a shift1:00 PM – 2:00 PM: Go to the SV Chapter's Luncheon at Ballroom A.",
      ]);
      expect(address()).toBe('/schedule/sv');

      await user.click(dayButton('Fri Aug 8th'));
      expect(dayButton('Fri Aug 8th')).toHaveAttribute('aria-pressed', 'true');
      expect(dayButton('Sat Aug 9th')).toHaveAttribute('aria-pressed', 'false');
      expect(dayEntries()).toEqual([
        '8:00 AM – 12:00 PM · GreeterRegistration',
        '1:00 PM – 5:00 PM · UsherEmerging Technologies',
        'This is not a shift6:00 PM – 8:00 PM: This time is blocked for the Job Fair.',
      ]);
      expect(address()).toBe('/schedule/sv?day=2025-08-08');
    },
  );

  it('opens on the day of her next shift when it is days away, never on the empty default day', async () => {
    // The edition's default day is Friday 8 August; her only shifts are on Monday.
    const monday = [
      shift(31, '2025-08-11 08:00', '2025-08-11 12:00', 'Greeter', VENUES.registration),
      shift(32, '2025-08-11 13:00', '2025-08-11 15:00', 'Usher', VENUES.emergingTech),
    ];
    vi.mocked(endpoints.volunteerSchedule).mockResolvedValueOnce(volunteerSchedule({ shifts: monday, next_shifts: [monday[0]!] }));
    open();
    expect(await screen.findByRole('button', { name: 'Mon Aug 11th, 2 shifts' })).toHaveAttribute('aria-pressed', 'true');
    expect(dayEntries()).toEqual(['8:00 AM – 12:00 PM · GreeterRegistration', '1:00 PM – 3:00 PM · UsherEmerging Technologies']);
    expect(screen.queryByText(/^No shifts for/)).not.toBeInTheDocument();
  });

  it("opens on the edition's default day when no shift lies ahead", async () => {
    vi.mocked(endpoints.volunteerSchedule).mockResolvedValueOnce(
      volunteerSchedule({ shifts: volunteerShifts().slice(0, 3), next_shifts: [] }),
    );
    open();
    expect(await screen.findByRole('button', { name: 'Fri Aug 8th, 2 shifts' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("opens on the day in the address (after a reload or Back), and on the next shift's day when it is not a conference day", async () => {
    const first = open('/schedule/sv?day=2025-08-08');
    expect(await screen.findByRole('button', { name: 'Fri Aug 8th, 2 shifts' })).toHaveAttribute('aria-pressed', 'true');
    expect(dayEntries()[0]).toContain('Greeter');
    first.unmount();
    open('/schedule/sv?day=2031-01-01');
    expect(await screen.findByRole('button', { name: 'Sat Aug 9th, 1 shift' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("says 'No shifts for Sunday August 10th 2025' on an empty day", async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole('button', { name: 'Sun Aug 10th' }));
    expect(screen.getByText('No shifts for Sunday August 10th 2025')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /^Shifts on / })).not.toBeInTheDocument();
  });

  it('lists all her shifts in one view, upcoming first by day, the past ones on demand, latest first', async () => {
    const user = userEvent.setup();
    const sunday = shift(17, '2025-08-10 09:00', '2025-08-10 13:00', 'Runner', VENUES.registration);
    vi.mocked(endpoints.volunteerSchedule).mockResolvedValueOnce(volunteerSchedule({ shifts: [...volunteerShifts(), sunday] }));
    open();
    await user.click(await screen.findByRole('tab', { name: 'All My Shifts' }));
    expect(screen.getByRole('tab', { name: 'All My Shifts' })).toHaveAttribute('aria-selected', 'true');
    expect(address()).toBe('/schedule/sv?view=all');
    const panel = screen.getByRole('tabpanel', { name: 'All My Shifts' });
    expect(within(panel).queryByRole('group', { name: 'Day' })).not.toBeInTheDocument();
    expect(
      within(panel)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Sat Aug 9th', 'Sun Aug 10th']);
    expect(listTexts('Shifts on Sat Aug 9th')).toEqual([
      '9:00 AM – 1:00 PM · Door MonitorComputer Animation History',
      "This is not a shift1:00 PM – 2:00 PM: Go to the SV Chapter's Luncheon at Ballroom A.",
    ]);
    expect(listTexts('Shifts on Sun Aug 10th')).toEqual(['9:00 AM – 1:00 PM · RunnerRegistration']);
    expect(screen.queryByRole('list', { name: /^Past shifts/ })).not.toBeInTheDocument();

    const past = within(panel).getByRole('button', { name: 'Show past shifts (3)' });
    expect(past).toHaveAttribute('aria-expanded', 'false');
    await user.click(past);
    expect(within(panel).getByRole('button', { name: 'Hide past shifts' })).toHaveAttribute('aria-expanded', 'true');
    expect(listTexts('Past shifts on Fri Aug 8th')).toEqual([
      'This is not a shift6:00 PM – 8:00 PM: This time is blocked for the Job Fair.',
      '1:00 PM – 5:00 PM · UsherEmerging Technologies',
      '8:00 AM – 12:00 PM · GreeterRegistration',
    ]);

    // A shift of the list opens in the modal as on the day view.
    await user.click(within(screen.getByRole('list', { name: 'Shifts on Sun Aug 10th' })).getByRole('button', { name: /Runner/ }));
    expect(screen.getByRole('dialog', { name: 'Runner' })).toBeInTheDocument();
  });

  it('keeps the all-shifts view in the address, and goes back to the days', async () => {
    const user = userEvent.setup();
    open('/schedule/sv?view=all');
    expect(await screen.findByRole('tab', { name: 'All My Shifts' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'By Day' }));
    expect(screen.getByRole('group', { name: 'Day' })).toBeInTheDocument();
    expect(address()).toBe('/schedule/sv?view=day');
  });

  it('says so in the all-shifts view when no shift lies ahead', async () => {
    vi.mocked(endpoints.volunteerSchedule).mockResolvedValueOnce(
      volunteerSchedule({ shifts: volunteerShifts().slice(0, 3), next_shifts: [] }),
    );
    open('/schedule/sv?view=all');
    const panel = await screen.findByRole('tabpanel', { name: 'All My Shifts' });
    expect(within(panel).getByText('There are no more shifts on your schedule.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Show past shifts (3)' })).toBeInTheDocument();
  });

  it('does not open the Job Fair or the Chapters Lunch as shifts', async () => {
    const user = userEvent.setup();
    open('/schedule/sv?day=2025-08-09');
    await screen.findByRole('heading', { name: 'Your Shifts' });
    const list = screen.getByRole('list', { name: 'Shifts on Sat Aug 9th' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['9:00 AM – 1:00 PM · Door MonitorComputer Animation History']);
    await user.click(dayButton('Fri Aug 8th'));
    expect(within(screen.getByRole('list', { name: 'Shifts on Fri Aug 8th' })).getAllByRole('button')).toHaveLength(2);
  });

  it(
    'opens a shift in a modal with its description, report to, special note, team leaders and ' + 'the check-in note, and closes it',
    async () => {
      const user = userEvent.setup();
      open('/schedule/sv?day=2025-08-08');
      await user.click(await screen.findByRole('button', { name: /Greeter/ }));
      const dialog = screen.getByRole('dialog', { name: 'Greeter' });
      expect(fact(dialog, 'Description')).toEqual(['Welcome attendees and hand out badges.']);
      expect(fact(dialog, 'Report To')).toEqual(['Registration desk']);
      expect(fact(dialog, 'Special Note')).toEqual(['Wear the blue shirt.']);
      expect(fact(dialog, 'Team Leaders')).toEqual(['Tess Leader, Omar Guide']);
      expect(fact(dialog, 'Time')).toEqual(['8:00 AM – 12:00 PM']);
      expect(within(dialog).getByText('Please be at the SV Office 30 minutes before to checkin')).toBeInTheDocument();
      // Swapping online is switched off in these settings: both swap buttons lead to the notice, and no swap requests are asked for.
      expect(
        within(dialog)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Close']);
      expect(
        within(dialog)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Swap Shift', '/schedule/swap/11/create'],
        ['Swap Requests', '/schedule/swap/list'],
      ]);
      expect(endpoints.swapRequests).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
  );

  it(
    'adds the swap buttons to the shift modal while swapping online is switched on: swap only a future swappable shift, and the ' +
      'requests involving it',
    async () => {
      const user = userEvent.setup();
      open('/schedule/sv?day=2025-08-09', swapSettings());
      await user.click(await screen.findByRole('button', { name: /Door Monitor/ }));
      let dialog = screen.getByRole('dialog', { name: 'Door Monitor' });
      expect(within(dialog).getByRole('link', { name: 'Swap Shift' })).toHaveAttribute('href', '/schedule/swap/14/create');
      expect(await within(dialog).findByRole('link', { name: 'Swap Requests (1)' })).toHaveAttribute('href', '/schedule/swap/list');
      expect(endpoints.swapRequests).toHaveBeenCalledWith('c8a1');
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      // Friday's Greeter has started: its requests can be seen, it cannot be swapped.
      await user.click(dayButton('Fri Aug 8th'));
      await user.click(screen.getByRole('button', { name: /Greeter/ }));
      dialog = screen.getByRole('dialog', { name: 'Greeter' });
      expect(within(dialog).queryByRole('link', { name: 'Swap Shift' })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'Swap Requests (0)' })).toBeInTheDocument();
    },
  );

  it("shows the server's reason as a page when it refuses (schedules not out yet), without an alert", async () => {
    vi.mocked(endpoints.volunteerSchedule).mockRejectedValue(
      new ApiError(403, 'FORBIDDEN', 'Schedules are released on 5 August 2026 at 22:00 UTC.'),
    );
    open();
    expect(await screen.findByText('Schedules are released on 5 August 2026 at 22:00 UTC.')).toBeInTheDocument();
    expect(screen.getByText('Your schedule cannot be shown')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
    expect(endpoints.volunteerSchedule).toHaveBeenCalledTimes(1);
  });

  it('shows any other failure in the danger alert and can try again', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.volunteerSchedule).mockRejectedValueOnce(new ApiError(503, 'DB_UNAVAILABLE', 'The database is not reachable.'));
    open();
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('The database is not reachable.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Your Next Shift' })).toBeInTheDocument();
  });
});
