// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { json } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';
import { PROGRESS_REFRESH_MS } from './MessageShow';
import { bodiesTo, closePanel, messageDetail, openMessages, readsOf, recipientRow } from './testing';
import type { MessageDetail } from './types';

vi.setConfig({ testTimeout: 30_000 });

const RECIPIENTS = 'messages/9/recipients';

let fetchMock: ReturnType<typeof openMessages>;
let details: MessageDetail[];
let actionAnswer: () => Response;

/** Each read of the message answers the next detail; the last one stays. */
const nextDetail = () => json(details.length > 1 ? details.shift() : details[0]);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  details = [messageDetail()];
  actionAnswer = () => json(messageDetail());
  fetchMock = openMessages(
    {
      'GET /api/admin/messages/9': () => nextDetail(),
      'GET /api/admin/messages/9/recipients': (url) => {
        const filter = JSON.parse(url.searchParams.get('filter') ?? '{}') as { state?: string };
        const rows = [
          recipientRow(),
          recipientRow({
            id: 102,
            userId: 22,
            name: 'Ben Ito',
            svid: 'SV22',
            email: 'ben@exmaple.edu',
            state: 'failed',
            attempts: 1,
            sentAt: null,
            error: '550 5.1.1 <ben@exmaple.edu>: Recipient address rejected',
          }),
        ];
        return listOf(RECIPIENTS, filter.state ? rows.filter((row) => row.state === filter.state) : rows);
      },
      'POST /api/admin/messages/9/cancel': () => actionAnswer(),
      'POST /api/admin/messages/9/resume': () => actionAnswer(),
      'POST /api/admin/messages/9/retry': () => actionAnswer(),
    },
    '/admin/messages/9/show',
  );
});

afterEach(closePanel);

const progress = () => screen.getByRole('region', { name: 'Progress' });
const progressBar = () => screen.getByRole('progressbar', { name: 'Sent or failed' });

describe('a message’s page', () => {
  it('shows what was written, to whom, and the recipients with the mail server’s answer for those that failed', async () => {
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Welcome to SIGGRAPH', level: 1 })).toBeTruthy();
    const about = screen.getByLabelText('About the message');
    expect(within(about).getByText('confirmed volunteers')).toBeTruthy();
    expect(within(about).getByText('Chair Person, for the organisers')).toBeTruthy();
    expect(screen.getByLabelText('Message as written').textContent).toBe('Hello {firstName},\n\nYour **first shift** is {nextShift}.');
    expect(progressBar().getAttribute('aria-valuenow')).toBe('100');
    expect(screen.getByText('40 of 40 recipients sent or failed (100%)')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Recipients per state' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Queued: 0', 'Sending: 0', 'Sent: 39', 'Failed: 1', 'Cancelled: 0']);

    const table = await screen.findByRole('table', { name: 'Recipients' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const ben = within(table).getAllByRole('row')[2]!;
    expect(
      within(ben)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ben ItoSV ID SV22', 'ben@exmaple.edu', 'Failed', '1', '—', '550 5.1.1 <ben@exmaple.edu>: Recipient address rejected']);

    // The state filter asks the server for those recipients only.
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/admin/messages/9/recipients');
    expect(JSON.parse(asked.at(-1)!.searchParams.get('filter')!)).toEqual({ state: 'failed' });
    // Nothing is queued, cancelled or interrupted: only the failed one can be tried again.
    expect(screen.getByRole('button', { name: 'Retry failed (1)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel sending' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Retry interrupted/ })).toBeNull();
  });

  it('reads the message again every 2 seconds while it is sent, and stops once it is done', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    details = [
      messageDetail({
        state: 'sending',
        finishedAt: null,
        counts: { queued: 30, sending: 1, sent: 8, failed: 1, cancelled: 0 },
        secondsLeft: 3,
      }),
      messageDetail({
        state: 'sending',
        finishedAt: null,
        counts: { queued: 10, sending: 1, sent: 28, failed: 1, cancelled: 0 },
        secondsLeft: 1,
      }),
      messageDetail({ state: 'sent', counts: { queued: 0, sending: 0, sent: 39, failed: 1, cancelled: 0 } }),
    ];
    render(<App />);
    expect(await screen.findByText('9 of 40 recipients sent or failed (23%) · about 3 s left')).toBeTruthy();
    expect(progressBar().getAttribute('aria-valuenow')).toBe('23');
    expect(within(progress()).getByText('Sending')).toBeTruthy();
    const reads = readsOf(fetchMock, '/api/admin/messages/9');

    act(() => vi.advanceTimersByTime(PROGRESS_REFRESH_MS - 1));
    expect(readsOf(fetchMock, '/api/admin/messages/9')).toBe(reads);
    act(() => vi.advanceTimersByTime(1));
    expect(await screen.findByText('29 of 40 recipients sent or failed (73%) · about 1 s left')).toBeTruthy();
    expect(progressBar().getAttribute('aria-valuenow')).toBe('73');

    act(() => vi.advanceTimersByTime(PROGRESS_REFRESH_MS));
    expect(await screen.findByText('40 of 40 recipients sent or failed (100%)')).toBeTruthy();
    expect(within(progress()).getByText('Sent')).toBeTruthy();
    const done = readsOf(fetchMock, '/api/admin/messages/9');
    act(() => vi.advanceTimersByTime(PROGRESS_REFRESH_MS * 3));
    expect(readsOf(fetchMock, '/api/admin/messages/9')).toBe(done);
  });

  it('cancels the queued emails after a confirmation, and resumes them', async () => {
    details = [
      messageDetail({
        state: 'sending',
        finishedAt: null,
        counts: { queued: 30, sending: 0, sent: 10, failed: 0, cancelled: 0 },
        secondsLeft: 3,
      }),
    ];
    actionAnswer = () => json(messageDetail({ state: 'cancelled', counts: { queued: 0, sending: 0, sent: 10, failed: 0, cancelled: 30 } }));
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel sending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the 30 emails still queued?' });
    details = [
      messageDetail({
        state: 'cancelled',
        cancelledAt: '2025-08-01T17:00:03.000Z',
        counts: { queued: 0, sending: 0, sent: 10, failed: 0, cancelled: 30 },
      }),
    ];
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel the queued emails' }));
    expect(await screen.findByText('Sending stopped: 30 recipients cancelled.')).toBeTruthy();
    expect(bodiesTo(fetchMock, '/api/admin/messages/9/cancel')).toEqual([null]);
    // The page reads the message again: nothing is queued, the cancelled can be resumed.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel sending' })).toBeNull());

    actionAnswer = () => json(messageDetail({ state: 'sending', counts: { queued: 30, sending: 0, sent: 10, failed: 0, cancelled: 0 } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Resume' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Queue the 30 cancelled recipients again?' })).getByRole('button', {
        name: 'Resume sending',
      }),
    );
    expect(await screen.findByText('Sending resumed: 30 recipients queued.')).toBeTruthy();
    expect(bodiesTo(fetchMock, '/api/admin/messages/9/resume')).toEqual([null]);
  });

  it('retries the failed, and the interrupted after warning that they may have had it already', async () => {
    // Two left 'sending' by a server that stopped, as the server counts them.
    details = [messageDetail({ state: 'sent', counts: { queued: 0, sending: 2, sent: 37, failed: 1, cancelled: 0 }, interrupted: 2 })];
    actionAnswer = () =>
      json(messageDetail({ state: 'sending', counts: { queued: 1, sending: 2, sent: 37, failed: 0, cancelled: 0 }, interrupted: 2 }));
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry failed (1)' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Retry failed' }));
    expect(await screen.findByText('1 recipient queued again.')).toBeTruthy();
    expect(bodiesTo(fetchMock, '/api/admin/messages/9/retry')).toEqual([{ include: ['failed'] }]);

    actionAnswer = () =>
      json(messageDetail({ state: 'sending', counts: { queued: 3, sending: 0, sent: 37, failed: 0, cancelled: 0 }, interrupted: 0 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Retry interrupted (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send again to the 2 recipients left being sent?' });
    expect(within(dialog).getByText('may already have been received')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('3 recipients queued again.')).toBeTruthy();
    expect(bodiesTo(fetchMock, '/api/admin/messages/9/retry')).toEqual([{ include: ['failed'] }, { include: ['sending'] }]);
  });

  it('says what the server answered when the queue had moved on', async () => {
    details = [messageDetail({ state: 'sending', finishedAt: null, counts: { queued: 3, sending: 0, sent: 37, failed: 0, cancelled: 0 } })];
    actionAnswer = () =>
      json({ message: 'Nothing is queued any more: every recipient has been sent or has failed.', err: 'MESSAGE_FINISHED' }, 409);
    render(<App />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel sending' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel the queued emails' }));
    expect(await screen.findByText('Nothing is queued any more: every recipient has been sent or has failed.')).toBeTruthy();
  });
});
