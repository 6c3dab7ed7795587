// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type EditionSettings, defaultSettings } from '@svp/domain';
import { AdminContext, type DataProvider, HttpError, Notification, defaultI18nProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsEdit } from './SettingsEdit';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const edition = (): EditionSettings & { id: string } => ({ id: 'edition', ...defaultSettings('chair@example.org') });

function renderPage(
  record = edition(),
  update: DataProvider['update'] = vi.fn(async (_resource, params) => ({ data: { ...record, ...params.data } })) as never,
) {
  const dataProvider = { getOne: vi.fn(async () => ({ data: record })), update } as unknown as DataProvider;
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={defaultI18nProvider}>
      <SettingsEdit />
      <Notification />
    </AdminContext>,
  );
  return { update };
}

// A date input is typed into as a whole value, as the browser's picker sets it.
const setDay = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('SettingsEdit: the conference facts', () => {
  it('shows the facts and saves the changed ones', async () => {
    const user = userEvent.setup();
    const { update } = renderPage();
    const city = (await screen.findByRole('textbox', { name: 'City' })) as HTMLInputElement;
    expect(city.value).toBe('Vancouver');
    expect((screen.getByLabelText('First day of service') as HTMLInputElement).value).toBe('2026-08-08');
    // Pasted, not typed key by key: each key redraws the field, and the test is about what is saved.
    await user.clear(city);
    await user.paste('Los Angeles');
    const svHours = screen.getByRole('spinbutton', { name: 'Student volunteer hours' });
    await user.clear(svHours);
    await user.type(svHours, '30');
    setDay('Last day of service', '2026-08-14');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const [, params] = vi.mocked(update).mock.calls[0]!;
    expect(params.data.conference).toMatchObject({ city: 'Los Angeles', svHours: 30, endDate: '2026-08-14', startDate: '2026-08-08' });
    expect(await screen.findByText('Settings saved')).toBeTruthy();
  });

  it('shows what is wrong on the fields and does not save', async () => {
    const user = userEvent.setup();
    const { update } = renderPage();
    await screen.findByRole('textbox', { name: 'City' });
    setDay('Last day of service', '2026-08-07');
    const tlHours = screen.getByRole('spinbutton', { name: 'Team leader hours' });
    await user.clear(tlHours);
    await user.type(tlHours, '250');
    await user.clear(screen.getByRole('textbox', { name: 'Conference name' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be on or after “First day of service”')).toBeTruthy();
    expect(screen.getByText('Must be a whole number of hours from 1 to 200')).toBeTruthy();
    expect(screen.getByText('Must not be empty')).toBeTruthy();
    setDay('Last day of service', '2026-08-13');
    setDay('First shift day', '');
    expect(await screen.findByText('Enter a day')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it("shows the server's refusal on the field it names", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const message = 'defaultScheduleDay must be one of the conference days, from firstShiftDay to endDate';
    const update = vi.fn(async () => {
      throw new HttpError(message, 400, { message, errors: { 'conference.defaultScheduleDay': message } });
    });
    renderPage(edition(), update as never);
    await user.type(await screen.findByRole('textbox', { name: 'City' }), ' BC');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be one of the conference days, from “First shift day” to “Last day of service”')).toBeTruthy();
    // The page's own notice repeats the server's sentence with labels.
    expect(
      screen.getByText('“Schedule opens on” must be one of the conference days, from “First shift day” to “Last day of service”'),
    ).toBeTruthy();
  });

  it('warns, without blocking the save, when schedules come out after the conference', async () => {
    const user = userEvent.setup();
    const record = edition();
    record.timeline.schedulesReleaseDate = '2026-08-20T22:00:00.000Z';
    const { update } = renderPage(record);
    expect((await screen.findByTestId('edition-warnings')).textContent).toContain(
      'Schedules are released (2026-08-20) after the conference',
    );
    setDay('Last day of service', '2026-08-21');
    await waitFor(() => expect(screen.queryByTestId('edition-warnings')).toBeNull());
    setDay('Last day of service', '2026-08-12');
    await screen.findByTestId('edition-warnings');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
  });
});

describe('SettingsEdit: the switches', () => {
  const SWAPS_ON_HELP = /^On: volunteers swap shifts online/;
  const SWAPS_OFF_HELP = /^Off: volunteers see the notice/;

  it('the swaps switch says what its position means for volunteers', async () => {
    const user = userEvent.setup();
    renderPage({ ...edition(), swapsEnabled: false });
    const swaps = await screen.findByRole('switch', { name: 'Shift swaps online' });
    expect(screen.getByText(SWAPS_OFF_HELP)).toBeTruthy();
    expect(screen.queryByText(SWAPS_ON_HELP)).toBeNull();
    await user.click(swaps);
    expect(screen.getByText(SWAPS_ON_HELP)).toBeTruthy();
    expect(screen.queryByText(SWAPS_OFF_HELP)).toBeNull();
    await user.click(swaps);
    expect(screen.getByText(SWAPS_OFF_HELP)).toBeTruthy();
  });

  it('the references switch says what the jury sees, and saves juryReferences', async () => {
    const user = userEvent.setup();
    const record = { ...edition(), juryReferences: false };
    const { update } = renderPage(record);
    const references = await screen.findByRole('switch', { name: 'Show references to the jury' });
    expect((references as HTMLInputElement).checked).toBe(false);
    expect(
      screen.getByText("The jury then sees each received reference's ratings and statement, never the referee's name or email."),
    ).toBeTruthy();
    await user.click(references);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const [, params] = vi.mocked(update).mock.calls[0]!;
    expect(params.data.juryReferences).toBe(true);
  });
});

describe('SettingsEdit: the references closing date', () => {
  it('is in the timeline under its label, and saved with the others', async () => {
    const user = userEvent.setup();
    const { update } = renderPage();
    const closes = (await screen.findByLabelText('References close (UTC)')) as HTMLInputElement;
    expect(closes.value).toBe('2026-04-10T17:00');
    fireEvent.change(closes, { target: { value: '2026-04-11T12:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const [, params] = vi.mocked(update).mock.calls[0]!;
    expect(params.data.timeline.referencesDeadline).toBe('2026-04-11T12:00:00.000Z');
  });

  it('must fall before the jury deadline', async () => {
    const user = userEvent.setup();
    const { update } = renderPage();
    fireEvent.change(await screen.findByLabelText('References close (UTC)'), { target: { value: '2026-06-01T12:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be before “Jury deadline”')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });
});

describe('SettingsEdit: the texts and links of the edition', () => {
  const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);
  const valueOf = (label: string) => (screen.getByRole('textbox', { name: labelled(label) }) as HTMLInputElement).value;

  it('shows the programme page beside the mailing list, and moves the results texts derived from a date with it', async () => {
    const user = userEvent.setup();
    const { update } = renderPage();
    await screen.findByRole('textbox', { name: 'City' });
    expect(valueOf('Programme page address')).toBe('https://s2026.siggraph.org/program/student-volunteers/');
    expect(valueOf('Student volunteer results')).toBe('late May 2026');
    setDay('Decisions released (UTC)', '2026-06-03T19:00');
    await waitFor(() => expect(valueOf('Student volunteer results')).toBe('early June 2026'));
    expect(screen.getByText('Wednesday 3 June 2026')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const [, params] = vi.mocked(update).mock.calls[0]!;
    expect(params.data.resultTexts).toMatchObject({
      studentVolunteerResults: 'early June 2026',
      thankYouStudentVolunteerResults: 'June 2026',
    });
  });

  it('refuses a text that names a month the timeline contradicts, saying the rule', async () => {
    const user = userEvent.setup();
    const { update } = renderPage();
    await screen.findByRole('textbox', { name: 'City' });
    const text = screen.getByRole('textbox', { name: labelled('Student volunteer results') });
    await user.clear(text);
    await user.paste('late April 2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        '“late April 2026” names April 2026, but decisions are released on 21 May 2026 at 19:00 UTC: this text may only name May 2026.',
      ),
    ).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });
});
