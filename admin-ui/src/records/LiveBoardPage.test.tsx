// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { fakeApi, json } from '../testing/fakePortal';
import { BOARD_REFRESH_MS } from './LiveBoardPage';
import { boardShift, boardVolunteer, cells, closePanel, openPanel, requestsTo } from './testing';
import type { LiveBoard } from './types';

vi.setConfig({ testTimeout: 20_000 });

let boards: (LiveBoard | Response)[];
let fetchMock: ReturnType<typeof fakeApi>;

const firstBoard: LiveBoard = {
  now: '2026-08-10T15:20:05.000Z',
  shifts: [
    boardShift({
      volunteers: [
        boardVolunteer({ checkedInAt: '2026-08-10T14:52:00.000Z' }),
        boardVolunteer({ id: 22, name: 'Ben Ito', svid: 'SV22', late: true }),
        // Ticked before times were kept: checked in, no time.
        boardVolunteer({ id: 24, name: 'Dee Roy', svid: 'SV24' }),
      ],
      checkedIn: 2,
      assigned: 3,
    }),
    boardShift({
      id: 6,
      venueId: 2,
      venueName: 'Room 2',
      role: 'Usher',
      startTime: '2026-08-10 09:00',
      endTime: '2026-08-10 11:00',
      startsAt: '2026-08-10T16:00:00.000Z',
      endsAt: '2026-08-10T18:00:00.000Z',
      phase: 'starting-soon',
      slots: 2,
      assigned: 1,
      checkedIn: 0,
      volunteers: [boardVolunteer({ id: 23, name: 'Chen Wu', svid: 'SV23' })],
    }),
  ],
};

beforeEach(() => {
  boards = [firstBoard];
  fetchMock = openPanel({
    'GET /api/admin/reports/venues': () => json([]),
    'GET /api/schedule/board': () => {
      const next = boards.length > 1 ? boards.shift()! : boards[0]!;
      return next instanceof Response ? next : json({ success: true, data: next });
    },
  });
});

afterEach(closePanel);

// The app bar has a 'Refresh' of its own; the board's is in the page.
const refreshButton = () =>
  within(screen.getByRole('main'))
    .getAllByRole('button', { name: 'Refresh' })
    .find((button) => button.textContent === 'Refresh')!;
const boardAsks = () => requestsTo(fetchMock, '/api/schedule/board').length;

describe('live board', () => {
  it('is reached from the menu and shows each shift with its check-ins against slots and the late volunteers in words', async () => {
    window.history.pushState({}, '', '/admin/records/venues');
    render(<App />);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Live board' }));
    expect(await screen.findByRole('heading', { name: 'Live board' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Shifts on the board' });
    const [greeter, usher] = within(table).getAllByRole('row').slice(1);
    expect(cells(greeter!)).toEqual([
      'GreeterRoom 1',
      'Mon Aug 10th 08:00–12:00In progress',
      '2 of 3 slots3 assigned1 not checked in',
      'Ada Lopez (SV ID SV21)Checked in 7:52 AMBen Ito (SV ID SV22)Not checked inDee Roy (SV ID SV24)Checked in',
    ]);
    // A volunteer of a shift not started yet is not late.
    expect(cells(usher!)).toEqual([
      'UsherRoom 2',
      'Mon Aug 10th 09:00–11:00Starts at 09:00',
      '0 of 2 slots1 assigned',
      'Chen Wu (SV ID SV23)Awaiting check-in',
    ]);
    expect(within(table).getAllByText('Not checked in')).toHaveLength(1);
    expect(screen.getByText('Last updated 8:20:05 AM (Pacific)')).toBeTruthy();
  });

  it('asks again every 30 seconds and on Refresh, showing the new figures and time', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const later: LiveBoard = {
      now: '2026-08-10T15:20:35.000Z',
      shifts: [
        boardShift({
          checkedIn: 3,
          volunteers: [
            boardVolunteer({ checkedInAt: '2026-08-10T14:52:00.000Z' }),
            boardVolunteer({ id: 22, name: 'Ben Ito', svid: 'SV22', checkedInAt: '2026-08-10T15:20:30.000Z' }),
          ],
        }),
      ],
    };
    const latest: LiveBoard = { now: '2026-08-10T15:21:00.000Z', shifts: [] };
    boards = [firstBoard, later, latest];
    window.history.pushState({}, '', '/admin/records/board');
    render(<App />);
    expect(await screen.findByText('2 of 3 slots')).toBeTruthy();
    expect(screen.getByText('Not checked in')).toBeTruthy();
    const asked = boardAsks();

    act(() => vi.advanceTimersByTime(BOARD_REFRESH_MS - 1));
    expect(boardAsks()).toBe(asked);
    act(() => vi.advanceTimersByTime(1));
    expect(await screen.findByText('3 of 3 slots')).toBeTruthy();
    expect(boardAsks()).toBe(asked + 1);
    expect(screen.getByText('Last updated 8:20:35 AM (Pacific)')).toBeTruthy();
    expect(screen.queryByText('Not checked in')).toBeNull();
    expect(screen.getByText('Checked in 8:20 AM')).toBeTruthy();

    await userEvent.click(refreshButton());
    expect(await screen.findByText('No shift is in progress or starting within the hour.')).toBeTruthy();
    expect(screen.getByText('Last updated 8:21:00 AM (Pacific)')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Shifts on the board' })).toBeNull();
  });

  it("shows the server's message when the board cannot be read, and keeps the last board when a refresh fails", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const refused = () => json({ success: false, data: { message: 'The board is resting.' } }, 503);
    boards = [refused(), firstBoard, refused(), firstBoard];
    window.history.pushState({}, '', '/admin/records/board');
    render(<App />);
    expect(await screen.findByText('The board is resting.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Shifts on the board' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(BOARD_REFRESH_MS));
    expect(await screen.findByText('The board is resting.')).toBeTruthy();
    // The figures stay, under the message, with the time they were read.
    expect(screen.getByText('2 of 3 slots')).toBeTruthy();
    expect(screen.getByText('Last updated 8:20:05 AM (Pacific)')).toBeTruthy();
    act(() => vi.advanceTimersByTime(BOARD_REFRESH_MS));
    await waitFor(() => expect(screen.queryByText('The board is resting.')).toBeNull());
  });
});
