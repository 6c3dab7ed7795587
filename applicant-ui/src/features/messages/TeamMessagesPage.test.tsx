import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MERGE_FIELDS } from '@svp/domain';
import { ApiError } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { address, renderPage } from '../../test/kit/renderPage';
import { scheduleSession } from '../schedule/scheduleFixtures';
import { SENDING_REFRESH_MS } from './SentMessages';
import TeamMessagesPage from './TeamMessagesPage';
import { audience, sentMessage, teamVenues } from './messageFixtures';

vi.mock('../../state/SessionContext', async () => (await import('../../test/kit/fakeContexts')).fakeSessionModule);
vi.mock('../../state/SettingsContext', async () => (await import('../../test/kit/fakeContexts')).fakeSettingsModule);
vi.mock('../../api/endpoints', () => ({
  endpoints: { teamMessageVenues: vi.fn(), teamMessageAudience: vi.fn(), sendTeamMessage: vi.fn(), teamMessages: vi.fn() },
}));

const open = (isTeamLeader = true) => renderPage(<TeamMessagesPage />, { path: '/messages/team', ...scheduleSession(isTeamLeader) });

const form = () => screen.getByRole('form', { name: 'Write to my volunteers' });
const subject = () => within(form()).getByRole('textbox', { name: /^Subject/ });
const body = () => within(form()).getByRole('textbox', { name: /^Message/ });

async function choose(user: UserEvent, field: string, option: string) {
  await user.click(within(form()).getByRole('combobox', { name: new RegExp(`^${field}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function write(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Registration, Saturday only, with a subject and a body: ready to send. */
async function fillIn(user: UserEvent) {
  await choose(user, 'Venue', 'Registration');
  await choose(user, 'Day', 'Sat Aug 9th');
  await write(user, subject(), 'Tomorrow, {firstName}');
  await write(user, body(), 'Meet at the **Hall B** desk at 7:45. Your shift: {nextShift}');
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(endpoints.teamMessageVenues).mockResolvedValue(teamVenues());
  vi.mocked(endpoints.teamMessageAudience).mockResolvedValue(audience());
  vi.mocked(endpoints.teamMessages).mockResolvedValue({ messages: [] });
});
afterEach(() => vi.useRealTimers());

describe("the team leader's page writing to their volunteers", () => {
  it('counts and lists who gets it for the venue and day chosen, and sends exactly what was written after a confirmation', async () => {
    const user = userEvent.setup();
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Write to my volunteers' })).toBeInTheDocument();
    await screen.findByRole('form', { name: 'Write to my volunteers' });
    expect(screen.getByText('Choose a venue to see who gets the message.')).toBeInTheDocument();
    expect(endpoints.teamMessageAudience).not.toHaveBeenCalled();

    vi.mocked(endpoints.teamMessageAudience).mockResolvedValue(audience({ description: 'the volunteers of Registration on Sat Aug 9th' }));
    await fillIn(user);
    expect(endpoints.teamMessageAudience).toHaveBeenLastCalledWith({ venueId: 3, day: '2025-08-09' });
    expect(await screen.findByText('the volunteers of Registration on Sat Aug 9th', { exact: false })).toHaveTextContent(
      '2 volunteers get this message: the volunteers of Registration on Sat Aug 9th.',
    );
    expect(
      within(screen.getByRole('list', { name: 'Recipients' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ana Lopez (SV7)', 'Ben Okafor (SV8)']);
    // Only Saturday's shifts are offered once Saturday is chosen.
    await user.click(within(form()).getByRole('combobox', { name: /^Shift/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Every shift',
      'Badge Check, Sat Aug 9th 8:00 AM – 12:00 PM',
      'Badge Check, Sat Aug 9th 12:00 PM – 4:00 PM',
    ]);
    await user.keyboard('{Escape}');
    fireEvent.change(within(form()).getByLabelText(/^Show on their dashboards until/), { target: { value: '2099-08-10T18:00' } });
    expect(screen.getByText('The organisers get a copy of every message you send.')).toBeInTheDocument();

    vi.mocked(endpoints.sendTeamMessage).mockResolvedValue({ ...sentMessage(), recipients: 2 } as never);
    vi.mocked(endpoints.teamMessages).mockResolvedValue({
      messages: [
        sentMessage({
          subject: 'Tomorrow, {firstName}',
          state: 'sending',
          recipients: 2,
          counts: { queued: 2, sending: 0, sent: 0, failed: 0, cancelled: 0 },
        }),
      ],
    });
    await user.click(within(form()).getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this message?' });
    expect(dialog).toHaveTextContent('It goes by email to 2 volunteers (the volunteers of Registration on Sat Aug 9th).');
    expect(endpoints.sendTeamMessage).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));

    expect(endpoints.sendTeamMessage).toHaveBeenCalledWith({
      venueId: 3,
      day: '2025-08-09',
      subject: 'Tomorrow, {firstName}',
      body: 'Meet at the **Hall B** desk at 7:45. Your shift: {nextShift}',
      // 18:00 Pacific daylight time.
      bannerUntil: '2099-08-11T01:00:00.000Z',
    });
    expect(await screen.findByTestId('primary-alert')).toHaveTextContent('Your message is on its way to 2 volunteers.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(subject()).toHaveValue('');
    expect(body()).toHaveValue('');
    // The new message shows among those sent.
    expect(await screen.findByRole('article', { name: 'Tomorrow, {firstName}' })).toHaveTextContent('0 sent · 0 failed · 2 queued, of 2');
  });

  it('sends one shift when one is chosen', async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.sendTeamMessage).mockResolvedValue({ ...sentMessage(), recipients: 2 } as never);
    open();
    await screen.findByRole('form', { name: 'Write to my volunteers' });
    await choose(user, 'Venue', 'Registration');
    await choose(user, 'Shift', 'Badge Check, Sun Aug 10th 8:00 AM – 12:00 PM');
    await waitFor(() => expect(endpoints.teamMessageAudience).toHaveBeenLastCalledWith({ venueId: 3, shiftId: 31 }));
    await write(user, subject(), 'Sunday');
    await write(user, body(), 'Bring water.');
    await user.click(within(form()).getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send message' }));
    expect(endpoints.sendTeamMessage).toHaveBeenCalledWith({ venueId: 3, shiftId: 31, subject: 'Sunday', body: 'Bring water.' });
  });

  it('names an unknown merge field as it is typed, and sends nothing while it is there', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('form', { name: 'Write to my volunteers' });
    await fillIn(user);
    await write(user, body(), ' See you, {frist}!');
    // Shown while typing, before the field is left.
    expect(body()).toHaveFocus();
    expect(within(form()).getByText(/^Unknown merge field \{frist\}: use one of \{firstName\}, \{lastName\}/)).toBeInTheDocument();
    expect(body()).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form()).getByRole('button', { name: 'Send' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(endpoints.sendTeamMessage).not.toHaveBeenCalled();
    await waitFor(() => expect(body()).toHaveFocus());
  });

  it('lists the merge fields a message may use, the schedule fields saying what they hold for the venue, day or shift chosen', async () => {
    const user = userEvent.setup();
    open();
    const fields = await screen.findByRole('region', { name: 'Merge fields' });
    expect(within(fields).getByText('{firstName}')).toBeInTheDocument();
    expect(within(fields).getByText('{scheduleUrl}')).toBeInTheDocument();
    expect(within(fields).getAllByRole('term')).toHaveLength(12);
    const meaning = (name: string) => within(fields).getByText(`{${name}}`).nextElementSibling?.textContent;
    expect(meaning('nextShift')).toBe(MERGE_FIELDS.nextShift);

    await choose(user, 'Venue', 'Registration');
    expect(meaning('nextShift')).toMatch(/^Their next shift at Registration \(role, venue, day and Pacific times\)/);
    expect(meaning('scheduledHours')).toBe('Hours of their shifts at Registration');
    await choose(user, 'Day', 'Sat Aug 9th');
    expect(meaning('scheduledHours')).toBe('Hours of their shifts on Sat Aug 9th at Registration');
    await choose(user, 'Shift', 'Badge Check, Sat Aug 9th 12:00 PM – 4:00 PM');
    expect(meaning('nextShift')).toBe('The audience’s shift: Badge Check, Sat Aug 9th 12:00 PM – 4:00 PM');
    expect(meaning('scheduledHours')).toBe('Hours of the audience’s shift');
    expect(meaning('firstName')).toBe(MERGE_FIELDS.firstName);
  });

  it("shows the server's field errors on the fields, and its message", async () => {
    const user = userEvent.setup();
    vi.mocked(endpoints.sendTeamMessage).mockRejectedValue(
      new ApiError(400, 'VALIDATION_FAILED', 'Some answers need attention.', {
        subject: 'The subject may not hold a line break.',
        bannerUntil: 'Choose a time still to come.',
      }),
    );
    open();
    await screen.findByRole('form', { name: 'Write to my volunteers' });
    await fillIn(user);
    await user.click(within(form()).getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send message' }));

    expect(await within(form()).findByText('The subject may not hold a line break.')).toBeInTheDocument();
    expect(subject()).toHaveAttribute('aria-invalid', 'true');
    expect(within(form()).getByText('Choose a time still to come.')).toBeInTheDocument();
    expect(screen.getByTestId('danger-alert')).toHaveTextContent('Some answers need attention.');
    // What was written is kept, to correct it.
    expect(subject()).toHaveValue('Tomorrow, {firstName}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a venue the team leader does not lead, and sends nothing", async () => {
    const user = userEvent.setup();
    const refusal = 'You can only write to the volunteers of venues you lead.';
    vi.mocked(endpoints.teamMessageAudience).mockRejectedValue(new ApiError(403, 'NOT_YOUR_VENUE', refusal));
    open();
    await screen.findByRole('form', { name: 'Write to my volunteers' });
    await choose(user, 'Venue', 'Emerging Technologies');
    expect(await within(form()).findByRole('alert')).toHaveTextContent(refusal);
    expect(within(form()).getByRole('button', { name: 'Send' })).toBeDisabled();

    // And when sending itself is refused.
    vi.mocked(endpoints.teamMessageAudience).mockResolvedValue(audience());
    vi.mocked(endpoints.sendTeamMessage).mockRejectedValue(new ApiError(403, 'NOT_YOUR_VENUE', refusal));
    await fillIn(user);
    await user.click(within(form()).getByRole('button', { name: 'Send' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByTestId('danger-alert')).toHaveTextContent(refusal);
  });

  it('chooses the only venue a team leader leads, and says so when there is nobody to write to', async () => {
    vi.mocked(endpoints.teamMessageVenues).mockResolvedValue({ venues: [teamVenues().venues[1]!] });
    vi.mocked(endpoints.teamMessageAudience).mockResolvedValue(
      audience({ count: 0, recipients: [], description: 'the volunteers of Emerging Technologies' }),
    );
    open();
    expect(
      await screen.findByText('Nobody is assigned to the volunteers of Emerging Technologies yet, so there is nobody to write to.'),
    ).toBeInTheDocument();
    expect(endpoints.teamMessageAudience).toHaveBeenCalledWith({ venueId: 5 });
    expect(within(form()).getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows how far each sent message has gone, and asks again while one is still being sent', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const going = sentMessage({
      id: 91,
      subject: 'Rain plan',
      state: 'sending',
      recipients: 16,
      counts: { queued: 9, sending: 1, sent: 5, failed: 1, cancelled: 0 },
      createdAt: '2025-08-09T14:00:00.000Z',
      bannerUntil: '2025-08-10T06:00:00.000Z',
    });
    vi.mocked(endpoints.teamMessages).mockResolvedValue({ messages: [sentMessage(), going] });
    const { unmount } = open();
    const rain = await screen.findByRole('article', { name: 'Rain plan' });
    // Newest first.
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Rain plan',
      'See you tomorrow',
    ]);
    expect(rain).toHaveTextContent('Sending');
    expect(rain).toHaveTextContent('5 sent · 1 failed · 10 queued, of 16');
    expect(rain).toHaveTextContent('On their dashboards until 10 August 2025 at 06:00 UTC');
    expect(within(rain).getByRole('progressbar', { name: 'Delivery of Rain plan' })).toHaveAttribute('aria-valuenow', '38');
    expect(screen.getByRole('article', { name: 'See you tomorrow' })).toHaveTextContent('15 sent · 1 failed · 0 queued, of 16');

    vi.mocked(endpoints.teamMessages).mockResolvedValue({
      messages: [sentMessage(), { ...going, state: 'sent', counts: { queued: 0, sending: 0, sent: 15, failed: 1, cancelled: 0 } }],
    });
    await act(async () => {
      vi.advanceTimersByTime(SENDING_REFRESH_MS);
    });
    expect(endpoints.teamMessages).toHaveBeenCalledTimes(2);
    await waitFor(() =>
      expect(screen.getByRole('article', { name: 'Rain plan' })).toHaveTextContent('15 sent · 1 failed · 0 queued, of 16'),
    );
    // Finished: no more asking.
    await act(async () => {
      vi.advanceTimersByTime(3 * SENDING_REFRESH_MS);
    });
    expect(endpoints.teamMessages).toHaveBeenCalledTimes(2);
    unmount();
  });

  it('sends someone who is not a team leader to their messages without asking the server', () => {
    open(false);
    expect(address()).toBe('/messages');
    expect(endpoints.teamMessageVenues).not.toHaveBeenCalled();
    expect(endpoints.teamMessages).not.toHaveBeenCalled();
  });
});
