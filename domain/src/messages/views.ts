import type { DeliveryState } from '../contract/messages.js';

/** Organisers' messages as the API sends them (admin panel, team leaders, volunteers): declared in domain/src/contract/messages.ts. */
export type {
  AudienceMember,
  AudiencePreview,
  DeliveryState,
  MessageAuthor,
  MessageDetail,
  MessagePreview,
  MessageRecipientRow,
  MessageState,
  MessageSummary,
  ReceivedMessage,
  TeamMessageVenue,
} from '../contract/messages.js';

export const DELIVERY_STATES: readonly DeliveryState[] = ['queued', 'sending', 'sent', 'failed', 'cancelled'];

export type DeliveryCounts = Record<DeliveryState, number>;

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
