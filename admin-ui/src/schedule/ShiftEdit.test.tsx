// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';
import { listOf, shiftRow, venueRow } from '../testing/scheduleFixtures';
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

let fetchMock: ReturnType<typeof fakeApi>;
let assignmentBodies: unknown[];
let candidates: ShiftCandidate[];
let assignAnswer: () => Response;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  assignmentBodies = [];
  candidates = [candidate(21, 'Ada Lopez', { hours: 0, prefersVenue: true }), candidate(22, 'Ben Ito', { hours: 12, teamLeader: true })];
  assignAnswer = () => json({ id: 90, shiftId: 5, volunteerId: 21, pinned: false }, 201);
  fetchMock = fakeApi({
    'GET /api/settings': () => json(publicSettings()),
    'GET /api/admin/venues': () => listOf('venues', [venueRow()]),
    'GET /api/admin/shifts/5': () => json(shiftRow({ requires: 'team-leader' })),
    'GET /api/admin/shifts/5/candidates': () => json({ success: true, data: { shiftId: 5, free: 2, candidates } }),
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

  it('says when the shift is full, without candidates', async () => {
    fakeApi({
      'GET /api/settings': () => json(publicSettings()),
      'GET /api/admin/venues': () => listOf('venues', [venueRow()]),
      'GET /api/admin/shifts/5': () => json(shiftRow({ assigned: 3 })),
      'GET /api/admin/shifts/5/candidates': () => json({ success: true, data: { shiftId: 5, free: 0, candidates: [] } }),
    });
    window.history.pushState({}, '', '/admin/shifts/5');
    render(<App />);
    expect(await screen.findByText('This shift is full.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Candidates' })).toBeNull();
  });
});
