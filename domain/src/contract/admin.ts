import { TIMELINE_KEYS } from '../timeline.js';
import { Count, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

export const ShiftReference = Type.Object(
  { day: Type.String(), startTime: Type.String(), endTime: Type.String(), role: Type.String() },
  { description: 'A shift as the audit log names it: its role and Pacific times.' },
);
export type ShiftReference = Static<typeof ShiftReference>;

const names = (description: string) => Type.Record(Type.String(), Type.String(), { description });

export const AuditReferences = Type.Object(
  {
    users: names('User id → full name.'),
    applications: names("Application id → its applicant's full name."),
    venues: names('Venue id → name.'),
    shifts: Type.Record(Type.String(), ShiftReference),
  },
  { description: 'What the ids of one audit entry stand for, so that the log reads in names, not numbers.' },
);
export type AuditReferences = Static<typeof AuditReferences>;

const Recorded = Nullable(Type.Object({}, { additionalProperties: true, description: 'The values recorded.' }));

/** A record of the admin panel's `audit` resource. */
export const AuditEntryView = Type.Object({
  id: Id(),
  createdAt: Instant(),
  actorId: Nullable(Id()),
  actorEmail: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
  action: Type.String({ description: "'application.status', 'reference.resend', …" }),
  entity: Type.String(),
  entityId: Nullable(Type.String()),
  before: Recorded,
  after: Recorded,
  references: AuditReferences,
});
export type AuditEntryView = Static<typeof AuditEntryView>;

/** GET /api/admin/audit/actions: the distinct actions, for the filter's choices. */
export const AuditActions = Type.Array(Type.Object({ id: Type.String(), name: Type.String() }));
export type AuditActions = Static<typeof AuditActions>;

/** One run of a deadline job. */
export const JobRunView = Type.Object({
  id: Id(),
  job: Type.String(),
  edition: Type.String(),
  slot: Type.String({ description: 'Which occurrence of the job it is.' }),
  dueAt: Instant(),
  triggeredBy: OneOf(['schedule', 'catch-up', 'manual']),
  outcome: OneOf(['running', 'succeeded', 'skipped', 'failed']),
  attempts: Count(),
  startedAt: Instant(),
  finishedAt: Nullable(Instant()),
  counts: Type.Record(Type.String(), Type.Number(), { description: 'What the run did, counted (mails sent, applications closed, …).' }),
  message: Nullable(Type.String()),
});
export type JobRunView = Static<typeof JobRunView>;

/** A record of the admin panel's `jobs` resource. */
export const JobView = Type.Object({
  id: Type.String({ description: "The job's name." }),
  name: Type.String(),
  title: Type.String(),
  description: Type.String(),
  anchor: OneOf(TIMELINE_KEYS, { description: 'The timeline date it runs from.' }),
  anchorLabel: Type.String(),
  manualRun: Type.Boolean({ description: 'Whether it may be run by hand.' }),
  runnableNow: Type.Boolean(),
  edition: Type.String(),
  dueAt: Nullable(Instant()),
  nextDueAt: Nullable(Instant()),
  state: OneOf(['scheduled', 'due', 'running', 'failed', 'done', 'not-scheduled']),
  lastRuns: Type.Array(JobRunView),
});
export type JobView = Static<typeof JobView>;

/** POST /api/files/upload: where to PUT the file, once, within ten minutes. */
export const UploadTicket = Type.Object({
  url: Type.String(),
  method: Type.Literal('PUT'),
  content_type: OneOf(['application/pdf', 'image/jpeg']),
  expires_at: Instant(),
  max_bytes: Count(),
});
export type UploadTicket = Static<typeof UploadTicket>;

/** GET /api/files/{key}: the proof of enrollment as a data URL. */
export const ProofFile = Type.Object({
  url: Type.String(),
  dataURL: Type.String({ description: 'The file as a data: URL.' }),
  name: Type.String(),
  original_name: Type.String(),
  type: OneOf(['application/pdf', 'image/jpeg']),
  size: Count(),
});
export type ProofFile = Static<typeof ProofFile>;
