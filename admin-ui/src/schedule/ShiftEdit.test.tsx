// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';
import { listOf, shiftRow, venueRow } from '../testing/scheduleFixtures';
import type { PersonFit } from '@svp/domain';
import type { ShiftCandidate } from './types';

vi.setConfig({ testTimeout: 20_000 });

const candidate = (volunteerId: number, name: string, overrides: Partial<ShiftCandidate> = {}): ShiftCandidate => ({
  volunteerId,
  name,
  svid: `SV${volunteerId}`,
  teamLeader: false,
  hours: 4,
  expected: 25,
  prefersVenue: false,
  score: 1,
  ...overrides,
});

/** Someone against the shift, as the candidates' answer names them. */
const person = (volunteerId: number, name: string, overrides: Partial<PersonFit> = {}): PersonFit => ({
  volunteerId,
  name,
  svid: `SV${volunteerId}`,
  teamLeader: false,
  hours: 4,
  expected: 25,
  prefersVenue: false,
  onShift: false,
  fits: false,
  rule: null,
  reason: null,
  exceptable: false,
  exception: null,
  ...overrides,
});

let fetchMock: ReturnType<typeof fakeApi>;
let assignmentBodies: unknown[];
let candidates: ShiftCandidate[];
let people: PersonFit[];
let assignAnswer: () => Response;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  assignmentBodies = [];
  candidates = [candidate(21, 'Ada Lopez', { hours: 0, prefersVenue: true }), candidate(22, 'Ben Ito', { hours: 12, teamLeader: true })];
  people = [
    person(21, 'Ada Lopez', { hours: 0, prefersVenue: true, fits: true }),
    person(22, 'Ben Ito', { hours: 12, teamLeader: true, fits: true }),
    person(23, 'Cy Ode', {
      rule: 'preconference',
      reason: 'Cy Ode did not ask for pre-conference shifts.',
      exceptable: true,
    }),
    person(24, 'Dee Ray', { rule: 'overlap', reason: 'Dee Ray already works another shift at that time (shift 9).' }),
    person(25, 'Eve Fox', {
      onShift: true,
      exception: {
        rules: ['unavailable'],
        reason: 'Agreed by email',
        madeBy: { id: 1, name: 'Olive Organiser' },
        madeAt: '2025-08-01T10:00:00.000Z',
      },
    }),
  ];
  assignAnswer = () => json({ id: 90, shiftId: 5, volunteerId: 21, pinned: false }, 201);
  fetchMock = fakeApi({
    'GET /api/settings': () => json(publicSettings()),
    'GET /api/admin/venues': () => listOf('venues', [venueRow()]),
    'GET /api/admin/shifts/5': () => json(shiftRow({ requires: 'team-leader' })),
    'GET /api/admin/shifts/5/candidates': () => json({ shiftId: 5, free: 2, candidates, people }),
    'POST /api/admin/shift-assignments': (_url, init) => {
      assignmentBodies.push(JSON.parse(String(init?.body)));
      return assignAnswer();
    },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

const openShift = async () => {
  window.history.pushState({}, '', '/admin/shifts/5');
  render(<App />);
  return screen.findByRole('table', { name: 'Candidates' });
};

describe('a shift’s edit page', () => {
  it('shows what the shift requires', async () => {
    await openShift();
    expect(screen.getByRole('combobox', { name: /Requires/ }).textContent).toBe('Team leader');
  });

  it('lists who fits every rule now, best first, with hours and preference', async () => {
    const table = await openShift();
    expect(screen.getByText(/^2 free places\./)).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['1', 'Ada LopezSV ID SV21', '0 of 25 h', 'Preferred', 'Assign'],
      ['2', 'Ben ItoTLSV ID SV22', '12 of 25 h', '—', 'Assign'],
    ]);
  });

  it('assigns a candidate with one click and reads the candidates again', async () => {
    await openShift();
    candidates = [candidate(22, 'Ben Ito')];
    people = people.map((p) => (p.volunteerId === 21 ? { ...p, fits: false, onShift: true } : p));
    await userEvent.click(screen.getByRole('button', { name: 'Assign Ada Lopez' }));
    expect(await screen.findByText('Ada Lopez is assigned to this shift.')).toBeTruthy();
    expect(assignmentBodies).toEqual([{ shiftId: 5, volunteerId: 21 }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Assign Ada Lopez' })).toBeNull());
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/shifts/5/candidates')).length).toBeGreaterThanOrEqual(2);
  });

  it('tells the rule an assignment would break', async () => {
    await openShift();
    assignAnswer = () => json({ message: 'Ada Lopez would work 9 hours on 2025-08-10; their maximum is 8.', err: 'RULE_BROKEN' }, 409);
    await userEvent.click(screen.getByRole('button', { name: 'Assign Ada Lopez' }));
    expect(await screen.findByText('Ada Lopez would work 9 hours on 2025-08-10; their maximum is 8.')).toBeTruthy();
  });

  it('lists everyone with the first rule that keeps them off, filtered by rule, and who is on it through an exception', async () => {
    await openShift();
    const table = await screen.findByRole('table', { name: 'Everyone, and why not' });
    const standing = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[3]!.textContent);
    expect(standing()).toEqual([
      'On this shiftException (Not available): Agreed by email — Olive Organiser',
      'Fits',
      'Fits',
      'Pre-conference wishCy Ode did not ask for pre-conference shifts.',
      'Another shift thenDee Ray already works another shift at that time (shift 9).',
    ]);
    expect(screen.getByText('1 on this shift · 2 fit now · Pre-conference wish: 1 · Another shift then: 1')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Rule' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Another shift then (1)' }));
    expect(standing()).toEqual(['Another shift thenDee Ray already works another shift at that time (shift 9).']);
    // Overlap is never set aside: no way to assign Dee anyway.
    expect(screen.queryByRole('button', { name: 'Assign Dee Ray anyway, with a reason' })).toBeNull();
  });

  it('assigns someone kept off by a rule as an exception, only with a reason', async () => {
    await openShift();
    await userEvent.click(await screen.findByRole('button', { name: 'Assign Cy Ode anyway, with a reason' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign despite the rule?' });
    expect(within(dialog).getByText('Cy Ode did not ask for pre-conference shifts.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign as an exception' }));
    expect(within(dialog).getByText('Say why this person is assigned despite the rule.')).toBeTruthy();
    expect(assignmentBodies).toEqual([]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason for the exception/ }), 'Agreed by email to come a day early');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign as an exception' }));
    expect(await screen.findByText('Cy Ode is assigned to this shift as an exception.')).toBeTruthy();
    expect(assignmentBodies).toEqual([{ shiftId: 5, volunteerId: 23, exceptionReason: 'Agreed by email to come a day early' }]);
  });

  it('says when the shift is full, without candidates', async () => {
    fakeApi({
      'GET /api/settings': () => json(publicSettings()),
      'GET /api/admin/venues': () => listOf('venues', [venueRow()]),
      'GET /api/admin/shifts/5': () => json(shiftRow({ assigned: 3 })),
      'GET /api/admin/shifts/5/candidates': () => json({ shiftId: 5, free: 0, candidates: [], people: [] }),
    });
    window.history.pushState({}, '', '/admin/shifts/5');
    render(<App />);
    expect(await screen.findByText('This shift is full.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Candidates' })).toBeNull();
  });
});
