import { randomUUID } from 'node:crypto';
import { HttpException, Logger } from '@nestjs/common';
import { PROOF_TOO_LARGE_MESSAGE } from '@svp/domain';
import { dataTooLong, isDatabaseUnavailable } from '../../database/database-errors.js';
import { AppException, ErrorCode, type FieldErrors } from '../errors/app.exception.js';

export interface ErrorResponse {
  status: number;
  body: unknown;
}

const logger = new Logger('Errors');

const STATUS_CODES: Record<number, ErrorCode> = {
  400: ErrorCode.ValidationFailed,
  401: ErrorCode.Unauthenticated,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  405: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  413: ErrorCode.PayloadTooLarge,
  415: ErrorCode.UnsupportedMediaType,
  429: ErrorCode.TooManyRequests,
  503: ErrorCode.DatabaseUnavailable,
};

/**
 * Says "database unavailable" once per burst: in an outage every request fails the same way, and
 * a line per request (hundreds a second at a deadline) would bury everything else in the log.
 */
export class UnavailableWarnings {
  private lastAt = -Infinity;
  private since = 0;

  constructor(
    private readonly sink: Pick<Logger, 'warn'>,
    private readonly everyMs = 5000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  record(reason: string): void {
    const now = this.now();
    if (now - this.lastAt < this.everyMs) {
      this.since += 1;
      return;
    }
    this.sink.warn(
      `Database unavailable: ${reason}${this.since ? ` (and ${this.since} more requests answered 503 since the last line)` : ''}`,
    );
    this.lastAt = now;
    this.since = 0;
  }
}

const unavailableWarnings = new UnavailableWarnings(logger);

// Where a route's field is not named as its column.
const PROFILE_FIELDS: Record<string, string> = {
  first_name: 'given_name',
  last_name: 'family_name',
  address1: 'address.address1',
  address2: 'address.address2',
  city: 'address.city',
  region: 'address.region',
  country: 'address.country',
  postal_code: 'address.postal_code',
};

/** The request's name for a column: snake_case as the kept calls name their fields, camelCase under /api/admin. */
function fieldOfColumn(column: string, path: string): string {
  if (path.startsWith('/api/users/profile')) return PROFILE_FIELDS[column] ?? column;
  if (path.startsWith('/api/admin/')) return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
  return column;
}

interface BodyParserError {
  type?: string;
  status?: number;
  statusCode?: number;
  expose?: boolean;
}

/** Maps any thrown value to a status and the envelope the caller expects (docs/api.md). */
export function toErrorResponse(error: unknown, path: string): ErrorResponse {
  let status = 500;
  let code: ErrorCode = ErrorCode.Internal;
  let message = 'Something went wrong on our side. Please try again in a moment.';
  let errors: FieldErrors | undefined;
  let details: Record<string, unknown> | undefined;

  const parserError = error as BodyParserError;
  if (error instanceof AppException) {
    ({ status, code, message, errors, details } = error);
  } else if (error instanceof HttpException) {
    status = error.getStatus();
    code = STATUS_CODES[status] ?? (status >= 500 ? ErrorCode.Internal : ErrorCode.ValidationFailed);
    const response = error.getResponse();
    const text = typeof response === 'string' ? response : (response as { message?: unknown }).message;
    message = Array.isArray(text) ? text.join('; ') : typeof text === 'string' ? text : error.message;
    if (status === 404 && /^Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) /.test(message)) {
      message = `No such route: ${message.slice('Cannot '.length)}`;
    }
    if (status === 429) message = 'Too many attempts. Please wait a minute and try again.';
  } else if (parserError?.type === 'entity.parse.failed') {
    status = 400;
    code = ErrorCode.BadJson;
    message = 'The request body is not valid JSON.';
  } else if (parserError?.type === 'entity.too.large') {
    status = 413;
    code = ErrorCode.PayloadTooLarge;
    message = path.startsWith('/api/files/upload') ? PROOF_TOO_LARGE_MESSAGE : 'The request body is too large (the limit is 1 MB).';
  } else if (parserError?.type && parserError.expose && (parserError.status ?? 500) < 500) {
    status = parserError.status ?? 400;
    code = STATUS_CODES[status] ?? ErrorCode.ValidationFailed;
    message = 'The request body could not be read.';
  } else if (parserError?.expose && (parserError.status ?? 500) < 500) {
    // An http-errors client error from Express itself (e.g. a file that is not there).
    status = parserError.status!;
    code = STATUS_CODES[status] ?? ErrorCode.ValidationFailed;
    message = status === 404 ? 'Not found.' : 'The request could not be served.';
  } else if (dataTooLong(error)) {
    // A text the validation let through that its column cannot hold: the client can shorten it, so a 400 naming the field.
    const column = dataTooLong(error)!.column;
    const field = column ? fieldOfColumn(column, path) : null;
    status = 400;
    code = ErrorCode.ValidationFailed;
    message = `${field ?? 'A text'} is too long: shorten it and try again.`;
    if (field) errors = { [field]: message };
  } else if (isDatabaseUnavailable(error)) {
    status = 503;
    code = ErrorCode.DatabaseUnavailable;
    message = 'The portal cannot reach its database right now. Nothing was lost; please try again in a minute.';
  }

  if (status >= 500 && code === ErrorCode.Internal) {
    const reference = randomUUID().slice(0, 8);
    logger.error(`[${reference}] ${(error as Error)?.stack ?? String(error)}`);
    message = `${message} (reference ${reference})`;
  } else if (status === 503) {
    unavailableWarnings.record((error as Error)?.message ?? String(error));
  }

  if (path.startsWith('/api/admin/') || path === '/api/admin') {
    // react-admin reads `message` and `errors` at the top level.
    return { status, body: { message, ...(errors ? { errors } : {}), err: code, ...(details ?? {}) } };
  }
  return { status, body: { success: false, data: { message, err: code, ...(errors ? { errors } : {}), ...(details ?? {}) } } };
}
