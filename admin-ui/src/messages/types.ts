export type {
  AudienceMember,
  AudienceNode,
  AudiencePreview,
  DeliveryCounts,
  DeliveryState,
  MessageDetail,
  MessagePreview,
  MessageRecipientRow,
  MessageState,
  MessageSummary,
} from '@svp/domain';

/** What a preview and a test send carry: the text as written, merge fields unfilled. */
export interface MessageDraftText {
  subject: string;
  body: string;
}

/** Who `retry` queues again: the failed recipients, or also those left 'sending' by a stopped server. */
export type RetryInclude = readonly ('failed' | 'sending')[];
