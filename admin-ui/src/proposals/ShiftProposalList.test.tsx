// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';
import { listOf } from '../testing/scheduleFixtures';
import type { ShiftProposalRow } from './types';

vi.setConfig({ testTimeout: 20_000 });

const proposal = (overrides: Partial<ShiftProposalRow> = {}): ShiftProposalRow => ({
  id: 4,
  shiftId: 5,
  shiftLabel: 'Greeter at Room 1, Sun Aug 10th 08:00–12:00',
  volunteerId: 21,
  volunteerName: 'Ada Lopez',
  proposedBy: { id: 30, name: 'Grace Leader' },
  status: 'open',
  createdAt: '2025-07-20T17:00:00.000Z',
  decidedAt: null,
  ...overrides,
});

let rows: ShiftProposalRow[];
let fetchMock: ReturnType<typeof fakeApi>;
let acceptAnswer: () => Response;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  rows = [
    proposal(),
    proposal({ id: 3, volunteerId: 22, volunteerName: 'Ben Ito', status: 'declined', decidedAt: '2025-07-20T18:00:00.000Z' }),
  ];
  acceptAnswer = () => {
    rows[0] = { ...rows[0]!, status: 'accepted', decidedAt: '2025-07-21T09:00:00.000Z' };
    return json(rows[0]);
  };
  fetchMock = fakeApi({
    'GET /api/settings': () => json(publicSettings()),
    'GET /api/admin/shift-proposals': (url) => {
      const { status } = JSON.parse(url.searchParams.get('filter') ?? '{}');
      const shown = rows.filter((row) => !status || row.status === status);
      return listOf('shift-proposals', shown);
    },
    'POST /api/admin/shift-proposals/4/accept': () => acceptAnswer(),
    'POST /api/admin/shift-proposals/4/decline': () => {
      rows[0] = { ...rows[0]!, status: 'declined', decidedAt: '2025-07-21T09:00:00.000Z' };
      return json(rows[0]);
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

const openList = async () => {
  window.history.pushState({}, '', '/admin/shift-proposals');
  render(<App />);
  return (await screen.findByText('Ada Lopez')).closest('tr')!;
};

const filtersAsked = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/shift-proposals')
    .map((url) => JSON.parse(url.searchParams.get('filter') ?? '{}'));

describe('shift proposals', () => {
  it('lists the open proposals first, with the shift, the volunteer and who proposed them', async () => {
    const row = await openList();
    expect(filtersAsked()[0]).toEqual({ status: 'open' });
    expect(screen.getByRole('menuitem', { name: 'Shift proposals' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Greeter at Room 1, Sun Aug 10th 08:00–12:00' }).getAttribute('href')).toBe(
      '/admin/shifts/5',
    );
    expect(within(row).getByText('Grace Leader')).toBeTruthy();
    expect(within(row).getByText('20 July 2025 at 17:00 UTC')).toBeTruthy();
    expect(screen.queryByText('Ben Ito')).toBeNull();
  });

  it('accepts a proposal with one click, which assigns the volunteer', async () => {
    const row = await openList();
    await userEvent.click(within(row).getByRole('button', { name: 'Accept Ada Lopez for Greeter at Room 1, Sun Aug 10th 08:00–12:00' }));
    expect(await screen.findByText('Ada Lopez is assigned to Greeter at Room 1, Sun Aug 10th 08:00–12:00.')).toBeTruthy();
    // The list is read again: the proposal is no longer open.
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Accept Ada Lopez/ })).toBeNull());
  });

  it('tells the rule that refuses an accept', async () => {
    acceptAnswer = () => json({ message: 'Ada Lopez would work 9 hours on 2025-08-10; their maximum is 8.', err: 'RULE_BROKEN' }, 409);
    const row = await openList();
    await userEvent.click(within(row).getByRole('button', { name: /^Accept Ada Lopez/ }));
    expect(await screen.findByText('Ada Lopez would work 9 hours on 2025-08-10; their maximum is 8.')).toBeTruthy();
  });

  it('accepts as an exception, with a reason, a proposal a rule that may be set aside refuses now', async () => {
    const bodies: unknown[] = [];
    acceptAnswer = () => json({ message: 'Ada Lopez did not ask for pre-conference shifts.', err: 'RULE_BROKEN', exceptable: true }, 409);
    const row = await openList();
    await userEvent.click(within(row).getByRole('button', { name: /^Accept Ada Lopez/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign despite the rule?' });
    expect(within(dialog).getByText('Ada Lopez did not ask for pre-conference shifts.')).toBeTruthy();
    acceptAnswer = () => {
      rows[0] = { ...rows[0]!, status: 'accepted', decidedAt: '2025-07-21T09:00:00.000Z' };
      return json(rows[0]);
    };
    fetchMock.mockImplementationOnce(async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return acceptAnswer();
    });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for the exception/ }), 'Came a day early');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign as an exception' }));
    expect(await screen.findByText('Ada Lopez is assigned to Greeter at Room 1, Sun Aug 10th 08:00–12:00 as an exception.')).toBeTruthy();
    expect(bodies).toEqual([{ exceptionReason: 'Came a day early' }]);
  });

  it('declines a proposal', async () => {
    const row = await openList();
    await userEvent.click(within(row).getByRole('button', { name: /^Decline Ada Lopez/ }));
    expect(await screen.findByText('Declined: Ada Lopez for Greeter at Room 1, Sun Aug 10th 08:00–12:00.')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([input, init]) => String(input).endsWith('/shift-proposals/4/decline') && init?.method === 'POST'),
    ).toBe(true);
  });
});
