import type {
  AudienceBody,
  AudienceNode,
  AudiencePreview,
  MessageDetail,
  MessagePreview,
  MessageTextBody,
  PreviewMessageBody,
} from '@svp/domain';
import { adminCall, post } from '../common/http';
import type { RetryInclude } from './types';

/** The organisers' messages' calls outside the REST contract (their part of the panel's data provider). */
export interface MessagesApi {
  /** POST /api/admin/messages/audience: how many the audience holds now, and who (400 on `audience` when it is malformed). */
  messageAudience(audience: AudienceNode): Promise<{ data: AudiencePreview }>;
  /** POST /api/admin/messages/preview: the message as the audience's first recipient (or the caller) gets it. */
  previewMessage(text: PreviewMessageBody): Promise<{ data: MessagePreview }>;
  /** POST /api/admin/messages/test: sends it now to the caller's own address, with the caller's values. */
  sendTestMessage(text: MessageTextBody): Promise<{ data: { sentTo: string } }>;
  /** POST /api/admin/messages/{id}/cancel: the queued recipients become cancelled (409 MESSAGE_FINISHED when none is queued). */
  cancelMessage(id: number): Promise<{ data: MessageDetail }>;
  /** POST …/{id}/resume: the cancelled recipients are queued again (409 NOTHING_TO_RESUME). */
  resumeMessage(id: number): Promise<{ data: MessageDetail }>;
  /** POST …/{id}/retry: the failed recipients (and, with 'sending', those a stopped server left) are queued again (409 NOTHING_TO_RETRY).
   * */
  retryMessage(id: number, include: RetryInclude): Promise<{ data: MessageDetail }>;
}

export const messagesApi: MessagesApi = {
  messageAudience: (audience) =>
    adminCall<AudiencePreview>('/messages/audience', { method: 'POST', body: JSON.stringify({ audience } satisfies AudienceBody) }).then(
      (data) => ({ data }),
    ),
  previewMessage: (text) =>
    adminCall<MessagePreview>('/messages/preview', { method: 'POST', body: JSON.stringify(text) }).then((data) => ({ data })),
  sendTestMessage: (text) =>
    adminCall<{ sentTo: string }>('/messages/test', { method: 'POST', body: JSON.stringify(text) }).then((data) => ({ data })),
  cancelMessage: (id) => adminCall<MessageDetail>(`/messages/${id}/cancel`, post).then((data) => ({ data })),
  resumeMessage: (id) => adminCall<MessageDetail>(`/messages/${id}/resume`, post).then((data) => ({ data })),
  retryMessage: (id, include) =>
    adminCall<MessageDetail>(`/messages/${id}/retry`, { method: 'POST', body: JSON.stringify({ include }) }).then((data) => ({ data })),
};
