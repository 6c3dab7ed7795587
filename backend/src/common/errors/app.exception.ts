import { ErrorCode } from '@svp/domain';

/** The machine codes carried in `err` of the error envelope are the contract's (domain/src/contract/error-codes.ts). */
export { ErrorCode };

export type FieldErrors = Record<string, string>;

/** A failure the user can act on: a status, a machine code and a sentence that says what to fix. */
export class AppException extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra data the client needs to recover (e.g. the current version after a stale save). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppException';
  }

  static badRequest(message: string, errors?: FieldErrors, code: ErrorCode = ErrorCode.ValidationFailed) {
    return new AppException(400, code, message, errors);
  }
  static unauthorized(message = 'Please sign in to continue.', code: ErrorCode = ErrorCode.Unauthenticated) {
    return new AppException(401, code, message);
  }
  static forbidden(message = 'You are not allowed to do this.') {
    return new AppException(403, ErrorCode.Forbidden, message);
  }
  static notFound(message: string) {
    return new AppException(404, ErrorCode.NotFound, message);
  }
  static conflict(message: string, code: ErrorCode = ErrorCode.Conflict, details?: Record<string, unknown>) {
    return new AppException(409, code, message, undefined, details);
  }
  static deadlinePassed(message: string) {
    return new AppException(409, ErrorCode.DeadlinePassed, message);
  }
}
