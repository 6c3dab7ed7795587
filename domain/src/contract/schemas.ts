import type { TSchema } from 'typebox';
import * as admin from './admin.js';
import * as applications from './applications.js';
import * as builder from './builder.js';
import * as editions from './editions.js';
import * as errors from './errors.js';
import * as jury from './jury.js';
import * as messages from './messages.js';
import * as privacy from './privacy.js';
import * as records from './records.js';
import * as references from './references.js';
import * as schedule from './schedule.js';
import * as schema from './schema.js';
import * as settings from './settings.js';
import * as swaps from './swaps.js';
import * as users from './users.js';
import * as week from './week.js';

/**
 * The wire contract's schemas (`@svp/domain/contract`): what the server's OpenAPI document is built
 * from and what the API tests check answers against. Screens import types from `@svp/domain` instead.
 */
export * from './admin.js';
export * from './applications.js';
export * from './builder.js';
export * from './editions.js';
export * from './error-codes.js';
export * from './errors.js';
export * from './jury.js';
export * from './messages.js';
export * from './privacy.js';
export * from './profile-fields.js';
export * from './records.js';
export * from './requests.js';
export * from './user-requests.js';
export * from './application-requests.js';
export * from './reference-requests.js';
export * from './edition-requests.js';
export * from './jury-requests.js';
export * from './message-requests.js';
export * from './privacy-requests.js';
export * from './swap-requests.js';
export * from './file-requests.js';
export * from './schedule-requests.js';
export * from './query-requests.js';
export * from './notification-requests.js';
export * from './week.js';
export * from './references.js';
export * from './schedule.js';
export * from './schema.js';
export * from './settings.js';
export * from './swaps.js';
export * from './users.js';

const isSchema = (value: unknown): value is TSchema => typeof value === 'object' && value !== null && '~kind' in value;

/** Every named schema of the contract, by the name the OpenAPI document gives it as a component. */
export const CONTRACT_SCHEMAS: Readonly<Record<string, TSchema>> = Object.fromEntries(
  Object.entries<unknown>({
    ...schema,
    ...settings,
    ...users,
    ...applications,
    ...editions,
    ...references,
    ...jury,
    ...schedule,
    ...swaps,
    ...builder,
    ...messages,
    ...privacy,
    ...records,
    ...week,
    ...admin,
    ...errors,
  })
    .filter((entry): entry is [string, TSchema] => isSchema(entry[1]))
    .map(([name, value]) => [name.replace(/Schema$/, ''), value]),
);
