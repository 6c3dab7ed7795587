import { cleanup, within } from '@testing-library/react';
import { vi } from 'vitest';
import { adminToken, fakeApi, json, publicSettings } from '../testing/fakePortal';
import { edition2025 } from '../testing/scheduleFixtures';
import type { BoardShift, BoardVolunteer } from './types';

/** Signs the panel in against a fake API answering `routes` (and the edition's settings), opened at `path`. */
export function openPanel(routes: Parameters<typeof fakeApi>[0], path?: string): ReturnType<typeof fakeApi> {
  localStorage.clear();
  localStorage.setItem('svp.admin.token', adminToken());
  const fetchMock = fakeApi({ 'GET /api/settings': () => json(publicSettings(edition2025())), ...routes });
  if (path) window.history.pushState({}, '', path);
  return fetchMock;
}

/** Undoes openPanel and whatever a test stubbed or faked. */
export function closePanel(): void {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.pushState({}, '', '/');
}

/** The text of each cell of a table row. */
export const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** Catches the browser download of a CSV: the file name saved, without leaving the test page. */
export function catchDownloads() {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:report'), revokeObjectURL: vi.fn() }));
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  return { savedNames: () => click.mock.contexts.map((anchor) => (anchor as HTMLAnchorElement).download) };
}

/** The requests made to one path: their full addresses and the token each carried. */
export function requestsTo(fetchMock: ReturnType<typeof fakeApi>, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === path)
    .map(({ url, init }) => ({ url, authorization: new Headers(init?.headers).get('Authorization') }));
}

export const csv = (text: string) => new Response(text, { headers: { 'Content-Type': 'text/csv' } });

export function boardVolunteer(overrides: Partial<BoardVolunteer> = {}): BoardVolunteer {
  return { id: 21, name: 'Ada Lopez', svid: 'SV21', checkedInAt: null, checkedOutAt: null, late: false, ...overrides };
}

export function boardShift(overrides: Partial<BoardShift> = {}): BoardShift {
  return {
    id: 5,
    venueId: 1,
    venueName: 'Room 1',
    role: 'Greeter',
    startTime: '2026-08-10 08:00',
    endTime: '2026-08-10 12:00',
    startsAt: '2026-08-10T15:00:00.000Z',
    endsAt: '2026-08-10T19:00:00.000Z',
    phase: 'in-progress',
    slots: 3,
    assigned: 2,
    checkedIn: 1,
    volunteers: [],
    ...overrides,
  };
}
