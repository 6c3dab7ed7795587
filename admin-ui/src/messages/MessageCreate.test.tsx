// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MERGE_FIELDS } from '@svp/domain';
import { App } from '../App';
import { json } from '../testing/fakePortal';
import { audienceMember, audiencePreview, bodiesTo, closePanel, messageDetail, openMessages } from './testing';
import type { AudiencePreview } from './types';

vi.setConfig({ testTimeout: 30_000 });

let fetchMock: ReturnType<typeof openMessages>;
let audienceAnswer: () => Response;
let createAnswer: () => Response;

const ada = audienceMember();
const ben = audienceMember({ id: 22, name: 'Ben Ito', svid: 'SV22', email: 'ben@example.edu', status: 'Confirmed' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  audienceAnswer = () =>
    json(audiencePreview([ada, ben], 'confirmed volunteers and (venue Room 1 or shifts on 2025-08-09, starting from 08:00)'));
  createAnswer = () =>
    json(
      messageDetail({
        id: 9,
        subject: 'Your first shift',
        state: 'sending',
        counts: { queued: 2, sending: 0, sent: 0, failed: 0, cancelled: 0 },
        recipients: 2,
      }),
      201,
    );
  fetchMock = openMessages(
    {
      'POST /api/admin/messages/audience': () => audienceAnswer(),
      'POST /api/admin/messages': () => createAnswer(),
      'POST /api/admin/messages/preview': () =>
        json({
          recipient: { id: 21, name: 'Ada Lopez' },
          subject: 'Your first shift',
          html: '<p>Hello <strong>Ada</strong></p>',
          text: 'Hello Ada\n\nSee you soon.',
        }),
      'POST /api/admin/messages/test': () => json({ sentTo: 'chair@example.org' }),
      'GET /api/admin/messages/9': () =>
        json(
          messageDetail({
            id: 9,
            subject: 'Your first shift',
            state: 'sent',
            recipients: 2,
            counts: { queued: 0, sending: 0, sent: 2, failed: 0, cancelled: 0 },
          }),
        ),
      'GET /api/admin/messages/9/recipients': () => json([], 200, { 'Content-Range': 'messages/9/recipients 0-0/0' }),
    },
    '/admin/messages/create',
  );
});

afterEach(closePanel);

const openCompose = async () => {
  render(<App />);
  expect(await screen.findByRole('heading', { name: 'Write a message' })).toBeTruthy();
  return screen.findByRole('group', { name: 'Segment 1' });
};

const audienceBodies = () => bodiesTo(fetchMock, '/api/admin/messages/audience') as { audience: unknown }[];

/** Pastes the subject and the body (typing them key by key is slow on a busy machine; the checks run on every change alike). */
async function writeText(subject: string, body: string) {
  await userEvent.click(screen.getByRole('textbox', { name: 'Subject' }));
  await userEvent.paste(subject);
  await userEvent.click(screen.getByRole('textbox', { name: 'Message (Markdown)' }));
  await userEvent.paste(body);
}

describe('writing a message', () => {
  it('builds an all-of audience with an any-of group, counts it, and sends it after a confirmation', async () => {
    await openCompose();
    // The default audience, the confirmed volunteers, is counted once the form settles.
    await waitFor(() => expect(audienceBodies()).toEqual([{ audience: { op: 'and', parts: [{ kind: 'confirmed' }] } }]));

    await userEvent.click(screen.getByRole('button', { name: 'Add a group' }));
    const group = screen.getByRole('group', { name: 'Group 1' });
    expect((within(group).getByRole('combobox', { name: 'Group matches' }) as HTMLSelectElement).value).toBe('or');
    const first = within(group).getByRole('group', { name: 'Group 1, segment 1' });
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Who' }), "A venue's volunteers and team leaders");
    // A picker not chosen yet is named under its row, and nothing is counted meanwhile.
    expect(within(first).getByText('Pick a venue.')).toBeTruthy();
    expect(screen.getByText('The audience is counted once every segment is complete.')).toBeTruthy();
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Venue' }), 'Room 1');
    expect(within(first).queryByText('Pick a venue.')).toBeNull();

    await userEvent.click(within(group).getByRole('button', { name: 'Add a segment to group 1' }));
    const second = within(group).getByRole('group', { name: 'Group 1, segment 2' });
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Who' }), 'Volunteers of one day');
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Day' }), 'Sat Aug 9th');
    fireEvent.change(within(second).getByLabelText('Starting from (Pacific)'), { target: { value: '08:00' } });

    const audience = {
      op: 'and',
      parts: [
        { kind: 'confirmed' },
        {
          op: 'or',
          parts: [
            { kind: 'venue', venueId: 1 },
            { kind: 'day', day: '2025-08-09', startsFrom: '08:00' },
          ],
        },
      ],
    };
    await waitFor(() => expect(audienceBodies().at(-1)).toEqual({ audience }));
    expect(
      await screen.findByText('2 recipients: confirmed volunteers and (venue Room 1 or shifts on 2025-08-09, starting from 08:00).'),
    ).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Recipients' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Ada Lopez', 'SV21', 'ada@example.edu', 'Confirmed'],
      ['Ben Ito', 'SV22', 'ben@example.edu', 'Confirmed'],
    ]);

    await writeText('Your first shift', 'Hello , see you soon.');
    // A merge field goes where the cursor is.
    const body = screen.getByRole('textbox', { name: 'Message (Markdown)' }) as HTMLTextAreaElement;
    body.setSelectionRange(6, 6);
    await userEvent.click(screen.getByRole('button', { name: 'Insert {firstName}: First name' }));
    await waitFor(() => expect(body.value).toBe('Hello {firstName}, see you soon.'));

    await userEvent.click(screen.getByRole('button', { name: 'Send to 2 recipients' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send “Your first shift” to 2 recipients?' });
    expect(bodiesTo(fetchMock, '/api/admin/messages')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 2 recipients' }));

    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/api/admin/messages')).toEqual([
        { subject: 'Your first shift', body: 'Hello {firstName}, see you soon.', audience },
      ]),
    );
    expect(await screen.findByText('Message queued for 2 recipients.')).toBeTruthy();
    // The message's page follows its sending.
    expect(await screen.findByRole('heading', { name: 'Your first shift', level: 1 })).toBeTruthy();
    expect(window.location.pathname).toBe('/admin/messages/9/show');
  });

  it('sends to any of the segments when asked, with a status of the edition and a dashboard banner in Pacific time', async () => {
    const first = await openCompose();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Match' }), 'any of');
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Who' }), 'Application status');
    expect(within(first).getByText('Pick a status of the edition’s catalogue.')).toBeTruthy();
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Status' }), 'Accepted');
    await userEvent.click(screen.getByRole('button', { name: 'Add a segment' }));
    const second = screen.getByRole('group', { name: 'Segment 2' });
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Who' }), 'Application status');
    await userEvent.selectOptions(within(second).getByRole('combobox', { name: 'Status' }), 'Pending');
    const audience = {
      op: 'or',
      parts: [
        { kind: 'status', statusId: 1 },
        { kind: 'status', statusId: null },
      ],
    };
    await waitFor(() => expect(audienceBodies().at(-1)).toEqual({ audience }));

    await writeText('Confirm your place', 'Please confirm by {confirmBy}.');
    fireEvent.change(screen.getByLabelText('Show as a banner on the dashboard until (Pacific time)'), {
      target: { value: '2099-08-12T18:00' },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send to 2 recipients' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('It also shows as a banner on their dashboard until 2099-08-12 18:00 (Pacific time).')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to 2 recipients' }));
    // 18:00 Pacific daylight time is 01:00 UTC the next day.
    await waitFor(() =>
      expect(bodiesTo(fetchMock, '/api/admin/messages')).toEqual([
        { subject: 'Confirm your place', body: 'Please confirm by {confirmBy}.', audience, bannerUntil: '2099-08-13T01:00:00.000Z' },
      ]),
    );
  });

  it('says beside each merge field what it holds for the audience chosen: the schedule fields follow a day or a venue', async () => {
    const first = await openCompose();
    const fields = screen.getByRole('region', { name: 'Merge fields' });
    // The confirmed volunteers: every shift.
    expect(within(fields).getByRole('button', { name: `Insert {nextShift}: ${MERGE_FIELDS.nextShift}` })).toBeTruthy();
    expect(within(fields).getByText(MERGE_FIELDS.scheduledHours)).toBeTruthy();

    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Who' }), 'Volunteers of one day');
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Day' }), 'Sat Aug 9th');
    expect(await within(fields).findByText(/^Their next shift on Sat Aug 9th \(role, venue, day and Pacific times\)/)).toBeTruthy();
    expect(within(fields).getByText('Hours of their shifts on Sat Aug 9th')).toBeTruthy();
    expect(within(fields).getByRole('button', { name: /^Insert \{nextShift\}: Their next shift on Sat Aug 9th/ })).toBeTruthy();
    expect(within(fields).getByText(MERGE_FIELDS.firstName)).toBeTruthy();

    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Who' }), "A venue's volunteers and team leaders");
    await userEvent.selectOptions(within(first).getByRole('combobox', { name: 'Venue' }), 'Art Gallery');
    expect(await within(fields).findByText('Hours of their shifts at Art Gallery')).toBeTruthy();
    expect(within(fields).queryByText(/Sat Aug 9th/)).toBeNull();
  });

  it('names an unknown merge field as it is typed, and sends nothing while it is there', async () => {
    await openCompose();
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await userEvent.type(subject, 'Hi {{frist');
    expect(screen.queryByText(/^Unknown merge field/)).toBeNull();
    await userEvent.type(subject, '}');
    expect(await screen.findByText(/^Unknown merge field \{frist\}: use one of \{firstName\}, \{lastName\}/)).toBeTruthy();
    await userEvent.click(screen.getByRole('textbox', { name: 'Message (Markdown)' }));
    await userEvent.paste('Dear {firstName}, welcome.');
    await userEvent.click(await screen.findByRole('button', { name: 'Send to 2 recipients' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodiesTo(fetchMock, '/api/admin/messages')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Send a test to myself' }));
    expect(await screen.findByText('Fix the subject and the message first: the test shows them as written.')).toBeTruthy();
    expect(bodiesTo(fetchMock, '/api/admin/messages/test')).toEqual([]);

    // Mended, it goes.
    await userEvent.clear(subject);
    await userEvent.paste('Hi {firstName}');
    await waitFor(() => expect(screen.queryByText(/^Unknown merge field/)).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Send to 2 recipients' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('shows the server’s refusal on the fields it names, and keeps what was written', async () => {
    createAnswer = () =>
      json(
        {
          message: 'Venue 1 no longer exists: pick another.',
          err: 'VALIDATION_FAILED',
          errors: { audience: 'Venue 1 no longer exists: pick another.', subject: 'The subject must not be only merge fields.' },
        },
        400,
      );
    await openCompose();
    await writeText('{firstName}', 'Hello.');
    await userEvent.click(await screen.findByRole('button', { name: 'Send to 2 recipients' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send to 2 recipients' }));

    expect(await screen.findByText('The subject must not be only merge fields.')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Audience' })).getByRole('alert').textContent).toBe(
      'Venue 1 no longer exists: pick another.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/admin/messages/create');
    expect((screen.getByRole('textbox', { name: 'Message (Markdown)' }) as HTMLTextAreaElement).value).toBe('Hello.');
  });

  it('says so when nobody is in the audience, and does not offer to send', async () => {
    audienceAnswer = () => json(audiencePreview([]));
    await openCompose();
    expect(await screen.findByText('Nobody is in this audience now: confirmed volunteers.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Recipients' })).toBeNull();
    await writeText('Hello', 'Hello.');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Nobody is in this audience now: change it so that it holds at least one person.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodiesTo(fetchMock, '/api/admin/messages')).toEqual([]);
  });

  it('previews the message as its first recipient gets it and sends a test to the organiser', async () => {
    await openCompose();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Fix the subject and the message first: the preview shows them as written.')).toBeTruthy();
    expect(bodiesTo(fetchMock, '/api/admin/messages/preview')).toEqual([]);

    await writeText('Your first shift', 'Hello {firstName}');
    await waitFor(() => expect(audienceBodies().length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(bodiesTo(fetchMock, '/api/admin/messages/preview')).toEqual([
      { subject: 'Your first shift', body: 'Hello {firstName}', audience: { op: 'and', parts: [{ kind: 'confirmed' }] } },
    ]);
    expect(within(preview).getByText('As Ada Lopez, the first recipient, will get it.')).toBeTruthy();
    const frame = within(preview).getByTitle('The email as HTML');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hello <strong>Ada</strong></p>');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(within(preview).getByLabelText('The email as plain text').textContent).toBe('Hello Ada\n\nSee you soon.');

    await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), '!');
    expect(await within(preview).findByText('The message or its audience changed since this preview.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Send a test to myself' }));
    expect(await screen.findByText('Test sent to chair@example.org')).toBeTruthy();
    expect(bodiesTo(fetchMock, '/api/admin/messages/test')).toEqual([{ subject: 'Your first shift!', body: 'Hello {firstName}' }]);
  });

  it('shows a refused test on its field', async () => {
    fetchMock = openMessages(
      {
        'POST /api/admin/messages/audience': () => json(audiencePreview([ada]) satisfies AudiencePreview),
        'POST /api/admin/messages/test': () =>
          json(
            {
              message: 'The body is longer than the mail server takes.',
              err: 'VALIDATION_FAILED',
              errors: { body: 'Shorten the message: the mail server takes 10,000 characters.' },
            },
            400,
          ),
      },
      '/admin/messages/create',
    );
    await openCompose();
    await writeText('Hi', 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send a test to myself' }));
    expect(await screen.findByText('Shorten the message: the mail server takes 10,000 characters.')).toBeTruthy();
    expect(screen.getByText('The body is longer than the mail server takes.')).toBeTruthy();
    expect(screen.queryByText(/^Test sent to/)).toBeNull();
  });
});
