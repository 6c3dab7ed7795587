import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { profileUser } from '../../test/kit/records';
import { address, renderPage } from '../../test/kit/renderPage';
import TeamLeaderSchedulePage from './TeamLeaderSchedulePage';
import { scheduleCache } from './scheduleCache';
import { VENUES, dayEntries, releasedSettings, shift, teamLeaderSchedule } from './scheduleFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { teamLeaderSchedule: vi.fn(), volunteerSchedule: vi.fn() } }));

const open = ({ at = '/schedule/tl', isTeamLeader = true } = {}) =>
  renderPage(<TeamLeaderSchedulePage />, {
    path: '/schedule/tl',
    settings: releasedSettings(),
    at,
    isTeamLeader,
    profile: profileUser({ role: 'Team-Leader' }),
  });
const venueSelect = () => screen.getByRole('combobox', { name: 'Venue' });
/** A day of the picker by the day's name, whatever it says about its shifts. */
const dayButton = (day: string) =>
  within(screen.getByRole('group', { name: 'Day' })).getByRole('button', { name: new RegExp(`^${day}(,|$)`) });
const roles = () =>
  dayEntries().map((text) =>
    text!.split(' · ')[1]!.replace(/(Registration|Emerging Technologies|Computer Animation History|History Wall).*$/, ''),
  );

beforeEach(() => {
  vi.clearAllMocks();
  scheduleCache.clear();
  vi.mocked(endpoints.teamLeaderSchedule).mockResolvedValue(teamLeaderSchedule());
});

describe('the team-leader schedule', () => {
  it("loads the caller's own schedule and shows the current and next shifts, each with a way to its detail", async () => {
    open();
    const current = await screen.findByRole('region', { name: 'Under Way at Your Venues' });
    expect(endpoints.teamLeaderSchedule).toHaveBeenCalledWith(7);
    expect(within(current).getByText('Badge Check')).toBeInTheDocument();
    expect(within(current).getByText('5 / 6 filled')).toBeInTheDocument();
    expect(within(current).getByRole('link', { name: 'Shift detail' })).toHaveAttribute('href', '/schedule/shift/25');
    const next = screen.getByRole('region', { name: 'Next at Your Venues' });
    expect(within(next).getByText('Line Keeper')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: 'Shift detail' })).toHaveAttribute('href', '/schedule/shift/26');
  });

  it('shows the shifts the team leader works, wherever they are: the next, the hours against about 60 expected, and each one', async () => {
    const all = teamLeaderSchedule().shifts;
    // They work the Line Keeper shift at a venue they lead, and a Headset shift an organiser gave them elsewhere.
    const elsewhere = shift(31, '2025-08-09 14:00', '2025-08-09 15:30', 'Headset attendant', VENUES.chapters);
    const lineKeeper = { ...all[5]!, mine: true };
    const { assigned: _assigned, mine: _mine, ...plain } = lineKeeper;
    vi.mocked(endpoints.teamLeaderSchedule).mockResolvedValueOnce(
      teamLeaderSchedule({
        shifts: [...all.slice(0, 5), lineKeeper],
        my_shifts: [elsewhere, plain],
        my_next_shifts: [elsewhere],
        hours: 5.5,
      }),
    );
    open();
    const next = await screen.findByRole('region', { name: 'Your Next Shift' });
    expect(within(next).getByText('Headset attendant')).toBeInTheDocument();
    // Not at a venue they lead: no shift detail to open.
    expect(within(next).queryByRole('link', { name: 'Shift detail' })).not.toBeInTheDocument();
    expect(screen.getByText('5.5 hours assigned, of about 60 expected')).toBeInTheDocument();
    expect(screen.getByText('Team leaders work about 60 hours over the conference.')).toBeInTheDocument();
    const mine = screen.getByRole('list', { name: 'Your shifts on Sat Aug 9th' });
    expect(
      within(mine)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Headset attendantChapters · Not at a venue you lead'),
      expect.stringContaining('Line KeeperEmerging Technologies'),
    ]);
    expect(dayEntries()).toContain('9:00 AM – 1:00 PM · Line KeeperEmerging Technologies · 4 / 6 filled · You work this shift');
  });

  it('says so when no shift is under way and none is coming', async () => {
    vi.mocked(endpoints.teamLeaderSchedule).mockResolvedValueOnce(teamLeaderSchedule({ current_shifts: [], next_shifts: [] }));
    open();
    expect(
      await within(await screen.findByRole('region', { name: 'Under Way at Your Venues' })).findByText('No shift is under way right now.'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Next at Your Venues' })).getByText('There are no more shifts at your venues.'),
    ).toBeInTheDocument();
  });

  it(
    "opens on the day of the shift under way, marks the days with their shifts, and lists the day's shifts of every venue with how " +
      'full they are',
    async () => {
      const user = userEvent.setup();
      open();
      await screen.findByRole('heading', { name: 'Shifts at Your Venues' });
      expect(dayButton('Sat Aug 9th')).toHaveAttribute('aria-pressed', 'true');
      expect(dayButton('Sat Aug 9th')).toHaveAccessibleName('Sat Aug 9th, 2 shifts');
      expect(dayButton('Fri Aug 8th')).toHaveAccessibleName('Fri Aug 8th, 4 shifts');
      expect(dayButton('Sun Aug 10th')).toHaveAccessibleName('Sun Aug 10th');
      expect(roles()).toEqual(['Badge Check', 'Line Keeper']);
      await user.click(dayButton('Fri Aug 8th'));
      expect(dayEntries()).toEqual([
        '8:00 AM – 12:00 PM · GreeterRegistration · 2 / 6 filled',
        '9:00 AM – 1:00 PM · DocentComputer Animation History · 3 / 4 filled',
        '10:00 AM – 2:00 PM · Wall GuideHistory Wall · 1 / 2 filled',
        '11:00 AM – 3:00 PM · Demo HelperEmerging Technologies · 0 / 6 filled',
      ]);
    },
  );

  it("opens on the edition's default day when no shift lies ahead", async () => {
    vi.mocked(endpoints.teamLeaderSchedule).mockResolvedValueOnce(
      teamLeaderSchedule({ shifts: teamLeaderSchedule().shifts.slice(0, 4), current_shifts: [], next_shifts: [] }),
    );
    open();
    await screen.findByRole('heading', { name: 'Shifts at Your Venues' });
    expect(dayButton('Fri Aug 8th')).toHaveAttribute('aria-pressed', 'true');
  });

  it("filters by venue: 'Show All' plus the venues, every History venue merged into one 'History'", async () => {
    const user = userEvent.setup();
    open({ at: '/schedule/tl?day=2025-08-08' });
    await screen.findByRole('heading', { name: 'Shifts at Your Venues' });
    expect(
      within(venueSelect())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Show All', 'Emerging Technologies', 'History', 'Registration']);
    expect(venueSelect()).toHaveValue('Show All');

    await user.selectOptions(venueSelect(), 'History');
    expect(roles()).toEqual(['Docent', 'Wall Guide']);
    expect(address()).toBe('/schedule/tl?day=2025-08-08&venue=History');
    // The days count the shifts of the venue shown.
    expect(dayButton('Fri Aug 8th')).toHaveAccessibleName('Fri Aug 8th, 2 shifts');
    expect(dayButton('Sat Aug 9th')).toHaveAccessibleName('Sat Aug 9th');

    await user.click(dayButton('Sat Aug 9th'));
    expect(screen.getByText('No shifts for Saturday August 9th 2025')).toBeInTheDocument();

    await user.selectOptions(venueSelect(), 'Registration');
    expect(roles()).toEqual(['Badge Check']);
    await user.selectOptions(venueSelect(), 'Show All');
    expect(roles()).toEqual(['Badge Check', 'Line Keeper']);
    expect(address()).toBe('/schedule/tl?day=2025-08-09&venue=Show+All');
  });

  it('lists all the shifts of the venue shown in one view, upcoming first, the past ones on demand', async () => {
    const user = userEvent.setup();
    open({ at: '/schedule/tl?venue=Registration' });
    await user.click(await screen.findByRole('tab', { name: 'All Shifts' }));
    expect(address()).toBe('/schedule/tl?venue=Registration&view=all');
    const panel = screen.getByRole('tabpanel', { name: 'All Shifts' });
    expect(within(panel).queryByRole('group', { name: 'Day' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('combobox', { name: 'Venue' })).toHaveValue('Registration');
    expect(
      within(screen.getByRole('list', { name: 'Shifts on Sat Aug 9th' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['8:00 AM – 12:00 PM · Badge CheckRegistration · 5 / 6 filled']);
    await user.click(within(panel).getByRole('button', { name: 'Show past shifts (1)' }));
    expect(
      within(screen.getByRole('list', { name: 'Past shifts on Fri Aug 8th' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['8:00 AM – 12:00 PM · GreeterRegistration · 2 / 6 filled']);
  });

  it('keeps the day and venue of the address', async () => {
    open({ at: '/schedule/tl?day=2025-08-09&venue=Emerging+Technologies' });
    await screen.findByRole('heading', { name: 'Shifts at Your Venues' });
    expect(dayButton('Sat Aug 9th')).toHaveAttribute('aria-pressed', 'true');
    expect(venueSelect()).toHaveValue('Emerging Technologies');
    expect(roles()).toEqual(['Line Keeper']);
  });

  it("opens a shift in the modal with the check-in note and a 'Shift detail' link", async () => {
    const user = userEvent.setup();
    open({ at: '/schedule/tl?day=2025-08-08' });
    await user.click(await screen.findByRole('button', { name: /Docent/ }));
    const dialog = screen.getByRole('dialog', { name: 'Docent' });
    expect(within(dialog).getByText('Docent duties.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please be at the SV Office 30 minutes before to checkin')).toBeInTheDocument();
    expect(within(dialog).getByText('Tess Leader')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'Shift detail' }));
    expect(address()).toBe('/schedule/shift/22');
    // The shift's own page, not this one: the harness shows the pathname of any other route.
    expect(screen.getByTestId('location')).toHaveTextContent('/schedule/shift/22');
  });

  it('sends someone who is not a team leader to the volunteer schedule', () => {
    open({ isTeamLeader: false });
    expect(address()).toBe('/schedule/sv');
    expect(endpoints.teamLeaderSchedule).not.toHaveBeenCalled();
  });

  it("shows the server's reason as a page when schedules are not out yet", async () => {
    vi.mocked(endpoints.teamLeaderSchedule).mockRejectedValue(
      new ApiError(403, 'FORBIDDEN', 'Schedules are released on 5 August 2026 at 22:00 UTC.'),
    );
    open();
    expect(await screen.findByText('Schedules are released on 5 August 2026 at 22:00 UTC.')).toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Shifts at Your Venues' })).not.toBeInTheDocument();
  });
});
