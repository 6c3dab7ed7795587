import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { SavedPerformanceRecords, ShiftDetail } from '../../api/types';
import { address, renderPage } from '../../test/kit/renderPage';
import ShiftDetailPage from './ShiftDetailPage';
import { scheduleSession, shiftDetail } from './scheduleFixtures';

// The week's records on the shift page: when and by whom volunteers were checked in and out, the server's
// refusals next to the volunteer, 'Correct times', and the printed roster.

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: {
    shiftDetail: vi.fn(),
    savePerformanceRecords: vi.fn(),
    shiftCandidates: vi.fn(),
    shiftProposals: vi.fn(),
    proposeForShift: vi.fn(),
  },
}));

const open = () => renderPage(<ShiftDetailPage />, { path: '/schedule/shift/:id', at: '/schedule/shift/21', ...scheduleSession() });
const loaded = () => screen.findByText('2 / 6 possible SVs assigned');
const row = (name: RegExp) => screen.getByRole('row', { name });
const saved: SavedPerformanceRecords = { message: 'Performance records saved', saved: 2, performance_records: [], refused: [] };

/** Ana checked in 7:52 and out 11:57 (4 h 05 min), the check-out corrected by Omar. */
function checkedOut(): ShiftDetail {
  const detail = shiftDetail();
  Object.assign(detail.shift.studentVolunteers[0]!.performance_record, {
    check_out: true,
    check_out_at: '2025-08-08T18:57:00.000Z',
    check_out_by_name: 'Omar Guide',
    time_note: 'Forgot to check her out.',
    worked_minutes: 245,
  });
  return detail;
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.shiftDetail).mockResolvedValue(shiftDetail());
  vi.mocked(endpoints.shiftCandidates).mockResolvedValue({ shiftId: 21, free: 4, candidates: [], people: [] });
  vi.mocked(endpoints.shiftProposals).mockResolvedValue([]);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('check-in and check-out times', () => {
  it(
    'shows when each volunteer was checked in and out, in Pacific time, by whom, the worked ' + 'time and the reason of a correction',
    async () => {
      vi.mocked(endpoints.shiftDetail).mockResolvedValue(checkedOut());
      open();
      await loaded();
      const ana = row(/Ana Lopez/);
      expect(within(ana).getByText('7:52 AM by Tess Leader')).toBeInTheDocument();
      expect(within(ana).getByText('11:57 AM by Omar Guide')).toBeInTheDocument();
      expect(within(ana).getByText('Worked 4 h 05 min')).toBeInTheDocument();
      expect(within(ana).getByText('Correction: Forgot to check her out.')).toBeInTheDocument();
      const ben = row(/Ben Okafor/);
      expect(within(ben).queryByText(/ by /)).not.toBeInTheDocument();
      expect(within(ben).queryByText(/^Worked/)).not.toBeInTheDocument();
    },
  );

  it('shows no worked time while a volunteer is checked in but not out', async () => {
    open();
    await loaded();
    expect(within(row(/Ana Lopez/)).getByText('7:52 AM by Tess Leader')).toBeInTheDocument();
    expect(within(row(/Ana Lopez/)).queryByText(/^Worked/)).not.toBeInTheDocument();
  });

  it(
    'ticking Check In sends the tick alone (the server stamps the time), marked as not saved yet until then',
    { timeout: 20000 },
    async () => {
      const user = userEvent.setup();
      vi.mocked(endpoints.savePerformanceRecords).mockResolvedValue(saved);
      open();
      await loaded();
      await user.click(screen.getByRole('checkbox', { name: 'Check In for Ben Okafor' }));
      expect(within(row(/Ben Okafor/)).getByText('Not saved yet')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save and Return' }));
      await waitFor(() => expect(address()).toBe('/schedule/tl?day=2025-08-08'));
      const sent = vi.mocked(endpoints.savePerformanceRecords).mock.calls[0]![0];
      expect(sent[1]).toEqual({
        id: null,
        shift_id: 21,
        student_volunteer_id: 8,
        check_in: true,
        check_out: false,
        rating: 0,
        notes: '',
        version: 0,
      });
      expect(sent[0]).not.toHaveProperty('check_in_at');
    },
  );

  it(
    'shows a refused early check-in next to that volunteer, tied to their Check In box, when the save kept nothing',
    { timeout: 30000 },
    async () => {
      const user = userEvent.setup();
      const early = 'Check-in opens 30 minutes before the shift, at 7:30 AM (Pacific).';
      vi.mocked(endpoints.savePerformanceRecords).mockRejectedValueOnce(
        new ApiError(
          409,
          'TOO_EARLY_TO_CHECK_IN',
          early,
          { 'performance_records.1.check_in': early },
          {
            refused: [
              {
                index: 1,
                student_volunteer_id: 8,
                code: 'TOO_EARLY_TO_CHECK_IN',
                message: early,
                errors: { check_in: early },
                record: null,
              },
            ],
          },
        ),
      );
      open();
      await loaded();
      await user.click(screen.getByRole('checkbox', { name: 'Check In for Ben Okafor' }));
      await user.click(screen.getByRole('button', { name: 'Save and Return' }));

      expect(await within(row(/Ben Okafor/)).findByText(`Not saved: ${early}`)).toBeInTheDocument();
      expect(within(row(/Ana Lopez/)).queryByText(/^Not saved:/)).not.toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Check In for Ben Okafor' })).toHaveAccessibleDescription(`Not saved: ${early}`);
      expect(screen.getByRole('checkbox', { name: 'Check In for Ben Okafor' })).toBeChecked();
      expect(address()).toBe('/schedule/shift/21');
    },
  );

  it(
    "shows a check-out without check-in (the server's field error) next to that volunteer, and clears it on the next save",
    { timeout: 20000 },
    async () => {
      const user = userEvent.setup();
      const message = 'Check a volunteer in before checking them out.';
      vi.mocked(endpoints.savePerformanceRecords)
        .mockRejectedValueOnce(new ApiError(400, 'VALIDATION_FAILED', message, { 'performance_records.1.check_out': message }))
        .mockRejectedValueOnce(new ApiError(403, 'FORBIDDEN', 'This shift is at a venue you do not lead.'));
      open();
      await loaded();
      await user.click(screen.getByRole('checkbox', { name: 'Check Out for Ben Okafor' }));
      await user.click(screen.getByRole('button', { name: 'Save and Return' }));

      expect(await within(row(/Ben Okafor/)).findByText(`Not saved: ${message}`)).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Check Out for Ben Okafor' })).toHaveAccessibleDescription(`Not saved: ${message}`);
      expect(within(row(/Ana Lopez/)).queryByText(/^Not saved:/)).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Save and Return' }));
      expect(await screen.findByTestId('danger-alert')).toHaveTextContent('This shift is at a venue you do not lead.');
      expect(within(row(/Ben Okafor/)).queryByText(/^Not saved:/)).not.toBeInTheDocument();
    },
  );
});

describe("'Correct times'", () => {
  const correct = async (user: ReturnType<typeof userEvent.setup>, name: RegExp) => {
    await user.click(within(row(name)).getByRole('button', { name: 'Correct times' }));
    return screen.findByRole('dialog', { name: /^Correct times for / });
  };
  const setTime = (dialog: HTMLElement, label: RegExp, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

  it(
    'opens with the stored times in Pacific time, requires the reason and a check-out after the check-in, each message tied to its field',
    { timeout: 20000 },
    async () => {
      const user = userEvent.setup();
      open();
      await loaded();
      const dialog = await correct(user, /Ana Lopez/);
      expect(dialog).toHaveAccessibleName('Correct times for Ana Lopez');
      expect(within(dialog).getByLabelText(/^Check-in time/)).toHaveValue('07:52');
      expect(within(dialog).getByLabelText(/^Check-out time/)).toHaveValue('');

      setTime(dialog, /^Check-out time/, '07:40');
      await user.click(within(dialog).getByRole('button', { name: 'Use these times' }));
      expect(within(dialog).getByLabelText(/^Check-out time/)).toHaveAccessibleDescription('Check-out must be after check-in.');
      expect(within(dialog).getByRole('textbox', { name: /^Why are the times corrected\?/ })).toHaveAccessibleDescription(
        'Say why the time is corrected.',
      );
      expect(within(dialog).getByRole('textbox', { name: /^Why are the times corrected\?/ })).toHaveAttribute('aria-invalid', 'true');

      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(row(/Ana Lopez/)).queryByText(/^Worked/)).not.toBeInTheDocument();
    },
  );

  it(
    'puts the corrected times and the reason into the page, shows the worked time, and saves them with the records',
    { timeout: 20000 },
    async () => {
      const user = userEvent.setup();
      vi.mocked(endpoints.savePerformanceRecords).mockResolvedValue(saved);
      open();
      await loaded();
      const dialog = await correct(user, /Ana Lopez/);
      setTime(dialog, /^Check-in time/, '07:55');
      setTime(dialog, /^Check-out time/, '12:00');
      expect(within(dialog).getByText('On Fri Aug 8th, Pacific time', { selector: '[id$="-out-helper-text"]' })).toBeInTheDocument();
      await user.type(within(dialog).getByRole('textbox', { name: /^Why are the times corrected\?/ }), 'Signed the paper roster at 7:55.');
      await user.click(within(dialog).getByRole('button', { name: 'Use these times' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      const ana = row(/Ana Lopez/);
      expect(within(ana).getByText('Worked 4 h 05 min')).toBeInTheDocument();
      expect(within(ana).getByText('7:55 AM (corrected, not saved yet)')).toBeInTheDocument();
      expect(within(ana).getByText('12:00 PM (corrected, not saved yet)')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Check Out for Ana Lopez' })).toBeChecked();

      await user.click(screen.getByRole('button', { name: 'Save and Return' }));
      await waitFor(() => expect(address()).toBe('/schedule/tl?day=2025-08-08'));
      expect(vi.mocked(endpoints.savePerformanceRecords).mock.calls[0]![0][0]).toEqual({
        id: 31,
        shift_id: 21,
        student_volunteer_id: 7,
        check_in: true,
        check_out: true,
        check_in_at: '2025-08-08T14:55:00.000Z',
        check_out_at: '2025-08-08T19:00:00.000Z',
        time_note: 'Signed the paper roster at 7:55.',
        rating: 3,
        notes: 'Arrived early.',
        version: 1,
      });
    },
  );

  it(
    "refuses a time later than now (the server's clock) in the dialog, in the server's words, and takes one that has happened",
    { timeout: 30000 },
    async () => {
      const user = userEvent.setup();
      // 9:01 AM Pacific on the shift's day (8:00 AM – 12:00 PM).
      renderPage(<ShiftDetailPage />, {
        path: '/schedule/shift/:id',
        at: '/schedule/shift/21',
        ...scheduleSession(),
        now: Date.parse('2025-08-08T16:01:00.000Z'),
      });
      await loaded();
      const dialog = await correct(user, /Ben Okafor/);
      setTime(dialog, /^Check-in time/, '09:05');
      setTime(dialog, /^Check-out time/, '12:00');
      await user.type(within(dialog).getByRole('textbox', { name: /^Why are the times corrected\?/ }), 'From the paper roster.');
      await user.click(within(dialog).getByRole('button', { name: 'Use these times' }));
      expect(within(dialog).getByLabelText(/^Check-in time/)).toHaveAccessibleDescription(
        'The check-in time cannot be later than now (9:01 AM Pacific).',
      );
      expect(within(dialog).getByLabelText(/^Check-out time/)).toHaveAccessibleDescription(
        'The check-out time cannot be later than now (9:01 AM Pacific).',
      );
      expect(screen.getByRole('dialog')).toBeInTheDocument();

      setTime(dialog, /^Check-in time/, '08:05');
      setTime(dialog, /^Check-out time/, '');
      await user.click(within(dialog).getByRole('button', { name: 'Use these times' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(within(row(/Ben Okafor/)).getByText('8:05 AM (corrected, not saved yet)')).toBeInTheDocument();
      expect(within(row(/Ben Okafor/)).queryByText(/^Worked/)).not.toBeInTheDocument();
    },
  );

  it("shows the server's refusal of a correction next to the volunteer", { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    const message = 'The corrected times must fall within the shift’s day.';
    vi.mocked(endpoints.savePerformanceRecords).mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_FAILED', message, { 'performance_records.0.check_in_at': message }),
    );
    open();
    await loaded();
    const dialog = await correct(user, /Ana Lopez/);
    await user.type(within(dialog).getByRole('textbox', { name: /^Why are the times corrected\?/ }), 'Typo.');
    await user.click(within(dialog).getByRole('button', { name: 'Use these times' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save and Return' }));
    expect(await within(row(/Ana Lopez/)).findByText(`Not saved: ${message}`)).toBeInTheDocument();
    expect(within(row(/Ana Lopez/)).getByRole('button', { name: 'Correct times' })).toHaveAccessibleDescription(
      `Ana Lopez Not saved: ${message}`,
    );
  });
});

describe("'Print roster'", () => {
  it('prints a roster of the shift: shift, venue, times, each volunteer with SV ID and empty In, Out and Signature columns', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    open();
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Print roster' }));
    expect(print).toHaveBeenCalledTimes(1);

    // Printed, the roster is all there is: the print stylesheet hides every other child of <body> (the app).
    const roster = screen.getByTestId('print-roster');
    expect(roster.parentElement).toBe(document.body);
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(/@media print\s*\{[^}]*body\s*>\s*\*:not\(\.svp-print-roster\)\s*\{\s*display:\s*none\s*!important/);
    expect(within(roster).getByText('Roster: Greeter')).toBeInTheDocument();
    expect(roster).toHaveTextContent('Registration, West Lobby');
    expect(roster).toHaveTextContent('Fri Aug 8th, 8:00 AM – 12:00 PM (Pacific time)');
    const table = within(roster).getByRole('table', { name: 'Roster', hidden: true });
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['Volunteer', 'SV ID', 'In', 'Out', 'Signature'],
      ['Ana Lopez', 'SV7', '', '', ''],
      ['Ben Okafor', 'SV8', '', '', ''],
    ]);
  });
});
