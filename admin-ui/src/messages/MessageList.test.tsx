// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { json } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';
import { audienceMember, audiencePreview, closePanel, messageSummary, openMessages } from './testing';

vi.setConfig({ testTimeout: 20_000 });

let fetchMock: ReturnType<typeof openMessages>;

const messages = [
  messageSummary({
    id: 10,
    subject: 'Shift changes on Sunday',
    author: { id: 30, name: 'Chen Wu', kind: 'team-leader' },
    audience: 'venue Room 1',
    state: 'sending',
    recipients: 12,
    counts: { queued: 7, sending: 1, sent: 4, failed: 0, cancelled: 0 },
    createdAt: '2025-08-10T15:00:00.000Z',
    finishedAt: null,
  }),
  messageSummary(),
];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  fetchMock = openMessages(
    {
      'GET /api/admin/messages': () => listOf('messages', messages),
      'POST /api/admin/messages/audience': () => json(audiencePreview([audienceMember()])),
    },
    '/admin/messages',
  );
});

afterEach(closePanel);

describe('the messages list', () => {
  it('shows each message with its author, audience in words, state and progress, newest first, and leads to writing one', async () => {
    render(<App />);
    const table = await screen.findByRole('table', { name: 'Messages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Shift changes on Sunday',
        'Chen Wu (team leader)',
        'venue Room 1',
        'Sending',
        '7 queued · 1 sending · 4 sentof 12 recipients',
        '10 August 2025 at 15:00 UTC',
      ],
      [
        'Welcome to SIGGRAPH',
        'Chair Person',
        'confirmed volunteers',
        'Sent',
        '39 sent · 1 failedof 40 recipients',
        '1 August 2025 at 17:00 UTC',
      ],
    ]);
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/admin/messages')!;
    expect(JSON.parse(asked.searchParams.get('sort')!)).toEqual(['createdAt', 'DESC']);

    await userEvent.click(screen.getByRole('link', { name: 'Write a message' }));
    expect(await screen.findByRole('heading', { name: 'Write a message' })).toBeTruthy();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/messages/create'));
  });

  it('says what the page is for before the first message, and still leads to writing one', async () => {
    fetchMock = openMessages({ 'GET /api/admin/messages': () => listOf('messages', []) }, '/admin/messages');
    render(<App />);
    expect(await screen.findByText('No message has been sent yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Write a message' }));
    expect(await screen.findByRole('heading', { name: 'Write a message' })).toBeTruthy();
  });
});
