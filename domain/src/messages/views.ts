import type { AudienceNode } from './audience.js';

/** Organisers' messages as the API sends them (admin panel, team leaders, volunteers). */

/** A message's sending: under way, finished (every recipient sent or failed), or stopped by a person. */
export type MessageState = 'sending' | 'sent' | 'cancelled';

/**
 * One recipient's delivery: queued (waiting its turn), sending (handed to the mail server; a
 * server that stopped here may or may not have delivered it, so it is never sent again by itself),
 * sent, failed (with the mail server's answer), cancelled (the message was stopped first).
 */
export type DeliveryState = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';

export const DELIVERY_STATES: readonly DeliveryState[] = ['queued', 'sending', 'sent', 'failed', 'cancelled'];

export type DeliveryCounts = Record<DeliveryState, number>;

/** Who wrote a message: the organisers (an administrator) or a team leader for their venue. */
export interface MessageAuthor {
  id: number;
  name: string;
  kind: 'organisers' | 'team-leader';
}

/** A row of GET /api/admin/messages and GET /api/messages/team. */
export interface MessageSummary {
  id: number;
  subject: string;
  author: MessageAuthor;
  /** The audience in words. */
  audience: string;
  state: MessageState;
  recipients: number;
  counts: DeliveryCounts;
  /** ISO instants. */
  createdAt: string;
  finishedAt: string | null;
  /** Shown as a banner on the recipients' dashboard until then; null: no banner. */
  bannerUntil: string | null;
}

/** GET /api/admin/messages/{id}: the summary, what was written, and the pace. */
export interface MessageDetail extends MessageSummary {
  body: string;
  audienceRule: AudienceNode;
  /** For a team leader's message: the venue it went to. */
  venueId: number | null;
  /** A copy went to the organisers (team leaders' messages). */
  organisersCopy: string | null;
  cancelledAt: string | null;
  /** Messages per second the server sends at. */
  ratePerSecond: number;
  /** Seconds until the queue is empty at that pace; null when nothing is queued. */
  secondsLeft: number | null;
  /**
   * Recipients a stopped server left 'sending' (claimed over two minutes ago): they may or may not
   * have received it, and can be queued again with retry ['sending'].
   */
  interrupted: number;
}

/** A row of GET /api/admin/messages/{id}/recipients. */
export interface MessageRecipientRow {
  /** The ledger entry's id. */
  id: number;
  userId: number;
  name: string;
  svid: string;
  email: string;
  state: DeliveryState;
  attempts: number;
  /** The mail server's answer when it refused. */
  error: string | null;
  sentAt: string | null;
}

/** One person an audience holds, as listed before sending. */
export interface AudienceMember {
  id: number;
  name: string;
  svid: string;
  email: string;
  /** Their application status as the edition names it; null without an application. */
  status: string | null;
}

/** POST …/audience: how many the audience holds now, and who. */
export interface AudiencePreview {
  count: number;
  recipients: AudienceMember[];
  /** The audience in words. */
  description: string;
}

/** POST …/preview: the message as one recipient will get it. */
export interface MessagePreview {
  recipient: { id: number; name: string } | null;
  subject: string;
  html: string;
  text: string;
}

/** A message in a volunteer's 'Messages' page (GET /api/messages). */
export interface ReceivedMessage {
  id: number;
  subject: string;
  /** The body for this person, as HTML made by the server from Markdown (raw HTML in the source is escaped). */
  html: string;
  from: string;
  sentAt: string;
  /** Shown as a banner until then; null: never a banner. */
  bannerUntil: string | null;
  /** The banner was dismissed. */
  dismissed: boolean;
}

/** A venue a team leader may write to, with its shifts to narrow the audience (GET /api/messages/team/venues). */
export interface TeamMessageVenue {
  id: number;
  name: string;
  shifts: { id: number; label: string; day: string }[];
}

/** Who a team leader's message goes to: the volunteers of a venue they lead, of one Pacific day or one shift of it. */
export interface TeamAudience {
  venueId: number;
  shiftId?: number;
  day?: string;
}

/** POST /api/messages/team. `bannerUntil` (ISO, in the future) shows it on the recipients' dashboards until then. */
export interface TeamMessage extends TeamAudience {
  subject: string;
  body: string;
  bannerUntil?: string | null;
}
