import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import type { Availability } from '../../api/types';
import { address, renderPage } from '../../test/kit/renderPage';
import { confirmedVolunteer, unreleasedSettings } from '../schedule/scheduleFixtures';
import AvailabilityPage, { AVAILABILITY_SAVED } from './AvailabilityPage';
import type { AvailabilityDraft } from './availabilityForm';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({ endpoints: { availability: vi.fn(), saveAvailability: vi.fn() } }));

const EDITABLE_UNTIL = '2025-07-20T07:00:00.000Z';
const LOCKED = 'Your availability can no longer be changed online: schedules are out. Write to sv@example.org.';

/** Saved answers: Saturday (the whole day) and Sunday morning, at most 8 hours a day, an hour of rest. */
function availability(overrides: Partial<Availability> = {}): Availability {
  return {
    unavailable: [
      { day: '2025-08-09', from: null, to: null },
      { day: '2025-08-10', from: '08:00', to: '12:30' },
    ],
    maxHoursPerDay: 8,
    minRestMinutes: 60,
    editable: true,
    editableUntil: EDITABLE_UNTIL,
    updatedAt: null,
    ...overrides,
  };
}

const open = (state?: AvailabilityDraft) =>
  renderPage(<AvailabilityPage />, {
    path: '/availability',
    state,
    settings: { ...unreleasedSettings(), contactEmail: 'sv@example.org' },
    profile: confirmedVolunteer(),
  });
const form = () => screen.findByRole('form', { name: 'Availability' });
const times = () => screen.getAllByRole('group', { name: /^Time you cannot work \d+$/ });
const saveButton = () => screen.getByRole('button', { name: /^(Save Availability|Saving\.\.\.)$/ });

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.mocked(endpoints.availability).mockResolvedValue(availability());
});

describe('the availability page before schedules are out', () => {
  it('shows the saved answers, editable, and until when', async () => {
    open();
    expect(screen.getByText('Loading your availability...')).toBeInTheDocument();
    await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Availability' })).toBeInTheDocument();
    expect(screen.getByText(/You can change these answers until schedules are released on/)).toHaveTextContent('20 July 2025 at 07:00 UTC');
    const [saturday, sunday] = times();
    expect(within(saturday!).getByRole('combobox', { name: 'Day' })).toHaveValue('2025-08-09');
    expect(within(saturday!).getByRole('radio', { name: 'The whole day' })).toBeChecked();
    expect(within(saturday!).queryByLabelText('From')).not.toBeInTheDocument();
    expect(within(sunday!).getByRole('radio', { name: 'Only some hours' })).toBeChecked();
    expect(within(sunday!).getByLabelText('From')).toHaveValue('08:00');
    expect(within(sunday!).getByLabelText('To')).toHaveValue('12:30');
    expect(screen.getByRole('textbox', { name: 'Most hours you can work in a day' })).toHaveValue('8');
    expect(screen.getByRole('textbox', { name: 'Minutes of rest between shifts' })).toHaveValue('60');
  });

  it("offers the edition's days with shifts, the pre-conference day included", async () => {
    open();
    await form();
    const day = within(times()[0]!).getByRole('combobox', { name: 'Day' });
    expect(
      within(day)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Choose a day',
      'Friday 8 August',
      'Saturday 9 August',
      'Sunday 10 August',
      'Monday 11 August',
      'Tuesday 12 August',
      'Wednesday 13 August',
      'Thursday 14 August',
    ]);
  });

  it('adds a day they cannot work, from–to hours, and saves every answer with PUT', { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    let answer!: (saved: Availability) => void;
    vi.mocked(endpoints.availability).mockResolvedValue(availability({ unavailable: [], maxHoursPerDay: null, minRestMinutes: null }));
    vi.mocked(endpoints.saveAvailability).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    open();
    await form();
    expect(screen.queryAllByRole('group', { name: /^Time you cannot work/ })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add a day or hours' }));
    await user.selectOptions(within(times()[0]!).getByRole('combobox', { name: 'Day' }), 'Friday 8 August');
    await user.click(screen.getByRole('button', { name: 'Add a day or hours' }));
    const second = times()[1]!;
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Day' }), 'Monday 11 August');
    await user.click(within(second).getByRole('radio', { name: 'Only some hours' }));
    await user.type(within(second).getByLabelText('From'), '13:00');
    await user.type(within(second).getByLabelText('To'), '18:00');
    await user.type(screen.getByRole('textbox', { name: 'Most hours you can work in a day' }), '6');
    await user.type(screen.getByRole('textbox', { name: 'Minutes of rest between shifts' }), '45');
    await user.click(saveButton());

    expect(saveButton()).toHaveTextContent('Saving...');
    expect(saveButton()).toBeDisabled();
    expect(endpoints.saveAvailability).toHaveBeenCalledWith({
      unavailable: [
        { day: '2025-08-08', from: null, to: null },
        { day: '2025-08-11', from: '13:00', to: '18:00' },
      ],
      maxHoursPerDay: 6,
      minRestMinutes: 45,
    });
    answer(
      availability({
        unavailable: [
          { day: '2025-08-08', from: null, to: null },
          { day: '2025-08-11', from: '13:00', to: '18:00' },
        ],
        maxHoursPerDay: 6,
        minRestMinutes: 45,
      }),
    );
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent(AVAILABILITY_SAVED);
    expect(saveButton()).toHaveTextContent('Save Availability');
    expect(within(times()[1]!).getByLabelText('To')).toHaveValue('18:00');
  });

  it('removes a time and saves empty answers as none', { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.saveAvailability).mockResolvedValue(availability({ unavailable: [], maxHoursPerDay: null, minRestMinutes: null }));
    open();
    await form();
    await user.click(screen.getByRole('button', { name: 'Remove time 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove time 1' }));
    await user.clear(screen.getByRole('textbox', { name: 'Most hours you can work in a day' }));
    await user.clear(screen.getByRole('textbox', { name: 'Minutes of rest between shifts' }));
    await user.click(saveButton());
    await screen.findByTestId('primary-alert');
    expect(endpoints.saveAvailability).toHaveBeenCalledWith({ unavailable: [], maxHoursPerDay: null, minRestMinutes: null });
  });

  it('says what to fix beside each answer, and sends nothing, when an answer breaks a rule', { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    open();
    await form();
    const sunday = times()[1]!;
    await user.clear(within(sunday).getByLabelText('To'));
    await user.type(within(sunday).getByLabelText('To'), '07:00');
    await user.click(screen.getByRole('button', { name: 'Add a day or hours' }));
    const maxHours = screen.getByRole('textbox', { name: 'Most hours you can work in a day' });
    await user.clear(maxHours);
    await user.type(maxHours, '30');
    await user.click(saveButton());

    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Some answers need attention');
    expect(within(sunday).getByText('The end of the time you cannot work must be after its start.')).toBeInTheDocument();
    expect(within(times()[2]!).getByText('Choose one of the conference days, 2025-08-08 to 2025-08-14.')).toBeInTheDocument();
    expect(screen.getByText('The most hours a day must be a whole number from 1 to 24, or empty for no limit.')).toBeInTheDocument();
    expect(within(sunday).getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(within(sunday).getByLabelText('To')).toHaveFocus());
    expect(endpoints.saveAvailability).not.toHaveBeenCalled();
  });

  it("shows the server's field errors beside their answers (400)", { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.saveAvailability).mockRejectedValueOnce(
      new ApiError(400, 'VALIDATION_FAILED', 'Please correct these answers.', {
        'unavailable.1.from': 'Give the time you cannot work from as HH:mm, or leave both times empty for the whole day.',
        minRestMinutes: 'The rest between shifts must be a whole number of minutes from 0 to 720, or empty.',
      }),
    );
    open();
    await form();
    await user.click(saveButton());

    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('Please correct these answers.');
    expect(
      within(times()[1]!).getByText('Give the time you cannot work from as HH:mm, or leave both times empty for the whole day.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The rest between shifts must be a whole number of minutes from 0 to 720, or empty.')).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
  });

  it('turns read-only with the reason when the server says schedules came out meanwhile (409)', { timeout: 20000 }, async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.saveAvailability).mockRejectedValueOnce(new ApiError(409, 'SCHEDULES_RELEASED', LOCKED));
    open();
    await form();
    await user.type(screen.getByRole('textbox', { name: 'Minutes of rest between shifts' }), '0');
    await user.click(saveButton());

    expect(await screen.findByText(/can no longer be changed online/)).toHaveTextContent(LOCKED);
    expect(screen.queryByRole('form', { name: 'Availability' })).not.toBeInTheDocument();
    // The answers stored, not the edit that was refused.
    expect(screen.getByText('Rest between shifts').nextElementSibling).toHaveTextContent('60 minutes');
  });

  it('picks up answers the confirmation form could not save, with the reasons beside them', async () => {
    open({
      answers: {
        unavailable: [{ day: '2025-08-12', hours: 'someHours', from: '09:00', to: '11:00' }],
        maxHoursPerDay: '7',
        minRestMinutes: '',
      },
      errors: { 'unavailable.0.to': 'The end of the time you cannot work must be after its start.' },
    });
    await form();
    const [tuesday] = times();
    expect(within(tuesday!).getByRole('combobox', { name: 'Day' })).toHaveValue('2025-08-12');
    expect(within(tuesday!).getByLabelText('From')).toHaveValue('09:00');
    expect(within(tuesday!).getByText('The end of the time you cannot work must be after its start.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Most hours you can work in a day' })).toHaveValue('7');
  });

  it("shows the server's reason as a page for someone without a place (403)", async () => {
    vi.mocked(endpoints.availability).mockRejectedValueOnce(
      new ApiError(403, 'FORBIDDEN', 'Availability is asked of volunteers with an offered or confirmed place.'),
    );
    open();
    expect(await screen.findByText('Availability is asked of volunteers with an offered or confirmed place.')).toBeInTheDocument();
    expect(screen.queryByTestId('danger-alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says when the answers cannot be loaded, and loads them again on request', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.availability).mockRejectedValueOnce(
      new ApiError(503, 'DB_UNAVAILABLE', 'The database is unavailable. Please try again shortly.'),
    );
    open();
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent('The database is unavailable.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await form();
    expect(endpoints.availability).toHaveBeenCalledTimes(2);
  });
});

describe('the availability page once schedules are out', () => {
  it('shows the answers read-only, with whom to write to', async () => {
    vi.mocked(endpoints.availability).mockResolvedValue(availability({ editable: false }));
    open();
    const notice = await screen.findByText(/can no longer be changed online/);
    expect(notice).toHaveTextContent(LOCKED);
    expect(within(notice).getByRole('link', { name: 'sv@example.org' })).toHaveAttribute('href', 'mailto:sv@example.org');
    expect(screen.queryByRole('form', { name: 'Availability' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Availability' })).not.toBeInTheDocument();
    const answers = within(screen.getByText('Days or hours you cannot work').nextElementSibling as HTMLElement).getAllByRole('listitem');
    expect(answers.map((a) => a.textContent)).toEqual(['Saturday 9 August, the whole day', 'Sunday 10 August, 08:00 to 12:30']);
    expect(screen.getByText('Most hours you can work in a day').nextElementSibling).toHaveTextContent('8');
    expect(screen.getByText('Rest between shifts').nextElementSibling).toHaveTextContent('60 minutes');
  });

  it('says none and no limit for answers not given', async () => {
    vi.mocked(endpoints.availability).mockResolvedValue(
      availability({ editable: false, unavailable: [], maxHoursPerDay: null, minRestMinutes: null }),
    );
    open();
    await screen.findByText(/can no longer be changed online/);
    expect(screen.getByText('Days or hours you cannot work').nextElementSibling).toHaveTextContent('None');
    expect(screen.getByText('Most hours you can work in a day').nextElementSibling).toHaveTextContent('No limit');
    expect(screen.getByText('Rest between shifts').nextElementSibling).toHaveTextContent('None asked');
    expect(address()).toBe('/availability');
  });
});
