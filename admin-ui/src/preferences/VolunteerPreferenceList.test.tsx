// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';
import { edition2025, listOf } from '../testing/scheduleFixtures';
import type { VolunteerPreferenceRow } from './types';

vi.setConfig({ testTimeout: 20_000 });

const row = (overrides: Partial<VolunteerPreferenceRow> = {}): VolunteerPreferenceRow => ({
  id: 21,
  name: 'Ada Lopez',
  svid: 'SV21',
  email: 'ada@example.edu',
  teamLeader: false,
  preconference: { wanted: true, startDay: 'Friday 8 August', startTime: '09:00' },
  venuePreferences: ['artGallery', 'labs'],
  exceptions: [],
  unavailable: [
    { day: '2025-08-09', from: null, to: null },
    { day: '2025-08-10', from: '13:00', to: '17:00' },
  ],
  maxHoursPerDay: 6,
  minRestMinutes: 60,
  expectedHours: 8,
  assignedHours: 4,
  ...overrides,
});

let fetchMock: ReturnType<typeof fakeApi>;
let saved: unknown[];
let saveAnswer: (body: Record<string, unknown>) => Response;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  saved = [];
  saveAnswer = (body) => json({ userId: 21, ...body, updatedAt: '2025-07-21T09:00:00.000Z' });
  fetchMock = fakeApi({
    'GET /api/settings': () => json(publicSettings(edition2025())),
    'GET /api/admin/volunteer-preferences': () =>
      listOf('volunteer-preferences', [
        row(),
        row({
          id: 22,
          name: 'Ben Ito',
          svid: 'SV22',
          teamLeader: true,
          preconference: { wanted: false, startDay: null, startTime: null },
          venuePreferences: [],
          unavailable: [],
          maxHoursPerDay: null,
          minRestMinutes: null,
          expectedHours: 12,
          assignedHours: 12,
          exceptions: [
            {
              shiftId: 9,
              shiftLabel: 'Headset attendant at Immersive Pavilion, Mon Aug 11th 08:00–12:00',
              rules: ['team-leader-venue'],
              reason: 'Covers the Pavilion on Monday',
              madeBy: { id: 1, name: 'Olive Organiser' },
              madeAt: '2025-08-01T10:00:00.000Z',
            },
          ],
        }),
      ]),
    'GET /api/admin/volunteer-preferences/export.csv': () =>
      new Response('Name,SV ID\nAda Lopez,SV21\n', { headers: { 'Content-Type': 'text/csv' } }),
    'GET /api/admin/volunteer-constraints/21': () =>
      json({
        userId: 21,
        unavailable: [{ day: '2025-08-09', from: null, to: null }],
        maxHoursPerDay: 6,
        minRestMinutes: null,
        updatedAt: null,
      }),
    'PUT /api/admin/volunteer-constraints/21': (_url, init) => {
      const body = JSON.parse(String(init?.body));
      saved.push(body);
      return saveAnswer(body);
    },
    'GET /api/admin/users/21': () =>
      json({
        id: 21,
        firstName: 'Ada',
        lastName: 'Lopez',
        svid: 'SV21',
        email: 'ada@example.edu',
        role: 'Student-Volunteer',
        isAdmin: false,
      }),
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.pushState({}, '', '/');
});

const cells = (element: HTMLElement) =>
  within(element)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

const filtersAsked = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/volunteer-preferences')
    .map((url) => JSON.parse(url.searchParams.get('filter') ?? '{}'));

describe('volunteer preferences', () => {
  it('lists each confirmed volunteer with availability, preferences, hours against expectation and exceptions', async () => {
    window.history.pushState({}, '', '/admin/volunteer-preferences');
    render(<App />);
    const ada = (await screen.findByText('Ada Lopez')).closest('tr')!;
    expect(cells(ada)).toEqual([
      'Ada LopezSV ID SV21 · ada@example.edu',
      'SV',
      'From Friday 8 August at 09:00',
      'Art Gallery, Labs',
      'Not Sat Aug 9th, whole dayNot Sun Aug 10th 13:00–17:00At most 6 h a day60 min rest between shifts',
      '4 of 8 hUnder',
      '—',
      'Availability',
    ]);
    expect(cells(screen.getByText('Ben Ito').closest('tr')!)).toEqual([
      'Ben ItoSV ID SV22 · ada@example.edu',
      'TL',
      'No',
      '—',
      'Any time',
      '12 of 12 hOn target',
      'Headset attendant at Immersive Pavilion, Mon Aug 11th 08:00–12:00. ' +
        "Exception (Team leader's venues): Covers the Pavilion on Monday — Olive Organiser",
      'Availability',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Volunteer preferences' })).toBeTruthy();
  });

  it('filters by venue preference and exports the filtered rows as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:preferences');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    window.history.pushState({}, '', '/admin/volunteer-preferences');
    render(<App />);
    await screen.findByText('Ada Lopez');
    await userEvent.click(screen.getByRole('combobox', { name: 'Venue preference' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Labs' }));
    await waitFor(() => expect(filtersAsked().at(-1)).toEqual({ venuePreference: 'labs' }));

    await userEvent.click(screen.getByRole('button', { name: 'Export to CSV' }));
    expect(await screen.findByText('Exported volunteer-preferences.csv')).toBeTruthy();
    const exportCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname.endsWith('/export.csv'))!;
    expect(JSON.parse(exportCall.searchParams.get('filter')!)).toEqual({ venuePreference: 'labs' });
    expect(click).toHaveBeenCalled();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('volunteer-preferences.csv');
  });

  it("opens a volunteer's availability from their row, and saves it whole", async () => {
    window.history.pushState({}, '', '/admin/volunteer-preferences');
    render(<App />);
    const ada = (await screen.findByText('Ada Lopez')).closest('tr')!;
    await userEvent.click(within(ada).getByRole('link', { name: 'Edit the availability of Ada Lopez' }));
    expect(await screen.findByText('Availability of Ada Lopez (SV21)')).toBeTruthy();
    const most = await screen.findByRole('spinbutton', { name: 'Most hours a day' });
    expect((most as HTMLInputElement).value).toBe('6');
    await userEvent.clear(most);
    await userEvent.type(most, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Availability saved.')).toBeTruthy();
    expect(saved).toEqual([{ unavailable: [{ day: '2025-08-09', from: null, to: null }], maxHoursPerDay: 7, minRestMinutes: null }]);
  });

  it('says under the field what is wrong, before sending and from the server', async () => {
    window.history.pushState({}, '', '/admin/volunteer-constraints/21');
    render(<App />);
    const most = await screen.findByRole('spinbutton', { name: 'Most hours a day' });
    await userEvent.clear(most);
    await userEvent.type(most, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The most hours a day must be a whole number from 1 to 24, or empty for no limit.')).toBeTruthy();
    expect(saved).toEqual([]);

    saveAnswer = () =>
      json(
        {
          message: 'The rest between shifts is too long.',
          err: 'VALIDATION_FAILED',
          errors: { minRestMinutes: 'The rest between shifts must be a whole number of minutes from 0 to 720, or empty.' },
        },
        400,
      );
    await userEvent.clear(most);
    await userEvent.type(most, '8');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Least rest between shifts (minutes)' }), '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The rest between shifts must be a whole number of minutes from 0 to 720, or empty.')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });
});
