// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';
import { listOf, shiftRow, venueRow } from '../testing/scheduleFixtures';
import type { ShiftAssignmentRow } from './types';

// The fields the schedule builder reads: a shift's requirement, a venue's preference, a pinned assignment.
vi.setConfig({ testTimeout: 20_000 });

const assignment = (overrides: Partial<ShiftAssignmentRow> = {}): ShiftAssignmentRow => ({
  id: 11,
  shiftId: 5,
  volunteerId: 21,
  volunteerName: 'Ada Lopez',
  svid: 'SV21',
  startBackToBack: '',
  endBackToBack: '',
  exception: null,
  accommodations: '',
  pinned: true,
  ...overrides,
});

let updates: { path: string; body: Record<string, unknown> }[];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  updates = [];
  const update = (path: string, record: object) => (_url: URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    updates.push({ path, body });
    return json({ ...record, ...body });
  };
  fakeApi({
    'GET /api/settings': () => json(publicSettings()),
    'GET /api/admin/venues': () => listOf('venues', [venueRow()]),
    'GET /api/admin/venues/1': () => json(venueRow()),
    'PUT /api/admin/venues/1': update('venues/1', venueRow()),
    'GET /api/admin/users': () => listOf('users', [{ id: 21, firstName: 'Ada', lastName: 'Lopez', svid: 'SV21' }]),
    'GET /api/admin/shifts': () => listOf('shifts', [shiftRow()]),
    'GET /api/admin/shifts/5': () => json(shiftRow()),
    'GET /api/admin/shifts/5/candidates': () => json({ shiftId: 5, free: 0, candidates: [], people: [] }),
    'PUT /api/admin/shifts/5': update('shifts/5', shiftRow()),
    'GET /api/admin/shift-assignments': () =>
      listOf('shift-assignments', [
        assignment(),
        assignment({
          id: 12,
          volunteerId: 22,
          volunteerName: 'Ben Ito',
          svid: 'SV22',
          pinned: false,
          exception: {
            rules: ['preconference'],
            reason: 'Agreed by email to come a day early',
            madeBy: { id: 1, name: 'Olive Organiser' },
            madeAt: '2025-08-01T10:00:00.000Z',
          },
        }),
      ]),
    'POST /api/admin/shift-assignments': (_url: URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body));
      updates.push({ path: 'shift-assignments', body });
      return body.exceptionReason
        ? json({ ...assignment({ id: 13 }), ...body }, 201)
        : json(
            {
              message: 'Ada Lopez did not ask for pre-conference shifts. To assign them anyway, give a reason for an exception.',
              err: 'RULE_BROKEN',
              exceptable: true,
              rules: ['preconference'],
            },
            409,
          );
    },
    'GET /api/admin/shift-assignments/11': () => json(assignment()),
    'PUT /api/admin/shift-assignments/11': update('shift-assignments/11', assignment()),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

const open = (path: string) => {
  window.history.pushState({}, '', `/admin${path}`);
  render(<App />);
};

describe('what the builder reads, set on the panel', () => {
  it('shows which assignments are pinned, and which were made as exceptions, in the list', async () => {
    open('/shift-assignments');
    const ada = (await screen.findByText('Ada Lopez (SV ID SV21)')).closest('tr')!;
    const ben = screen.getByText('Ben Ito (SV ID SV22)').closest('tr')!;
    expect(within(ada).getByText('Pinned')).toBeTruthy();
    expect(within(ben).queryByText('Pinned')).toBeNull();
    // An assignment made despite a rule says so, with the reason and who gave it.
    expect(within(ben).getByText('Exception (Pre-conference wish): Agreed by email to come a day early — Olive Organiser')).toBeTruthy();
    expect(within(ada).queryByText('Exception')).toBeNull();
  });

  it('asks for the reason of an exception when a new assignment breaks a rule that may be set aside, and sends it', async () => {
    open('/shift-assignments/create');
    await userEvent.click(await screen.findByRole('combobox', { name: 'Shift' }));
    await userEvent.click(await screen.findByRole('option', { name: /Greeter/ }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Volunteer' }));
    await userEvent.click(await screen.findByRole('option', { name: /Ada Lopez/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign despite the rule?' });
    expect(within(dialog).getByText(/Ada Lopez did not ask for pre-conference shifts\./)).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for the exception/ }), 'Came a day early');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign as an exception' }));
    expect(await screen.findByText('Assigned as an exception to the schedule rules.')).toBeTruthy();
    expect(updates.map((u) => u.body)).toEqual([
      { shiftId: 5, volunteerId: 21, pinned: false },
      { shiftId: 5, volunteerId: 21, pinned: false, exceptionReason: 'Came a day early' },
    ]);
  });

  it('unpins an assignment', async () => {
    open('/shift-assignments/11');
    const pinned = (await screen.findByRole('switch', { name: 'Pinned' })) as HTMLInputElement;
    expect(pinned.checked).toBe(true);
    await userEvent.click(pinned);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toEqual([{ path: 'shift-assignments/11', body: { pinned: false } }]));
  });

  it('sets the volunteer preference a venue satisfies', async () => {
    open('/venues/1');
    await userEvent.click(await screen.findByRole('combobox', { name: /Volunteer preference it satisfies/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Art Gallery' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toEqual([{ path: 'venues/1', body: { preference: 'artGallery' } }]));
  });

  it('sets who a shift requires', async () => {
    open('/shifts/5');
    await userEvent.click(await screen.findByRole('combobox', { name: /Requires/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Experienced volunteer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates).toEqual([{ path: 'shifts/5', body: { requires: 'experienced' } }]));
  });
});
