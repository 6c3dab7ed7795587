import type { AudiencePreview, MessageSummary, ReceivedMessage, TeamMessageVenues } from '../../api/types';

// Test data for the message pages and banners (not loaded by the app).

const HOUR = 3_600_000;

/** A message as GET /messages lists it; with a banner running a day from the real clock unless told otherwise. */
export function receivedMessage(overrides: Partial<ReceivedMessage> = {}): ReceivedMessage {
  return {
    id: 41,
    subject: 'Badge pick-up moved to Hall B',
    html: '<p>Hello Ana, pick up your badge at <strong>Hall B</strong> from 7:00.</p>',
    from: 'The SV organisers',
    sentAt: '2025-08-08T16:05:00.000Z',
    bannerUntil: new Date(Date.now() + 24 * HOUR).toISOString(),
    dismissed: false,
    ...overrides,
  };
}

/** Registration (two shifts on the 9th, one on the 10th) and Emerging Technologies (one shift). */
export function teamVenues(): TeamMessageVenues {
  return {
    venues: [
      {
        id: 3,
        name: 'Registration',
        shifts: [
          { id: 25, label: 'Badge Check, Sat Aug 9th 8:00 AM – 12:00 PM', day: '2025-08-09' },
          { id: 27, label: 'Badge Check, Sat Aug 9th 12:00 PM – 4:00 PM', day: '2025-08-09' },
          { id: 31, label: 'Badge Check, Sun Aug 10th 8:00 AM – 12:00 PM', day: '2025-08-10' },
        ],
      },
      {
        id: 5,
        name: 'Emerging Technologies',
        shifts: [{ id: 26, label: 'Line Keeper, Sat Aug 9th 9:00 AM – 1:00 PM', day: '2025-08-09' }],
      },
    ],
  };
}

export function audience(overrides: Partial<AudiencePreview> = {}): AudiencePreview {
  return {
    count: 2,
    recipients: [
      { id: 7, name: 'Ana Lopez', svid: 'SV7', email: 'ana@example.org', status: 'Confirmed' },
      { id: 8, name: 'Ben Okafor', svid: 'SV8', email: 'ben@example.org', status: 'Confirmed' },
    ],
    description: 'the volunteers of Registration',
    ...overrides,
  };
}

export function sentMessage(overrides: Partial<MessageSummary> = {}): MessageSummary {
  return {
    id: 90,
    subject: 'See you tomorrow',
    author: { id: 12, name: 'Tess Leader', kind: 'team-leader' },
    audience: 'the volunteers of Registration',
    state: 'sent',
    recipients: 16,
    counts: { queued: 0, sending: 0, sent: 15, failed: 1, cancelled: 0 },
    createdAt: '2025-08-08T20:00:00.000Z',
    finishedAt: '2025-08-08T20:00:05.000Z',
    bannerUntil: null,
    ...overrides,
  };
}
