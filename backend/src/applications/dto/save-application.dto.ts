import { type PipeTransform } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ApplicationDataChange,
  type Holds,
  type SameShape,
  type SaveApplicationBody,
  type Static,
  type TSchema,
  Type,
} from '@svp/domain/contract';
import { Compile } from 'typebox/compile';
import { AppException, type FieldErrors } from '../../common/errors/app.exception.js';
import { charCount } from '../../common/validators/max-chars.js';
import { schemaRef } from '../../common/contract-schemas.js';

/**
 * POST /application/save (docs/product.md, 'The calls kept from the earlier portal'); the data object is
 * checked field by field by the domain rules. This class documents the body in the OpenAPI document;
 * the body itself is checked by SaveApplicationPipe below, not by class-validator: the save is the
 * busiest call at the deadline, and a schema compiled once checks it for a fraction of what
 * class-transformer and class-validator's reflection cost per request (`npm run bench:spike`).
 */
export class SaveApplicationDto {
  @ApiPropertyOptional({ description: "The caller's own SV ID; any other is refused.", maxLength: 64 })
  sv_id?: string | null;

  @ApiProperty({ allOf: [schemaRef(ApplicationDataChange)], description: 'The answers to change, and the step.' })
  data: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'true submits the application (refused while anything is missing or over a limit)' })
  completed?: boolean | null;

  @ApiPropertyOptional()
  team_leader?: boolean | null;

  @ApiPropertyOptional()
  financial_aid?: boolean | null;

  @ApiPropertyOptional({
    description: 'The updated_at of the version this save was based on; a stale save is answered 409 with the current version.',
    maxLength: 40,
  })
  updated_at?: string | null;
}

/** The most characters (as the database counts them) of the two texts of the body. */
const MAX_CHARS = { sv_id: 64, updated_at: 40 } as const;

/** An optional field may also be null, which counts as absent (as class-validator's IsOptional had it). */
const optional = <T extends TSchema>(type: T) => Type.Optional(Type.Union([type, Type.Null()]));

/**
 * The body's shape, compiled once: no other field, data an object, the flags booleans, the texts text. The lengths are checked
 * apart (withinLength, as the database counts characters); the contract's SaveApplicationBody describes the same fields.
 */
const SaveApplicationCheck = Type.Object(
  {
    sv_id: optional(Type.String()),
    data: Type.Record(Type.String(), Type.Unknown()),
    completed: optional(Type.Boolean()),
    team_leader: optional(Type.Boolean()),
    financial_aid: optional(Type.Boolean()),
    updated_at: optional(Type.String()),
  },
  { additionalProperties: false },
);
const saveBody = Compile(SaveApplicationCheck);

/** What each field must be, in the words the other routes' validation uses. */
const FIELD_RULES: Readonly<Record<keyof SaveApplicationDto, { ok: (value: unknown) => boolean; message: string }>> = {
  sv_id: { ok: (v) => typeof v === 'string', message: 'sv_id must be text' },
  data: { ok: (v) => v !== null && typeof v === 'object' && !Array.isArray(v), message: 'data must be an object' },
  completed: { ok: (v) => typeof v === 'boolean', message: 'completed must be true or false' },
  team_leader: { ok: (v) => typeof v === 'boolean', message: 'team_leader must be true or false' },
  financial_aid: { ok: (v) => typeof v === 'boolean', message: 'financial_aid must be true or false' },
  updated_at: { ok: (v) => typeof v === 'string', message: 'updated_at must be text' },
};

/** Every problem of a body the compiled check refused (or whose texts are too long), one message per field. */
export function saveBodyProblems(body: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { body: 'The request body must be a JSON object' };
  const fields = body as Record<string, unknown>;
  for (const key of Object.keys(fields)) if (!(key in FIELD_RULES)) errors[key] = `${key} is not a known field; remove it`;
  for (const [key, rule] of Object.entries(FIELD_RULES) as [keyof SaveApplicationDto, (typeof FIELD_RULES)[keyof SaveApplicationDto]][]) {
    const value = fields[key];
    if (value === undefined || value === null) {
      if (key === 'data') errors[key] = rule.message;
      continue;
    }
    if (!rule.ok(value)) errors[key] = rule.message;
    else if (key in MAX_CHARS && charCount(value as string) > MAX_CHARS[key as keyof typeof MAX_CHARS])
      errors[key] = `${key} must be at most ${MAX_CHARS[key as keyof typeof MAX_CHARS]} characters`;
  }
  return errors;
}

/**
 * Checks POST /application/save's body with the compiled schema; a body it refuses gets the same 400
 * as the other routes' validation (one message per field; several joined). The global ValidationPipe
 * leaves the body alone: its declared type is not a class.
 */
export class SaveApplicationPipe implements PipeTransform<unknown, SaveApplicationDto> {
  transform(body: unknown): SaveApplicationDto {
    if (saveBody.Check(body) && withinLength(body)) return body;
    const errors = saveBodyProblems(body);
    const problems = Object.values(errors);
    if (!problems.length) problems.push('Send the application as { data, completed?, team_leader?, financial_aid?, updated_at?, sv_id? }');
    const message = problems.length === 1 ? problems[0]! : `Please correct these fields: ${problems.join('; ')}`;
    throw AppException.badRequest(message, errors);
  }
}

/** The two texts within their length (UTF-16 units are never fewer than characters: counted only when it could matter). */
function withinLength(body: SaveApplicationDto): boolean {
  for (const key of ['sv_id', 'updated_at'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.length > MAX_CHARS[key] && charCount(value) > MAX_CHARS[key]) return false;
  }
  return true;
}

/** The contract's SaveApplicationBody is this DTO's shape (domain/src/contract/application-requests.ts), and the compiled check's. */
export type SaveApplicationChecked = Holds<SameShape<SaveApplicationDto, SaveApplicationBody>>;
export type SaveApplicationCheckChecked = Holds<SameShape<Static<typeof SaveApplicationCheck>, SaveApplicationBody>>;
