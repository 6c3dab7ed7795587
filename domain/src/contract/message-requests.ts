import { MESSAGE_LIMITS } from '../messages/merge-fields.js';
import { AudienceNode } from './messages.js';
import { Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

/**
 * The request bodies of messages to volunteers (the organisers' and a team leader's), declared once like requests.ts's: the
 * OpenAPI document describes each from its schema and each DTO is tied to it (`SameShape`).
 */

const AUDIENCE_EXAMPLE = { op: 'and', parts: [{ kind: 'confirmed' }, { kind: 'day', day: '2026-08-10', startsBefore: '12:00' }] };
const audience = () => Type.Unsafe<AudienceNode>({ allOf: [AudienceNode], examples: [AUDIENCE_EXAMPLE] });

const subject = (example: string) => Type.String({ maxLength: MESSAGE_LIMITS.subject, examples: [example] });
const body = (example: string) =>
  Type.String({ maxLength: MESSAGE_LIMITS.body, description: 'Markdown, with merge fields such as {firstName}.', examples: [example] });
const bannerUntil = (description?: string) =>
  Type.Optional(Nullable(Instant({ examples: ['2026-08-11T07:00:00Z'] }), description ? { description } : undefined));

/** POST /api/admin/messages/audience: a segment or an and/or group of segments. */
export const AudienceBody = Type.Object({ audience: audience() });
export type AudienceBody = Static<typeof AudienceBody>;

/** POST /api/admin/messages/test: the text of a message, subject and Markdown body with merge fields. */
export const MessageTextBody = Type.Object({
  subject: subject('Tomorrow morning: {nextShift}'),
  body: body('Hi {firstName},\n\nSee you at the SV Office 30 minutes before **{nextShift}**.'),
});
export type MessageTextBody = Static<typeof MessageTextBody>;

/** POST /api/admin/messages/preview: the text, as the audience's first recipient (or the caller) gets it. */
export const PreviewMessageBody = Type.Object({ ...MessageTextBody.properties, audience: Type.Optional(audience()) });
export type PreviewMessageBody = Static<typeof PreviewMessageBody>;

/** POST /api/admin/messages. */
export const CreateMessageBody = Type.Object({
  ...MessageTextBody.properties,
  audience: audience(),
  bannerUntil: bannerUntil('Also shown as a banner on the recipients’ dashboards until then.'),
  urgent: Type.Optional(
    Type.Boolean({
      description:
        "Urgent: also a notification on each recipient's phones, and a text message to those who gave a phone number, " +
        'consented to texts and turned texts on (each once, through the mail ledger).',
    }),
  ),
});
export type CreateMessageBody = Static<typeof CreateMessageBody>;

/** POST /api/admin/messages/{id}/retry. */
export const RetryMessageBody = Type.Object({
  include: Type.Array(OneOf(['failed', 'sending']), {
    minItems: 1,
    maxItems: 2,
    examples: [['failed']],
    description: "'failed', and 'sending' for recipients a stopped server left mid-send (they may have received it).",
  }),
});
export type RetryMessageBody = Static<typeof RetryMessageBody>;

/** POST /api/messages/team/audience: a team leader's audience, the volunteers of one of their venues, of one day or one shift of it. */
export const TeamAudienceBody = Type.Object({
  venueId: Id({ examples: [3] }),
  shiftId: Type.Optional(Id({ examples: [41] })),
  day: Type.Optional(Type.String({ maxLength: 10, description: 'A Pacific day, YYYY-MM-DD.', examples: ['2026-08-10'] })),
});
export type TeamAudienceBody = Static<typeof TeamAudienceBody>;

/** POST /api/messages/team: sent to the audience (the organisers get a copy). */
export const CreateTeamMessageBody = Type.Object({
  ...TeamAudienceBody.properties,
  subject: subject('Room 1 tomorrow'),
  body: body('Hi {firstName}, meet me at the door at {nextShift}.'),
  bannerUntil: bannerUntil('Also shown as a banner on the recipients’ dashboards until then.'),
});
export type CreateTeamMessageBody = Static<typeof CreateTeamMessageBody>;
