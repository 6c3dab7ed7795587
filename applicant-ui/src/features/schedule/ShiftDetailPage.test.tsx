import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { PerformanceRecordAsStored, SavedPerformanceRecords, ShiftDetail } from '../../api/types';
import { profileUser } from '../../test/kit/records';
import { address, renderPage } from '../../test/kit/renderPage';
import ShiftDetailPage from './ShiftDetailPage';
import { releasedSettings, shiftDetail } from './scheduleFixtures';

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

const open = ({ state, isTeamLeader = true }: { state?: unknown; isTeamLeader?: boolean } = {}) =>
  renderPage(<ShiftDetailPage />, {
    path: '/schedule/shift/:id',
    settings: releasedSettings(),
    at: '/schedule/shift/21',
    state,
    isTeamLeader,
    profile: profileUser({ role: 'Team-Leader' }),
  });
const loaded = () => screen.findByText('2 / 6 possible SVs assigned');
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
const saveButton = () => screen.getByRole('button', { name: /^(Save and Return|Saving\.\.\.)$/ });

const saved: SavedPerformanceRecords = { message: 'Performance records saved', saved: 2, performance_records: [], refused: [] };

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.shiftDetail).mockResolvedValue(shiftDetail());
  // The shift has free places: the page also asks who could fill them (FillShift.test.tsx tests that part).
  vi.mocked(endpoints.shiftCandidates).mockResolvedValue({ shiftId: 21, free: 4, candidates: [], people: [] });
  vi.mocked(endpoints.shiftProposals).mockResolvedValue([]);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('the shift detail', () => {
  it(
    "shows the shift: venue and location, role, report to, day, start and end, description, 'n / sv_slots possible SVs assigned' " +
      'and the special note',
    async () => {
      open();
      expect(screen.getByText('Loading the shift...')).toBeInTheDocument();
      await loaded();
      expect(endpoints.shiftDetail).toHaveBeenCalledWith(21);
      expect(screen.getByRole('heading', { level: 1, name: 'Greeter' })).toBeInTheDocument();
      expect(fact('Venue')).toBe('Registration');
      expect(fact('Location')).toBe('West Lobby');
      expect(fact('Role')).toBe('Greeter');
      expect(fact('Report To')).toBe('SV Office');
      expect(fact('Day')).toBe('Fri Aug 8th');
      expect(fact('Start')).toBe('8:00 AM');
      expect(fact('End')).toBe('12:00 PM');
      expect(fact('Description')).toBe('Greeter duties.');
      expect(screen.getByText('Bring the radio back to the office.')).toBeInTheDocument();
      expect(screen.getByText(/^Last Updated \d{1,2}:\d{2}:\d{2} [AP]M$/)).toBeInTheDocument();
    },
  );

  it(
    'lists each volunteer with SV ID, accommodations, back-to-back notes and the saved record, every control named after the ' +
      'volunteer',
    async () => {
      open();
      await loaded();
      const table = screen.getByRole('table', { name: 'Volunteers on this shift' });
      const [ana, ben] = within(table).getAllByRole('row').slice(1);
      expect(within(ana!).getByText('Ana Lopez')).toBeInTheDocument();
      expect(within(ana!).getByText('SV ID: SV7')).toBeInTheDocument();
      expect(within(ana!).getByText('Needs to sit down every hour')).toBeInTheDocument();
      expect(within(ana!).getByText('Start: Came from Usher at Hall 2')).toBeInTheDocument();
      expect(within(ben!).getByText('End: Goes on to Docent at East 2')).toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Check In for Ana Lopez' })).toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Check Out for Ana Lopez' })).not.toBeChecked();
      expect(screen.getByRole('checkbox', { name: 'Check In for Ben Okafor' })).not.toBeChecked();
      expect(screen.getByRole('combobox', { name: 'Rating for Ana Lopez' })).toHaveValue('3');
      const rating = screen.getByRole('combobox', { name: 'Rating for Ben Okafor' });
      expect(rating).toHaveValue('0');
      expect(
        within(rating)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Select', '1', '2', '3', '4', '5']);
    },
  );

  it('opens and closes the notes per volunteer, hinting at notes while they are closed', { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    open();
    await loaded();
    const anaRow = screen.getByRole('row', { name: /Ana Lopez/ });
    expect(within(anaRow).getByText('Has notes')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Notes for Ana Lopez' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('button', { name: 'Show Notes for Ana Lopez' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('textbox', { name: 'Notes for Ana Lopez' })).toHaveValue('Arrived early.');
    expect(within(anaRow).queryByText('Has notes')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Notes for Ben Okafor' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide Notes for Ana Lopez' }));
    expect(screen.queryByRole('textbox', { name: 'Notes for Ana Lopez' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Ben Okafor/ })).queryByText('Has notes')).not.toBeInTheDocument();
  });

  it(
    "'Save and Return' sends exactly the edited records, reads 'Saving...' meanwhile, then returns to the schedule it came from " +
      "with the server's message",
    { timeout: 20000 },
    async () => {
      const user = userEvent.setup();
      let answer!: (value: SavedPerformanceRecords) => void;
      vi.mocked(endpoints.savePerformanceRecords).mockReturnValue(new Promise((resolve) => (answer = resolve)));
      open({ state: { from: '/schedule/tl?day=2025-08-08&venue=Registration' } });
      await loaded();

      await user.click(screen.getByRole('checkbox', { name: 'Check In for Ben Okafor' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Rating for Ben Okafor' }), '4');
      await user.click(screen.getByRole('button', { name: 'Show Notes for Ben Okafor' }));
      await user.type(screen.getByRole('textbox', { name: 'Notes for Ben Okafor' }), 'Helpful.');
      await user.click(screen.getByRole('button', { name: 'Save and Return' }));

      expect(saveButton()).toHaveTextContent('Saving...');
      expect(saveButton()).toBeDisabled();
      expect(endpoints.savePerformanceRecords).toHaveBeenCalledTimes(1);
      expect(vi.mocked(endpoints.savePerformanceRecords).mock.calls[0]![0]).toEqual([
        { id: 31, shift_id: 21, student_volunteer_id: 7, check_in: true, check_out: false, rating: 3, notes: 'Arrived early.', version: 1 },
        { id: null, shift_id: 21, student_volunteer_id: 8, check_in: true, check_out: false, rating: 4, notes: 'Helpful.', version: 0 },
      ]);

      answer(saved);
      await waitFor(() => expect(address()).toBe('/schedule/tl?day=2025-08-08&venue=Registration'));
      expect(await screen.findByTestId('primary-alert')).toHaveTextContent('Performance records saved');
    },
  );

  it('returns to the schedule on the shift’s own day when opened directly', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.savePerformanceRecords).mockResolvedValue(saved);
    open({ state: { from: 'https://elsewhere.example/' } });
    await loaded();
    expect(screen.getByRole('link', { name: 'Back to Schedule' })).toHaveAttribute('href', '/schedule/tl?day=2025-08-08');
    await user.click(screen.getByRole('button', { name: 'Save and Return' }));
    await waitFor(() => expect(address()).toBe('/schedule/tl?day=2025-08-08'));
  });

  it("keeps the edits and enables the button again when the save fails, showing the server's message", { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.savePerformanceRecords).mockRejectedValueOnce(
      new ApiError(403, 'FORBIDDEN', 'This shift is at a venue you do not lead.'),
    );
    open();
    await loaded();
    await user.click(screen.getByRole('checkbox', { name: 'Check Out for Ana Lopez' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rating for Ben Okafor' }), '5');
    await user.click(screen.getByRole('button', { name: 'Show Notes for Ben Okafor' }));
    await user.type(screen.getByRole('textbox', { name: 'Notes for Ben Okafor' }), 'Late.');
    await user.click(screen.getByRole('button', { name: 'Save and Return' }));

    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('This shift is at a venue you do not lead.');
    expect(saveButton()).toHaveTextContent('Save and Return');
    expect(saveButton()).toBeEnabled();
    expect(address()).toBe('/schedule/shift/21');
    expect(screen.getByRole('checkbox', { name: 'Check Out for Ana Lopez' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Rating for Ben Okafor' })).toHaveValue('5');
    expect(screen.getByRole('textbox', { name: 'Notes for Ben Okafor' })).toHaveValue('Late.');
    expect(window.scrollTo).toHaveBeenCalled();

    vi.mocked(endpoints.savePerformanceRecords).mockResolvedValueOnce(saved);
    await user.click(saveButton());
    await waitFor(() => expect(address()).toBe('/schedule/tl?day=2025-08-08'));
    expect(vi.mocked(endpoints.savePerformanceRecords).mock.calls[1]![0][0]).toMatchObject({ student_volunteer_id: 7, check_out: true });
  });

  describe('when another team leader saved the records after this page loaded them', () => {
    /** The 409 of a stale save: Ana's record saved again (version 2) and Ben's created, by someone else. */
    const newerRecords = () => {
      const later: ShiftDetail = shiftDetail();
      const [ana, ben] = later.shift.studentVolunteers;
      ana!.performance_record = { ...ana!.performance_record, check_out: true, notes: 'Left at noon.', version: 2 };
      ben!.performance_record = { ...ben!.performance_record, id: 32, check_in: true, rating: 2, version: 1 };
      return later;
    };
    const stale = () =>
      new ApiError(
        409,
        'STALE',
        'Another team leader saved records of this shift after you opened it. Reload to see their changes, or save yours over them.',
        {},
        { current: newerRecords() },
      );

    it('offers to reload: nothing is overwritten, and the page shows what they saved', { timeout: 20000 }, async () => {
      const user = userEvent.setup();
      vi.mocked(endpoints.savePerformanceRecords).mockRejectedValueOnce(stale());
      open();
      await loaded();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Rating for Ben Okafor' }), '5');
      await user.click(screen.getByRole('button', { name: 'Save and Return' }));

      const dialog = await screen.findByRole('dialog', { name: 'These records changed since you opened the shift' });
      expect(address()).toBe('/schedule/shift/21');
      expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
      vi.mocked(endpoints.shiftDetail).mockResolvedValueOnce(newerRecords());
      await user.click(within(dialog).getByRole('button', { name: 'Reload the records' }));

      await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Check Out for Ana Lopez' })).toBeChecked());
      expect(screen.getByRole('combobox', { name: 'Rating for Ben Okafor' })).toHaveValue('2');
      expect(endpoints.savePerformanceRecords).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('offers to save mine over theirs: the same edits, sent with the versions stored now', { timeout: 20000 }, async () => {
      const user = userEvent.setup();
      vi.mocked(endpoints.savePerformanceRecords).mockRejectedValueOnce(stale()).mockResolvedValueOnce(saved);
      open();
      await loaded();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Rating for Ben Okafor' }), '5');
      await user.click(screen.getByRole('button', { name: 'Save and Return' }));

      const dialog = await screen.findByRole('dialog', { name: 'These records changed since you opened the shift' });
      await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
      await waitFor(() => expect(address()).toBe('/schedule/tl?day=2025-08-08'));
      expect(vi.mocked(endpoints.savePerformanceRecords).mock.calls[1]![0]).toEqual([
        { id: 31, shift_id: 21, student_volunteer_id: 7, check_in: true, check_out: false, rating: 3, notes: 'Arrived early.', version: 2 },
        { id: 32, shift_id: 21, student_volunteer_id: 8, check_in: false, check_out: false, rating: 5, notes: '', version: 1 },
      ]);
    });
  });

  describe('when the server saved some rows and refused others', () => {
    const early = 'Check-in opens 30 minutes before the shift, at 7:30 AM (Pacific).';
    /** Ana's record as the server stores it after the save: rated 5, version 2. */
    const anaSaved = (): PerformanceRecordAsStored => {
      const { updated_at: _at, ...ana } = shiftDetail().shift.studentVolunteers[0]!.performance_record;
      return { ...ana, id: 31, rating: 5, version: 2, updated_at: '2025-08-08T16:00:00.000Z', updated_by: 100 };
    };
    const partly = (refused: SavedPerformanceRecords['refused']): SavedPerformanceRecords => ({
      message: `1 of 2 records saved; 1 not saved. Ben Okafor: ${refused[0]!.message}`,
      saved: 1,
      performance_records: [anaSaved()],
      refused,
    });
    const edit = async (user: ReturnType<typeof userEvent.setup>) => {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Rating for Ana Lopez' }), '5');
      await user.click(screen.getByRole('checkbox', { name: 'Check In for Ben Okafor' }));
      await user.selectOptions(screen.getByRole('combobox', { name: 'Rating for Ben Okafor' }), '4');
      await user.click(screen.getByRole('button', { name: 'Show Notes for Ben Okafor' }));
      await user.type(screen.getByRole('textbox', { name: 'Notes for Ben Okafor' }), 'Came early.');
      await user.click(screen.getByRole('button', { name: 'Save and Return' }));
    };

    it(
      'stays on the page: says how many were saved and which were not and why, marks the saved rows, keeps what was typed in the ' +
        'refused row, and saves it again from the versions stored',
      { timeout: 30000 },
      async () => {
        const user = userEvent.setup();
        vi.mocked(endpoints.savePerformanceRecords).mockResolvedValueOnce(
          partly([
            { index: 1, student_volunteer_id: 8, code: 'TOO_EARLY_TO_CHECK_IN', message: early, errors: { check_in: early }, record: null },
          ]),
        );
        open();
        await loaded();
        await edit(user);

        const alert = await screen.findByTestId('partly-saved');
        expect(alert).toHaveTextContent('1 of 2 records saved');
        expect(alert).toHaveTextContent(`Not saved:Ben Okafor: ${early}`);
        expect(address()).toBe('/schedule/shift/21');
        expect(saveButton()).toHaveTextContent('Save and Return');
        expect(saveButton()).toBeEnabled();
        const ana = screen.getByRole('row', { name: /Ana Lopez/ });
        const ben = screen.getByRole('row', { name: /Ben Okafor/ });
        expect(within(ana).getByText('Saved')).toBeInTheDocument();
        expect(within(ana).queryByText(/^Not saved:/)).not.toBeInTheDocument();
        expect(within(ben).getByText(`Not saved: ${early}`)).toBeInTheDocument();
        expect(within(ben).queryByText('Saved')).not.toBeInTheDocument();
        expect(screen.getByRole('checkbox', { name: 'Check In for Ben Okafor' })).toBeChecked();
        expect(screen.getByRole('checkbox', { name: 'Check In for Ben Okafor' })).toHaveAccessibleDescription(`Not saved: ${early}`);
        expect(screen.getByRole('combobox', { name: 'Rating for Ben Okafor' })).toHaveValue('4');
        expect(screen.getByRole('textbox', { name: 'Notes for Ben Okafor' })).toHaveValue('Came early.');
        expect(screen.getByRole('combobox', { name: 'Rating for Ana Lopez' })).toHaveValue('5');

        // Edited again, Ana's row is no longer marked saved.
        await user.selectOptions(screen.getByRole('combobox', { name: 'Rating for Ana Lopez' }), '4');
        expect(within(ana).queryByText('Saved')).not.toBeInTheDocument();
        await user.selectOptions(screen.getByRole('combobox', { name: 'Rating for Ana Lopez' }), '5');

        vi.mocked(endpoints.savePerformanceRecords).mockResolvedValueOnce(saved);
        await user.click(saveButton());
        await waitFor(() => expect(address()).toBe('/schedule/tl?day=2025-08-08'));
        expect(vi.mocked(endpoints.savePerformanceRecords).mock.calls[1]![0]).toEqual([
          {
            id: 31,
            shift_id: 21,
            student_volunteer_id: 7,
            check_in: true,
            check_out: false,
            rating: 5,
            notes: 'Arrived early.',
            version: 2,
          },
          {
            id: null,
            shift_id: 21,
            student_volunteer_id: 8,
            check_in: true,
            check_out: false,
            rating: 4,
            notes: 'Came early.',
            version: 0,
          },
        ]);
      },
    );

    it(
      'offers to save over a row another team leader saved meanwhile, from the record stored now, the saved row as it was saved',
      { timeout: 30000 },
      async () => {
        const user = userEvent.setup();
        const stale =
          "Another team leader saved this volunteer's record after you opened the shift. Reload to see it, or save yours over it.";
        const { updated_at: _at, ...ben } = shiftDetail().shift.studentVolunteers[1]!.performance_record;
        const theirs = { ...ben, id: 32, rating: 2, version: 1, updated_at: '2025-08-08T15:30:00.000Z', updated_by: 101 };
        vi.mocked(endpoints.savePerformanceRecords)
          .mockResolvedValueOnce(
            partly([{ index: 1, student_volunteer_id: 8, code: 'STALE', message: stale, errors: { version: stale }, record: theirs }]),
          )
          .mockResolvedValueOnce(saved);
        open();
        await loaded();
        await edit(user);

        const dialog = await screen.findByRole('dialog', { name: 'These records changed since you opened the shift' });
        expect(screen.getByText(`Not saved: ${stale}`)).toBeInTheDocument();
        await user.click(within(dialog).getByRole('button', { name: 'Save mine over theirs' }));
        await waitFor(() => expect(address()).toBe('/schedule/tl?day=2025-08-08'));
        expect(vi.mocked(endpoints.savePerformanceRecords).mock.calls[1]![0]).toEqual([
          {
            id: 31,
            shift_id: 21,
            student_volunteer_id: 7,
            check_in: true,
            check_out: false,
            rating: 5,
            notes: 'Arrived early.',
            version: 2,
          },
          { id: 32, shift_id: 21, student_volunteer_id: 8, check_in: true, check_out: false, rating: 4, notes: 'Came early.', version: 1 },
        ]);
      },
    );
  });

  it("'Refresh' loads the shift again and shows what the server has now", { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    open();
    await loaded();
    const later: ShiftDetail = shiftDetail();
    later.shift.studentVolunteers[1]!.performance_record = {
      ...later.shift.studentVolunteers[1]!.performance_record,
      id: 32,
      check_in: true,
      rating: 2,
    };
    vi.mocked(endpoints.shiftDetail).mockResolvedValueOnce(later);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Check In for Ben Okafor' })).toBeChecked());
    expect(screen.getByRole('combobox', { name: 'Rating for Ben Okafor' })).toHaveValue('2');
    expect(endpoints.shiftDetail).toHaveBeenCalledTimes(2);
  });

  it("'Back to Schedule' goes to the team-leader schedule", async () => {
    const user = userEvent.setup();
    open();
    await loaded();
    await user.click(screen.getByRole('link', { name: 'Back to Schedule' }));
    expect(address()).toBe('/schedule/tl?day=2025-08-08');
    expect(endpoints.savePerformanceRecords).not.toHaveBeenCalled();
  });

  it('offers no save for a shift without volunteers', async () => {
    const empty = shiftDetail();
    empty.shift.studentVolunteers = [];
    vi.mocked(endpoints.shiftDetail).mockResolvedValueOnce(empty);
    open();
    expect(await screen.findByText('0 / 6 possible SVs assigned')).toBeInTheDocument();
    expect(screen.getByText('No volunteers are assigned to this shift yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save and Return' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Schedule' })).toBeInTheDocument();
  });

  it("shows the server's reason as a page for a shift of another venue", async () => {
    vi.mocked(endpoints.shiftDetail).mockRejectedValueOnce(new ApiError(403, 'FORBIDDEN', 'This shift is at a venue you do not lead.'));
    open();
    expect(await screen.findByText('This shift is at a venue you do not lead.')).toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Schedule' })).toHaveAttribute('href', '/schedule/tl');
  });

  it('sends someone who is not a team leader to the volunteer schedule', () => {
    open({ isTeamLeader: false });
    expect(address()).toBe('/schedule/sv');
    expect(endpoints.shiftDetail).not.toHaveBeenCalled();
  });
});
