import { PerformanceRecordAsStored } from './schedule.js';
import { Count, Id, Instant, Nullable, OneOf, type Static, Type } from './schema.js';

/** One action of POST /api/schedule/pr/sync as the server judged it. */
export const RecordActionResult = Type.Object({
  key: Type.String({ description: 'The idempotency key the phone gave the action.' }),
  outcome: OneOf(['applied', 'refused', 'conflict'], {
    description:
      "applied: stored; refused: a rule said no (the message says which); conflict: another team leader saved the volunteer's " +
      'record since the version the phone had (the record as stored now is in `record`).',
  }),
  repeated: Type.Boolean({
    description: 'True when this key had been judged before: the first answer is given again and nothing is written.',
  }),
  code: Nullable(Type.String(), {
    description: 'The error code of a refusal or conflict (TOO_EARLY_TO_CHECK_IN, STALE, …); null when applied.',
  }),
  message: Type.String(),
  errors: Type.Record(Type.String(), Type.String(), { description: "The row's fields, as POST /api/schedule/pr names them." }),
  shift_id: Id(),
  student_volunteer_id: Id(),
  tapped_at: Instant({ description: 'The instant the action is recorded at (the tap, never later than the server received it).' }),
  record: Nullable(PerformanceRecordAsStored, {
    description: 'The record as stored after the action (or now, for a refusal); null when none is.',
  }),
});
export type RecordActionResult = Static<typeof RecordActionResult>;

/** POST /api/schedule/pr/sync. */
export const SyncedRecordActions = Type.Object({
  now: Instant({ description: "The server's time when it received the actions." }),
  applied: Count(),
  refused: Count(),
  conflicts: Count(),
  results: Type.Array(RecordActionResult, { description: 'One per action, in the order sent.' }),
});
export type SyncedRecordActions = Static<typeof SyncedRecordActions>;

/** One personal check-in code of the caller. */
export const CheckInCodeView = Type.Object({
  shiftId: Id(),
  code: Type.String({ description: 'svp1.<shiftId>.<userId>.<until>.<signature>: ids and a signature, no personal data.' }),
  validFrom: Instant({ description: 'When check-in opens for the shift.' }),
  validUntil: Instant({ description: 'The end of the shift.' }),
});
export type CheckInCodeView = Static<typeof CheckInCodeView>;

/** GET /api/checkin/codes. */
export const CheckInCodes = Type.Object({
  now: Instant(),
  codes: Type.Array(CheckInCodeView, { description: "The caller's shifts not yet over that start within 36 hours, by start." }),
});
export type CheckInCodes = Static<typeof CheckInCodes>;

/** What a person is told on their phone, and how: each kind on or off. */
export const NotificationSettings = Type.Object({
  shiftChanges: Type.Boolean({ description: 'A shift added to or taken from my schedule, or moved.' }),
  swaps: Type.Boolean({ description: 'A swap asked of me, and the answer to mine.' }),
  reminders: Type.Boolean({ description: 'A reminder before each of my shifts.' }),
  reminderMinutes: Type.Integer({ minimum: 10, maximum: 1440, description: 'How long before a shift the reminder comes.' }),
  urgent: Type.Boolean({ description: "Organisers' messages marked urgent." }),
  texts: Type.Boolean({
    description: 'Urgent messages also as a text message (needs a phone number and consent to texts in the profile).',
  }),
});
export type NotificationSettings = Static<typeof NotificationSettings>;

/** GET and PUT /api/notifications/settings. */
export const NotificationSettingsView = Type.Object({
  settings: NotificationSettings,
  push: Type.Object({
    publicKey: Nullable(Type.String(), { description: "The server's VAPID public key (base64url); null: push is off on this portal." }),
    devices: Count({ description: 'Phones and browsers of the caller that receive notifications.' }),
  }),
  texts: Type.Object({
    available: Type.Boolean({ description: 'Whether this portal sends text messages at all.' }),
    consented: Type.Boolean({ description: "The profile's phone number and consent to texts are both given." }),
  }),
});
export type NotificationSettingsView = Static<typeof NotificationSettingsView>;

/** POST /api/notifications/devices. */
export const PushDeviceSaved = Type.Object({ id: Id(), devices: Count() });
export type PushDeviceSaved = Static<typeof PushDeviceSaved>;
