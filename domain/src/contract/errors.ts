import { ApplicationRecord } from './applications.js';
import { ScheduleRuleName } from './builder.js';
import { JuryScore } from './jury.js';
import { ImportRowError, RefusedPerformanceRecord, ShiftDetail } from './schedule.js';
import { Count, ErrorCodeSchema, FieldErrors, Instant, type Static, Type } from './schema.js';

/** What a refusal carries besides its sentence and code, so that the client can recover (docs/api.md#errors). */
const errorFields = {
  message: Type.String({ description: 'A sentence a person can act on.' }),
  err: ErrorCodeSchema,
  errors: Type.Optional(
    Type.Union([FieldErrors, Type.Array(ImportRowError, { description: "A refused import's rows (IMPORT_ROWS_INVALID)." })], {
      description: 'What is wrong with each field; for a refused import, every bad row.',
    }),
  ),
  current: Type.Optional(
    Type.Union([ApplicationRecord, ShiftDetail], { description: 'STALE: the application, or the shift detail, as it is now.' }),
  ),
  refused: Type.Optional(
    Type.Array(RefusedPerformanceRecord, { description: 'POST /api/schedule/pr that saved nothing: every row refused, and why.' }),
  ),
  exceptable: Type.Optional(
    Type.Boolean({
      description: 'RULE_BROKEN: only rules an administrator may set aside are broken (send exceptionReason to assign anyway).',
    }),
  ),
  rules: Type.Optional(Type.Array(ScheduleRuleName, { description: 'RULE_BROKEN: the rules the assignment would break.' })),
  score: Type.Optional(JuryScore),
  missing: Type.Optional(Type.Array(Type.String(), { description: 'INCOMPLETE: the labels of the answers still required.' })),
  over_limit: Type.Optional(Type.Array(Type.String(), { description: 'INCOMPLETE: the labels of the answers over their word limit.' })),
  dryRun: Type.Optional(Type.Boolean({ description: 'IMPORT_ROWS_INVALID: the checked import, which was not written.' })),
  rows: Type.Optional(Count()),
  valid: Type.Optional(Count()),
  created: Type.Optional(Count()),
  nextAt: Type.Optional(Instant({ description: 'TEAM_MESSAGE_LIMIT: when team leaders can next write to the venue.' })),
  now: Type.Optional(Instant({ description: "CLOCK_DRIFT: the server's time, for the phone to set its clock by." })),
};

/** A refusal of the applicant area and the organisers' calls outside /api/admin. */
export const ErrorEnvelope = Type.Object(
  { success: Type.Literal(false), data: Type.Object(errorFields) },
  { description: 'A refusal: a fitting status, a sentence and a machine code (docs/api.md#errors).' },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** A refusal under /api/admin: the same fields at the top level, as react-admin reads them. */
export const AdminError = Type.Object(errorFields, { description: 'A refusal under /api/admin (no envelope).' });
export type AdminError = Static<typeof AdminError>;
