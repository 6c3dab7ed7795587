import { CONSENT_SOURCES, POLICY_DOCUMENTS } from '../privacy/consents.js';
import { RETENTION_KINDS } from '../privacy/retention.js';
import { ConfirmationForm } from './applications.js';
import { Count, Day, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

/** When a person agreed to which version of which document. */
export const ConsentRecord = Type.Object(
  {
    document: OneOf(POLICY_DOCUMENTS),
    title: Type.String({ description: "The document's title." }),
    version: Type.String({ description: "The document's version agreed to ('unknown' for agreements given before they were recorded)." }),
    agreedAt: Instant(),
    source: OneOf(CONSENT_SOURCES),
    sourceText: Type.String({ description: 'Where it was agreed, in words.' }),
    edition: Nullable(Type.String({ description: "The edition's key ('2026') the agreement was given in." })),
  },
  { description: "An agreement to the privacy policy, the media release or the terms (docs/decisions.md, 'Consents')." },
);
export type ConsentRecord = Static<typeof ConsentRecord>;

export const DataExportState = OneOf(['preparing', 'ready', 'failed', 'expired'], {
  description: "'preparing' until the archive is written, then 'ready' until it expires; 'failed' says why in `message`.",
});

/** One archive of a person's data. */
export const DataExportView = Type.Object({
  id: Id(),
  state: DataExportState,
  requestedAt: Instant(),
  readyAt: Nullable(Instant()),
  expiresAt: Nullable(Instant({ description: 'Until when it can be downloaded; the file is deleted then.' })),
  size: Nullable(Count({ description: 'Bytes.' })),
  fileName: Type.String(),
  message: Nullable(Type.String()),
});
export type DataExportView = Static<typeof DataExportView>;

/** GET /api/users/my-data: the caller's agreements and archives. */
export const MyData = Type.Object({
  consents: Type.Array(ConsentRecord),
  exports: Type.Array(DataExportView, { description: 'Newest first.' }),
  validDays: Count({ description: 'How many days a ready archive can be downloaded.' }),
});
export type MyData = Static<typeof MyData>;

const ArchiveShift = Type.Object({
  venue: Type.String(),
  role: Type.String(),
  day: Day(),
  startsAt: Instant(),
  endsAt: Instant(),
  checkInAt: Nullable(Instant()),
  checkOutAt: Nullable(Instant()),
  workedHours: Type.Number(),
  rating: Nullable(Type.Integer({ minimum: 1, maximum: 5 }), { description: "The team leader's rating; null: not rated." }),
  notes: Nullable(Type.String({ description: "The team leader's notes." })),
});

const ArchiveEdition = Type.Object({
  key: Type.String(),
  name: Type.String(),
  application: Nullable(
    Type.Object({
      status: Type.String({ description: "The status as the edition's catalogue names it." }),
      state: Type.String(),
      completed: Type.Boolean({ description: 'Submitted.' }),
      submittedAt: Nullable(Instant()),
      teamLeader: Type.Boolean(),
      financialAid: Type.Boolean(),
      createdAt: Instant(),
      updatedAt: Instant(),
      answers: Type.Record(Type.String(), Type.Unknown(), { description: 'Every answer of the application, by field.' }),
      confirmation: Nullable(ConfirmationForm),
      confirmedAt: Nullable(Instant()),
      declinedAt: Nullable(Instant()),
      declineReason: Nullable(Type.String()),
    }),
  ),
  proofOfEnrollment: Nullable(
    Type.Object({
      file: Type.String({ description: 'Its path inside the archive.' }),
      originalName: Type.String(),
      type: Type.String(),
      size: Count(),
      uploadedAt: Instant(),
    }),
  ),
  references: Type.Array(
    Type.Object({
      slot: Type.Integer({ minimum: 1, maximum: 2 }),
      referee: Type.Object({ firstName: Type.String(), lastName: Type.String(), email: Type.String(), type: Type.String() }),
      state: Type.String(),
      requestedAt: Nullable(Instant()),
      answeredAt: Nullable(Instant()),
    }),
    { description: "Who was asked and where each reference stands; never what the referee wrote (that is the referee's)." },
  ),
  availability: Nullable(
    Type.Object({
      unavailable: Type.Array(Type.Object({ day: Day(), from: Nullable(Type.String()), to: Nullable(Type.String()) })),
      maxHoursPerDay: Nullable(Type.Number()),
      minRestMinutes: Nullable(Type.Number()),
      updatedAt: Instant(),
    }),
  ),
  shifts: Type.Array(ArchiveShift, { description: 'Every shift held, with its check-in, check-out and hours.' }),
  hours: Nullable(
    Type.Object({
      expected: Type.Number(),
      scheduled: Type.Number(),
      checkedIn: Type.Number(),
      noShows: Count(),
    }),
  ),
});

/**
 * `my-data.json` at the root of a person's archive (docs/api.md, 'Personal data'): everything the
 * portal holds about them. The files it names are beside it in the archive.
 */
export const PersonalDataArchive = Type.Object(
  {
    format: Type.Literal('sv-portal-personal-data'),
    version: Type.Literal(1),
    generatedAt: Instant(),
    portal: Type.String({ description: "The portal's address." }),
    notIncluded: Type.Array(Type.String(), { description: 'What the portal holds about the person but does not give out here, and why.' }),
    person: Type.Object({
      id: Id(),
      svid: Type.String(),
      username: Type.String(),
      email: Type.String(),
      verified: Type.Boolean(),
      role: Type.String(),
      createdAt: Instant(),
      profile: Type.Record(Type.String(), Type.Unknown(), { description: 'The profile, by the server names of its fields.' }),
    }),
    consents: Type.Array(ConsentRecord),
    editions: Type.Array(ArchiveEdition, { description: 'Every edition the person applied to or worked in, oldest first.' }),
    messages: Type.Array(
      Type.Object({
        edition: Type.String(),
        subject: Type.String(),
        text: Type.String({ description: 'The message as this person received it, in plain text.' }),
        from: Type.String(),
        sentAt: Instant(),
      }),
    ),
    emails: Type.Array(
      Type.Object({
        edition: Type.String(),
        kind: Type.String({ description: "'decision', 'application-received', 'schedule-changed', …" }),
        status: Type.String(),
        createdAt: Instant(),
        sentAt: Nullable(Instant()),
      }),
      { description: "The emails the portal owed the person (its mail ledger), without their text (the messages' text is above)." },
    ),
    calendarLinks: Type.Array(
      Type.Object(
        { createdAt: Instant(), lastUsedAt: Nullable(Instant()) },
        { description: 'A personal calendar link; its token is never stored.' },
      ),
    ),
  },
  { description: "The JSON document of a person's archive of their data." },
);
export type PersonalDataArchive = Static<typeof PersonalDataArchive>;

/** A row of the admin panel's retention page: one kind of one edition's data. */
export const RetentionRow = Type.Object({
  id: Type.String({ description: "'<editionId>:<kind>'." }),
  editionId: Id(),
  editionKey: Type.String(),
  editionName: Type.String(),
  kind: OneOf(RETENTION_KINDS),
  title: Type.String(),
  removes: Type.String(),
  keeps: Type.String(),
  days: Count({ description: "Days kept after the edition ends (the edition's settings)." }),
  endsAt: Instant({ description: 'When the edition ends: midnight after the conference’s last day, in its time zone.' }),
  dueAt: Instant({ description: 'When this kind is removed.' }),
  state: OneOf(['scheduled', 'due', 'running', 'done', 'failed']),
  held: Count({ description: 'How many of this kind the edition still holds (files, answers, numbers, statements, notes).' }),
  removed: Nullable(Count(), { description: 'How many were removed, once done.' }),
  removedAt: Nullable(Instant()),
  message: Nullable(Type.String()),
});
export type RetentionRow = Static<typeof RetentionRow>;

export const ErasureCounts = Type.Record(Type.String(), Count(), {
  description: "How many of each kind of record the person's erasure changes (applications, proofs, references, …).",
});
export type ErasureCounts = Static<typeof ErasureCounts>;

const Admin = Type.Object({ id: Id(), name: Type.String() });

/** A record of the admin panel's `erasures` resource. */
export const ErasureRequestView = Type.Object({
  id: Id(),
  userId: Id(),
  person: Type.Object(
    { name: Type.String(), email: Type.String(), svid: Type.String() },
    { description: 'As the account reads now: the placeholder once the erasure is confirmed.' },
  ),
  state: OneOf(['requested', 'confirmed', 'cancelled']),
  reason: Type.String(),
  requestedBy: Admin,
  requestedAt: Instant(),
  decidedBy: Nullable(Admin),
  decidedAt: Nullable(Instant()),
  counts: ErasureCounts,
  canConfirm: Type.Boolean({
    description: 'Whether the caller may confirm it: another administrator than the one who asked, while it is requested.',
  }),
});
export type ErasureRequestView = Static<typeof ErasureRequestView>;
