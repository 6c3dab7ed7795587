import { Count, Day, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

/** One fact about a person. Days are Pacific (YYYY-MM-DD), times Pacific HH:mm. */
export const AudienceSegment = Type.Union(
  [
    Type.Object(
      { kind: Type.Literal('status'), statusId: Nullable(Type.Integer()) },
      { description: "Application status, by the edition's catalogue wire id (null: pending / submitted)." },
    ),
    Type.Object({ kind: Type.Literal('role'), role: OneOf(['Student-Volunteer', 'Team-Leader']) }, { description: "The account's role." }),
    Type.Object({ kind: Type.Literal('teamLeaderApplicants') }, { description: 'Applied as a team leader.' }),
    Type.Object({ kind: Type.Literal('financialAidApplicants') }, { description: 'Applied for financial aid.' }),
    Type.Object({ kind: Type.Literal('confirmed') }, { description: 'Confirmed their place.' }),
    Type.Object(
      { kind: Type.Literal('confirmationIncomplete') },
      { description: 'Offered a place and not yet sent the confirmation form.' },
    ),
    Type.Object(
      { kind: Type.Literal('venue'), venueId: Id() },
      { description: 'Assigned to a shift of the venue, or one of its team leaders.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('day'),
        day: Day(),
        venueId: Type.Optional(Id()),
        startsFrom: Type.Optional(Type.String({ description: "Pacific 'HH:mm'." })),
        startsBefore: Type.Optional(Type.String({ description: "Pacific 'HH:mm'." })),
      },
      { description: 'Assigned to a shift starting that day (of one venue, when given), optionally starting from / before a time of day.' },
    ),
    Type.Object({ kind: Type.Literal('shift'), shiftId: Id() }, { description: 'Assigned to the shift.' }),
  ],
  { description: 'One fact about a person.' },
);
export type AudienceSegment = Static<typeof AudienceSegment>;

/**
 * Who an organisers' message goes to: segments combined with and/or (at most 3 deep, 40 segments).
 * The OpenAPI document names its parts AudienceSegment, AudienceGroup and AudienceNode.
 */
export const AudienceNode = Type.Cyclic(
  {
    AudienceSegment,
    AudienceGroup: Type.Object(
      {
        op: OneOf(['and', 'or'], { description: "'and': in every part; 'or': in at least one." }),
        parts: Type.Array(Type.Union([Type.Ref('AudienceSegment'), Type.Ref('AudienceGroup')])),
      },
      { description: 'Segments or groups combined with one operator.' },
    ),
    AudienceNode: Type.Union([Type.Ref('AudienceSegment'), Type.Ref('AudienceGroup')]),
  },
  'AudienceNode',
);
export type AudienceNode = Static<typeof AudienceNode>;
export type AudienceGroup = Extract<AudienceNode, { op: unknown }>;

export const MessageState = OneOf(['sending', 'sent', 'cancelled'], {
  description: "The message's sending: under way, finished (every recipient sent or failed), or stopped by a person.",
});
export type MessageState = Static<typeof MessageState>;

export const DeliveryState = OneOf(['queued', 'sending', 'sent', 'failed', 'cancelled'], {
  description:
    "One recipient's delivery: queued, sending (handed to the mail server; never sent again by itself), sent, failed, cancelled.",
});
export type DeliveryState = Static<typeof DeliveryState>;

export const MessageAuthor = Type.Object(
  { id: Id(), name: Type.String(), kind: OneOf(['organisers', 'team-leader']) },
  { description: 'Who wrote a message: the organisers (an administrator) or a team leader for their venue.' },
);
export type MessageAuthor = Static<typeof MessageAuthor>;

const summaryFields = {
  id: Id(),
  subject: Type.String(),
  author: MessageAuthor,
  audience: Type.String({ description: 'The audience in words.' }),
  state: MessageState,
  recipients: Count(),
  counts: Type.Object(
    { queued: Count(), sending: Count(), sent: Count(), failed: Count(), cancelled: Count() },
    { description: 'Recipients per delivery state.' },
  ),
  createdAt: Instant(),
  finishedAt: Nullable(Instant()),
  bannerUntil: Nullable(Instant(), { description: "Shown as a banner on the recipients' dashboard until then; null: no banner." }),
};

/** A row of GET /api/admin/messages and GET /api/messages/team. */
export const MessageSummary = Type.Object(summaryFields);
export type MessageSummary = Static<typeof MessageSummary>;

/** GET /api/admin/messages/{id}: the summary, what was written, and the pace. */
export const MessageDetail = Type.Object({
  ...summaryFields,
  body: Type.String({ description: 'Markdown.' }),
  audienceRule: AudienceNode,
  venueId: Nullable(Id(), { description: "For a team leader's message: the venue it went to." }),
  organisersCopy: Nullable(Type.String(), { description: "A copy went to the organisers (team leaders' messages)." }),
  cancelledAt: Nullable(Instant()),
  ratePerSecond: Type.Number({ description: 'Messages per second the server sends at.' }),
  secondsLeft: Nullable(Type.Number(), { description: 'Seconds until the queue is empty at that pace; null when nothing is queued.' }),
  interrupted: Count({ description: "Recipients a stopped server left 'sending': they can be queued again with retry ['sending']." }),
});
export type MessageDetail = Static<typeof MessageDetail>;

/** A row of GET /api/admin/messages/{id}/recipients. */
export const MessageRecipientRow = Type.Object({
  id: Id({ description: "The ledger entry's id." }),
  userId: Id(),
  name: Type.String(),
  svid: Type.String(),
  email: Type.String(),
  state: DeliveryState,
  attempts: Count(),
  error: Nullable(Type.String(), { description: "The mail server's answer when it refused." }),
  sentAt: Nullable(Instant()),
});
export type MessageRecipientRow = Static<typeof MessageRecipientRow>;

/** One person an audience holds, as listed before sending. */
export const AudienceMember = Type.Object({
  id: Id(),
  name: Type.String(),
  svid: Type.String(),
  email: Type.String(),
  status: Nullable(Type.String(), { description: 'Their application status as the edition names it; null without an application.' }),
});
export type AudienceMember = Static<typeof AudienceMember>;

/** POST …/audience: how many the audience holds now, and who. */
export const AudiencePreview = Type.Object({ count: Count(), recipients: Type.Array(AudienceMember), description: Type.String() });
export type AudiencePreview = Static<typeof AudiencePreview>;

/** POST /api/admin/messages/preview: the message as one recipient will get it. */
export const MessagePreview = Type.Object({
  recipient: Nullable(Type.Object({ id: Id(), name: Type.String() })),
  subject: Type.String(),
  html: Type.String(),
  text: Type.String(),
});
export type MessagePreview = Static<typeof MessagePreview>;

/** POST /api/admin/messages/test. */
export const MessageTestSent = Type.Object({ sentTo: Type.String({ description: "The caller's own address." }) });
export type MessageTestSent = Static<typeof MessageTestSent>;

/** A message in a volunteer's 'Messages' page (GET /api/messages). */
export const ReceivedMessage = Type.Object({
  id: Id(),
  subject: Type.String(),
  html: Type.String({
    description: 'The body for this person, as HTML made by the server from Markdown (raw HTML in the source is escaped).',
  }),
  from: Type.String(),
  sentAt: Instant(),
  bannerUntil: Nullable(Instant(), { description: 'Shown as a banner until then; null: never a banner.' }),
  dismissed: Type.Boolean({ description: 'The banner was dismissed.' }),
});
export type ReceivedMessage = Static<typeof ReceivedMessage>;

export const ReceivedMessages = Type.Object({ messages: Type.Array(ReceivedMessage) });
export type ReceivedMessages = Static<typeof ReceivedMessages>;

/** POST /api/messages/{id}/dismiss. */
export const MessageDismissed = Type.Object({ dismissed: Type.Boolean() });
export type MessageDismissed = Static<typeof MessageDismissed>;

/** A venue a team leader may write to, with its shifts to narrow the audience. */
export const TeamMessageVenue = Type.Object({
  id: Id(),
  name: Type.String(),
  shifts: Type.Array(Type.Object({ id: Id(), label: Type.String(), day: Day() })),
});
export type TeamMessageVenue = Static<typeof TeamMessageVenue>;

/** GET /api/messages/team/venues. */
export const TeamMessageVenues = Type.Object({ venues: Type.Array(TeamMessageVenue) });
export type TeamMessageVenues = Static<typeof TeamMessageVenues>;

/** GET /api/messages/team: the caller's own messages. */
export const TeamMessages = Type.Object({ messages: Type.Array(MessageSummary) });
export type TeamMessages = Static<typeof TeamMessages>;
