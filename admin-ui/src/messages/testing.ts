import { STATUS_CATALOGUES } from '@svp/domain';
import { vi } from 'vitest';
import { closePanel, openPanel } from '../records/testing';
import { json, publicSettings } from '../testing/fakePortal';
import { edition2025, listOf, shiftRow, venueRow } from '../testing/scheduleFixtures';
import type { AudienceMember, AudiencePreview, MessageDetail, MessageRecipientRow, MessageSummary } from './types';

export { closePanel };

/** GET /api/settings with every status of the edition's catalogue, as the server lists them. */
export function settingsWithStatuses() {
  const answer = publicSettings(edition2025());
  answer.data.statusLabels = STATUS_CATALOGUES[answer.data.statusCatalogue].map(({ id, label, state, tag }) => ({
    id,
    label,
    state,
    tag,
  })) as typeof answer.data.statusLabels;
  return answer;
}

/** The panel signed in at `path`, with the edition, two venues and two shifts, and `routes`. */
export function openMessages(routes: Parameters<typeof openPanel>[0], path: string) {
  // react-admin scrolls to the top on a new page; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  return openPanel(
    {
      'GET /api/settings': () => json(settingsWithStatuses()),
      'GET /api/admin/venues': () => listOf('venues', [venueRow(), venueRow({ id: 2, name: 'Art Gallery' })]),
      'GET /api/admin/shifts': () =>
        listOf('shifts', [
          shiftRow(),
          shiftRow({ id: 6, venueId: 2, role: 'Usher', startTime: '2025-08-10 13:00', endTime: '2025-08-10 17:00' }),
        ]),
      ...routes,
    },
    path,
  );
}

/** The bodies POSTed to a path, parsed, in order (null for a POST without a body). */
export function bodiesTo(fetchMock: ReturnType<typeof openPanel>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && new URL(String(input), 'http://localhost').pathname === path)
    .map(([, init]) => (init?.body === undefined ? null : JSON.parse(String(init.body))));
}

/** How many times a path was read. */
export const readsOf = (fetchMock: ReturnType<typeof openPanel>, path: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === 'GET' && new URL(String(input), 'http://localhost').pathname === path,
  ).length;

export function audienceMember(overrides: Partial<AudienceMember> = {}): AudienceMember {
  return { id: 21, name: 'Ada Lopez', svid: 'SV21', email: 'ada@example.edu', status: 'Confirmed', ...overrides };
}

export function audiencePreview(recipients: AudienceMember[], description = 'confirmed volunteers'): AudiencePreview {
  return { count: recipients.length, recipients, description };
}

export function messageSummary(overrides: Partial<MessageSummary> = {}): MessageSummary {
  return {
    id: 9,
    subject: 'Welcome to SIGGRAPH',
    author: { id: 1, name: 'Chair Person', kind: 'organisers' },
    audience: 'confirmed volunteers',
    state: 'sent',
    recipients: 40,
    counts: { queued: 0, sending: 0, sent: 39, failed: 1, cancelled: 0 },
    createdAt: '2025-08-01T17:00:00.000Z',
    finishedAt: '2025-08-01T17:00:05.000Z',
    bannerUntil: null,
    ...overrides,
  };
}

export function messageDetail(overrides: Partial<MessageDetail> = {}): MessageDetail {
  return {
    ...messageSummary(),
    body: 'Hello {firstName},\n\nYour **first shift** is {nextShift}.',
    audienceRule: { op: 'and', parts: [{ kind: 'confirmed' }] },
    venueId: null,
    organisersCopy: null,
    cancelledAt: null,
    ratePerSecond: 10,
    secondsLeft: null,
    interrupted: 0,
    ...overrides,
  };
}

export function recipientRow(overrides: Partial<MessageRecipientRow> = {}): MessageRecipientRow {
  return {
    id: 101,
    userId: 21,
    name: 'Ada Lopez',
    svid: 'SV21',
    email: 'ada@example.edu',
    state: 'sent',
    attempts: 1,
    error: null,
    sentAt: '2025-08-01T17:00:01.000Z',
    ...overrides,
  };
}
