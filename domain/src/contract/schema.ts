import Type, { type Static, type TSchema, type TSchemaOptions } from 'typebox';
import { ERROR_CODES } from './error-codes.js';

/**
 * Building blocks of the wire contract. Every answer shape is a TypeBox schema (a plain JSON Schema
 * object) with its type, `Static<typeof X>`, under the same name; the OpenAPI document names them
 * as components and the API tests check real answers against them (docs/api.md#the-contract).
 */
export { Type, type Static, type TSchema };

/**
 * `true` when A and B are assignable to each other, else `false`. A backend DTO ties itself to its request body with
 * `export type XChecked = Holds<SameShape<XDto, XBody>>`: when the class and the contract's schema drift apart, the
 * type-check fails there.
 */
export type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Compiles only with `true` (see SameShape). */
export type Holds<T extends true> = T;

/** `T` or null. */
export const Nullable = <T extends TSchema>(type: T, options?: TSchemaOptions) => Type.Union([type, Type.Null()], options);

/** One of a fixed list of strings. */
export const OneOf = <const Values extends string[]>(values: readonly [...Values], options?: TSchemaOptions) => Type.Enum(values, options);

/** An instant, as `Date.toISOString()` writes it (UTC). */
export const Instant = (options?: TSchemaOptions) => Type.String({ format: 'date-time', ...options });

/** A calendar day, YYYY-MM-DD. */
export const Day = (options?: TSchemaOptions) => Type.String({ format: 'date', ...options });

/** A database id. */
export const Id = (options?: TSchemaOptions) => Type.Integer({ minimum: 1, ...options });

/** A count (0 and up). */
export const Count = (options?: TSchemaOptions) => Type.Integer({ minimum: 0, ...options });

/** The envelope of the applicant area's answers and the organisers' calls outside /api/admin. */
export const Envelope = <T extends TSchema>(data: T, options?: TSchemaOptions) =>
  Type.Object({ success: Type.Literal(true), data }, options);
export type Envelope<T> = { success: true; data: T };

/** The envelope with a sentence beside `data` (the swap calls). */
export const EnvelopeWithMessage = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), data, message: Type.String({ description: 'A sentence to show the person.' }) });
export type EnvelopeWithMessage<T> = { success: true; data: T; message: string };

/** A data answer that is only a sentence for the person (e.g. 'You are signed out.'). */
export const MessageOnly = Type.Object({ message: Type.String() }, { description: 'A sentence to show the person.' });
export type MessageOnly = Static<typeof MessageOnly>;

export const ErrorCodeSchema = OneOf(ERROR_CODES, {
  description: 'The machine code of the refusal (docs/api.md#error-codes).',
});

/** `{ field: what is wrong with it }`; nested fields are dotted (`data.essay1`, `performance_records.0.id`). */
export const FieldErrors = Type.Record(Type.String(), Type.String(), {
  description: 'What is wrong with each field named; nested fields are dotted (`data.essay1`).',
});
export type FieldErrors = Static<typeof FieldErrors>;
