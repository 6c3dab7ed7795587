import { vi } from 'vitest';
import type { fakeApi } from '../testing/fakePortal';
import type { BoardShift, BoardVolunteer } from './types';

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
